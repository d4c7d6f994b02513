// Where each piece on the board started, as descriptive notation names pieces: the
// queen's rook, the king's knight. Updated move by move alongside the position.
#pragma once

#include <array>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::notation {

class PieceOrigins {
public:
  // Every piece's origin is the square it stands on now (the game's start, or a FEN).
  explicit PieceOrigins(const Position& pos);
  // Call before pos.make_move(m).
  void update(const Position& pos, Move m);
  // The origin of the piece on `s`, or SQ_NONE for a promoted piece.
  Square origin(Square s) const { return origin_[s]; }

private:
  std::array<Square, SQUARE_NB> origin_;
};

}  // namespace chess::notation

CHESS_PUBLIC_END
