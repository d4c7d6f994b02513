// Legal move generation. Every move produced is legal: pins, checks, e.p. discoveries
// and Chess960 castling are resolved here, so callers never need a legality filter.
#pragma once

#include <cstdint>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

// 218 is the most legal moves any reachable position has; 256 leaves room for odd FENs.
struct MoveList {
  Move moves[256];
  int count = 0;

  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  int size() const { return count; }
  bool empty() const { return count == 0; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
};

void generate_legal(const Position& pos, MoveList& list);

// Only the legal moves that land on `destinations` (castling counts as landing on the
// rook's square): what a notation reader or SAN's disambiguation needs, at a fraction
// of the cost.
void generate_legal_to(const Position& pos, Bitboard destinations, MoveList& list);

// The squares from which a piece of type `pt` of the side to move can legally go to `to`
// (castling excluded; en passant included; a pawn reaching the last rank counts once,
// whatever it becomes). What a reader of "Nf3" or "exd5" needs: it works back from the
// square, so it costs a few lookups, not a whole generation, and lists nothing.
Bitboard legal_origins(const Position& pos, PieceType pt, Square to);

// The same as moves: one per origin, four per promoting pawn, e.p. typed as such.
void generate_legal_piece_to(const Position& pos, PieceType pt, Square to, MoveList& list);
// Appends those moves from `origins` (a result of legal_origins), when the caller has
// already asked for them; the list must have room for four per origin.
void append_legal_piece_to(const Position& pos, PieceType pt, Square to, Bitboard origins, MoveList& list);

// Whether castling with this single right is legal now: the right held, not in check,
// the path empty (but for king and rook), no square the king crosses attacked.
bool castling_is_legal(const Position& pos, CastlingRights right);

// The number of legal moves, counted from target bitboards without listing them:
// what perft's last ply needs.
uint64_t count_legal(const Position& pos);

// Whether any legal move exists (mate and stalemate are its absence): a safe king step
// settles it at once in most positions, checks included.
bool has_legal_move(const Position& pos);

}  // namespace chess

CHESS_PUBLIC_END
