// The vocabulary of the board: colours, pieces, squares and 16-bit moves.
#pragma once

#include <cstdint>
#include <string>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

enum Color : uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 7 };

// Piece = colour * 8 + type, so that colour and type come out with a shift and a mask.
enum Piece : uint8_t {
  NO_PIECE,
  W_PAWN = PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = PAWN + 8, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  PIECE_NB = 16
};
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// a1 = 0 ... h8 = 63, file-major within a rank (the usual little-endian rank-file mapping).
enum Square : uint8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE = 64, SQUARE_NB = 64
};

enum File : uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H };
enum Rank : uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 };

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
// The square seen from Black's side: a1 <-> a8.
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
inline std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }

// Castling rights: one bit per colour and side. "King side" is the side of the h-file,
// "queen side" the a-file, which also holds for Chess960 where the king starts anywhere.
enum CastlingRights : uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
  WHITE_CASTLING = WHITE_OO | WHITE_OOO,
  BLACK_CASTLING = BLACK_OO | BLACK_OOO,
  ALL_CASTLING = 15,
  CASTLING_RIGHT_NB = 16
};
constexpr CastlingRights castling_right(Color c, bool king_side) {
  return CastlingRights((king_side ? WHITE_OO : WHITE_OOO) << (2 * c));
}
// Index 0..3 of a single right, for per-right tables.
constexpr int castling_index(CastlingRights single) {
  return single == WHITE_OO ? 0 : single == WHITE_OOO ? 1 : single == BLACK_OO ? 2 : 3;
}

enum class MoveType : uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

// A move in 16 bits: from (6), to (6), promotion piece - KNIGHT (2), type (2).
// Castling is stored as "king takes own rook" so that Chess960 needs no special case;
// notation codecs render it as the king's destination where the dialect wants that.
class Move {
public:
  // Uninitialised, like an int: move lists of 256 are made at every node of a search and
  // must not be cleared each time. Move::none() is the explicit empty move.
  Move() = default;
  constexpr Move(Square from, Square to) : data_(uint16_t(from | (to << 6))) {}
  static constexpr Move make(Square from, Square to, MoveType type, PieceType promo = KNIGHT) {
    Move m(from, to);
    m.data_ = uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | (uint16_t(type) << 14));
    return m;
  }
  static constexpr Move none() { return Move(SQ_A1, SQ_A1); }
  static constexpr Move null() { return Move(SQ_B1, SQ_B1); }  // from == to never happens otherwise

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr MoveType type() const { return MoveType(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr bool is_ok() const { return from() != to(); }
  constexpr uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

private:
  uint16_t data_;
};

}  // namespace chess

CHESS_PUBLIC_END
