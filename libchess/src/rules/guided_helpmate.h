// A helpmate search guided by how far the men stand from a mating pattern in a corner,
// for the mates that the cost-shaped search of mate_search.cpp finds only after long
// wandering: a lone minor piece that needs the loser's own men as blockers, or a rook or
// queen that must first drive the king to the edge.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.h"

namespace chess::rules::detail {

enum class GuidedOutcome { Mate, NoMate, Unknown };

// Looks for a series of legal moves from `pos` that ends with `winner` giving mate, within
// `budget` nodes; `line` holds it when found. NoMate only when an iteration cut nothing
// short, i.e. walked every position reachable from `pos`.
GuidedOutcome guided_helpmate(const Position& pos, Color winner, uint64_t budget, std::vector<Move>& line,
                              uint64_t& nodes);

// The same for a winner with a lone knight or bishop (else Unknown at once, no node spent),
// aimed at the cheapest few of the mates such a piece can give in a corner with the
// loser's men as blockers.
GuidedOutcome lone_piece_helpmate(const Position& pos, Color winner, uint64_t budget, std::vector<Move>& line,
                                  uint64_t& nodes);

}  // namespace chess::rules::detail
