// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard
// check of a move generator against published counts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

struct PerftOptions {
  int threads = 1;          // work is split over (root move, reply) pairs
  std::size_t hash_mb = 0;  // transposition table of node counts; 0 disables it
};

struct DivideEntry {
  Move move;
  uint64_t nodes;
};

struct PerftResult {
  uint64_t nodes = 0;
  std::vector<DivideEntry> divide;  // per root move, in generation order
};

// Single-threaded, no table: the plain recursive count on Position with the library's move
// generator (leaves counted in bulk). Perft below counts faster on a board of its own; this
// one is the reference the tests hold that board to.
uint64_t perft(Position& pos, int depth);

class PerftTable;

// Threads and a table kept across calls, so a suite of thousands of positions pays for
// the table once. The divide list is always filled; results are identical whatever the
// options.
class Perft {
public:
  explicit Perft(const PerftOptions& options);
  ~Perft();
  Perft(const Perft&) = delete;
  Perft& operator=(const Perft&) = delete;

  PerftResult run(const Position& pos, int depth);

private:
  PerftOptions options_;
  std::unique_ptr<PerftTable> table_;
};

// One-off convenience: a Perft with these options, run once.
PerftResult perft(const Position& pos, int depth, const PerftOptions& options);

}  // namespace chess

CHESS_PUBLIC_END
