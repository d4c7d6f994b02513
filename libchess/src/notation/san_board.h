// Canonical SAN played on a board of bitboards alone (no mailbox, key or history), for
// the plain path, which replays millions of moves written exactly as the SAN writer prints
// them. It plays the moves nearly every game is made of (a piece's, a pawn's, castling in
// standard chess) and declines the rest (promotion, en passant, a Chess960 king's step or
// castling, and anything not canonical): the caller then plays the move on a Position with
// play_canonical_san, the reference, and carries on from there. So a move this board
// plays is one play_canonical_san plays too, the same move; tests/unit/san_board_test.cpp
// holds it to that on the moves of real and random games, and to declining the rest.
//
// A hundred bytes, copied whole where a line of play must be gone back to (a variation).
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/position.h"

namespace chess::notation {

class alignas(32) SanBoard {
public:
  // The position `pos` stands in.
  void set(const Position& pos);
  // `pos`, a position of the same game (it keeps the castling geometry), set to stand as
  // this board does, with no history before it.
  void store(Position& pos) const;

  // If `text` is the canonical SAN of a legal move of the kinds this board plays, with
  // exactly the check mark the move earns, plays it and returns it; otherwise returns
  // Move::none() and leaves the board as it was.
  Move play(std::string_view text);

private:
  bool legal(Square from, Square to) const;  // a man other than the king, from `from` to `to`
  bool attacked(Square s, Bitboard occupied) const;  // by the side not to move
  Move castling(bool king_side) const;
  // The move from `from` to `to` (the king's and rook's squares for a castling) made, if
  // it earns the check mark `claim`.
  Move make(PieceType pt, Square from, Square to, bool castles, char claim);
  bool has_legal_move() const;

  Bitboard by_type_[PIECE_TYPE_NB];  // [NO_PIECE_TYPE]: every man
  Bitboard by_color_[COLOR_NB];
  Bitboard castling_rooks_;  // the rooks whose castling right is held
  Bitboard checkers_;        // the men giving check to the side to move
  Square ep_;                // after every double step, as Position has it
  Color side_;
  bool chess960_;
  uint16_t rule50_;
  int game_ply_;
};

}  // namespace chess::notation
