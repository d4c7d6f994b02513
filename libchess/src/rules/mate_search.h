// The searches behind can_checkmate (dead_position.h): a helpmate search that proves a
// mate possible by finding one, and an exhaustive walk over every position the game can
// still reach that proves it impossible when the walk ends without one.
#pragma once

#include "chess/rules/dead_position.h"

namespace chess::rules::detail {

MateAnswer search_mate(const Position& pos, Color winner, const SearchBudget& budget);

}  // namespace chess::rules::detail
