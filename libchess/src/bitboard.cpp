#include "chess/bitboard.h"

#include <bit>
#include <utility>
#include <vector>

#include "magics.h"

namespace chess {
namespace {

// The squares from `s` along one direction to the edge of the board, walked step by step:
// slow but obviously right, so the sliders' tables are built from it (through Rays).
Bitboard walk_ray(const int (&delta)[2], Square s) {
  Bitboard result = 0;
  for (int f = file_of(s) + delta[0], r = rank_of(s) + delta[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
       f += delta[0], r += delta[1])
    result |= square_bb(make_square(File(f), Rank(r)));
  return result;
}

constexpr int ROOK_DELTAS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DELTAS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard step_attacks(Square s, const int (*deltas)[2], int count) {
  Bitboard result = 0;
  for (int i = 0; i < count; ++i) {
    int f = file_of(s) + deltas[i][0], r = rank_of(s) + deltas[i][1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= square_bb(make_square(File(f), Rank(r)));
  }
  return result;
}

#ifndef CHESS_USE_PEXT
// xorshift64*: a fixed seed makes the magic search deterministic and fast at start-up.
struct Prng {
  uint64_t s;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  uint64_t sparse() { return next() & next() & next(); }
};
#endif

// A slider's attacks from its four rays on the empty board (walked once), each cut short
// at its first piece: on a ray toward higher squares its lowest, otherwise its highest. A
// few instructions a ray where walking takes one step a square; the tables for the rook's
// 102,400 occupancies are filled at every start of every program, and walking them was a
// third of the time a program took to validate an empty file.
struct Rays {
  Bitboard ray[4][64];
  bool upward[4];
  explicit Rays(const int (&deltas)[4][2]) {
    for (int d = 0; d < 4; ++d) {
      upward[d] = deltas[d][1] > 0 || (deltas[d][1] == 0 && deltas[d][0] > 0);
      for (int sq = 0; sq < 64; ++sq) ray[d][sq] = walk_ray(deltas[d], Square(sq));
    }
  }
  Bitboard attacks(Square s, Bitboard occupied) const {
    Bitboard result = 0;
    for (int d = 0; d < 4; ++d) {
      Bitboard reach = ray[d][s], blockers = reach & occupied;
      if (blockers) reach ^= ray[d][upward[d] ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers)];
      result |= reach;
    }
    return result;
  }
};

// Fill one slider's entries. Edges are excluded from the mask because a piece on the
// edge never blocks anything further; that keeps the tables small.
// `known`: magics found before (magics.h), tried first.
void init_slider(detail::SliderEntry* entries, Bitboard* table, const Rays& rays, const uint64_t* known) {
  std::vector<Bitboard> occupancies(4096), references(4096);
#ifndef CHESS_USE_PEXT
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
  Prng rng{0x9E3779B97F4A7C15ULL};
#endif
  Bitboard* next_slice = table;
  for (int sq = 0; sq < 64; ++sq) {
    Square s = Square(sq);
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(s)) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(s));
    auto& e = entries[sq];
    e.mask = rays.attacks(s, 0) & ~edges;
    e.attacks = next_slice;
    int bits = popcount(e.mask);
    int size = 0;
    Bitboard subset = 0;
    do {  // Carry-Rippler enumeration of every subset of the mask
      occupancies[size] = subset;
      references[size] = rays.attacks(s, subset);
      ++size;
      subset = (subset - e.mask) & e.mask;
    } while (subset);
    next_slice += size;
#ifdef CHESS_USE_PEXT
    (void)bits;
    (void)known;
    for (int i = 0; i < size; ++i) e.attacks[e.index(occupancies[i])] = references[i];
#else
    e.shift = 64 - bits;
    for (bool first = true;; first = false) {
      if (first) {
        e.magic = known[sq];
      } else {
        do e.magic = rng.sparse();
        while (popcount((e.magic * e.mask) >> 56) < 6);
      }
      ++attempt;
      int i = 0;
      for (; i < size; ++i) {
        unsigned idx = e.index(occupancies[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          e.attacks[idx] = references[i];
        } else if (e.attacks[idx] != references[i]) {
          break;
        }
      }
      if (i == size) break;
    }
#endif
  }
}

struct TableBuilder {
  detail::Tables t;
  std::vector<Bitboard> rook_table = std::vector<Bitboard>(0x19000);
  std::vector<Bitboard> bishop_table = std::vector<Bitboard>(0x1480);

  TableBuilder() {
    static constexpr int KNIGHT_DELTAS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                                {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static constexpr int KING_DELTAS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                              {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static constexpr int WHITE_PAWN[2][2] = {{-1, 1}, {1, 1}};
    static constexpr int BLACK_PAWN[2][2] = {{-1, -1}, {1, -1}};
    for (int sq = 0; sq < 64; ++sq) {
      Square s = Square(sq);
      t.knight[s] = step_attacks(s, KNIGHT_DELTAS, 8);
      t.king[s] = step_attacks(s, KING_DELTAS, 8);
      t.pawn_attacks[WHITE][s] = step_attacks(s, WHITE_PAWN, 2);
      t.pawn_attacks[BLACK][s] = step_attacks(s, BLACK_PAWN, 2);
    }
    const Rays rook_rays(ROOK_DELTAS), bishop_rays(BISHOP_DELTAS);
    init_slider(t.rook, rook_table.data(), rook_rays, detail::ROOK_MAGICS);
    init_slider(t.bishop, bishop_table.data(), bishop_rays, detail::BISHOP_MAGICS);
    for (int sq = 0; sq < 64; ++sq) {
      t.bishop_pseudo[sq] = bishop_rays.attacks(Square(sq), 0);
      t.rook_pseudo[sq] = rook_rays.attacks(Square(sq), 0);
    }
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b) {
        Square sa = Square(a), sb = Square(b);
        t.between[a][b] = square_bb(sb);
        t.line[a][b] = 0;
        if (a == b) continue;
        for (auto [pseudo, rays] : {std::pair{t.rook_pseudo, &rook_rays}, std::pair{t.bishop_pseudo, &bishop_rays}}) {
          if (pseudo[a] & square_bb(sb)) {
            t.line[a][b] = (pseudo[a] & pseudo[b]) | square_bb(sa) | square_bb(sb);
            t.between[a][b] |= rays->attacks(sa, square_bb(sb)) & rays->attacks(sb, square_bb(sa));
          }
        }
      }
  }
};

const TableBuilder& builder() {
  static const TableBuilder instance;
  return instance;
}

}  // namespace

namespace detail {
// Built during the library's static initialisation: every later use sees full tables.
const Tables& tables = builder().t;
}  // namespace detail

}  // namespace chess
