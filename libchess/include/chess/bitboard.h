// Bitboards: one bit per square, and the attack tables built on them.
//
// Slider attacks use PEXT where the compiler targets BMI2, and "fancy" magic
// multiplication otherwise; both index per-square tables built when the library compiles.
#pragma once

#include <bit>
#include <cstdint>

#include "chess/config.h"
#include "chess/types.h"

#if CHESS_BUILT_WITH_PEXT
#if !defined(__BMI2__)
#error "libchess was built with PEXT (BMI2): compile with -mbmi2 (its CMake package and pkg-config file say so)"
#endif
#include <immintrin.h>
#include "chess/api.h"
#define CHESS_USE_PEXT 1
#endif

CHESS_PUBLIC_BEGIN

namespace chess {

using Bitboard = uint64_t;

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES_BB = 0xAA55AA55AA55AA55ULL;  // a1 is dark

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(Rank r) { return RANK_1_BB << (8 * r); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

enum Direction : int8_t { NORTH = 8, SOUTH = -8, EAST = 1, WEST = -1,
                          NORTH_EAST = 9, NORTH_WEST = 7, SOUTH_EAST = -7, SOUTH_WEST = -9 };

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  else if constexpr (D == SOUTH) return b >> 8;
  else if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
  else if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
  else if constexpr (D == NORTH_EAST) return (b & ~FILE_H_BB) << 9;
  else if constexpr (D == NORTH_WEST) return (b & ~FILE_A_BB) << 7;
  else if constexpr (D == SOUTH_EAST) return (b & ~FILE_H_BB) >> 7;
  else return (b & ~FILE_A_BB) >> 9;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return C == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                    : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
}

namespace detail {

// One slider's lookup for one square: the relevant-occupancy mask and where its
// slice of the shared attack table starts. With magics, also the multiplier and shift.
struct SliderEntry {
  Bitboard mask;
  const Bitboard* attacks;
#ifndef CHESS_USE_PEXT
  Bitboard magic;
  unsigned shift;
#endif
  unsigned index(Bitboard occupied) const {
#ifdef CHESS_USE_PEXT
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

struct Tables {
  SliderEntry rook[64];
  SliderEntry bishop[64];
  Bitboard pawn_attacks[COLOR_NB][64];
  Bitboard knight[64];
  Bitboard king[64];
  Bitboard bishop_pseudo[64];  // bishop and rook attacks on an empty board
  Bitboard rook_pseudo[64];
  Bitboard between[64][64];  // squares strictly between two aligned squares, plus the second
  Bitboard line[64][64];     // the whole line through two aligned squares, 0 if not aligned
};
extern const Tables& tables;

}  // namespace detail

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::tables.rook[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::tables.bishop[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
inline Bitboard knight_attacks(Square s) { return detail::tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return detail::tables.king[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return detail::tables.pawn_attacks[c][s]; }
// Slider attacks on an empty board: a small table, always in cache, where the magic
// lookups above reach into half a megabyte. Used to find the few sliders that line up.
inline Bitboard bishop_pseudo_attacks(Square s) { return detail::tables.bishop_pseudo[s]; }
inline Bitboard rook_pseudo_attacks(Square s) { return detail::tables.rook_pseudo[s]; }

// Squares between a and b (exclusive) plus b itself when they share a line; just b otherwise.
// So "block the check or capture the checker" is one mask: between(king, checker).
inline Bitboard between_bb(Square a, Square b) { return detail::tables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return detail::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// Inline: move generation and notation resolution call it for every candidate piece.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}

}  // namespace chess

CHESS_PUBLIC_END
