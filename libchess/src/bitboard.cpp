#include "chess/bitboard.h"

#include <array>
#include <bit>
#include <cstddef>
#include <utility>

#include "magics.h"

namespace chess {
namespace {

// The squares from `s` along one direction to the edge of the board, walked step by step:
// slow but obviously right, so the sliders' tables are built from it (through Rays).
constexpr Bitboard walk_ray(const int (&delta)[2], Square s) {
  Bitboard result = 0;
  for (int f = file_of(s) + delta[0], r = rank_of(s) + delta[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
       f += delta[0], r += delta[1])
    result |= square_bb(make_square(File(f), Rank(r)));
  return result;
}

constexpr int ROOK_DELTAS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DELTAS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

constexpr Bitboard step_attacks(Square s, const int (*deltas)[2], int count) {
  Bitboard result = 0;
  for (int i = 0; i < count; ++i) {
    int f = file_of(s) + deltas[i][0], r = rank_of(s) + deltas[i][1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= square_bb(make_square(File(f), Rank(r)));
  }
  return result;
}

// A slider's attacks from its four rays on the empty board (walked once), each cut short
// at its first piece: on a ray toward higher squares its lowest, otherwise its highest. A
// few instructions a ray where walking takes one step a square.
struct Rays {
  Bitboard ray[4][64] = {};
  bool upward[4] = {};
  constexpr explicit Rays(const int (&deltas)[4][2]) {
    for (int d = 0; d < 4; ++d) {
      upward[d] = deltas[d][1] > 0 || (deltas[d][1] == 0 && deltas[d][0] > 0);
      for (int sq = 0; sq < 64; ++sq) ray[d][sq] = walk_ray(deltas[d], Square(sq));
    }
  }
  constexpr Bitboard attacks(Square s, Bitboard occupied) const {
    Bitboard result = 0;
    for (int d = 0; d < 4; ++d) {
      Bitboard reach = ray[d][s], blockers = reach & occupied;
      if (blockers) reach ^= ray[d][upward[d] ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers)];
      result |= reach;
    }
    return result;
  }
};

// The squares whose occupancy a slider's attacks from `s` depend on. Edges are left out:
// a piece on the edge blocks nothing further, and the tables are the smaller for it.
constexpr Bitboard relevant_mask(const Rays& rays, Square s) {
  Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(s)) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(s));
  return rays.attacks(s, 0) & ~edges;
}

// Where in its square's slice the attacks for `occupied` are: as SliderEntry::index finds
// them, from the mask alone (PEXT) or with the square's magic multiplier.
constexpr std::size_t slice_index([[maybe_unused]] std::size_t nth, [[maybe_unused]] Bitboard occupied,
                                  [[maybe_unused]] Bitboard mask, [[maybe_unused]] uint64_t magic) {
#ifdef CHESS_USE_PEXT
  return nth;  // the Carry-Rippler enumeration below counts in PEXT's order
#else
  return std::size_t((occupied * magic) >> (64 - std::popcount(mask)));
#endif
}

// One slider's attack table: each square's slice in turn, every subset of its mask at its
// index. Built while the library compiles, so that no program writes it at its start:
// writing these 840 KB (page faults and all) took 3 ms of the 10 ms pgn-validate took on a
// file of one game, where pgn-extract takes 4. A magic multiplier that sent two
// occupancies with different attacks to one entry would stop the build.
template <std::size_t N>
constexpr std::array<Bitboard, N> slider_table(const int (&deltas)[4][2], const uint64_t (&magics)[64]) {
  std::array<Bitboard, N> table{};  // (no entry's attacks are empty: 0 marks one not yet set)
  const Rays rays(deltas);
  std::size_t slice = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const Bitboard mask = relevant_mask(rays, Square(sq));
    std::size_t nth = 0;
    Bitboard subset = 0;
    do {  // Carry-Rippler enumeration of every subset of the mask
      const Bitboard attacks = rays.attacks(Square(sq), subset);
      Bitboard& entry = table[slice + slice_index(nth++, subset, mask, magics[sq])];
      if (entry != 0 && entry != attacks) throw "a magic multiplier maps two occupancies to one entry";
      entry = attacks;
      subset = (subset - mask) & mask;
    } while (subset);
    slice += std::size_t(1) << std::popcount(mask);
  }
  if (slice != N) throw "the table's size is not the sum of its slices";
  return table;
}

alignas(64) constexpr std::array ROOK_TABLE = slider_table<0x19000>(ROOK_DELTAS, detail::ROOK_MAGICS);
alignas(64) constexpr std::array BISHOP_TABLE = slider_table<0x1480>(BISHOP_DELTAS, detail::BISHOP_MAGICS);

// One slider's entries: each square's mask and slice of its table.
constexpr void init_slider(detail::SliderEntry* entries, const Bitboard* table, const Rays& rays,
                 [[maybe_unused]] const uint64_t (&magics)[64]) {
  for (int sq = 0; sq < 64; ++sq) {
    auto& e = entries[sq];
    e.mask = relevant_mask(rays, Square(sq));
    e.attacks = table;
#ifndef CHESS_USE_PEXT
    e.magic = magics[sq];
    e.shift = unsigned(64 - std::popcount(e.mask));
#endif
    table += std::size_t(1) << std::popcount(e.mask);
  }
}

// Every table, built as the library compiles: a program's start has nothing to compute.
constexpr detail::Tables build_tables() {
  constexpr int KNIGHT_DELTAS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int KING_DELTAS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  constexpr int WHITE_PAWN[2][2] = {{-1, 1}, {1, 1}};
  constexpr int BLACK_PAWN[2][2] = {{-1, -1}, {1, -1}};
  detail::Tables t{};
  for (int sq = 0; sq < 64; ++sq) {
    Square s = Square(sq);
    t.knight[s] = step_attacks(s, KNIGHT_DELTAS, 8);
    t.king[s] = step_attacks(s, KING_DELTAS, 8);
    t.pawn_attacks[WHITE][s] = step_attacks(s, WHITE_PAWN, 2);
    t.pawn_attacks[BLACK][s] = step_attacks(s, BLACK_PAWN, 2);
  }
  const Rays rook_rays(ROOK_DELTAS), bishop_rays(BISHOP_DELTAS);
  init_slider(t.rook, ROOK_TABLE.data(), rook_rays, detail::ROOK_MAGICS);
  init_slider(t.bishop, BISHOP_TABLE.data(), bishop_rays, detail::BISHOP_MAGICS);
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
  return t;
}

constexpr detail::Tables TABLES = build_tables();

}  // namespace

namespace detail {
// Constant-initialised: there is no moment at which a use could see them unfilled.
const Tables& tables = TABLES;
}  // namespace detail

}  // namespace chess
