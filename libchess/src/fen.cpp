// FEN / EPD / X-FEN / Shredder-FEN reading and writing.
//
// Reading is strict: a FEN is a position to set up, and a silently repaired one is a
// different position. Each check names the field and column and what was expected.
#include <algorithm>
#include <bit>
#include <charconv>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"

namespace chess {

const char* to_string(FenField field) {
  switch (field) {
    case FenField::Placement: return "piece placement";
    case FenField::SideToMove: return "side to move";
    case FenField::Castling: return "castling";
    case FenField::EnPassant: return "en passant";
    case FenField::HalfmoveClock: return "halfmove clock";
    case FenField::FullmoveNumber: return "fullmove number";
    case FenField::Record: break;
  }
  return "record";
}

namespace {

constexpr std::string_view PIECE_LETTERS = " PNBRQK  pnbrqk";

struct Token {
  std::string_view text;
  std::size_t column;  // 1-based
};

std::vector<Token> split_fields(std::string_view fen) {
  std::vector<Token> fields;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
    if (i > start) fields.push_back({fen.substr(start, i - start), start + 1});
  }
  return fields;
}

// 'text', built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + std::string.
std::string quoted(std::string_view text) {
  std::string out(1, '\'');
  out.append(text);
  out += '\'';
  return out;
}

std::string quote(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  constexpr const char* HEX = "0123456789ABCDEF";
  unsigned char u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + HEX[u >> 4] + HEX[u & 15];
}

bool has_legal_ep_capture(const Position& pos) {
  if (!pos.ep_capturable()) return false;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (m.type() == MoveType::EnPassant) return true;
  return false;
}

const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }

}  // namespace

// Friend of Position: fills it field by field, stopping at the first error.
class FenReader {
public:
  FenReader(Position& pos, const FenOptions& options) : pos_(pos), options_(options) {}

  std::optional<FenError> read(std::string_view fen) {
    pos_.clear();
    auto fields = split_fields(fen);
    if (fields.size() != 6 && !(options_.allow_epd && fields.size() == 4)) {
      std::string msg = "expected 6 fields (placement, side, castling, e.p., halfmove clock, fullmove number)";
      if (options_.allow_epd) msg += " or the first 4 of them";
      msg += ", found " + std::to_string(fields.size());
      std::size_t column = fields.size() > 6 ? fields[6].column : fen.size() + 1;
      return fail(FenField::Record, column, msg);
    }
    if (auto e = read_placement(fields[0])) return e;
    if (auto e = read_side(fields[1])) return e;
    if (auto e = read_castling(fields[2])) return e;
    if (auto e = read_ep(fields[3])) return e;
    int halfmove = 0, fullmove = 1;
    if (fields.size() == 6) {
      if (auto e = read_number(fields[4], FenField::HalfmoveClock, halfmove)) return e;
      if (auto e = read_number(fields[5], FenField::FullmoveNumber, fullmove)) return e;
    }
    if (fullmove == 0) fullmove = 1;  // seen in the wild; the count starts at 1
    pos_.state().rule50 = uint16_t(halfmove);
    pos_.game_ply_ = 2 * (fullmove - 1) + (pos_.side_ == BLACK);
    if (auto e = check_not_to_move_in_check(fields[1].column)) return e;
    pos_.compute_key();
    pos_.compute_checkers();
    return std::nullopt;
  }

private:
  static std::optional<FenError> fail(FenField field, std::size_t column, std::string message) {
    return FenError{field, column, std::move(message)};
  }

  std::optional<FenError> read_placement(Token t) {
    // Count the ranks first: with a ninth rank, every later complaint would be misplaced.
    for (std::size_t i = 0, slashes = 0; i < t.text.size(); ++i)
      if (t.text[i] == '/' && ++slashes == 8) return fail(FenField::Placement, t.column + i, "more than 8 ranks");
    int rank = 7, file = 0;
    int kings[2] = {0, 0};
    for (std::size_t i = 0; i < t.text.size(); ++i) {
      char c = t.text[i];
      std::size_t col = t.column + i;
      if (c == '/') {
        if (file != 8)
          return fail(FenField::Placement, col,
                      "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) +
                          " squares, expected 8");
        --rank;
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8)
          return fail(FenField::Placement, col,
                      "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) +
                          " squares, expected 8");
      } else if (auto idx = PIECE_LETTERS.find(c); idx != std::string_view::npos && c != ' ') {
        if (file >= 8)
          return fail(FenField::Placement, col,
                      "rank " + std::to_string(rank + 1) + " describes more than 8 squares");
        Piece p = Piece(idx);
        Square s = make_square(File(file), Rank(rank));
        if (type_of(p) == PAWN && (rank == 0 || rank == 7))
          return fail(FenField::Placement, col,
                      std::string(color_name(color_of(p))) + " pawn on rank " + std::to_string(rank + 1) +
                          ": pawns cannot stand on the first or last rank");
        if (type_of(p) == KING) ++kings[color_of(p)];
        pos_.put_piece(p, s);
        ++file;
      } else {
        return fail(FenField::Placement, col,
                    "unexpected " + quote(c) + ": expected a piece letter (PNBRQK or pnbrqk), a digit 1-8 or '/'");
      }
    }
    if (file != 8)
      return fail(FenField::Placement, t.column + t.text.size(),
                  "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) + " squares, expected 8");
    if (rank != 0)
      return fail(FenField::Placement, t.column + t.text.size(),
                  "found " + std::to_string(8 - rank) + " ranks, expected 8");
    for (Color c : {WHITE, BLACK})
      if (kings[c] != 1)
        return fail(FenField::Placement, t.column,
                    std::string(kings[c] == 0 ? "no " : "more than one ") + (c == WHITE ? "white" : "black") +
                        " king: each side must have exactly one");
    return std::nullopt;
  }

  std::optional<FenError> read_side(Token t) {
    if (t.text == "w") pos_.side_ = WHITE;
    else if (t.text == "b") pos_.side_ = BLACK;
    else return fail(FenField::SideToMove, t.column, "found '" + std::string(t.text) + "', expected 'w' or 'b'");
    return std::nullopt;
  }

  // Whether KQkq can only have X-FEN's meaning (the outermost rook): every king given K or
  // Q stands on its first rank off the e-file, as in Chess960 sources' start positions. A
  // castled king with a right left over (KQq, Black on g8) is a standard FEN's mistake.
  bool xfen_kings(std::string_view castling) const {
    bool any = false;
    for (Color color : {WHITE, BLACK}) {
      bool given = castling.find(color == WHITE ? 'K' : 'k') != std::string_view::npos ||
                   castling.find(color == WHITE ? 'Q' : 'q') != std::string_view::npos;
      if (!given) continue;
      Bitboard king = pos_.pieces(color, KING);
      if (!king) return false;
      Square ksq = lsb(king);
      if (rank_of(ksq) != relative_rank(color, RANK_1) || file_of(ksq) == FILE_E) return false;
      any = true;
    }
    return any;
  }

  // KQkq (with X-FEN's meaning in Chess960: the outermost rook on that side),
  // or file letters (Shredder-FEN, or X-FEN naming an inner rook).
  std::optional<FenError> read_castling(Token t) {
    if (t.text == "-") {
      pos_.chess960_ = options_.chess960 == Chess960Mode::On;
      return std::nullopt;
    }
    bool letters = false;
    for (char c : t.text) letters |= (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
    pos_.chess960_ = letters || options_.chess960 == Chess960Mode::On || xfen_kings(t.text);
    pos_.shredder_castling_ = letters;
    uint8_t seen = 0;
    for (std::size_t i = 0; i < t.text.size(); ++i) {
      char c = t.text[i];
      std::size_t col = t.column + i;
      Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
      char upper = char(color == BLACK ? c - 32 : c);
      Rank back = relative_rank(color, RANK_1);
      Bitboard king_bb = pos_.pieces(color, KING);
      Square ksq = lsb(king_bb);
      if (rank_of(ksq) != back)
        return fail(FenField::Castling, col,
                    "castling right '" + std::string(1, c) + "' but the " + (color == WHITE ? "white" : "black") +
                        " king is not on its first rank");
      Bitboard rooks = pos_.pieces(color, ROOK) & rank_bb(back);
      Square rook_sq;
      if (upper == 'K' || upper == 'Q') {
        bool king_side = upper == 'K';
        Square expected_king = relative_square(color, SQ_E1);
        Square expected_rook = relative_square(color, king_side ? SQ_H1 : SQ_A1);
        if (!pos_.chess960_) {
          if (ksq != expected_king)
            return fail(FenField::Castling, col,
                        "castling right '" + std::string(1, c) + "' needs the " + (color == WHITE ? "white" : "black") +
                            " king on " + square_name(expected_king) +
                            " (for a Chess960 position, give the rooks' files as in HAha, or Chess960 mode)");
          if (!(rooks & square_bb(expected_rook)))
            return fail(FenField::Castling, col,
                        "castling right '" + std::string(1, c) + "' needs a " + (color == WHITE ? "white" : "black") +
                            " rook on " + square_name(expected_rook) +
                            " (for a Chess960 position, give the rooks' files as in HAha, or Chess960 mode)");
          rook_sq = expected_rook;
        } else {
          Bitboard side = rooks & (king_side ? ~(square_bb(ksq) * 2 - 1) : (square_bb(ksq) - 1));
          if (!side)
            return fail(FenField::Castling, col,
                        "castling right '" + std::string(1, c) + "' but no " + (color == WHITE ? "white" : "black") +
                            " rook stands on the " + (king_side ? "h" : "a") + "-side of the king on its first rank");
          rook_sq = king_side ? Square(63 - std::countl_zero(side)) : lsb(side);
        }
      } else if (upper >= 'A' && upper <= 'H') {
        rook_sq = make_square(File(upper - 'A'), back);
        if (!(rooks & square_bb(rook_sq)))
          return fail(FenField::Castling, col,
                      "castling right '" + std::string(1, c) + "' but there is no " +
                          (color == WHITE ? "white" : "black") + " rook on " + square_name(rook_sq));
      } else {
        return fail(FenField::Castling, col,
                    "unexpected " + quote(c) + ": expected '-' or castling rights (KQkq, or file letters A-H / a-h)");
      }
      CastlingRights cr = castling_right(color, rook_sq > ksq);
      if (seen & cr)
        return fail(FenField::Castling, col,
                    "castling right '" + std::string(1, c) + "' repeats a right already given for that side");
      seen |= cr;
      pos_.set_castling_right(color, rook_sq);
    }
    return std::nullopt;
  }

  std::optional<FenError> read_ep(Token t) {
    if (t.text == "-") return std::nullopt;
    if (t.text.size() != 2 || t.text[0] < 'a' || t.text[0] > 'h' || t.text[1] < '1' || t.text[1] > '8')
      return fail(FenField::EnPassant, t.column, "found '" + std::string(t.text) + "', expected '-' or a square such as e3");
    Square ep = make_square(File(t.text[0] - 'a'), Rank(t.text[1] - '1'));
    Color us = pos_.side_, them = ~us;
    std::string name(t.text);
    if (relative_rank(us, ep) != RANK_6)
      return fail(FenField::EnPassant, t.column,
                  "e.p. square " + name + " is impossible with " + color_name(us) + " to move: expected a square on rank " +
                      (us == WHITE ? "6" : "3"));
    Square pawn_sq = ep - pawn_push(us);
    Square origin = ep + pawn_push(us);
    if (pos_.piece_on(pawn_sq) != make_piece(them, PAWN))
      return fail(FenField::EnPassant, t.column,
                  "e.p. square " + name + " is impossible: no " + (them == WHITE ? "white" : "black") +
                      " pawn on " + square_name(pawn_sq) + " that could just have made a double step");
    if (!pos_.empty(ep) || !pos_.empty(origin))
      return fail(FenField::EnPassant, t.column,
                  "e.p. square " + name + " is impossible: " + square_name(!pos_.empty(ep) ? ep : origin) +
                      " is occupied, so no pawn can just have passed it");
    pos_.state().ep_square = ep;
    return std::nullopt;
  }

  std::optional<FenError> read_number(Token t, FenField field, int& out) {
    uint64_t value = 0;
    for (std::size_t i = 0; i < t.text.size(); ++i) {
      char c = t.text[i];
      if (c < '0' || c > '9')
        return fail(field, t.column + i,
                    "found " + quoted(t.text) + ", expected a non-negative whole number");
      value = value * 10 + uint64_t(c - '0');
      if (value > 1'000'000) return fail(field, t.column, quoted(t.text) + " is too large");
    }
    out = int(value);
    return std::nullopt;
  }

  std::optional<FenError> check_not_to_move_in_check(std::size_t column) {
    Color them = ~pos_.side_;
    Square ours = pos_.king_square(pos_.side_), theirs = pos_.king_square(them);
    if (king_attacks(ours) & square_bb(theirs))  // whoever is to move: no move ever left them so
      return fail(FenField::Placement, 1,
                  "the kings stand side by side (" + square_name(ours) + " and " + square_name(theirs) +
                      "): no position has them so");
    Bitboard checkers = pos_.attackers_to(theirs) & pos_.pieces(pos_.side_);
    if (checkers)
      return fail(FenField::SideToMove, column,
                  std::string(color_name(them)) + " is in check (from " + square_name(lsb(checkers)) + ") but it is " +
                      color_name(pos_.side_) + "'s turn: the side not to move cannot be in check");
    return std::nullopt;
  }

  Position& pos_;
  const FenOptions& options_;
};

FenResult Position::from_fen(std::string_view fen, const FenOptions& options) {
  Position pos{Blank{}};
  auto error = FenReader(pos, options).read(fen);
  return FenResult{std::move(pos), std::move(error)};
}

std::string Position::fen(const FenWriteOptions& options) const {
  std::string out;
  out.reserve(90);
  append_fen(out, options);
  return out;
}

// Written into a buffer on the stack and appended once, each rank from its byte of the
// occupancy: a validator writes a FEN for every move it warns about (every move of a file in
// long algebraic), and appended a character at a time, square by square, a FEN took 1.6 to
// 1.9 times as long (a million Position::fen() calls, two runs).
void Position::append_fen(std::string& out, const FenWriteOptions& options) const {
  char buf[128];  // the longest FEN: 64 squares and 7 slashes, 4 castling letters, two numbers
  char* w = buf;
  const Bitboard occupied = pieces();
  for (int r = 7; r >= 0; --r) {
    int file = 0;
    for (unsigned men = unsigned(occupied >> (8 * r)) & 0xFF; men; men &= men - 1) {
      const int f = std::countr_zero(men);
      if (f > file) *w++ = char('0' + f - file);
      *w++ = PIECE_LETTERS[board_[make_square(File(f), Rank(r))]];
      file = f + 1;
    }
    if (file < 8) *w++ = char('0' + 8 - file);
    if (r) *w++ = '/';
  }
  *w++ = ' ';
  *w++ = side_ == WHITE ? 'w' : 'b';
  *w++ = ' ';

  bool shredder = options.castling == CastlingNotation::Shredder ||
                  (options.castling == CastlingNotation::AsRead && chess960_ && shredder_castling_);
  const char* before = w;
  for (Color c : {WHITE, BLACK})
    for (bool king_side : {true, false}) {
      CastlingRights cr = castling_right(c, king_side);
      if (!can_castle(cr)) continue;
      Square rook = castling_rook_square(cr);
      char letter;
      if (shredder) {
        letter = char('A' + file_of(rook));
      } else {
        // X-FEN: K/Q unless another rook stands further out on that side of the king.
        Bitboard outer = pieces(c, ROOK) & rank_bb(rank_of(rook)) &
                         (king_side ? ~(square_bb(rook) * 2 - 1) : (square_bb(rook) - 1));
        letter = outer ? char('A' + file_of(rook)) : (king_side ? 'K' : 'Q');
      }
      *w++ = c == WHITE ? letter : char(letter + 32);
    }
  if (w == before) *w++ = '-';

  *w++ = ' ';
  Square ep = state().ep_square;
  if (ep != SQ_NONE && (options.ep == EpNotation::Always || has_legal_ep_capture(*this))) {
    const std::string name = square_name(ep);
    w = std::copy(name.begin(), name.end(), w);
  } else {
    *w++ = '-';
  }
  for (int n : {halfmove_clock(), fullmove_number()}) {
    *w++ = ' ';
    w = std::to_chars(w, buf + sizeof buf, n).ptr;
  }
  out.append(buf, std::size_t(w - buf));
}

}  // namespace chess
