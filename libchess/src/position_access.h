// A position written back from a board of the library's own (the plain path's SAN board,
// notation/san_board.h), which keeps no mailbox, key or history of its own.
#pragma once

#include "chess/position.h"

namespace chess::detail {

struct [[gnu::visibility("hidden")]] PositionAccess {
  // `pos` keeps its castling geometry (the game's: where each right's rook stands) and
  // gets these men, side to move, rights, e.p. square and clocks; its history is only this
  // position (nothing before it can be unmade), its key and checkers computed again.
  static void assign(Position& pos, const Bitboard (&by_color)[COLOR_NB], const Bitboard (&by_type)[PIECE_TYPE_NB],
                     Color side, uint8_t castling, Square ep, int rule50, int game_ply);
};

}  // namespace chess::detail
