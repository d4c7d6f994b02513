// Distances between squares on an empty board, for the searches' guides: the king's
// (Chebyshev) and the knight's, and the squares within a king's distance of a square.
// Tables made at compile time: the searches ask for them for every move they weigh.
#pragma once

#include <cstdint>

#include "chess/bitboard.h"

namespace chess::rules::detail {

struct DistanceTables {
  uint8_t king[64][64];
  uint8_t knight[64][64];
  Bitboard within[64][8];  // the squares at a king's distance of at most r from s
};

constexpr DistanceTables make_distance_tables() {
  DistanceTables t{};
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
      df = df < 0 ? -df : df;
      dr = dr < 0 ? -dr : dr;
      t.king[a][b] = uint8_t(df > dr ? df : dr);
    }
  for (int s = 0; s < 64; ++s)
    for (int r = 0; r < 8; ++r)
      for (int b = 0; b < 64; ++b)
        if (t.king[s][b] <= r) t.within[s][r] |= Bitboard(1) << b;
  constexpr int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int from = 0; from < 64; ++from) {  // breadth first over knight moves
    uint8_t* d = t.knight[from];
    for (int s = 0; s < 64; ++s) d[s] = 255;
    d[from] = 0;
    int queue[64] = {}, head = 0, tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      int s = queue[head++];
      for (const auto& j : jumps) {
        int f = (s & 7) + j[0], r = (s >> 3) + j[1];
        if (f < 0 || f > 7 || r < 0 || r > 7) continue;
        int to = r * 8 + f;
        if (d[to] == 255) d[to] = uint8_t(d[s] + 1), queue[tail++] = to;
      }
    }
  }
  return t;
}

inline constexpr DistanceTables DISTANCES = make_distance_tables();

inline int king_distance(Square a, Square b) { return DISTANCES.king[a][b]; }
inline int knight_distance(Square a, Square b) { return DISTANCES.knight[a][b]; }
// The squares a king's step nearer `target` than `from` is (none when `from` is the target).
inline Bitboard nearer(Square target, Square from) {
  int d = DISTANCES.king[target][from];
  return d ? DISTANCES.within[target][d - 1] : 0;
}

}  // namespace chess::rules::detail
