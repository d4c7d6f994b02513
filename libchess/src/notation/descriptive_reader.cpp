// Reading English descriptive notation: the text folded and read into a Spec
// (descriptive_spec.h), then matched against the legal moves, leniently where books need it
// (relaxed readings, ties decided by the claims and by the moves that follow).
#include <algorithm>
#include <cctype>

#include "chess/uci_move.h"
#include "notation/descriptive.h"
#include "notation/descriptive_spec.h"
#include "notation/text.h"

namespace chess::notation {
namespace descriptive {
namespace {

// A move's text into a Spec: folded to upper-case ASCII (a column kept per character, for
// errors), older books' words made modern, the check and e.p. claims taken off the end,
// then read from the left: piece, qualifier, '-' and square or 'x' and piece, promotion.
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
      if (read_ranked_square(i, spec.target)) {
        spec.captured.type = NO_PIECE_TYPE;  // "Q takes K8": the square named, not the man taken
      } else if (!read_designator(i, spec.captured)) {
        return fail(col(i), "expected the captured piece after 'x'");
      } else if (i + 1 < s_.size() && s_[i] == '/' && !promotion_follows(i + 1)) {
        ++i;
        if (!read_square(i, spec.target)) return fail(col(i), "expected the capture square after '/'");
      } else if (i < s_.size() && s_[i] == '(') {  // "KtxP(B3)": where the man taken stands
        std::size_t k = i + 1;
        if (read_ranked_square(k, spec.target) && k < s_.size() && s_[k] == ')') i = k + 1;
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
    if (i < s_.size()) return fail(col(i), "unexpected " + quoted_char_at(s_, i) + " after the move");
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
      else if (bare == "TAKES" || bare == "TAKE") word = "X";  // Bird prints "take" too
      else if (bare == "SQUARE") word = "SQ";
      else if (bare == "(CH" || bare == "(CH)" || bare == "(CHECK)" || bare == "(CH.)") word = "CH";
      else if (std::string_view mark = bracketed_mark(bare); !mark.empty()) word = std::string(mark);  // "(mate)"
      else if (bare == "EN") { pending_en = true; continue; }
      else if (pending_en && (bare == "PAS" || bare == "PASS" || bare == "PASSANT")) word = "EP";
      else if (bare.size() > 2 && bare.substr(bare.size() - 2) == "'S") word = std::string(bare.substr(0, bare.size() - 2));
      else if (bare.size() >= 2 && bare[0] >= '1' && bare[0] <= '8' &&
               (bare.substr(1) == "ST" || bare.substr(1) == "ND" || bare.substr(1) == "RD" || bare.substr(1) == "TH" ||
                bare.substr(1) == "D"))
        word = std::string(1, bare[0]);
      else if (char rank = ordinal_word(bare)) word = std::string(1, rank);  // "P. to K. fourth"
      else if ((bare == "HIS" || bare == "HER") && owner_file(out, bare))
        word = rank_word(next_word(i)) ? std::string(1, out[0]) : std::string();  // "his B's 2d": B2
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

  // A check, mate or e.p. mark in brackets, as the Blue Book prints them: "(mate)", "(dis.
  // ch.)", "(e.p.)": the mark without them, or empty.
  static std::string_view bracketed_mark(std::string_view w) {
    bool opens = w.starts_with('('), closes = w.ends_with(')');
    if (!opens && !closes) return {};
    if (opens) w.remove_prefix(1);
    if (closes) w.remove_suffix(1);
    while (!w.empty() && w.back() == '.') w.remove_suffix(1);
    for (std::string_view mark : {"CH", "CHECK", "MATE", "DIS", "DBL", "DOUBLE", "E.P", "EP"})
      if (w == mark) return mark;
    return {};
  }

  // A rank spelt out: "fourth", "third"... as its digit, or 0.
  static char ordinal_word(std::string_view w) {
    static constexpr std::string_view ordinals[] = {"FIRST", "SECOND", "THIRD", "FOURTH",
                                                    "FIFTH", "SIXTH",  "SEVENTH", "EIGHTH"};
    for (int r = 0; r < 8; ++r)
      if (w == ordinals[r]) return char('1' + r);
    return 0;
  }

  // "K. to his 2d.", "Q. to her 2d.": the king's or queen's own file, so only after the king
  // or the queen itself (the words read so far, `before`, are that piece and "to"). "K. Kt.
  // to his B's 3d." could mean either flank: left unread. Before a file ("K. to his B's 2d.")
  // the word is left out: some books mean the king's side by it (KB2), others the player's
  // (Lasker: "retired to his Kt3"), and the square the piece reaches tells which B2 (or it
  // is an ambiguity, never a guess).
  static bool owner_file(std::string_view before, std::string_view pronoun) {
    while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
    if (before.empty() || before.back() != '-') return false;  // "to his": the dash "to" became
    before.remove_suffix(1);
    while (!before.empty() && (before.back() == '.' || before.back() == ' ')) before.remove_suffix(1);
    char piece = pronoun == "HIS" ? 'K' : 'Q';
    return before.size() == 1 && before[0] == piece;
  }

  // The word of s_ after position `i`, its dots and commas left out.
  std::string_view next_word(std::size_t i) const {
    while (i < s_.size() && s_[i] == ' ') ++i;
    std::size_t start = i;
    while (i < s_.size() && s_[i] != ' ') ++i;
    std::string_view w = std::string_view(s_).substr(start, i - start);
    while (!w.empty() && (w.back() == '.' || w.back() == ',')) w.remove_suffix(1);
    return w;
  }

  // A rank as books write it: "2", "2d", "second", "sq", "square".
  static bool rank_word(std::string_view w) {
    return (!w.empty() && w[0] >= '1' && w[0] <= '8') || ordinal_word(w) || w == "SQ" || w == "SQUARE";
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

  // O-O, O-O-O, and the books' words: "Castles", with the side named or not ("Castles KR",
  // "Castles (Q. R.)", "Castles, Q. R.", "Castles with Q. R.", "Castles on Q side", "Castles
  // on the Queen's side"). A side that is none of these is no castling (an error, not a guess).
  bool read_castling(Spec& spec) {
    if (s_.empty() || (s_[0] != 'O' && s_[0] != '0' && s_[0] != 'C')) return false;
    std::string t;
    for (char c : s_)
      if (c != ' ' && c != '.' && c != '(' && c != ')' && c != ',' && c != '\'') t += c;
    int side = -1;
    if (t == "O-O" || t == "0-0" || t == "OO") side = 1;
    else if (t == "O-O-O" || t == "0-0-0" || t == "OOO") side = 2;
    else if (std::string_view rest = t; consume(rest, "CASTLES") || consume(rest, "CASTLED") || consume(rest, "CASTLE"))
      side = castling_side(rest);
    if (side < 0) return false;
    spec.castling = true;
    spec.castle_side = side;
    return true;
  }

  static bool consume(std::string_view& s, std::string_view prefix) {
    if (!s.starts_with(prefix)) return false;
    s.remove_prefix(prefix.size());
    return true;
  }

  // The side named after "Castles" (spaces, dots, brackets, commas and apostrophes already
  // taken out): 1 king's, 2 queen's, 0 none named, -1 not a side.
  static int castling_side(std::string_view rest) {
    if (rest.empty()) return 0;
    bool on = consume(rest, "ON");  // "on (the) Q side"; "with (the) Q. R."
    if (!on) consume(rest, "WITH");
    consume(rest, "THE");
    bool side_word = rest.ends_with("SIDE");
    if (side_word) rest.remove_suffix(4);
    if (!on && !side_word && rest == "SHORT") return 1;
    if (!on && !side_word && rest == "LONG") return 2;
    for (std::string_view k : {"K", "KR", "KING", "KINGS", "KINGSR", "KINGSROOK"})
      if (rest == k) return 1;
    for (std::string_view q : {"Q", "QR", "QUEEN", "QUEENS", "QUEENSR", "QUEENSROOK"})
      if (rest == q) return 2;
    return -1;
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

  // A square with its rank written (K8, QB3, Q SQ), which a piece's name alone never is.
  bool read_ranked_square(std::size_t& i, SquareSet& sq) {
    std::size_t k = i;
    SquareSet read;
    if (!read_square(k, read)) return false;
    bool ranked = (s_[k - 1] >= '1' && s_[k - 1] <= '8') || (k >= i + 2 && s_.compare(k - 2, 2, "SQ") == 0);
    if (!ranked) return false;
    sq = read;
    i = k;
    return true;
  }

  // N(1), R(QR3), N/Q2, R(6); a file alone, as books tell two rooks or knights apart by
  // the file they stand on: R(QB)-Q1, R(Kt)-Kt6 (Kt already folded to N).
  void read_qualifier(std::size_t& i, SquareSet& origin) {
    if (i >= s_.size()) return;
    if (s_[i] == '(') {
      std::size_t k = i + 1;
      if (s_.compare(k, 2, "ON") == 0) k += 2;  // Bird's "Kt (on R4) to Kt2"
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
      if (k < s_.size() && s_[k] == '!') ++k;  // "R (on R2!) to R square"
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

}  // namespace

std::optional<NotationError> read_spec(std::string_view text, Spec& spec) { return Reader(text).read(spec); }

}  // namespace descriptive

using namespace descriptive;

namespace {

// First only the moves the text could name as written: the named kind of piece, to the
// squares the text can name (all moves only for castling).
void generate_named(const Position& pos, const Spec& spec, MoveList& legal) {
  if (spec.castling) {
    generate_legal(pos, legal);
    return;
  }
  Bitboard movers = pos.pieces(pos.side_to_move(), spec.mover.type);
  append_piece_moves_to(pos, spec.mover.type, reach(pos, spec) & pseudo_targets(pos, spec.mover.type, movers), legal);
}

// Whether a move does what the text claims of it: check, mate, e.p.
bool claims_hold(Context& ctx, const Claims& claims, Move m) {
  if (claims.ep && m.type() != MoveType::EnPassant) return false;
  if (claims.check == '#') return ctx.check_of(m) == '#';
  return !claims.check || ctx.check_of(m) != 0;
}

bool any_claims_hold(Context& ctx, const Claims& claims, const Found& found) {
  for (Move m : found)
    if (claims_hold(ctx, claims, m)) return true;
  return false;
}

// When nothing matches as written: all the legal moves, under each relaxation in turn
// (NOTATION.md 3.4 step 5), each step keeping those before it; the first that finds a move
// is noted, with every relaxation the reading needed (a pawn's advance read as another's
// capture needs two: the ranks from the other side, and the '-' taken for 'x'). With
// `claims`, only moves that also do what the text claims (the piece and square matched,
// but no such move checks).
Found relaxed_candidates(Context& ctx, MoveList& legal, const Spec& spec, std::string_view text,
                         bool& promotion_missing, std::vector<ReadingNote>& notes, const Claims* claims = nullptr) {
  generate_legal(ctx.pos, legal);
  static const std::pair<unsigned, const char*> relaxations[] = {
      {IGNORE_CAPTURE_MARK, "ignoring a wrong '-' or 'x'"},
      {IGNORE_CAPTURED_TYPE, "ignoring the captured piece's type"},
      {OTHER_SIDE_RANKS, "with ranks counted from the other side"},
      {DROP_FLANK, "ignoring the K/Q flank of the piece"}};
  auto found_with = [&](unsigned relax) {
    Found found = candidates(ctx, spec, relax, promotion_missing);
    if (claims) found.keep_if_any([&](Move m) { return claims_hold(ctx, *claims, m); });
    return !found.empty() && (!claims || any_claims_hold(ctx, *claims, found)) ? found : Found{};
  };
  unsigned relax = STRICT_MATCH;
  for (const auto& step : relaxations) {
    relax |= step.first;
    Found found = found_with(relax);
    if (found.empty()) continue;
    std::string note;
    for (const auto& [flag, words] : relaxations)
      if ((relax & flag) && (flag == step.first || found_with(relax & ~flag).empty()))  // needed
        note += std::string(note.empty() ? "" : ", and ") + words;
    notes.push_back({false, std::string("'") + std::string(text) + "' read " + note});
    return found;
  }
  return {};
}

// The note for a move read though it does not do what the text claims: "'R-R7 ch' read
// though it gives no check", and `why` after it.
ReadingNote claim_fails(const Claims& claims, std::string_view text, std::string_view why = {}) {
  const char* claim = claims.ep ? "it is no capture e.p." : claims.check == '#' ? "it does not mate" : "it gives no check";
  return {false, "'" + std::string(text) + "' read though " + claim + std::string(why)};
}

// The moves the text names do not do what it claims ("R-R2ch" where no rook move to R2
// checks): a move that does, read leniently, if there is one (Bird-Janowski: R-R2ch was R-R7
// ch); else the moves named, with a note that the claim fails. As written (`exact`), none.
Found claims_fail(Context& ctx, const Spec& spec, std::string_view text, bool exact, Found named,
                  std::vector<ReadingNote>& notes) {
  if (exact) return {};
  bool promotion_missing = false;
  MoveList all;
  Context wide{ctx.pos, ctx.origins, all};
  Found found = relaxed_candidates(wide, all, spec, text, promotion_missing, notes, &spec.claims);
  if (!found.empty()) return found;
  notes.push_back(claim_fails(spec.claims, text));
  return named;
}

NotationError no_match(std::string_view text, bool promotion_missing) {
  NotationError e{ErrorKind::Illegal, 1, "", {}};
  e.message = promotion_missing ? "a pawn reaching the eighth rank must promote: add =Q, =R, =B or =N"
                                : "no legal move matches '" + std::string(text) + "'";
  return e;
}

NotationError ambiguity(const Position& pos, std::string_view text, const Found& found) {
  std::string list;
  // Named in UCI: the writer itself calls this reader, so it cannot be used here.
  for (Move m : found) list += (list.empty() ? "" : ", ") + to_uci(pos, m);
  return NotationError{ErrorKind::Ambiguous, 1,
                       "ambiguous: '" + std::string(text) + "' matches " + std::to_string(found.size()) +
                           " legal moves (" + list + ")",
                       found.to_vector()};
}

}  // namespace

ParseResult DescriptiveCodec::resolve(Position& pos, std::string_view text, const ParseOptions& options,
                                      int lookahead, bool weak_evidence, bool exact) const {
  ParseResult result;
  Spec spec;
  if (auto error = read_spec(text, spec)) {
    result.error = error;
    return result;
  }
  MoveList legal;
  generate_named(pos, spec, legal);
  Context ctx{pos, options.origins, legal};
  bool promotion_missing = false;
  Found found = candidates(ctx, spec, STRICT_MATCH, promotion_missing);
  if (found.empty() && !options.strict && !exact)
    found = relaxed_candidates(ctx, legal, spec, text, promotion_missing, result.notes);
  else if (!found.empty() && !any_claims_hold(ctx, spec.claims, found)) {
    // The moves named do not do what the text claims: the lenient reading that does, unless
    // the moves that follow show the text meant what it names (QxP ch K-B2: the pawn taken,
    // no check, where the knight taken with check leaves K-B2 illegal).
    const Found named = found;
    std::vector<ReadingNote> lenient;
    found = claims_fail(ctx, spec, text, options.strict || exact, named, lenient);
    if (meant_as_named(pos, options, lookahead, named, found)) {
      result.notes.push_back(claim_fails(spec.claims, text, ", as the moves that follow show"));
    } else {
      result.notes.insert(result.notes.end(), lenient.begin(), lenient.end());
    }
  }
  if (found.empty()) {
    result.error = no_match(text, promotion_missing);
    return result;
  }
  prefer_identity(ctx, spec, found);
  if (found.size() > 1) apply_claims(ctx, spec.claims, found, false);
  if (found.size() > 1 && lookahead > 0 && !options.following.empty() &&
      decide_by_following(pos, options, lookahead, found))
    result.notes.push_back({false, "'" + std::string(text) + "' decided by the moves that follow"});
  if (found.size() > 1 && weak_evidence) apply_claims(ctx, spec.claims, found, true);
  if (found.size() > 1) {
    result.error = ambiguity(pos, text, found);
    return result;
  }
  result.move = found.front();
  if (options.strict) {
    // Inside PGN the writer puts N/R6-B7 for N(R6)-B7 (FormatOptions::pgn_safe): canonical too.
    std::string canonical = format(pos, result.move, FormatOptions{options.origins});
    if (canonical != text && format(pos, result.move, FormatOptions{options.origins, true}) != text) {
      result.error = NotationError{ErrorKind::Unreadable, 1, non_canonical_note(text, name(), canonical), {result.move}};
      result.move = Move::none();
    }
  }
  return result;
}

// Whether the moves that follow keep only moves `named` as written, of those and a lenient
// reading's (`found`, which then holds them).
bool DescriptiveCodec::meant_as_named(Position& pos, const ParseOptions& options, int lookahead, const Found& named,
                                      Found& found) const {
  auto is_named = [&](Move m) { return std::find(named.begin(), named.end(), m) != named.end(); };
  if (std::all_of(found.begin(), found.end(), is_named) || lookahead <= 0 || options.following.empty()) return false;
  Found both = named;
  for (Move m : found)
    if (!is_named(m)) both.push_back(m);
  if (!decide_by_following(pos, options, lookahead, both) || !std::all_of(both.begin(), both.end(), is_named))
    return false;
  found = both;
  return true;
}

// The moves after each candidate decide: read as written first, and only if no candidate's
// line reads so, leniently. A lenient reading never decides between two strict ones
// (Mason-Bird 1892, 26 R-B3 BxR: only Rf3 lets the bishop take a rook). The moves are looked
// at 3 plies ahead, then twice as far each time, up to all those given (the rest of a game
// a book prints one move pair a line): each horizon keeps the candidates that go on that
// far, until one is left; if none goes on that far, nothing more is decided.
bool DescriptiveCodec::decide_by_following(Position& pos, const ParseOptions& options, int lookahead,
                                           Found& found) const {
  int available = int(options.following.size());
  for (int horizon = std::min(lookahead, available);; horizon = std::min(2 * horizon, available)) {
    int budget = LOOKAHEAD_BUDGET;
    Found viable;
    for (bool exact_line : {true, false}) {
      for (Move m : found) {
        PieceOrigins next = options.origins ? *options.origins : PieceOrigins(pos);
        next.update(pos, m);
        pos.make_move(m);
        bool ok = line_continues(pos, next, options.following, horizon, exact_line, budget);
        pos.unmake_move(m);
        if (ok) viable.push_back(m);
      }
      if (!viable.empty()) break;
    }
    if (viable.empty() || budget <= 0) return false;
    found = viable;
    if (found.size() == 1) return true;
    if (horizon >= available) return false;
  }
}

// True if the next `plies` moves of the line read legally (each uniquely or not) after this
// one. A tie among them is not decided here: each of its moves is tried. Each move read
// spends one of `budget`; when it is spent, the line is taken to go on (nothing decided).
bool DescriptiveCodec::line_continues(Position& pos, const PieceOrigins& origins,
                                      std::span<const std::string_view> following, int plies, bool exact,
                                      int& budget) const {
  if (plies == 0 || following.empty() || --budget < 0) return true;
  ParseOptions options;
  options.origins = &origins;
  ParseResult r = resolve(pos, following.front(), options, 0, true, exact);
  if (!r.ok() && (!r.error || r.error->kind != ErrorKind::Ambiguous)) return false;
  std::vector<Move> moves = r.ok() ? std::vector<Move>{r.move} : r.error->candidates;
  for (Move m : moves) {
    PieceOrigins next = origins;
    next.update(pos, m);
    pos.make_move(m);
    bool ok = line_continues(pos, next, following.subspan(1), plies - 1, exact, budget);
    pos.unmake_move(m);
    if (ok) return true;
  }
  return false;
}

}  // namespace chess::notation
