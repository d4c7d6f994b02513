// Zobrist keys, generated at compile time from a fixed seed so every build hashes alike.
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.h"

namespace chess::zobrist {

struct Keys {
  uint64_t piece_square[PIECE_NB][SQUARE_NB] = {};
  uint64_t castling[CASTLING_RIGHT_NB] = {};
  uint64_t ep_file[8] = {};
  uint64_t side = 0;
};

constexpr Keys make_keys() {
  Keys k;
  uint64_t s = 0x2545F4914F6CDD1DULL;
  auto next = [&s]() {  // splitmix64
    s += 0x9E3779B97F4A7C15ULL;
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : k.piece_square)
    for (auto& key : row) key = next();
  // Castling keys combine per-right keys so any set of rights hashes consistently.
  uint64_t single[4] = {next(), next(), next(), next()};
  for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr)
    for (int i = 0; i < 4; ++i)
      if (cr & (1 << i)) k.castling[cr] ^= single[i];
  for (auto& key : k.ep_file) key = next();
  k.side = next();
  return k;
}

inline constexpr Keys keys = make_keys();

}  // namespace chess::zobrist
