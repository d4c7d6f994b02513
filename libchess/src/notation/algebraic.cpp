// The algebraic family: SAN, long algebraic, figurine, Chinese-piece SAN and SAN with
// other languages' piece letters. They differ only in the names of the pieces (and LAN
// in always naming the origin), so one reader and one writer serve them all, driven by
// a table per dialect.
#include "notation/algebraic.h"

#include "chess/notation/move_text.h"

#include <algorithm>
#include <cstdlib>

#include "chess/movegen.h"
#include "notation/san_parts.h"
#include "notation/text.h"

namespace chess::notation {
namespace {

std::u32string u32(std::string_view utf8) {
  std::u32string out;
  for (const Glyph& g : decode(utf8)) out += g.c;
  return out;
}

std::string utf8(std::u32string_view text) {
  std::string out;
  for (char32_t c : text) append_utf8(out, c);
  return out;
}

bool is_file(char32_t c) { return c >= U'a' && c <= U'h'; }
bool is_rank(char32_t c) { return c >= U'1' && c <= U'8'; }
bool is_check_mark(char32_t c) { return c == U'+' || c == U'#' || c == U'†' || c == U'‡'; }

const char* piece_word(PieceType pt) {
  static const char* names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return names[pt];
}

// --- Reading ------------------------------------------------------------------------

// What the text says about the move, before it is matched against the legal moves.
struct MoveSpec {
  bool castling = false;
  int castle_side = 0;  // 1 king side, 2 queen side, 0 unstated
  std::optional<PieceType> piece;
  int from_file = -1, from_rank = -1;
  int to = -1;
  int to_file_only = -1;  // "cd:": a pawn capture named by files alone
  bool capture = false;
  std::optional<PieceType> promotion;
  std::optional<PieceType> captured;  // reversible algebraic names the captured piece
  char check_claim = 0;               // '+', '#', or 0
  bool ep_claim = false;
  std::size_t to_column = 1;
};

struct Reading {
  MoveSpec spec;
  std::optional<NotationError> error;
  std::vector<ReadingNote> notes;
};

NotationError unreadable(std::size_t column, std::string message) {
  return NotationError{ErrorKind::Unreadable, column, std::move(message), {}};
}

bool ends_with_ci(const Glyph* g, std::size_t end, std::u32string_view suffix) {
  if (end < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    char32_t c = g[end - suffix.size() + i].c;
    if (c >= U'A' && c <= U'Z') c += 32;
    if (c != suffix[i]) return false;
  }
  return true;
}

class AlgebraicReader {
public:
  AlgebraicReader(const AlgebraicDialect& d, bool lower_b_is_bishop) : d_(d), lower_b_bishop_(lower_b_is_bishop) {}

  Reading read(std::string_view text) {
    std::size_t n = decode(text, g_, MAX_GLYPHS);
    if (n == SIZE_MAX) return fail(1, "too long for a move");
    end_ = n;
    while (end_ > 0 && g_[end_ - 1].c == U' ') --end_;
    while (begin_ < end_ && g_[begin_].c == U' ') ++begin_;
    if (begin_ == end_) return fail(1, "empty move");
    strip_suffixes();
    if (r_.error) return r_;
    if (read_castling()) return r_;
    atomize_and_interpret();
    return r_;
  }

private:
  Reading fail(std::size_t column, std::string message) {
    r_.error = unreadable(column, std::move(message));
    return r_;
  }

  // Annotation glyphs, check and mate claims and "e.p." at the end of the token.
  void strip_suffixes() {
    for (bool again = true; again && end_ > begin_;) {
      again = false;
      char32_t c = g_[end_ - 1].c;
      if (c == U'!' || c == U'?' || c == U'\u203C' || c == U'\u2047' || c == U'\u2048' || c == U'\u2049') {
        --end_;
        again = true;
      } else if (end_ - begin_ > 2 && (c == U'x' || c == U'X') && g_[end_ - 2].c == U' ') {
        // A mark standing apart after the move: "后f5-f7 ×" is the Chinese texts' mate sign.
        if (d_.chinese) r_.spec.check_claim = '#';
        end_ -= 2;
        again = true;
      } else if (is_check_mark(c)) {
        char claim = (c == U'#' || c == U'‡') ? '#' : '+';
        if (r_.spec.check_claim != '#') r_.spec.check_claim = claim;
        --end_;
        again = true;
      } else if (d_.chinese && (ends_with_ci(g_, end_, U"将军") || ends_with_ci(g_, end_, U"將軍") ||
                                ends_with_ci(g_, end_, U"双将") || ends_with_ci(g_, end_, U"雙將"))) {
        r_.spec.check_claim = '+';
        end_ -= 2;
        again = true;
      } else if (d_.chinese && (ends_with_ci(g_, end_, U"将杀") || ends_with_ci(g_, end_, U"将死") ||
                                ends_with_ci(g_, end_, U"將殺") || ends_with_ci(g_, end_, U"將死"))) {
        r_.spec.check_claim = '#';
        end_ -= 2;
        again = true;
      } else if (d_.chinese && ends_with_ci(g_, end_, U"吃过路兵")) {
        r_.spec.ep_claim = true;
        end_ -= 4;
        again = true;
      } else {
        // "e.p." claims, right after the destination square ("exd6e.p.", "exd6 ep") or
        // after its check mark ("exd6+ e.p.", as books print it too).
        if (c != U'.' && c != U'p' && c != U'P' && c != U')') break;
        for (std::u32string_view ep : {U"e.p.", U"e.p", U"(ep)", U"ep"}) {
          if (!ends_with_ci(g_, end_, ep)) continue;
          std::size_t j = end_ - ep.size();
          while (j > begin_ && g_[j - 1].c == U' ') --j;
          if (j > begin_ && (is_rank(g_[j - 1].c) || is_check_mark(g_[j - 1].c))) {
            r_.spec.ep_claim = true;
            end_ = j;
            again = true;
            break;
          }
        }
      }
      while (end_ > begin_ && g_[end_ - 1].c == U' ') --end_;
    }
    if (end_ == begin_) fail(g_[0].column, "no move before the annotation or check mark");
  }

  bool read_castling() {
    if (d_.chinese) {
      std::u32string body;
      for (std::size_t i = begin_; i < end_; ++i) body += g_[i].c;
      if (body == U"短易位") return castle(1);
      if (body == U"长易位" || body == U"長易位") return castle(2);
      if (body == U"易位" || body == U"王车易位" || body == U"王車易位") return castle(0);
    }
    int os = 0;
    bool only_castling_glyphs = true;
    for (std::size_t i = begin_; i < end_ && only_castling_glyphs; ++i) {
      char32_t c = g_[i].c;
      if (c == U'O' || c == U'0' || c == U'o') ++os;
      else if (c != U'-') only_castling_glyphs = false;
    }
    if (!only_castling_glyphs || (os != 2 && os != 3)) return false;
    return castle(os == 2 ? 1 : 2);
  }

  bool castle(int side) {
    r_.spec.castling = true;
    r_.spec.castle_side = side;
    return true;
  }

  // Longest piece name of the dialect starting at i, or 0.
  std::size_t match_piece(std::size_t i, PieceType& pt, const char*& note, bool& spelling_only) const {
    char32_t c = g_[i].c;
    if (c < 128 && !(d_.ascii_starts[c >> 6] & (uint64_t(1) << (c & 63)))) return 0;
    std::size_t best = 0;
    for (const auto& name : d_.read) {
      std::size_t n = name.text.size();
      if (n <= best || i + n > end_) continue;
      bool same = true;
      for (std::size_t k = 0; k < n && same; ++k) same = g_[i + k].c == name.text[k];
      if (same) {
        best = n;
        pt = name.type;
        note = name.note;
        spelling_only = name.spelling_only;
      }
    }
    return best;
  }

  struct Coord {
    int file = -1, rank = -1;
    std::size_t column;
  };

  void atomize_and_interpret() {
    MoveSpec& s = r_.spec;
    std::vector<Coord> coords;
    bool after_dest_piece = false;
    for (std::size_t i = begin_; i < end_;) {
      char32_t c = g_[i].c;
      std::size_t col = g_[i].column;
      PieceType pt = NO_PIECE_TYPE;
      const char* note = nullptr;
      bool spelling_only = true;
      // A lower-case 'b' is a file, except right after the destination at the end: there
      // only a promotion piece can stand ("d7d8b"); and first, when read as a bishop ("bb5").
      bool file_b = c == U'b' && !(lower_b_bishop_ && i == begin_) &&
                    !(!coords.empty() && coords.back().file >= 0 && coords.back().rank >= 0 && !after_dest_piece &&
                      (i + 1 == end_ || g_[i + 1].c == U')' || g_[i + 1].c == U']'));
      if (std::size_t n = file_b ? 0 : match_piece(i, pt, note, spelling_only)) {
        if (note) r_.notes.push_back({spelling_only, note});
        if (coords.empty() && !s.piece && i == begin_) s.piece = pt;
        else if (!coords.empty() && coords.back().file >= 0 && coords.back().rank >= 0 && !after_dest_piece &&
                 (i + n == end_ || g_[i + n].c == U')' || g_[i + n].c == U']'))
          s.promotion = pt, after_dest_piece = true;
        else if (!coords.empty() && !s.captured) s.captured = pt;
        else {
          fail(col, "unexpected piece name '" + utf8(std::u32string(1, c)) + "' here");
          return;
        }
        i += n;
      } else if (is_file(c)) {
        coords.push_back({int(c - U'a'), -1, col});
        if (i + 1 < end_ && is_rank(g_[i + 1].c)) coords.back().rank = int(g_[++i].c - U'1');
        ++i;
      } else if (is_rank(c)) {
        coords.push_back({-1, int(c - U'1'), col});
        ++i;
      } else if (c == U'x' || c == U':' || c == U'X' || (d_.chinese && c == U'吃')) {
        s.capture = true;
        ++i;
      } else if (c == U'-' || c == U'=' || c == U'(' || c == U')' || c == U'/' || c == U'[' || c == U']' || c == U' ' ||
                 (d_.chinese && c == U'到')) {
        ++i;
      } else {
        fail(col, "unexpected " + quoted_char(c) + ": expected a piece " +
                      (d_.canonical_san ? std::string("letter (K Q R B N)") : std::string("name")) +
                      ", a square, 'x' or a promotion");
        return;
      }
    }
    // Old books' pawn captures by files alone: "cd:", "exd" (c-pawn takes on the d-file).
    if (!s.piece && coords.size() == 2 && coords[0].rank < 0 && coords[1].rank < 0 && coords[0].file >= 0 &&
        coords[1].file >= 0 && std::abs(coords[0].file - coords[1].file) == 1) {
      s.from_file = coords[0].file;
      s.to_file_only = coords[1].file;
      s.capture = true;
      s.to_column = coords[1].column;
      return;
    }
    if (coords.empty() || coords.back().file < 0 || coords.back().rank < 0) {
      fail(coords.empty() ? g_[end_ - 1].column : coords.back().column, "expected a destination square such as e4");
      return;
    }
    if (coords.size() > 2) {
      fail(coords[2].column, "too many squares: expected at most an origin and a destination");
      return;
    }
    s.to = make_square(File(coords.back().file), Rank(coords.back().rank));
    s.to_column = coords.back().column;
    if (coords.size() == 2) {
      s.from_file = coords[0].file;
      s.from_rank = coords[0].rank;
    }
  }

  const AlgebraicDialect& d_;
  bool lower_b_bishop_;
  // No move in any dialect is near this long; a fixed buffer keeps reading allocation-free.
  static constexpr std::size_t MAX_GLYPHS = 64;
  Glyph g_[MAX_GLYPHS];
  std::size_t begin_ = 0, end_ = 0;
  Reading r_;
};

// The common case, read straight from the bytes: SAN or long algebraic as PGN writes it
// ([KQRBN][a-h][1-8][x-][a-h][1-8][=QRBN][+#], O-O, O-O-O, trailing ! and ?). Anything
// else (other letters, Unicode, spaces, lenient forms) goes to AlgebraicReader, which reads
// these too: this only skips its decoding and tokenising on the hot path.
bool read_plain_san(std::string_view t, MoveSpec& s) {
  while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
  if (!t.empty() && (t.back() == '+' || t.back() == '#')) {
    s.check_claim = t.back();
    t.remove_suffix(1);
  }
  if (t == "O-O" || t == "O-O-O") {
    s.castling = true;
    s.castle_side = t.size() == 3 ? 1 : 2;
    return true;
  }
  std::size_t i = 0, n = t.size();
  auto piece_of = [](char c) -> std::optional<PieceType> {
    PieceType pt = english_piece(c);
    return pt == NO_PIECE_TYPE || pt == PAWN ? std::nullopt : std::optional(pt);
  };
  if (n >= 2 && t[n - 2] == '=') {
    s.promotion = piece_of(t[n - 1]);
    if (!s.promotion || *s.promotion == KING) return false;
    n -= 2;
  }
  if (n < 2 || t[n - 2] < 'a' || t[n - 2] > 'h' || t[n - 1] < '1' || t[n - 1] > '8') return false;
  s.to = make_square(File(t[n - 2] - 'a'), Rank(t[n - 1] - '1'));
  s.to_column = n - 1;
  if (i < n - 2 && (s.piece = piece_of(t[i]))) ++i;
  if (i < n - 2 && t[i] >= 'a' && t[i] <= 'h') s.from_file = t[i++] - 'a';
  if (i < n - 2 && t[i] >= '1' && t[i] <= '8') s.from_rank = t[i++] - '1';
  if (i < n - 2 && (t[i] == 'x' || t[i] == '-')) s.capture = t[i++] == 'x';
  return i == n - 2;
}

// --- Matching the reading against the legal moves ------------------------------------

struct Match {
  std::vector<Move> moves;
  bool promotion_missing = false;
};

Match match(const Position& pos, const MoveSpec& s) {
  Match result;
  MoveList legal;
  // A named destination narrows generation to it; castling and file-only captures, and
  // king moves that may be castling in disguise (e1g1 names g1, the move lands on h1), need all.
  bool king_named = s.piece ? *s.piece == KING
                             : s.from_file >= 0 && s.from_rank >= 0 &&
                                   type_of(pos.piece_on(make_square(File(s.from_file), Rank(s.from_rank)))) == KING;
  // A king move may be castling written as the king's step only when castling rights remain.
  bool may_castle = king_named && pos.can_castle(pos.side_to_move() == WHITE ? WHITE_CASTLING : BLACK_CASTLING);
  bool narrow = !s.castling && s.to_file_only < 0 && s.to >= 0 && !may_castle;
  if (narrow) {
    // Work back from the square: only the named kind of piece (or, for "g1f3", whatever
    // stands on the named origin) can be meant.
    PieceType pt = PAWN;
    if (s.piece) {
      pt = *s.piece;
    } else if (s.from_file >= 0 && s.from_rank >= 0) {
      Piece there = pos.piece_on(make_square(File(s.from_file), Rank(s.from_rank)));
      pt = there != NO_PIECE && color_of(there) == pos.side_to_move() ? type_of(there) : PAWN;
    }
    generate_legal_piece_to(pos, pt, Square(s.to), legal);
  } else {
    generate_legal(pos, legal);
  }
  for (Move m : legal) {
    if (m.type() == MoveType::Castling) {
      bool king_side = m.to() > m.from();
      if (s.castling) {
        if (s.castle_side == 0 || (s.castle_side == 1) == king_side) result.moves.push_back(m);
        continue;
      }
      // Castling written as the king's move (Kg1, e1g1) or king takes rook (e1h1).
      Square king_to = Position::castling_king_to(pos.side_to_move(), king_side);
      bool king_named = !s.piece || *s.piece == KING;
      bool from_ok = s.from_file == file_of(m.from()) && s.from_rank == rank_of(m.from());
      if (king_named && from_ok && (s.to == king_to || s.to == m.to()) && king_to != m.from())
        result.moves.push_back(m);
      continue;
    }
    if (s.castling) continue;
    if (s.to_file_only >= 0 ? file_of(m.to()) != s.to_file_only : m.to() != s.to) continue;
    if (s.to_file_only >= 0 && (pos.empty(m.to()) && m.type() != MoveType::EnPassant)) continue;
    PieceType mover = type_of(pos.piece_on(m.from()));
    bool full_origin = s.from_file >= 0 && s.from_rank >= 0;
    if (s.piece ? *s.piece != mover : (mover != PAWN && !full_origin)) continue;
    if (s.from_file >= 0 && s.from_file != file_of(m.from())) continue;
    if (s.from_rank >= 0 && s.from_rank != rank_of(m.from())) continue;
    if (m.type() == MoveType::Promotion) {
      if (!s.promotion) {
        result.promotion_missing = true;
        continue;
      }
      if (*s.promotion != m.promotion()) continue;
    } else if (s.promotion) {
      continue;
    }
    result.moves.push_back(m);
  }
  // Castling written as a king move (Kg1, e1g1) is a lenient reading: where a real king
  // step fits the same text (Chess960), the text means the step.
  if (result.moves.size() > 1 && !s.castling) {
    bool step = false;
    for (Move m : result.moves) step |= m.type() != MoveType::Castling;
    if (step) std::erase_if(result.moves, [](Move m) { return m.type() == MoveType::Castling; });
  }
  return result;
}

}  // namespace

AlgebraicCodec::AlgebraicCodec(AlgebraicDialect dialect) : d_(std::move(dialect)) {
  std::sort(d_.read.begin(), d_.read.end(),
            [](const PieceName& a, const PieceName& b) { return a.text.size() > b.text.size(); });
  for (const PieceName& name : d_.read)
    if (name.text[0] < 128) d_.ascii_starts[name.text[0] >> 6] |= uint64_t(1) << (name.text[0] & 63);
  for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) {
    names_[WHITE][pt] = utf8(d_.write[pt]);
    names_[BLACK][pt] = utf8(d_.write_black[pt].empty() ? d_.write[pt] : d_.write_black[pt]);
  }
}


std::string AlgebraicCodec::format(Position& pos, Move m, const FormatOptions& options) const {
  SanParts p = san_parts(pos, m, !d_.long_form, options.check_mark);
  std::string out;
  if (p.castling) {
    out = p.king_side ? "O-O" : "O-O-O";
  } else {
    if (p.piece != PAWN) out += piece_name(p.piece, pos.side_to_move());
    if (d_.long_form) {
      out += char('a' + file_of(p.from));
      out += char('1' + rank_of(p.from));
      out += p.capture ? 'x' : '-';
    } else {
      if (p.show_file) out += char('a' + file_of(p.from));
      if (p.show_rank) out += char('1' + rank_of(p.from));
      if (p.capture) out += 'x';
    }
    out += char('a' + file_of(p.to));
    out += char('1' + rank_of(p.to));
    if (p.promotion) {
      out += '=';
      out += piece_name(p.promotion, pos.side_to_move());
    }
  }
  if (p.check) out += p.check;
  return out;
}

namespace {

std::string target_name(const MoveSpec& s) {
  if (s.to_file_only >= 0) return std::string("the ") + char('a' + s.to_file_only) + "-file";
  return square_name(Square(s.to));
}

std::string describe(const Position& pos, const MoveSpec& s) {
  if (s.castling) return "castling";
  PieceType pt = s.piece ? *s.piece : PAWN;
  std::string who = std::string(pos.side_to_move() == WHITE ? "white " : "black ") + piece_word(pt);
  if (!s.piece && s.from_file >= 0 && s.from_rank >= 0) who = "piece";
  std::string from;
  if (s.from_file >= 0) from += char('a' + s.from_file);
  if (s.from_rank >= 0) from += char('1' + s.from_rank);
  if (!from.empty()) who += " on " + from;
  return who;
}

// Lenient English: a lower-case 'b' is a file first, a bishop only if that fails. True
// (and `reading`, `found` replaced) if read as a bishop it names a legal move.
bool read_as_bishop(const AlgebraicDialect& d, const Position& pos, std::string_view text, Reading& reading,
                    Match& found) {
  std::size_t first = text.find_first_not_of(' ');
  if (first == std::string_view::npos || text[first] != 'b') return false;
  Reading as_bishop = AlgebraicReader(d, true).read(text);
  if (as_bishop.error) return false;
  Match bishop = match(pos, as_bishop.spec);
  if (bishop.moves.empty()) return false;
  reading = std::move(as_bishop);
  found = std::move(bishop);
  reading.notes.push_back({false, "lower-case 'b' read as a bishop: no pawn move matches"});
  return true;
}

std::string no_match_message(const Position& pos, const MoveSpec& s, bool promotion_missing) {
  if (promotion_missing) return "a pawn reaching " + target_name(s) + " must promote: add =Q, =R, =B or =N";
  if (s.castling) return "castling is not legal here";
  if (s.from_file >= 0 && s.from_rank >= 0) {
    // The origin is named outright: say what stands there.
    Square from = make_square(File(s.from_file), Rank(s.from_rank));
    Piece there = pos.piece_on(from);
    if (there == NO_PIECE) return "no piece on " + square_name(from);
    if (color_of(there) != pos.side_to_move())
      return "the piece on " + square_name(from) + " is " + (color_of(there) == WHITE ? "White's" : "Black's") +
             ", and it is the other side's move";
    return std::string("the ") + (color_of(there) == WHITE ? "white " : "black ") + piece_word(type_of(there)) +
           " on " + square_name(from) + " cannot move to " + target_name(s);
  }
  return "no " + describe(pos, s) + " can " + (s.to_file_only >= 0 ? "capture on " : "move to ") + target_name(s);
}

// No legal move matches: why, and as suggestions the legal moves to the same square or of
// the same piece.
NotationError no_match(const Position& pos, const MoveSpec& s, bool promotion_missing) {
  NotationError e{ErrorKind::Illegal, s.to_column, no_match_message(pos, s, promotion_missing), {}};
  if (s.castling) return e;
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal)
    if ((s.to >= 0 && m.to() == Square(s.to)) || (s.piece && type_of(pos.piece_on(m.from())) == *s.piece))
      e.candidates.push_back(m);
  return e;
}

}  // namespace

ParseResult AlgebraicCodec::parse(Position& pos, std::string_view text, const ParseOptions& options) const {
  ParseResult result;
  Reading reading;
  if (!(d_.english && !d_.figurine && read_plain_san(text, reading.spec)))
    reading = AlgebraicReader(d_, false).read(text);
  Match found;
  // "bf1b5": no pawn move at all, but a bishop's.
  if (reading.error && d_.english && !options.strict) read_as_bishop(d_, pos, text, reading, found);
  if (reading.error) {
    result.error = reading.error;
    // Analysis programs write a pass as "--" or "Z0": say so, not only what was expected.
    if (is_null_move_text(text))
      result.error->message = "'" + std::string(text) + "' is a null move (a pass, as analysis programs write it): not "
                              "a move of the game, and not allowed in PGN";
    return result;
  }
  if (found.moves.empty()) found = match(pos, reading.spec);
  if (found.moves.empty() && d_.english && !options.strict) read_as_bishop(d_, pos, text, reading, found);
  const MoveSpec& s = reading.spec;
  if (found.moves.empty()) {
    result.error = no_match(pos, s, found.promotion_missing);
    return result;
  }
  if (found.moves.size() > 1) {
    std::string list;
    for (Move m : found.moves) list += (list.empty() ? "" : ", ") + format(pos, m);
    result.error = NotationError{ErrorKind::Ambiguous, s.to_column,
                                 "ambiguous: " + std::to_string(found.moves.size()) + " legal moves match (" + list + ")",
                                 found.moves};
    return result;
  }
  Move m = found.moves.front();
  result.move = m;
  result.notes = std::move(reading.notes);
  if (s.ep_claim && m.type() != MoveType::EnPassant) {
    result.error = NotationError{ErrorKind::Illegal, 1, "marked e.p., but " + format(pos, m) + " is not an e.p. capture",
                                 {m}};
    result.move = Move::none();
    return result;
  }
  // Anything but the canonical text is a lenient reading: a note, or an error if strict.
  if (!options.strict && !options.spelling_notes) return result;
  std::string canonical = format(pos, m);
  if (!is_canonical(text, canonical, pos.side_to_move())) {
    std::string note = non_canonical_note(text, d_.name, canonical);
    // Said once: the spelling notes already taken ("lower-case piece letter") say why.
    std::string why;
    std::erase_if(result.notes, [&](const ReadingNote& n) {
      if (n.spelling_only) why += (why.empty() ? "" : "; ") + n.message;
      return n.spelling_only;
    });
    if (!why.empty()) note += " (" + why + ")";
    if (options.strict) {
      result.error = NotationError{ErrorKind::Unreadable, 1, note, {m}};
      result.move = Move::none();
      return result;
    }
    result.notes.push_back({true, std::move(note)});
  }
  return result;
}

// Canonical but for annotation glyphs (!, ?) and, in figurine, either colour's glyphs.
bool AlgebraicCodec::is_canonical(std::string_view text, const std::string& canonical, Color side) const {
  while (!text.empty() && (text.back() == '!' || text.back() == '?')) text.remove_suffix(1);
  if (text == canonical) return true;
  if (!d_.figurine) return false;
  std::u32string t = u32(text), c = u32(canonical);
  while (!t.empty() && (t.back() == U'!' || t.back() == U'?')) t.pop_back();
  if (d_.figurine) {
    auto fold_colour = [](std::u32string& s) {
      for (char32_t& ch : s)
        if (ch >= 0x265A && ch <= 0x265F) ch -= 6;
    };
    fold_colour(t);
    fold_colour(c);
  }
  (void)side;
  return t == c;
}

// --- The dialects --------------------------------------------------------------------

namespace {

// Piece letters P N B R Q K of a language, as one string per piece (NOTATION.md 4.2).
AlgebraicDialect language(std::string name, std::array<std::string_view, 6> letters) {
  AlgebraicDialect d;
  d.name = std::move(name);
  for (int pt = PAWN; pt <= KING; ++pt) {
    std::u32string text = u32(letters[pt - 1]);
    if (pt != PAWN) d.write[pt] = text;
    d.read.push_back({text, PieceType(pt), nullptr});
  }
  return d;
}

AlgebraicDialect english(std::string name, bool long_form) {
  AlgebraicDialect d = language(std::move(name), {"P", "N", "B", "R", "Q", "K"});
  d.long_form = long_form;
  d.english = true;
  for (auto [text, pt] : {std::pair{U"n", KNIGHT}, {U"r", ROOK}, {U"q", QUEEN}, {U"k", KING}, {U"b", BISHOP}})
    d.read.push_back({text, pt, "lower-case piece letter"});
  d.read.push_back({U"S", KNIGHT, "'S' read as a knight"});  // common in typed scoresheets
  d.read.push_back({U"Kt", KNIGHT, "'Kt' read as a knight"});  // older English books: Ktf3
  return d;
}

AlgebraicDialect figurine() {
  AlgebraicDialect d = english("fan", false);
  d.figurine = true;
  const char32_t white[] = {0, U'♙', U'♘', U'♗', U'♖', U'♕', U'♔'};
  for (int pt = PAWN; pt <= KING; ++pt) {
    if (pt != PAWN) {
      d.write[pt] = std::u32string(1, white[pt]);
      d.write_black[pt] = std::u32string(1, white[pt] + 6);
    }
    d.read.push_back({std::u32string(1, white[pt]), PieceType(pt), nullptr});
    d.read.push_back({std::u32string(1, white[pt] + 6), PieceType(pt), nullptr});
  }
  return d;
}

AlgebraicDialect chinese() {
  AlgebraicDialect d;
  d.name = "chinese";
  d.chinese = true;
  d.write[KING] = U"王";
  d.write[QUEEN] = U"后";
  d.write[ROOK] = U"车";
  d.write[BISHOP] = U"象";
  d.write[KNIGHT] = U"马";
  d.read = {{U"王", KING, nullptr},     {U"后", QUEEN, nullptr},   {U"車", ROOK, nullptr},
            {U"车", ROOK, nullptr},     {U"象", BISHOP, nullptr},  {U"主教", BISHOP, nullptr},
            {U"马", KNIGHT, nullptr},   {U"馬", KNIGHT, nullptr},  {U"兵", PAWN, nullptr},
            {U"後", QUEEN, "'後' read as the queen '后' (a simplified-to-traditional converter error)", false},
            {U"K", KING, nullptr},      {U"Q", QUEEN, nullptr},    {U"R", ROOK, nullptr},
            {U"B", BISHOP, nullptr},    {U"N", KNIGHT, nullptr}};
  return d;
}

}  // namespace

std::vector<std::unique_ptr<Codec>> make_algebraic_codecs() {
  std::vector<std::unique_ptr<Codec>> codecs;
  auto add = [&](AlgebraicDialect d) { codecs.push_back(std::make_unique<AlgebraicCodec>(std::move(d))); };
  AlgebraicDialect san = english("san", false);
  san.canonical_san = true;
  add(std::move(san));
  add(english("lan", true));
  add(figurine());
  add(chinese());
  const std::pair<const char*, std::array<std::string_view, 6>> languages[] = {
      {"san-de", {"B", "S", "L", "T", "D", "K"}}, {"san-da", {"B", "S", "L", "T", "D", "K"}},
      {"san-no", {"B", "S", "L", "T", "D", "K"}}, {"san-sv", {"B", "S", "L", "T", "D", "K"}},
      {"san-fr", {"P", "C", "F", "T", "D", "R"}}, {"san-es", {"P", "C", "A", "T", "D", "R"}},
      {"san-it", {"P", "C", "A", "T", "D", "R"}}, {"san-pt", {"P", "C", "B", "T", "D", "R"}},
      {"san-nl", {"O", "P", "L", "T", "D", "K"}}, {"san-cs", {"P", "J", "S", "V", "D", "K"}},
      {"san-pl", {"P", "S", "G", "W", "H", "K"}}, {"san-hu", {"G", "H", "F", "B", "V", "K"}},
      {"san-fi", {"P", "R", "L", "T", "D", "K"}}, {"san-ro", {"P", "C", "N", "T", "D", "R"}},
      {"san-ru", {"п", "К", "С", "Л", "Ф", "Кр"}},
  };
  for (const auto& [name, letters] : languages) add(language(name, letters));
  return codecs;
}

}  // namespace chess::notation
