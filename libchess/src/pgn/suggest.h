// What the writer of an illegal or unreadable move most likely meant.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chess/notation/codec.h"

namespace chess::pgn {

// Legal moves near the written one: the same piece to a nearby square, another piece to
// the same square (a wrong letter), the right piece with a missing disambiguation, and the
// next move if the two were swapped. Written in `codec`, best first, at most five.
std::vector<std::string> suggest_moves(Position& pos, std::string_view written, std::string_view next,
                                       const notation::Codec& codec);

}  // namespace chess::pgn
