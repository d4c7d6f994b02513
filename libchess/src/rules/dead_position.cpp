#include "chess/rules/dead_position.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "chess/movegen.h"
#include "rules/mate_search.h"
#include "rules/static_analysis.h"

namespace chess::rules {
namespace {

// The squares a piece of type `pt` could ever stand on from `from`, if the only men that
// never move are `fixed` (all others may step aside): a flood over its moves.
Bitboard reach(PieceType pt, Color c, Square from, Bitboard fixed, Bitboard forbidden) {
  Bitboard seen = square_bb(from), frontier = seen;
  while (frontier) {
    Square s = pop_lsb(frontier);
    Bitboard next = (pt == KING ? king_attacks(s) : attacks_bb(pt, s, fixed)) & ~fixed & ~forbidden & ~seen;
    seen |= next;
    frontier |= next;
  }
  (void)c;
  return seen;
}

Bitboard pawn_attacks_of(Color c, Bitboard pawns) {
  return c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
}

// A fortress, proven: every pawn on the board stands blocked by an enemy pawn with nothing
// to take, and no man can ever take one of them or come to where one could take it, so
// none ever moves; then if no man of `side` can ever attack a square the other king can
// reach, `side` never gives check. Each piece's reach is over-estimated (only the pawns
// block it), so the proof holds for every series of moves.
bool fortress_cannot_mate(const Position& pos, Color side) {
  if (pos.ep_square() != SQ_NONE || pos.castling_rights() != NO_CASTLING || pos.in_check()) return false;
  Bitboard pawns = pos.pieces(PAWN);
  Bitboard white = pos.pieces(WHITE, PAWN), black = pos.pieces(BLACK, PAWN);
  if (!pawns) return false;
  // Blocked head to head, and nothing of the enemy's on the squares they attack now.
  if ((shift<NORTH>(white) & black) != shift<NORTH>(white) || (shift<SOUTH>(black) & white) != shift<SOUTH>(black))
    return false;
  if ((pawn_attacks_of(WHITE, white) & pos.pieces(BLACK)) || (pawn_attacks_of(BLACK, black) & pos.pieces(WHITE)))
    return false;
  Bitboard fixed = pawns;
  Bitboard king_region[COLOR_NB], men_reach[COLOR_NB] = {0, 0}, men_attacks[COLOR_NB] = {0, 0};
  for (Color c : {WHITE, BLACK}) {
    Bitboard guarded = pawn_attacks_of(~c, pos.pieces(~c, PAWN));  // a king never steps there
    king_region[c] = reach(KING, c, pos.king_square(c), fixed, guarded);
    for (Bitboard men = pos.pieces(c) & ~pos.pieces(KING, PAWN); men;) {
      Square from = pop_lsb(men);
      PieceType pt = type_of(pos.piece_on(from));
      Bitboard r = reach(pt, c, from, fixed, 0);
      men_reach[c] |= r;
      for (Bitboard at = r; at;) men_attacks[c] |= attacks_bb(pt, pop_lsb(at), fixed);
    }
  }
  for (Color c : {WHITE, BLACK}) {
    Bitboard ours = pos.pieces(c, PAWN);
    Bitboard protected_ = pawn_attacks_of(c, ours);
    Bitboard king_takes = 0;  // the enemy king can take a pawn next to its region that no pawn guards
    for (Bitboard at = king_region[~c]; at;) king_takes |= king_attacks(pop_lsb(at));
    if (ours & ((king_takes & ~protected_) | men_attacks[~c])) return false;
    // An enemy man that could stand where one of these pawns takes would free it.
    if (pawn_attacks_of(c, ours) & men_reach[~c]) return false;
  }
  return !(men_attacks[side] & king_region[~side]);
}

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
  bool one_colour = !(bishops & DARK_SQUARES_BB) || !(bishops & ~DARK_SQUARES_BB);
  return one_colour && !pos.pieces(PAWN) && !pos.pieces(KNIGHT);
}

bool insufficient_material(const Position& pos) {
  return material_cannot_mate(pos, WHITE) && material_cannot_mate(pos, BLACK);
}

namespace detail {

namespace {

// Plays out the moves while each position has only one (at most 16 of them), leaving the
// legal moves of where it stops in `moves`; true if it passes a position with no mating
// material.
bool play_forced_line(Position& pos, MoveList& moves) {
  for (int forced = 0;; ++forced) {  // a forced line is followed to where it leads
    if (insufficient_material(pos)) return true;
    moves.count = 0;
    generate_legal(pos, moves);
    if (moves.size() != 1 || forced == 16) return false;
    pos.make_move(moves.moves[0]);
  }
}

// Every pawn stands blocked, and at least one by an enemy pawn, and no move takes or
// frees one: a locked structure (`moves`: the legal moves in `pos`).
bool locked(const Position& pos, const MoveList& moves) {
  if (moves.empty()) return false;  // mate or stalemate: the game is over, not dead
  Bitboard white_pawns = pos.pieces(WHITE, PAWN), black_pawns = pos.pieces(BLACK, PAWN);
  if (!(shift<NORTH>(white_pawns) & black_pawns)) return false;
  if ((shift<NORTH>(white_pawns) & ~pos.pieces()) || (shift<SOUTH>(black_pawns) & ~pos.pieces())) return false;
  for (Move m : moves)
    if (m.type() == MoveType::EnPassant || (m.type() != MoveType::Castling && !pos.empty(m.to()))) return false;
  return true;
}

}  // namespace

bool locked_structure(const Position& start) {
  MoveList moves;
  if (insufficient_material(start)) return true;
  generate_legal(start, moves);
  if (moves.size() != 1) return locked(start, moves);  // no move forced, the most common: no copy made
  Position pos = start;
  return play_forced_line(pos, moves) || locked(pos, moves);
}

}  // namespace detail

bool might_be_dead(const Position& start) {
  Position pos = start;
  MoveList moves;
  if (detail::play_forced_line(pos, moves) || detail::locked(pos, moves)) return true;
  // A forced line into stalemate; else, where there are pawns, the static analysis (a
  // fixpoint: microseconds) proving neither side can mate, a free pawn notwithstanding.
  if (moves.empty()) return !pos.in_check() && pos.key() != start.key();
  return pos.pieces(PAWN) && detail::statically_dead_on(pos, moves);
}

MateAnswer can_checkmate(const Position& pos, Color side, const SearchBudget& budget) {
  MateAnswer answer;
  if (material_cannot_mate(pos, side) || fortress_cannot_mate(pos, side)) {
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
