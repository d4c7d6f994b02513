#include "chess/rules/dead_position.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "chess/movegen.h"
#include "rules/mate_search.h"

namespace chess::rules {
namespace {

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;  // a1 is dark

}  // namespace

bool material_cannot_mate(const Position& pos, Color side) {
  Bitboard ours = pos.pieces(side) & ~pos.pieces(KING);
  if (!ours) return true;  // a king never gives check
  if (ours & (pos.pieces(PAWN, ROOK) | pos.pieces(QUEEN))) return false;
  if (ours & pos.pieces(KNIGHT))
    // A lone knight mates only a king boxed in by its own pieces, and queens, which can
    // always take the knight or would not box it in, cannot do that.
    return !more_than_one(ours) && !(pos.pieces(~side) & ~pos.pieces(KING, QUEEN));
  // Bishops only: a bishop of one colour attacks only squares of that colour, so the king's
  // flights of the other colour must be blocked by its own men; with no pawn or knight on
  // the board and no bishop of that colour, only rooks and queens could, and those can
  // always interpose or capture.
  Bitboard bishops = pos.pieces(BISHOP);
  bool one_colour = !(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES);
  return one_colour && !pos.pieces(PAWN) && !pos.pieces(KNIGHT);
}

bool insufficient_material(const Position& pos) {
  return material_cannot_mate(pos, WHITE) && material_cannot_mate(pos, BLACK);
}

bool might_be_dead(const Position& start) {
  Position pos = start;
  MoveList moves;
  for (int forced = 0;; ++forced) {  // a forced line is followed to where it leads
    if (insufficient_material(pos)) return true;
    moves.count = 0;
    generate_legal(pos, moves);
    if (moves.size() != 1 || forced == 16) break;
    pos.make_move(moves.moves[0]);
  }
  if (moves.empty()) return false;  // mate or stalemate: the game is over, not dead
  Bitboard white_pawns = pos.pieces(WHITE, PAWN), black_pawns = pos.pieces(BLACK, PAWN);
  if (!(shift<NORTH>(white_pawns) & black_pawns)) return false;  // no pawn blocked by a pawn
  for (Move m : moves)
    if (m.type() == MoveType::EnPassant || (m.type() != MoveType::Castling && !pos.empty(m.to()))) return false;
  return true;
}

MateAnswer can_checkmate(const Position& pos, Color side, const SearchBudget& budget) {
  MateAnswer answer;
  if (material_cannot_mate(pos, side)) {
    answer.ability = MateAbility::Impossible;
    return answer;
  }
  return detail::search_mate(pos, side, budget);
}

bool DeadPositionAnalysis::dead() const {
  return white.ability == MateAbility::Impossible && black.ability == MateAbility::Impossible;
}

std::string DeadPositionAnalysis::classification() const {
  if (white.ability == MateAbility::Unknown || black.ability == MateAbility::Unknown) return "unknown";
  return std::string(white.ability == MateAbility::Possible ? "W" : "-") +
         (black.ability == MateAbility::Possible ? "B" : "-");
}

DeadPositionAnalysis analyse_dead_position(const Position& pos, const SearchBudget& budget) {
  return {can_checkmate(pos, WHITE, budget), can_checkmate(pos, BLACK, budget)};
}

}  // namespace chess::rules
