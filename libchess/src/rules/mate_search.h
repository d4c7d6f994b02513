// The searches behind can_checkmate (dead_position.h): helpmate searches that prove a mate
// possible by finding one (cost-shaped here, guided by a mating pattern in
// guided_helpmate.h), and an exhaustive walk over every position the game can still reach
// that proves it impossible when the walk ends without one; between them, the static
// analysis of static_analysis.h.
#pragma once

#include "chess/rules/dead_position.h"

namespace chess::rules::detail {

MateAnswer search_mate(const Position& pos, Color winner, const SearchBudget& budget);

// After any forced moves, every pawn blocked, one by an enemy pawn, and no capture for the
// side to move (or material that cannot mate): the searches' sign of a locked position.
bool locked_structure(const Position& pos);

}  // namespace chess::rules::detail
