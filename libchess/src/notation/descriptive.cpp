#include "notation/descriptive.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>

#include "chess/movegen.h"
#include "chess/uci_move.h"
#include "notation/san_parts.h"
#include "notation/text.h"

namespace chess::notation {
namespace {

// File names are the same for both colours: QR QN QB Q K KB KN KR = a..h.
constexpr std::string_view FILE_NAMES[8] = {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"};

using FileSet = uint8_t;  // bit f set: file f allowed
constexpr FileSet ALL_FILES = 0xFF;

bool is_flank(char c) { return c == 'K' || c == 'Q'; }

// Files named by a file word: "B" both bishops' files, "KB" one, "K" the king's. Worked
// out from the letters rather than by comparing with FILE_NAMES: every move asks.
FileSet files_named(std::string_view word) {
  auto both_sides = [](char piece) -> FileSet {  // the files of the two rooks, knights or bishops
    switch (piece) {
      case 'R': return 0x81;
      case 'N': return 0x42;
      case 'B': return 0x24;
      default: return 0;
    }
  };
  if (word.size() == 1) return word[0] == 'Q' ? 0x08 : word[0] == 'K' ? 0x10 : both_sides(word[0]);
  if (word.size() == 2 && is_flank(word[0])) return both_sides(word[1]) & (word[0] == 'Q' ? 0x0F : 0xF0);
  return 0;
}

// A piece as descriptive text names it: type, and for pieces a flank (QR, KN), for pawns
// the files it may stand on (KBP, BP).
struct Designator {
  PieceType type = NO_PIECE_TYPE;
  char flank = 0;              // 'K' or 'Q' for a flanked piece
  FileSet pawn_files = ALL_FILES;
};

// A square as descriptive text names it: files (B4 = QB4 or KB4) and a rank counted from
// the mover's side.
struct SquareSet {
  FileSet files = ALL_FILES;
  int rank = -1;  // 0-based, from the mover's side; -1: any
};

struct Claims {
  char check = 0;  // '+' check, '#' mate
  bool ep = false;
};

struct Spec {
  bool castling = false;
  int castle_side = 0;  // 1 king side, 2 queen side, 0 unstated
  Designator mover;
  SquareSet origin;  // from a qualifier: N(1), R(QR3), N/Q2
  bool capture = false;
  SquareSet target;      // for '-' moves, and the "/QB6" of captures
  Designator captured;   // for 'x' moves
  PieceType promotion = NO_PIECE_TYPE;
  Claims claims;
};

// --- Reading text into a Spec ---------------------------------------------------------

class Reader {
public:
  explicit Reader(std::string_view text) : original_(text) {}

  std::optional<NotationError> read(Spec& spec) {
    // Fold to upper-case ASCII; keep a column per character for errors.
    bool ascii = original_.size() <= MAX_CHARS;
    if (ascii) {  // the usual case: no decoding, one column per byte
      s_.resize(original_.size());
      for (std::size_t k = 0; k < original_.size(); ++k) {
        char c = original_[k];
        ascii &= static_cast<unsigned char>(c) < 0x80;
        cols_[k] = k + 1;
        s_[k] = char(c >= 'a' && c <= 'z' ? c - 32 : c);
      }
      if (!ascii) s_.clear();
    }
    if (!ascii) {  // dashes, multiplication signs and full-width forms folded to ASCII
      Glyph glyphs[MAX_CHARS];
      std::size_t n = decode(original_, glyphs, MAX_CHARS);
      if (n == SIZE_MAX) return fail(1, "too long for a move");
      for (std::size_t k = 0; k < n; ++k) {
        char32_t c = glyphs[k].c;
        if (c >= 0x80) return fail(glyphs[k].column, "unexpected non-ASCII character in descriptive notation");
        cols_[s_.size()] = glyphs[k].column;
        s_ += char(c >= 'a' && c <= 'z' ? c - 32 : c);
      }
    }
    rewrite_words();
    strip_suffixes(spec.claims);
    if (read_castling(spec)) return std::nullopt;
    // "Kt" (older books) is the knight; dots and spaces inside a move carry nothing.
    compact();
    if (s_.empty()) return fail(1, "empty move");
    std::size_t i = 0;
    if (!read_designator(i, spec.mover)) return fail(col(0), "expected a piece (P, N or Kt, B, R, Q, K, KBP...)");
    read_qualifier(i, spec.origin);
    if (i < s_.size() && s_[i] == '-') {
      ++i;
      if (!read_square(i, spec.target)) return fail(col(i), "expected a square after '-', such as K4 or KB3");
    } else if (i < s_.size() && s_[i] == 'X') {
      ++i;
      spec.capture = true;
      if (!read_designator(i, spec.captured)) return fail(col(i), "expected the captured piece after 'x'");
      if (i + 1 < s_.size() && s_[i] == '/' && !promotion_follows(i + 1)) {
        ++i;
        if (!read_square(i, spec.target)) return fail(col(i), "expected the capture square after '/'");
      }
    } else {
      return fail(col(i), "expected '-' and a square, or 'x' and the captured piece");
    }
    if (i < s_.size() && (s_[i] == '=' || s_[i] == '(' || s_[i] == '/' || english_piece(s_[i]))) {
      std::size_t at = i;
      if (s_[i] == '=' || s_[i] == '(' || s_[i] == '/') ++i;
      PieceType pt = i < s_.size() ? english_piece(s_[i]) : NO_PIECE_TYPE;
      if (pt == NO_PIECE_TYPE || pt == PAWN || pt == KING) return fail(col(at), "expected a promotion piece Q, R, B or N");
      spec.promotion = pt;
      ++i;
      if (i < s_.size() && s_[i] == ')') ++i;
    }
    if (i < s_.size()) return fail(col(i), "unexpected '" + std::string(1, s_[i]) + "' after the move");
    return std::nullopt;
  }

private:
  std::optional<NotationError> fail(std::size_t column, std::string message) {
    return NotationError{ErrorKind::Unreadable, column, std::move(message), {}};
  }
  std::size_t col(std::size_t i) const { return i < s_.size() ? cols_[i] : (s_.empty() ? 1 : cols_[s_.size() - 1] + 1); }

  // The words of older books, as the modern forms they stand for: Bird's "P to K4",
  // "Kt takes P", "K to R square", "P takes P en passant", "(ch.)"; the Blue Book's
  // "K. Kt. to K. B's 3d." (possessives and ordinals). Each character keeps the column
  // of its word.
  void rewrite_words() {
    // Most moves ("P-K4", "NxP ch") hold none of these words: one pass over the bytes
    // settles it (every such word stands after a space, an apostrophe, a '(' or a rank).
    std::string_view t = s_;
    bool maybe = false;
    for (std::size_t k = 0; k + 1 < t.size() && !maybe; ++k) {
      char c = t[k], next = t[k + 1];
      maybe = (c == ' ' && next != 'C' && next != 'M' && next != 'D' && next != 'E' && next != 'P') || c == '\'' ||
              (c == '(' && next == 'C') || (c >= '1' && c <= '8' && next >= 'D' && next <= 'T' && next != 'E') ||
              (c == ' ' && next == 'E' && k + 2 < t.size() && t[k + 2] == 'N');
    }
    if (!maybe) return;
    std::string out;
    std::size_t out_cols[MAX_CHARS];
    bool pending_en = false;
    for (std::size_t i = 0; i < s_.size();) {
      while (i < s_.size() && s_[i] == ' ') ++i;
      std::size_t start = i;
      while (i < s_.size() && s_[i] != ' ') ++i;
      if (i == start) break;
      std::string_view w = std::string_view(s_).substr(start, i - start);
      std::string_view bare = w;
      std::string glyphs;  // "square!": the annotation stays with the move
      while (!bare.empty() && (bare.back() == '.' || bare.back() == ',' || bare.back() == '!' || bare.back() == '?')) {
        if (bare.back() == '!' || bare.back() == '?') glyphs.insert(glyphs.begin(), bare.back());
        bare.remove_suffix(1);
      }
      std::string word(w);
      if (bare == "TO") word = "-";
      else if (bare == "TAKES") word = "X";
      else if (bare == "SQUARE") word = "SQ";
      else if (bare == "(CH" || bare == "(CH)" || bare == "(CHECK)" || bare == "(CH.)") word = "CH";
      else if (bare == "EN") { pending_en = true; continue; }
      else if (pending_en && (bare == "PAS" || bare == "PASS" || bare == "PASSANT")) word = "EP";
      else if (bare.size() > 2 && bare.substr(bare.size() - 2) == "'S") word = std::string(bare.substr(0, bare.size() - 2));
      else if (bare.size() >= 2 && bare[0] >= '1' && bare[0] <= '8' &&
               (bare.substr(1) == "ST" || bare.substr(1) == "ND" || bare.substr(1) == "RD" || bare.substr(1) == "TH" ||
                bare.substr(1) == "D"))
        word = std::string(1, bare[0]);
      pending_en = false;
      if (word != w) word += glyphs;
      if (!out.empty()) {
        if (out.size() >= MAX_CHARS) return;
        out_cols[out.size()] = cols_[start];
        out += ' ';
      }
      for (std::size_t k = 0; k < word.size() && out.size() < MAX_CHARS; ++k) {
        out_cols[out.size()] = cols_[std::min(start + k, i - 1)];
        out += word[k];
      }
    }
    s_ = out;
    std::copy(out_cols, out_cols + out.size(), cols_);
  }

  bool ends_with(std::string_view suffix) const {
    return s_.size() >= suffix.size() && std::string_view(s_).substr(s_.size() - suffix.size()) == suffix;
  }
  void drop(std::size_t n) {
    s_.resize(s_.size() - n);
    while (!s_.empty() && (s_.back() == ' ' || s_.back() == '.' || s_.back() == ',')) s_.pop_back();
  }

  static bool ends_a_mark(char c) {
    switch (c) {
      case 'H': case 'K': case 'E': case '+': case '#': case '!': case '?': case 'P': return true;
      default: return false;
    }
  }

  // Check and mate claims, e.p., annotation marks: whatever follows the move proper.
  void strip_suffixes(Claims& claims) {
    drop(0);
    for (bool again = true; again && !s_.empty();) {
      again = false;
      // Every mark ends in one of these: most moves end in a digit or piece letter and skip the list.
      if (!ends_a_mark(s_.back())) break;
      static const std::pair<std::string_view, char> marks[] = {
          {"DOUBLE CH", '+'}, {"DOUBLECH", '+'}, {"DOUBLE CHECK", '+'},
          {"DIS CH", '+'}, {"DBL CH", '+'}, {"DIS. CH", '+'}, {"DBL. CH", '+'}, {"DIS.CH", '+'}, {"DBL.CH", '+'},
          {"DISCH", '+'}, {"DBLCH", '+'},
          {"CHECK", '+'},  {"CH", '+'},     {"MATE", '#'},    {"++", '#'},      {"+", '+'},     {"#", '#'},
          {"!", 0},        {"?", 0},        {"E.P", 'e'},     {"EP", 'e'}};
      for (const auto& [text, kind] : marks) {
        if (text.back() != s_.back() || !ends_with(text)) continue;  // the last letter first: cheap
        std::size_t before = s_.size() - text.size();
        // Word-like marks must stand apart from the move ("QxP ch", not "...CH" in a move).
        // No descriptive move ends in C or H, so "ch" may even be glued on ("BxKtPch");
        // "mate" and "ep" must stand apart or follow a rank.
        bool word = std::isalpha(static_cast<unsigned char>(text[0]));
        // "Dis.ch" glued to a square ("P-Q7dis.ch") ends in a rank first, so it may too.
        bool ep = text == "EP" || text == "E.P";
        bool glued_ok = text == "CH" || text == "CHECK" || ep || text == "DIS.CH" || text == "DBL.CH";
        if (word && !glued_ok && before > 0 && std::isalpha(static_cast<unsigned char>(s_[before - 1]))) continue;
        // "e.p." stands apart, or follows the rank or the pawn taken: "PxPe.p.", "P-Q6ep".
        if (ep && (before == 0 || (!std::isdigit(static_cast<unsigned char>(s_[before - 1])) &&
                                   s_[before - 1] != ' ' && s_[before - 1] != 'P')))
          continue;
        if (kind == 'e') claims.ep = true;
        else if (kind && claims.check != '#') claims.check = kind;
        drop(text.size());
        again = true;
        break;
      }
    }
  }

  bool read_castling(Spec& spec) {
    if (s_.empty() || (s_[0] != 'O' && s_[0] != '0' && s_[0] != 'C')) return false;
    std::string t;
    for (char c : s_)
      if (c != ' ' && c != '.' && c != '(' && c != ')') t += c;
    int side = -1;
    if (t == "O-O" || t == "0-0" || t == "OO" || t == "CASTLESKR" || t == "CASTLESK" || t == "CASTLESKINGSIDE" ||
        t == "CASTLESKSIDE" || t == "CASTLESSHORT")
      side = 1;
    else if (t == "O-O-O" || t == "0-0-0" || t == "OOO" || t == "CASTLESQR" || t == "CASTLESQ" ||
             t == "CASTLESQUEENSIDE" || t == "CASTLESQSIDE" || t == "CASTLESLONG")
      side = 2;
    else if (t == "CASTLES" || t == "CASTLE" || t == "CASTLED")
      side = 0;
    if (side < 0) return false;
    spec.castling = true;
    spec.castle_side = side;
    return true;
  }

  // In place: the text only ever gets shorter.
  void compact() {
    std::size_t out = 0;
    for (std::size_t i = 0; i < s_.size(); ++i) {
      if (s_[i] == ' ' || s_[i] == '.') continue;
      if (s_[i] == '-' && out > 0 && s_[out - 1] == '-') continue;  // "B--KKt5": a dash typed as two hyphens
      cols_[out] = cols_[i];
      if (s_[i] == 'K' && i + 1 < s_.size() && s_[i + 1] == 'T') {
        s_[out++] = 'N';
        ++i;
        continue;
      }
      s_[out++] = s_[i];
    }
    s_.resize(out);
  }

  // P, KBP, BP, N, KN, QR, Q, K...
  bool read_designator(std::size_t& i, Designator& d) {
    std::size_t j = i;
    while (j < s_.size() && english_piece(s_[j]) != NO_PIECE_TYPE && j - i < 3) ++j;
    std::string_view w = std::string_view(s_).substr(i, j - i);
    // A designator is followed by what comes after a piece: '-', 'x', '(', '/', '=', or the end.
    while (!w.empty()) {
      if (interpret_designator(w, d)) {
        i += w.size();
        return true;
      }
      w.remove_suffix(1);
    }
    return false;
  }

  static bool interpret_designator(std::string_view w, Designator& d) {
    if (w.back() == 'P') {
      std::string_view file = w.substr(0, w.size() - 1);
      d.type = PAWN;
      if (file.empty()) return true;
      d.pawn_files = files_named(file);
      return d.pawn_files != 0;
    }
    if (w.size() == 1) {
      d.type = english_piece(w[0]);
      return d.type != NO_PIECE_TYPE;
    }
    if (w.size() == 2 && is_flank(w[0]) && (w[1] == 'R' || w[1] == 'N' || w[1] == 'B')) {
      d.type = english_piece(w[1]);
      d.flank = w[0];
      return true;
    }
    return false;
  }

  // QR3, KB4, B4, K, Q8, KSQ, N1...
  bool read_square(std::size_t& i, SquareSet& sq) {
    std::size_t j = i;
    auto file_letter = [](char c) { return c == 'K' || c == 'Q' || c == 'R' || c == 'N' || c == 'B'; };
    while (j < s_.size() && j - i < 2 && file_letter(s_[j])) ++j;
    for (std::size_t len = j - i; len > 0; --len) {
      FileSet files = files_named(std::string_view(s_).substr(i, len));
      if (!files) continue;
      std::size_t k = i + len;
      int rank = -1;
      if (k < s_.size() && s_[k] >= '1' && s_[k] <= '8') rank = s_[k++] - '1';
      else if (s_.compare(k, 2, "SQ") == 0) rank = 0, k += 2;
      else if (k == s_.size() || s_[k] == '/' || s_[k] == '=' || s_[k] == '(') rank = 0;  // "R-K": the first rank
      else continue;
      sq.files = files;
      sq.rank = rank;
      i = k;
      return true;
    }
    return false;
  }

  // N(1), R(QR3), N/Q2, R(6); a file alone, as books tell two rooks or knights apart by
  // the file they stand on: R(QB)-Q1, R(Kt)-Kt6 (Kt already folded to N).
  void read_qualifier(std::size_t& i, SquareSet& origin) {
    if (i >= s_.size()) return;
    if (s_[i] == '(') {
      std::size_t k = i + 1;
      SquareSet sq;
      std::size_t close = s_.find(')', k);
      FileSet files = close != std::string::npos && close > k && close - k <= 2
                          ? files_named(std::string_view(s_).substr(k, close - k))
                          : FileSet(0);
      if (k < s_.size() && s_[k] >= '1' && s_[k] <= '8') {
        sq.rank = s_[k++] - '1';
      } else if (files) {
        sq.files = files;
        k = close;
      } else if (!read_square(k, sq)) {
        return;
      }
      if (k < s_.size() && s_[k] == ')') {
        origin = sq;
        i = k + 1;
      }
    } else if (s_[i] == '/') {
      std::size_t k = i + 1;
      SquareSet sq;
      if (read_square(k, sq) && k < s_.size() && (s_[k] == '-' || s_[k] == 'X')) {
        origin = sq;
        i = k;
      }
    }
  }

  // "/Q" after a capture is a promotion, "/QB6" a capture square.
  bool promotion_follows(std::size_t k) const {
    if (k >= s_.size()) return false;
    PieceType pt = english_piece(s_[k]);
    if (pt == NO_PIECE_TYPE) return false;
    return k + 1 == s_.size() || s_[k + 1] == ')';
  }

  static constexpr std::size_t MAX_CHARS = 80;  // far beyond any printed move
  std::string_view original_;
  std::string s_;
  std::size_t cols_[MAX_CHARS];  // the original column of each character of s_
};

// --- Matching a Spec against the legal moves -------------------------------------------

// The moves a text matches: few, asked for several times per move written or read, so kept
// in place rather than on the heap.
struct Found {
  Move moves[256];
  int count = 0;
  void push_back(Move m) { moves[count++] = m; }
  std::size_t size() const { return std::size_t(count); }
  bool empty() const { return count == 0; }
  Move front() const { return moves[0]; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  // Keeps the moves that satisfy `pred`, unless none does (then a tie-break says nothing).
  template <class Pred>
  void keep_if_any(Pred pred) {
    int kept = 0;
    for (int i = 0; i < count; ++i) kept += pred(moves[i]);
    if (kept == 0 || kept == count) return;
    int out = 0;
    for (int i = 0; i < count; ++i)
      if (pred(moves[i])) moves[out++] = moves[i];
    count = out;
  }
  std::vector<Move> to_vector() const { return {begin(), end()}; }
};

// Relaxations tried, in order, when nothing matches (NOTATION.md 3.4 step 5).
enum Relax : unsigned {
  STRICT_MATCH = 0,
  IGNORE_CAPTURE_MARK = 1,   // a wrong '-' or 'x'
  IGNORE_CAPTURED_TYPE = 2,  // PxN where it was PxB
  OTHER_SIDE_RANKS = 4,      // ranks counted from the wrong side
  DROP_FLANK = 8,            // QR-Q1 where the KR moved
};

struct Context {
  Position& pos;
  const PieceOrigins* origins;
  const MoveList& legal;  // generated once per reading or writing, shared by every try
  // check_suffix of the moves asked about so far: tie-breaks and the writer ask often.
  std::vector<std::pair<Move, char>> checks = {};

  char check_of(Move m) {
    for (const auto& [move, mark] : checks)
      if (move == m) return mark;
    char mark = check_suffix(pos, m);
    checks.emplace_back(m, mark);
    return mark;
  }
};

// The K or Q side a piece belongs to by identity: where it started, when that is known.
char identity_flank(const PieceOrigins* origins, Square s) {
  Square origin = origins ? origins->origin(s) : SQ_NONE;
  if (origin == SQ_NONE) origin = s;
  return file_of(origin) >= FILE_E ? 'K' : 'Q';
}

// A flank prefix holds if it names the piece's identity (QR: the rook that started on
// the queen's side) or the half of the board it stands on; identity wins ties (prefer_identity).
bool flank_holds(const Context& ctx, Square s, char flank) {
  return identity_flank(ctx.origins, s) == flank || (file_of(s) >= FILE_E ? 'K' : 'Q') == flank;
}

bool square_in(const SquareSet& set, Square s, Color mover, bool other_side) {
  if (!(set.files & (1 << file_of(s)))) return false;
  if (set.rank < 0) return true;
  Color from_side = other_side ? ~mover : mover;
  return relative_rank(from_side, s) == set.rank;
}

bool designates(const Context& ctx, const Designator& d, Square s, PieceType actual, unsigned relax) {
  if (d.type != actual) return false;
  if (actual == PAWN) return d.pawn_files & (1 << file_of(s));
  if (d.flank && !(relax & DROP_FLANK)) return flank_holds(ctx, s, d.flank);
  return true;
}

Found candidates(const Context& ctx, const Spec& spec, unsigned relax, bool& promotion_missing) {
  const Position& pos = ctx.pos;
  Color us = pos.side_to_move();
  Found out;
  for (Move m : ctx.legal) {
    if (m.type() == MoveType::Castling) {
      if (spec.castling && (spec.castle_side == 0 || (spec.castle_side == 1) == (m.to() > m.from())))
        out.push_back(m);
      continue;
    }
    if (spec.castling) continue;
    Square from = m.from(), to = m.to();
    if (!designates(ctx, spec.mover, from, type_of(pos.piece_on(from)), relax)) continue;
    if (spec.origin.rank >= 0 || spec.origin.files != ALL_FILES)
      if (!square_in(spec.origin, from, us, relax & OTHER_SIDE_RANKS)) continue;
    bool is_capture = m.type() == MoveType::EnPassant || !pos.empty(to);
    if (spec.capture != is_capture) {
      if (!(relax & IGNORE_CAPTURE_MARK)) continue;
      // "x" with no square names no destination: a quiet move cannot be what it meant.
      if (spec.capture && (spec.target.rank < 0 || !square_in(spec.target, to, us, relax & OTHER_SIDE_RANKS))) continue;
    }
    if (spec.capture && is_capture) {
      Square victim = m.type() == MoveType::EnPassant ? to - pawn_push(us) : to;
      if (!(relax & IGNORE_CAPTURED_TYPE) &&
          !designates(ctx, spec.captured, victim, type_of(pos.piece_on(victim)), relax))
        continue;
      if (spec.target.rank >= 0 && !square_in(spec.target, to, us, relax & OTHER_SIDE_RANKS)) continue;
    } else if (!spec.capture) {
      if (!square_in(spec.target, to, us, relax & OTHER_SIDE_RANKS)) continue;
    }
    if (m.type() == MoveType::Promotion) {
      if (spec.promotion == NO_PIECE_TYPE) {
        promotion_missing = true;
        continue;
      }
      if (spec.promotion != m.promotion()) continue;
    } else if (spec.promotion != NO_PIECE_TYPE) {
      continue;
    }
    out.push_back(m);
  }
  return out;
}

// Tie-breaks by what the text claims: check or mate, e.p. A claimed check is strong
// evidence; the absence of one is weak, used last (`use_absent_check`).
void apply_claims(Context& ctx, const Claims& claims, Found& moves, bool use_absent_check) {
  auto keep = [&](auto pred) { moves.keep_if_any(pred); };
  if (claims.ep) keep([](Move m) { return m.type() == MoveType::EnPassant; });
  if (claims.check == '#') keep([&](Move m) { return ctx.check_of(m) == '#'; });
  if (claims.check) keep([&](Move m) { return ctx.check_of(m) != 0; });
  if (!claims.check && use_absent_check) keep([&](Move m) { return ctx.check_of(m) == 0; });
}

// The squares a move matching the spec (without relaxations) can land on.
Bitboard reach(const Position& pos, const Spec& spec) {
  if (spec.castling) return ~Bitboard(0);
  Color us = pos.side_to_move();
  if (spec.capture) {
    Bitboard b = pos.pieces(~us, spec.captured.type);
    if (spec.captured.type == PAWN && pos.ep_square() != SQ_NONE) b |= square_bb(pos.ep_square());
    return b;
  }
  Bitboard b = 0;
  for (int f = 0; f < 8; ++f)
    if (spec.target.files & (1 << f))
      b |= spec.target.rank < 0 ? file_bb(File(f))
                                : square_bb(make_square(File(f), relative_rank(us, Rank(spec.target.rank))));
  return b;
}

// Appends the legal moves of the mover's `pt` pieces to each of `squares`. A list that
// would overflow (only in made-up positions) is replaced by every legal move.
void append_piece_moves_to(const Position& pos, PieceType pt, Bitboard squares, MoveList& list) {
  for (Bitboard b = squares; b;) {
    Square to = pop_lsb(b);
    Bitboard origins = legal_origins(pos, pt, to);
    if (list.count + 4 * popcount(origins) > 256) {
      generate_legal(pos, list);
      return;
    }
    append_legal_piece_to(pos, pt, to, origins, list);
  }
}

// The squares the pieces `movers` (of kind `pt`, the side to move's) could move to, pins
// and checks aside: a superset of their legal destinations, made with a few shifts and
// lookups, so that the squares a name covers are generated only where a move can land.
Bitboard pseudo_targets(const Position& pos, PieceType pt, Bitboard movers) {
  Color us = pos.side_to_move();
  Bitboard occupied = pos.pieces(), targets = 0;
  if (pt == PAWN) {
    Bitboard pushed = (us == WHITE ? movers << 8 : movers >> 8) & ~occupied;
    Bitboard twice = (us == WHITE ? (pushed & rank_bb(RANK_3)) << 8 : (pushed & rank_bb(RANK_6)) >> 8) & ~occupied;
    Bitboard attacks = us == WHITE ? pawn_attacks_bb<WHITE>(movers) : pawn_attacks_bb<BLACK>(movers);
    Bitboard victims = pos.pieces(~us) | (pos.ep_square() != SQ_NONE ? square_bb(pos.ep_square()) : 0);
    targets = pushed | twice | (attacks & victims);
  } else {
    for (Bitboard b = movers; b;) targets |= attacks_bb(pt, pop_lsb(b), occupied);
  }
  return targets & ~pos.pieces(us);
}

// A flank names a piece by identity or by the half it stands on; identity wins ties.
void prefer_identity(const Context& ctx, const Spec& spec, Found& found) {
  auto narrow = [&](char flank, auto square_of) {
    if (found.size() < 2 || !flank) return;
    found.keep_if_any([&](Move m) { return identity_flank(ctx.origins, square_of(m)) == flank; });
  };
  narrow(spec.mover.flank, [](Move m) { return m.from(); });
  narrow(spec.captured.flank, [](Move m) { return m.to(); });
}

// --- The codec --------------------------------------------------------------------------

class DescriptiveCodec final : public Codec {
public:
  explicit DescriptiveCodec(DescriptiveStyle style) : style_(style) {}
  std::string_view name() const override { return style_.name; }
  bool uses_piece_origins() const override { return true; }
  std::string move_number(int fullmove, Color side) const override {
    return std::to_string(fullmove) + (side == WHITE ? "" : " ...");
  }

  ParseResult parse(Position& pos, std::string_view text, const ParseOptions& options) const override {
    return resolve(pos, text, options, LOOKAHEAD_PLIES);
  }

  using Codec::format;
  std::string format(Position& pos, Move m, const FormatOptions& options) const override;

private:
  static constexpr int LOOKAHEAD_PLIES = 3;

  // `weak_evidence`: let a missing check mark prefer non-checking moves (books rely on it;
  // the writer does not, so that what it writes never depends on it).
  // `exact`: no relaxed reading (the lookahead asks first whether a line reads as written).
  ParseResult resolve(Position& pos, std::string_view text, const ParseOptions& options, int lookahead,
                      bool weak_evidence = true, bool exact = false) const;
  // Unique reading without lookahead or relaxations: what the writer must achieve.
  bool line_continues(Position& pos, const PieceOrigins* origins, std::span<const std::string_view> following,
                      int plies, bool exact) const;

  DescriptiveStyle style_;
};

ParseResult DescriptiveCodec::resolve(Position& pos, std::string_view text, const ParseOptions& options,
                                      int lookahead, bool weak_evidence, bool exact) const {
  ParseResult result;
  Spec spec;
  if (auto error = Reader(text).read(spec)) {
    result.error = error;
    return result;
  }
  // First only the moves the text could name as written; all of them if a relaxed
  // reading is needed.
  MoveList legal;
  if (spec.castling) {
    generate_legal(pos, legal);
  } else {  // only the named kind of piece, to the squares the text can name
    Bitboard movers = pos.pieces(pos.side_to_move(), spec.mover.type);
    append_piece_moves_to(pos, spec.mover.type, reach(pos, spec) & pseudo_targets(pos, spec.mover.type, movers), legal);
  }
  Context ctx{pos, options.origins, legal};
  bool promotion_missing = false;
  Found found = candidates(ctx, spec, STRICT_MATCH, promotion_missing);
  if (found.empty() && !options.strict && !exact) {
    generate_legal(pos, legal);
    static const std::pair<unsigned, const char*> steps[] = {
        {IGNORE_CAPTURE_MARK, "read ignoring a wrong '-' or 'x'"},
        {IGNORE_CAPTURE_MARK | IGNORE_CAPTURED_TYPE, "read ignoring the captured piece's type"},
        {IGNORE_CAPTURE_MARK | IGNORE_CAPTURED_TYPE | OTHER_SIDE_RANKS, "read with ranks counted from the other side"},
        {IGNORE_CAPTURE_MARK | IGNORE_CAPTURED_TYPE | OTHER_SIDE_RANKS | DROP_FLANK,
         "read ignoring the K/Q flank of the piece"}};
    for (const auto& [relax, note] : steps) {
      found = candidates(ctx, spec, relax, promotion_missing);
      if (!found.empty()) {
        result.notes.push_back({false, std::string("'") + std::string(text) + "' " + note});
        break;
      }
    }
  }
  if (found.empty()) {
    NotationError e{ErrorKind::Illegal, 1, "", {}};
    e.message = promotion_missing ? "a pawn reaching the eighth rank must promote: add =Q, =R, =B or =N"
                                  : "no legal move matches '" + std::string(text) + "'";
    result.error = std::move(e);
    return result;
  }
  prefer_identity(ctx, spec, found);
  if (found.size() > 1) apply_claims(ctx, spec.claims, found, false);
  if (found.size() > 1 && lookahead > 0 && !options.following.empty()) {
    // The moves after each candidate decide: read as written first, and only if no
    // candidate's line reads so, leniently. A lenient reading never decides between two
    // strict ones (Mason-Bird 1892, 26 R-B3 BxR: only Rf3 lets the bishop take a rook).
    for (bool exact_line : {true, false}) {
      Found viable;
      for (Move m : found) {
        PieceOrigins next = options.origins ? *options.origins : PieceOrigins(pos);
        next.update(pos, m);
        pos.make_move(m);
        bool ok = line_continues(pos, options.origins ? &next : nullptr, options.following, lookahead, exact_line);
        pos.unmake_move(m);
        if (ok) viable.push_back(m);
      }
      if (viable.empty()) continue;
      if (viable.size() < found.size()) {
        found = viable;
        if (found.size() == 1)
          result.notes.push_back({false, "'" + std::string(text) + "' decided by the moves that follow"});
      }
      break;
    }
  }
  if (found.size() > 1 && weak_evidence) apply_claims(ctx, spec.claims, found, true);
  if (found.size() > 1) {
    std::string list;
    // Named in UCI: the writer itself calls this reader, so it cannot be used here.
    for (Move m : found) list += (list.empty() ? "" : ", ") + to_uci(pos, m);
    result.error = NotationError{ErrorKind::Ambiguous, 1,
                                 "ambiguous: '" + std::string(text) + "' matches " + std::to_string(found.size()) +
                                     " legal moves (" + list + ")",
                                 found.to_vector()};
    return result;
  }
  result.move = found.front();
  if (options.strict) {
    std::string canonical = format(pos, result.move, FormatOptions{options.origins});
    if (canonical != text) {
      result.error = NotationError{ErrorKind::Unreadable, 1, non_canonical_note(text, name(), canonical), {result.move}};
      result.move = Move::none();
    }
  }
  return result;
}

// True if the next moves of the line read legally (each uniquely or not) after this one.
bool DescriptiveCodec::line_continues(Position& pos, const PieceOrigins* origins,
                                      std::span<const std::string_view> following, int plies, bool exact) const {
  if (plies == 0 || following.empty()) return true;
  ParseOptions options;
  options.origins = origins;
  options.following = following.subspan(1);
  ParseResult r = resolve(pos, following.front(), options, plies - 1, true, exact);
  if (r.ok()) return true;
  if (!r.error || r.error->kind != ErrorKind::Ambiguous) return false;
  for (Move m : r.error->candidates) {
    pos.make_move(m);
    bool ok = line_continues(pos, nullptr, following.subspan(1), plies - 1, exact);
    pos.unmake_move(m);
    if (ok) return true;
  }
  return false;
}



// Whether some pseudo-legal move of a `pt` of the mover's other than `m` lands on `reach`:
// a superset of the legal rivals, from the pseudo targets the reader uses too.
bool has_pseudo_rival(const Position& pos, Move m, PieceType pt, Bitboard reach) {
  Bitboard from = square_bb(m.from()), others = pos.pieces(pos.side_to_move(), pt) & ~from;
  return (pseudo_targets(pos, pt, others) & reach) || (pseudo_targets(pos, pt, from) & reach & ~square_bb(m.to()));
}

// Writing builds each candidate form twice over, as text and as the Spec the reader would
// make of that text, and keeps the first (shortest) whose Spec names this move alone. The
// round-trip tests hold the two in step.
std::string DescriptiveCodec::format(Position& pos, Move m, const FormatOptions& options) const {
  Color us = pos.side_to_move();
  char check_mark = options.check_mark >= 0 ? char(options.check_mark) : check_suffix(pos, m);
  std::string check = !check_mark ? "" : style_.plus_mark ? std::string(1, check_mark)
                                       : check_mark == '#' ? " mate" : " ch";
  if (m.type() == MoveType::Castling) return (m.to() > m.from() ? "O-O" : "O-O-O") + check;

  // Forms are built in small fixed buffers: the writer tries several per move, and heap
  // strings for each would cost more than the search itself.
  struct Text {
    char buf[24];
    std::size_t n = 0;
    Text& operator+=(std::string_view t) {
      for (char c : t)
        if (n < sizeof buf) buf[n++] = c;
      return *this;
    }
    Text& operator+=(char c) { return *this += std::string_view(&c, 1); }
    std::string_view view() const { return {buf, n}; }
  };
  struct SquareForm {
    Text text;
    SquareSet set;
  };
  struct PieceForm {
    Text text;
    Designator designator;
    SquareSet origin;
  };
  const std::string_view knight = style_.kt ? "Kt" : "N";
  auto add_letter = [&](Text& t, PieceType pt) {
    if (pt == KNIGHT) t += knight;
    else t += " PNBRQK"[pt];
  };
  auto add_file = [&](Text& t, File f, bool full) {
    std::string_view w = FILE_NAMES[f];
    if (!full && w.size() == 2) w.remove_prefix(1);
    for (char c : w)
      if (c == 'N') t += knight;
      else t += c;
  };
  // The files a file name covers: "B" both bishops' files, "KB" one (tables: asked often).
  static const auto sets = [] {
    std::array<std::array<FileSet, 8>, 2> t{};
    for (int f = 0; f < 8; ++f) {
      std::string_view w = FILE_NAMES[f];
      t[0][f] = files_named(w.size() == 1 ? w : w.substr(1));
      t[1][f] = files_named(w);
    }
    return t;
  }();
  auto file_set = [](File f, bool full) { return sets[full][f]; };

  Spec spec;
  std::string_view ep;
  Text promotion;
  if (m.type() == MoveType::Promotion) {
    promotion += '=';
    add_letter(promotion, m.promotion());
    spec.promotion = m.promotion();
  }
  if (m.type() == MoveType::EnPassant) {
    ep = " e.p.";
    spec.claims.ep = true;
  }
  spec.claims.check = check_mark;
  spec.capture = m.type() == MoveType::EnPassant || !pos.empty(m.to());
  Square victim = m.type() == MoveType::EnPassant ? m.to() - pawn_push(us) : m.to();

  // Only moves that some form could also name need generating: quiet moves to the squares
  // a short square name covers (B4: both c4 and f4), or captures of the same kind of piece.
  Bitboard reach;
  if (spec.capture) {
    reach = pos.pieces(~us, type_of(pos.piece_on(victim)));
    if (pos.ep_square() != SQ_NONE && type_of(pos.piece_on(victim)) == PAWN) reach |= square_bb(pos.ep_square());
  } else {
    reach = 0;
    FileSet files = file_set(file_of(m.to()), false);
    for (int f = 0; f < 8; ++f)
      if (files & (1 << f)) reach |= square_bb(make_square(File(f), rank_of(m.to())));
  }
  // Only moves of the same kind of piece can share one of its names. Most moves have no
  // rival even among the pseudo-legal moves to those squares: then the shortest form, P-K4
  // or PxP, names this move alone, and nothing need be generated or built.
  PieceType mover_type = type_of(pos.piece_on(m.from()));
  if (!has_pseudo_rival(pos, m, mover_type, reach)) {
    Text out;
    add_letter(out, mover_type);
    if (spec.capture) {
      out += 'x';
      add_letter(out, type_of(pos.piece_on(victim)));
    } else {
      out += '-';
      add_file(out, file_of(m.to()), false);
      out += char('1' + relative_rank(us, m.to()));
    }
    std::string written(out.view());
    written += promotion.view();
    written += ep;
    written += check;
    return written;
  }
  MoveList legal;
  append_piece_moves_to(pos, mover_type, reach, legal);
  auto has_flank = [](File f) { return std::string_view(FILE_NAMES[f]).size() == 2; };
  struct SquareForms {
    SquareForm items[2];
    std::size_t count = 0;
    const SquareForm* begin() const { return items; }
    const SquareForm* end() const { return items + count; }
  };
  auto square_forms = [&](Square s) {  // shortest first: B4, then KB4
    SquareForms forms;
    int rank = relative_rank(us, s);
    for (bool full : {false, true}) {
      if (full && !has_flank(file_of(s))) break;
      SquareForm& form = forms.items[forms.count++];
      add_file(form.text, file_of(s), full);
      form.text += char('1' + rank);
      form.set = {file_set(file_of(s), full), rank};
    }
    return forms;
  };
  struct PieceForms {
    PieceForm items[6];
    std::size_t count = 0;
    PieceForm& add() { return items[count++]; }
    const PieceForm* begin() const { return items; }
    const PieceForm* end() const { return items + count; }
  };
  // Names of a piece on a square, shortest first: P, BP, KBP / N, KN; with its origin
  // (only when those do not suffice): N(1), N(B3), N(KB3).
  auto piece_forms = [&](Square s, bool with_origin) {
    PieceType pt = type_of(pos.piece_on(s));
    File f = file_of(s);
    PieceForms forms;
    if (pt == PAWN) {
      PieceForm& bare = forms.add();
      bare.text += 'P';
      bare.designator = {PAWN, 0, ALL_FILES};
      for (bool full : {false, true}) {
        if (full && !has_flank(f)) break;
        PieceForm& form = forms.add();
        add_file(form.text, f, full);
        form.text += 'P';
        form.designator = {PAWN, 0, file_set(f, full)};
      }
      return forms;
    }
    if (!with_origin) {
      PieceForm& bare = forms.add();
      add_letter(bare.text, pt);
      bare.designator = {pt, 0, ALL_FILES};
      if (pt == KNIGHT || pt == BISHOP || pt == ROOK) {
        char flank = identity_flank(options.origins, s);
        PieceForm& flanked = forms.add();
        flanked.text += flank;
        add_letter(flanked.text, pt);
        flanked.designator = {pt, flank, ALL_FILES};
      }
    } else {
      // N(1), N(B3), N(KB3) as books print them; N/B3, N/KB3 inside PGN, where
      // parentheses open variations (and the rank alone has no slash form).
      int rank = relative_rank(us, s);
      if (!options.pgn_safe) {
        PieceForm& by_rank = forms.add();
        add_letter(by_rank.text, pt);
        by_rank.text += '(';
        by_rank.text += char('1' + rank);
        by_rank.text += ')';
        by_rank.designator = {pt, 0, ALL_FILES};
        by_rank.origin = {ALL_FILES, rank};
      }
      for (const SquareForm& sq : square_forms(s)) {
        PieceForm& by_square = forms.add();
        add_letter(by_square.text, pt);
        by_square.text += options.pgn_safe ? "/" : "(";
        by_square.text += sq.text.view();
        if (!options.pgn_safe) by_square.text += ')';
        by_square.designator = {pt, 0, ALL_FILES};
        by_square.origin = sq.set;
      }
    }
    return forms;
  };

  Context ctx{pos, options.origins, legal};
  auto unique = [&]() {
    bool promotion_missing = false;
    Found found = candidates(ctx, spec, STRICT_MATCH, promotion_missing);
    prefer_identity(ctx, spec, found);
    if (found.size() > 1) apply_claims(ctx, spec.claims, found, false);
    return found.size() == 1 && found.front() == m;
  };
  auto text = [&](const PieceForm& mover, char middle, std::string_view taken, const SquareForm* square) {
    std::string out(mover.text.view());
    out += middle;
    out += taken;
    if (square) {
      if (!taken.empty()) out += '/';
      out += square->text.view();
    }
    out += promotion.view();
    out += ep;
    out += check;
    return out;
  };
  PieceForms movers = piece_forms(m.from(), false);
  PieceForms qualified;  // N(1), N(KB3): built only if the plain forms do not suffice
  SquareForms squares = square_forms(m.to());
  PieceForms taken;
  if (spec.capture) taken = piece_forms(victim, false);
  for (int round = 0; round < 2; ++round) {
    if (round == 1) {
      if (type_of(pos.piece_on(m.from())) == PAWN) break;
      qualified = piece_forms(m.from(), true);
    }
    for (const PieceForm& mover : round == 0 ? movers : qualified) {
      spec.mover = mover.designator;
      spec.origin = mover.origin;
      if (spec.capture) {
        spec.target = SquareSet{};
        for (const PieceForm& t : taken) {
          spec.captured = t.designator;
          if (unique()) return text(mover, 'x', t.text.view(), nullptr);
        }
        for (const PieceForm& t : taken)
          for (const SquareForm& sq : squares) {
            spec.captured = t.designator;
            spec.target = sq.set;
            if (unique()) return text(mover, 'x', t.text.view(), &sq);
          }
      } else {
        for (const SquareForm& sq : squares) {
          spec.target = sq.set;
          if (unique()) return text(mover, '-', "", &sq);
        }
      }
    }
  }
  // Unreachable for legal moves: the last form names the origin square outright.
  const PieceForms& last = qualified.count ? qualified : movers;
  return text(last.items[last.count - 1], spec.capture ? 'x' : '-',
              spec.capture ? taken.items[taken.count - 1].text.view() : "", &squares.items[squares.count - 1]);
}

}  // namespace

std::vector<std::unique_ptr<Codec>> make_descriptive_codecs() {
  std::vector<std::unique_ptr<Codec>> codecs;
  for (DescriptiveStyle style : {DescriptiveStyle{"descriptive", false, false},
                                 DescriptiveStyle{"descriptive-kt", true, false},
                                 DescriptiveStyle{"descriptive-plus", false, true}})
    codecs.push_back(std::make_unique<DescriptiveCodec>(style));
  return codecs;
}

}  // namespace chess::notation
