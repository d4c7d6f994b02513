// Distances between squares on an empty board, for the searches' guides: the king's
// (Chebyshev) and the knight's, looked up in tables made once, as each search asks for them
// for every move it weighs.
#pragma once

#include <array>
#include <cstdint>

#include "chess/bitboard.h"

namespace chess::rules::detail {

class SquareDistances {
public:
  SquareDistances() {
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b) {
        int df = file_of(Square(a)) - file_of(Square(b)), dr = rank_of(Square(a)) - rank_of(Square(b));
        king_[a][b] = uint8_t(std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr));
      }
    for (int from = 0; from < 64; ++from) {  // breadth first over knight moves
      std::array<uint8_t, 64>& d = knight_[from];
      d.fill(255);
      d[from] = 0;
      Square queue[64];
      int head = 0, tail = 0;
      queue[tail++] = Square(from);
      while (head < tail) {
        Square s = queue[head++];
        for (Bitboard next = knight_attacks(s); next;) {
          Square t = pop_lsb(next);
          if (d[t] == 255) d[t] = uint8_t(d[s] + 1), queue[tail++] = t;
        }
      }
    }
  }
  int king(Square a, Square b) const { return king_[a][b]; }
  int knight(Square a, Square b) const { return knight_[a][b]; }

private:
  std::array<std::array<uint8_t, 64>, 64> king_, knight_;
};

inline const SquareDistances& square_distances() {
  static const SquareDistances tables;
  return tables;
}
inline int king_distance(Square a, Square b) { return square_distances().king(a, b); }
inline int knight_distance(Square a, Square b) { return square_distances().knight(a, b); }

}  // namespace chess::rules::detail
