// A static proof that a side can never mate (behind can_checkmate, dead_position.h): for
// every man, an over-estimate of the squares it can ever stand on, of which men can ever
// be taken and which squares stay attacked for good, grown together to a fixpoint; then
// if no square the other king can reach can be a mate (no man of the side can attack it,
// or its flights can never all be covered), no legal series of moves ends in a mate. The
// idea is chasolver's (Miguel Ambrona, MIT); this is our own derivation of each rule.
#pragma once

#include "chess/movegen.h"
#include "chess/position.h"

namespace chess::rules::detail {

// True only with a proof that `winner` can never checkmate from `pos`; false proves
// nothing. Positions with an en-passant square are not looked at, nor those with no pawn
// (not the fortresses this is for), nor those with a castling right that a man fixed
// between king and rook does not rule out for good.
bool statically_cannot_mate(const Position& pos, Color winner);
// The same on a position the caller lets it try moves on: each is taken back, so `pos` is
// left as it was (a copy of a Position spared).
bool statically_cannot_mate_on(Position& pos, Color winner);
// Neither side can mate, by the same analysis, `moves` being the legal moves in `pos`.
bool statically_dead_on(Position& pos, const MoveList& moves);

// The squares where, by the same analysis, the loser's king might be mated (every square
// where it cannot is left out; all squares where the analysis does not apply), and in
// `flights[m]` for each such m the flights the loser's own men would have to fill: a
// guide for the searches, not a proof of anything.
Bitboard possible_mate_squares(const Position& pos, Color winner, Bitboard flights[SQUARE_NB]);

}  // namespace chess::rules::detail
