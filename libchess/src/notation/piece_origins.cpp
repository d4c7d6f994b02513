#include "chess/notation/piece_origins.h"

namespace chess::notation {

PieceOrigins::PieceOrigins(const Position& pos) {
  for (int s = 0; s < SQUARE_NB; ++s) origin_[s] = pos.empty(Square(s)) ? SQ_NONE : Square(s);
}

void PieceOrigins::update(const Position& pos, Move m) {
  if (m == Move::null()) return;  // a pass moves nothing
  Square from = m.from(), to = m.to();
  if (m.type() == MoveType::Castling) {
    bool king_side = to > from;
    Color us = pos.side_to_move();
    Square king_origin = origin_[from], rook_origin = origin_[to];
    origin_[from] = origin_[to] = SQ_NONE;
    origin_[Position::castling_king_to(us, king_side)] = king_origin;
    origin_[Position::castling_rook_to(us, king_side)] = rook_origin;
    return;
  }
  if (m.type() == MoveType::EnPassant) origin_[to - pawn_push(pos.side_to_move())] = SQ_NONE;
  origin_[to] = m.type() == MoveType::Promotion ? SQ_NONE : origin_[from];
  origin_[from] = SQ_NONE;
}

}  // namespace chess::notation
