// Whether a witness line is what it claims: every move legal in turn, and the last one
// leaving `loser` checkmated.
#pragma once

#include <vector>

#include "chess/movegen.h"
#include "chess/rules/status.h"

namespace test_support {

inline bool ends_in_mate(chess::Position pos, const std::vector<chess::Move>& line, chess::Color loser) {
  for (chess::Move m : line) {
    chess::MoveList legal;
    chess::generate_legal(pos, legal);
    if (!legal.contains(m)) return false;
    pos.make_move(m);
  }
  return pos.side_to_move() == loser && chess::rules::status(pos) == chess::rules::Status::Checkmate;
}

}  // namespace test_support
