// A board for perft alone, beside Position (which keeps the history, key and mailbox that
// the rules and the notations need, and perft does not).
//
// It is always seen from the side to move: that side's men stand as White's do, and after
// each move every bitboard is mirrored rank for rank (a byte swap), so one generator with
// no colour in it serves both sides. A move is never unmade: the child is a copy, 64 bytes.
// Moves are never listed either: the generator hands each child board (or, at the last
// ply, each target set's size) straight to its sink, so a piece's kind is known where its
// move is made and no move is encoded or decoded.
//
// Not a second rule engine left untested: tests/unit/movegen_test.cpp compares it with the
// library's generator (movegen.cpp) move for move on positions of random games and on
// hand-counted corner cases, and every shared perft suite runs through it (fen-perft and
// chess::Perft use it below the root's replies).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "chess/bitboard.h"
#include "chess/position.h"

namespace chess::perft_board {

struct Board {
  Bitboard pawns, knights, kings;
  Bitboard diagonal;    // bishops and queens
  Bitboard orthogonal;  // rooks and queens
  Bitboard occupied;
  Bitboard ours;  // the side to move's men
  // Rooks that may still castle (on the first and last ranks) and the e.p. square (on the
  // sixth): a king's move clears our first rank, a rook's move or capture its own bit.
  Bitboard specials;
};

// The generator's parts and the children's making are a few instructions each, to be
// inlined into one function per sink: a profile-guided build left some out of line, and
// perft ran 20-30% slower (each child returned through memory).
#define PERFT_INLINE [[gnu::always_inline]] inline

// The lanes are worked on four at a time, as two 32-byte vectors (one AVX2 register each;
// a single 64-byte one left AVX2 without a whole-vector byte shuffle, and GCC made it byte
// by byte): a child is a dozen instructions where lane by lane it was forty, and perft ran
// 5-10% faster (Kiwipete d5 and d6, start position d6 and d7). A vector is passed by
// reference: by value it is an ABI of its own, which compilers warn of where AVX is not on.
typedef uint64_t Lanes __attribute__((vector_size(32)));
typedef char LaneBytes __attribute__((vector_size(32)));
static_assert(sizeof(Board) == 64 && offsetof(Board, orthogonal) == 32 && offsetof(Board, ours) == 48);
constexpr std::size_t MEN = 0, REST = 32;  // pawns, knights, kings, diagonal; orthogonal, occupied, ours, specials

PERFT_INLINE void get_half(const Board& b, std::size_t at, Lanes& lanes) {
  std::memcpy(&lanes, reinterpret_cast<const char*>(&b) + at, sizeof lanes);
}

// Mirrored rank for rank: each lane's bytes reversed.
PERFT_INLINE void put_mirrored(Board& b, std::size_t at, const Lanes& lanes) {
  const LaneBytes reversed = __builtin_shufflevector(LaneBytes(lanes), LaneBytes(lanes), 7, 6, 5, 4, 3, 2, 1, 0, 15, 14,
                                                     13, 12, 11, 10, 9, 8, 23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28,
                                                     27, 26, 25, 24);
  std::memcpy(reinterpret_cast<char*>(&b) + at, &reversed, sizeof reversed);
}

PERFT_INLINE Board mirrored(const Board& b) {
  Lanes men, rest;
  get_half(b, MEN, men);
  get_half(b, REST, rest);
  Board r;
  put_mirrored(r, MEN, men);
  put_mirrored(r, REST, rest);
  return r;
}

inline Board from_position(const Position& pos) {
  Board b;
  b.pawns = pos.pieces(PAWN);
  b.knights = pos.pieces(KNIGHT);
  b.kings = pos.pieces(KING);
  b.diagonal = pos.pieces(BISHOP, QUEEN);
  b.orthogonal = pos.pieces(ROOK, QUEEN);
  b.occupied = pos.pieces();
  b.ours = pos.pieces(pos.side_to_move());
  b.specials = pos.ep_square() == SQ_NONE ? 0 : square_bb(pos.ep_square());
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr)) b.specials |= square_bb(pos.castling_rook_square(cr));
  return pos.side_to_move() == WHITE ? b : mirrored(b);
}

// The children: each move made on a copy, which is then turned round for the opponent.
// `Lands` is the kind of man that stands on `to` after the move (a promotion's piece).
template <PieceType Lands>
PERFT_INLINE Board moved(const Board& b, Square from, Square to, Bitboard also_cleared = 0) {
  constexpr uint64_t ALL = ~uint64_t(0);
  const Bitboard kept = ~(square_bb(from) | square_bb(to) | also_cleared), landed = square_bb(to);
  Lanes men, rest;
  get_half(b, MEN, men);
  get_half(b, REST, rest);
  // Their men become ours: the ours lane takes the occupancy less what was ours.
  rest = __builtin_shufflevector(rest, rest, 0, 1, 1, 3) & ~(rest & Lanes{0, 0, ALL, 0});
  // A king's move gives up its castlings; any move takes the rights of the rooks it clears.
  rest &= Lanes{ALL, ALL, ALL, Lands == KING ? RANK_8_BB : RANK_1_BB | RANK_8_BB} & kept;
  rest |= Lanes{Lands == ROOK || Lands == QUEEN ? ALL : 0, ALL, 0, 0} & landed;
  men = (men & kept) | (Lanes{Lands == PAWN ? ALL : 0, Lands == KNIGHT ? ALL : 0, Lands == KING ? ALL : 0,
                              Lands == BISHOP || Lands == QUEEN ? ALL : 0} &
                        landed);
  Board r;
  put_mirrored(r, MEN, men);
  put_mirrored(r, REST, rest);
  return r;
}

// The e.p. square is marked only where a pawn of theirs stands beside the one that moved:
// else the position is the one a single step could also reach, and the table should know.
PERFT_INLINE Board double_pushed(const Board& b, Square from) {
  Board c = moved<PAWN>(b, from, from + 16);
  const Bitboard landed = square_bb(from + 16);
  if ((shift<EAST>(landed) | shift<WEST>(landed)) & b.pawns & ~b.ours)
    c.specials |= square_bb(Square((from + 8) ^ 56));  // the passed square, seen from the other side
  return c;
}

PERFT_INLINE Board castled(const Board& b, Square king, Square rook, Square king_to, Square rook_to) {
  const Bitboard cleared = square_bb(king) | square_bb(rook);
  Board c = b;
  c.kings = (b.kings & ~cleared) | square_bb(king_to);
  c.orthogonal = (b.orthogonal & ~cleared) | square_bb(rook_to);
  c.occupied = (b.occupied & ~cleared) | square_bb(king_to) | square_bb(rook_to);
  c.ours = b.occupied & ~b.ours;
  c.specials = b.specials & RANK_8_BB;
  return mirrored(c);
}

// Castling, by the king's and the rook's files: what must be empty (every square either
// crosses or reaches, but for the two of them), what must not be attacked (every square
// the king stands on, crosses or reaches), and where a rook or queen of theirs would be
// shielded only by the castling rook (a rook on b1 shields c1 from a1). Chess960's too.
struct CastlingPath {
  Bitboard empty = 0, safe = 0, shield = 0;
  Square king_to = SQ_A1, rook_to = SQ_A1;
};

constexpr auto CASTLING_PATHS = [] {
  std::array<std::array<CastlingPath, 8>, 8> paths{};
  auto span = [](int a, int b) { return (Bitboard(2) << std::max(a, b)) - (Bitboard(1) << std::min(a, b)); };
  for (int king = 0; king < 8; ++king)
    for (int rook = 0; rook < 8; ++rook) {
      if (rook == king) continue;
      CastlingPath& p = paths[king][rook];
      const bool king_side = rook > king;
      p.king_to = king_side ? SQ_G1 : SQ_C1;
      p.rook_to = king_side ? SQ_F1 : SQ_D1;
      p.empty = (span(king, p.king_to) | span(rook, p.rook_to)) & ~(Bitboard(1) << king) & ~(Bitboard(1) << rook);
      p.safe = span(king, p.king_to);
      p.shield = rook == SQ_B1 && !king_side ? square_bb(SQ_A1) : 0;
    }
  return paths;
}();

// The king on e1 and its rooks in the corners, Chess960's or not.
constexpr Bitboard OO_PATH = square_bb(SQ_F1) | square_bb(SQ_G1);
constexpr Bitboard OOO_SAFE = square_bb(SQ_C1) | square_bb(SQ_D1), OOO_EMPTY = OOO_SAFE | square_bb(SQ_B1);
PERFT_INLINE bool is_standard_castling(Square king, Bitboard rooks) {
  return king == SQ_E1 && !(rooks & ~(square_bb(SQ_A1) | square_bb(SQ_H1)));
}

// What the opponent does to the side to move, found once per node.
struct Threats {
  Square king;
  // By the opponent, our king lifted off (it cannot hide behind itself); only where the
  // king could step or castle (elsewhere it may be left out).
  Bitboard attacked;
  Bitboard checkers;
  Bitboard pinned_diagonal, pinned_orthogonal;  // pin rays: from beside the king to the pinner
  Bitboard castling_rooks;  // ours still marked, with nothing between them and their squares
};

// Their sliders of one kind seen from our king through our own men: none of ours between
// is a check, one a pin. Sliders off the king's lines on an empty board can do neither (and
// often none is on them): then nothing is looked up.
template <bool Diagonal>
PERFT_INLINE void x_ray(const Board& b, Threats& t, Bitboard sliders, Bitboard theirs, Bitboard& pin_rays) {
  if (!((Diagonal ? bishop_pseudo_attacks(t.king) : rook_pseudo_attacks(t.king)) & sliders)) return;
  for (Bitboard s = (Diagonal ? bishop_attacks(t.king, theirs) : rook_attacks(t.king, theirs)) & sliders; s;) {
    Square sniper = pop_lsb(s);
    Bitboard ray = between_bb(t.king, sniper), shields = ray & b.ours;
    if (!shields) t.checkers |= square_bb(sniper);
    else if (!more_than_one(shields)) pin_rays |= ray;
  }
}

// Every board has its two kings, but GCC, inlining this, sees a path without ours and warns
// of a read past the king table's end (a test or mask to quiet it cost 1-3% more
// instructions here, by callgrind).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
PERFT_INLINE Threats threats(const Board& b) {
  Threats t;
  const Bitboard theirs = b.occupied & ~b.ours, our_king = b.kings & b.ours;
  const Bitboard pawns = b.pawns & theirs, diagonal = b.diagonal & theirs, orthogonal = b.orthogonal & theirs;
  t.king = lsb(our_king);
  // What the opponent attacks is wanted only where the king could step or castle: often it
  // can do neither (boxed in by its own men, castling blocked), and nothing is looked up.
  // A castling's squares may hold its own rook.
  const Bitboard steps = king_attacks(t.king) & ~b.ours;
  Bitboard crossed = 0;
  t.castling_rooks = 0;
  if (const Bitboard rooks = b.specials & RANK_1_BB; is_standard_castling(t.king, rooks)) {
    // Most castling rights in a tree are the standard ones, kept for many plies: their paths
    // are constants (the king's own square is left to the check test).
    if ((rooks & square_bb(SQ_H1)) && !(b.occupied & OO_PATH)) t.castling_rooks |= square_bb(SQ_H1), crossed |= OO_PATH;
    if ((rooks & square_bb(SQ_A1)) && !(b.occupied & OOO_EMPTY))
      t.castling_rooks |= square_bb(SQ_A1), crossed |= OOO_SAFE;
  } else {
    for (Bitboard r = rooks; r;) {
      const Square rook = pop_lsb(r);
      const CastlingPath& p = CASTLING_PATHS[t.king & 7][rook];
      if (b.occupied & p.empty) continue;
      t.castling_rooks |= square_bb(rook);
      crossed |= p.safe;
    }
  }
  Bitboard attacked = 0;
  if (steps | crossed) {
    attacked = shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns) | king_attacks(lsb(b.kings & theirs));
    for (Bitboard n = b.knights & theirs; n;) attacked |= knight_attacks(pop_lsb(n));
    // The sliders only if a square is left that the men above do not attack.
    if ((steps & ~attacked) | crossed) {
      const Bitboard around = b.occupied ^ our_king;
      for (Bitboard s = diagonal; s;) attacked |= bishop_attacks(pop_lsb(s), around);
      for (Bitboard s = orthogonal; s;) attacked |= rook_attacks(pop_lsb(s), around);
    }
  }
  t.attacked = attacked;
  t.checkers = (pawn_attacks(WHITE, t.king) & pawns) | (knight_attacks(t.king) & b.knights & theirs);
  t.pinned_diagonal = t.pinned_orthogonal = 0;
  x_ray<true>(b, t, diagonal, theirs, t.pinned_diagonal);
  x_ray<false>(b, t, orthogonal, theirs, t.pinned_orthogonal);
  return t;
}
#pragma GCC diagnostic pop

// Out of check, with each rook of ours still marked.
template <class Sink>
PERFT_INLINE void generate_castling(const Board& b, const Threats& t, Sink& sink) {
  if (is_standard_castling(t.king, t.castling_rooks)) {
    if ((t.castling_rooks & square_bb(SQ_H1)) && !(t.attacked & OO_PATH)) sink.castle(b, SQ_E1, SQ_H1, SQ_G1, SQ_F1);
    if ((t.castling_rooks & square_bb(SQ_A1)) && !(t.attacked & OOO_SAFE)) sink.castle(b, SQ_E1, SQ_A1, SQ_C1, SQ_D1);
    return;
  }
  const Bitboard their_orthogonal = b.orthogonal & ~b.ours;
  for (Bitboard rooks = t.castling_rooks; rooks;) {
    const Square rook = pop_lsb(rooks);
    const CastlingPath& p = CASTLING_PATHS[t.king & 7][rook];
    if ((t.attacked & p.safe) | (their_orthogonal & p.shield)) continue;
    sink.castle(b, t.king, rook, p.king_to, p.rook_to);
  }
}

// En passant removes two men from one rank at once, which no pin ray describes: the
// capture is tried on the occupancy. Knights and pawns do not care about occupancy, so a
// check by one of them is answered only if the captured pawn was the checker.
template <class Sink>
PERFT_INLINE void generate_en_passant(const Board& b, const Threats& t, Sink& sink) {
  const Bitboard ep = b.specials & rank_bb(RANK_6);
  if (!ep) return;
  const Square to = lsb(ep), victim = Square(to - 8);
  const Bitboard theirs = b.occupied & ~b.ours;
  if (t.checkers & ~square_bb(victim) & (b.knights | b.pawns)) return;
  for (Bitboard from_set = pawn_attacks(BLACK, to) & b.pawns & b.ours; from_set;) {
    const Square from = pop_lsb(from_set);
    const Bitboard after = (b.occupied ^ square_bb(from) ^ square_bb(victim)) | ep;
    if ((bishop_attacks(t.king, after) & b.diagonal & theirs) | (rook_attacks(t.king, after) & b.orthogonal & theirs))
      continue;
    sink.en_passant(b, from, to, victim);
  }
}

// Pawns by shifts: `landing` is where a move may land (the check mask). Pushed pawns
// stay on their file, so a pawn pinned along the king's file may push; a pinned pawn
// captures only along its pin ray.
template <class Sink>
PERFT_INLINE void generate_pawns(const Board& b, const Threats& t, Sink& sink, Bitboard landing) {
  const Bitboard pawns = b.pawns & b.ours, pinned = t.pinned_diagonal | t.pinned_orthogonal;
  const Bitboard free = pawns & ~pinned, diagonal_pinned = pawns & t.pinned_diagonal;
  const Bitboard pushers = free | (pawns & t.pinned_orthogonal & file_bb(t.king));
  Bitboard single = shift<NORTH>(pushers) & ~b.occupied;
  const Bitboard twice = shift<NORTH>(single & rank_bb(RANK_3)) & ~b.occupied & landing;
  single &= landing;
  const Bitboard victims = b.occupied & ~b.ours & landing;
  const Bitboard west = (shift<NORTH_WEST>(free) | (shift<NORTH_WEST>(diagonal_pinned) & t.pinned_diagonal)) & victims;
  const Bitboard east = (shift<NORTH_EAST>(free) | (shift<NORTH_EAST>(diagonal_pinned) & t.pinned_diagonal)) & victims;
  sink.template pawn_moves<8>(b, single & ~RANK_8_BB);
  sink.double_pushes(b, twice);
  sink.template pawn_moves<7>(b, west & ~RANK_8_BB);
  sink.template pawn_moves<9>(b, east & ~RANK_8_BB);
  sink.template promotions<8>(b, single & RANK_8_BB);
  sink.template promotions<7>(b, west & RANK_8_BB);
  sink.template promotions<9>(b, east & RANK_8_BB);
}

// Knights, bishops, rooks, queens: a pinned knight never moves, a pinned slider moves only
// along its ray (the rays of one kind never cross but at the king, so their union will do).
template <class Sink>
PERFT_INLINE void generate_pieces(const Board& b, const Threats& t, Sink& sink, Bitboard targets) {
  const Bitboard pinned = t.pinned_diagonal | t.pinned_orthogonal;
  const Bitboard queens = b.diagonal & b.orthogonal & b.ours;
  const Bitboard bishops = b.diagonal & b.ours & ~queens, rooks = b.orthogonal & b.ours & ~queens;
  for (Bitboard s = b.knights & b.ours & ~pinned; s;) {
    Square from = pop_lsb(s);
    sink.template moves<KNIGHT>(b, from, knight_attacks(from) & targets);
  }
  for (Bitboard s = bishops & ~pinned; s;) {
    Square from = pop_lsb(s);
    sink.template moves<BISHOP>(b, from, bishop_attacks(from, b.occupied) & targets);
  }
  for (Bitboard s = rooks & ~pinned; s;) {
    Square from = pop_lsb(s);
    sink.template moves<ROOK>(b, from, rook_attacks(from, b.occupied) & targets);
  }
  for (Bitboard s = queens & ~pinned; s;) {
    Square from = pop_lsb(s);
    sink.template moves<QUEEN>(b, from, queen_attacks(from, b.occupied) & targets);
  }
  if (!(pinned & b.ours)) return;
  // Pinned: a slider moves only along its own kind of ray, a knight never.
  for (Bitboard s = (bishops | queens) & t.pinned_diagonal; s;) {
    Square from = pop_lsb(s);
    Bitboard to = bishop_attacks(from, b.occupied) & targets & t.pinned_diagonal;
    if (queens & square_bb(from)) sink.template moves<QUEEN>(b, from, to);
    else sink.template moves<BISHOP>(b, from, to);
  }
  for (Bitboard s = (rooks | queens) & t.pinned_orthogonal; s;) {
    Square from = pop_lsb(s);
    Bitboard to = rook_attacks(from, b.occupied) & targets & t.pinned_orthogonal;
    if (queens & square_bb(from)) sink.template moves<QUEEN>(b, from, to);
    else sink.template moves<ROOK>(b, from, to);
  }
}

template <class Sink>
PERFT_INLINE void generate(const Board& b, Sink& sink) {
  const Threats t = threats(b);
  sink.template moves<KING>(b, t.king, king_attacks(t.king) & ~b.ours & ~t.attacked);
  if (more_than_one(t.checkers)) return;
  if (!t.checkers && t.castling_rooks) generate_castling(b, t, sink);
  const Bitboard landing = t.checkers ? between_bb(t.king, lsb(t.checkers)) : ~Bitboard(0);
  generate_pawns(b, t, sink, landing);
  generate_en_passant(b, t, sink);
  generate_pieces(b, t, sink, landing & ~b.ours);
}

// The last ply: moves counted by their target sets.
// The count is 32 bits wide: a store to it cannot alias the board's 64-bit lanes, which the
// compiler would otherwise read again after every addition.
struct Counter {
  uint32_t count = 0;
  template <PieceType>
  void moves(const Board&, Square, Bitboard to) { count += popcount(to); }
  template <int>
  void pawn_moves(const Board&, Bitboard to) { count += popcount(to); }
  void double_pushes(const Board&, Bitboard to) { count += popcount(to); }
  template <int>
  void promotions(const Board&, Bitboard to) { count += 4 * popcount(to); }
  void en_passant(const Board&, Square, Square, Square) { ++count; }
  void castle(const Board&, Square, Square, Square, Square) { ++count; }
};

// The generator is inlined here, so that the count lives in a register; perft.cpp's ply
// above the last inlines this in turn, in one loop over the children it has made.
PERFT_INLINE uint64_t count_moves_inline(const Board& b) {
  Counter counter;
  generate(b, counter);
  return counter.count;
}

// For callers that count one position now and then (SanBoard, the tests).
[[gnu::noinline]] inline uint64_t count_moves(const Board& b) { return count_moves_inline(b); }

// Every other ply: each child handed to `visit`.
template <class Visit>
struct Children {
  Visit& visit;
  template <PieceType Pt>
  PERFT_INLINE void moves(const Board& b, Square from, Bitboard to) {
    while (to) visit(moved<Pt>(b, from, pop_lsb(to)));
  }
  template <int Back>
  PERFT_INLINE void pawn_moves(const Board& b, Bitboard to) {
    while (to) {
      Square s = pop_lsb(to);
      visit(moved<PAWN>(b, Square(s - Back), s));
    }
  }
  PERFT_INLINE void double_pushes(const Board& b, Bitboard to) {
    while (to) visit(double_pushed(b, Square(pop_lsb(to) - 16)));
  }
  template <int Back>
  PERFT_INLINE void promotions(const Board& b, Bitboard to) {
    while (to) {
      Square s = pop_lsb(to), from = Square(s - Back);
      visit(moved<QUEEN>(b, from, s));
      visit(moved<ROOK>(b, from, s));
      visit(moved<BISHOP>(b, from, s));
      visit(moved<KNIGHT>(b, from, s));
    }
  }
  PERFT_INLINE void en_passant(const Board& b, Square from, Square to, Square victim) {
    visit(moved<PAWN>(b, from, to, square_bb(victim)));
  }
  PERFT_INLINE void castle(const Board& b, Square king, Square rook, Square king_to, Square rook_to) {
    visit(castled(b, king, rook, king_to, rook_to));
  }
};

template <class Visit>
inline void for_each_child(const Board& b, Visit&& visit) {
  Children<Visit> children{visit};
  generate(b, children);
}

}  // namespace chess::perft_board
