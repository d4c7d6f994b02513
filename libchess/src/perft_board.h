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
// Checked against the library's generator (movegen.cpp) by the perft suites: every
// position of the shared suites and of tests/fixtures runs through both.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

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

inline Board mirrored(Board b) {
  for (Bitboard* lane : {&b.pawns, &b.knights, &b.kings, &b.diagonal, &b.orthogonal, &b.occupied, &b.ours, &b.specials})
    *lane = __builtin_bswap64(*lane);
  return b;
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
inline Board moved(const Board& b, Square from, Square to, Bitboard also_cleared = 0) {
  const Bitboard cleared = square_bb(from) | square_bb(to) | also_cleared, landed = square_bb(to);
  Board c;
  c.pawns = (b.pawns & ~cleared) | (Lands == PAWN ? landed : 0);
  c.knights = (b.knights & ~cleared) | (Lands == KNIGHT ? landed : 0);
  c.kings = (b.kings & ~cleared) | (Lands == KING ? landed : 0);
  c.diagonal = (b.diagonal & ~cleared) | (Lands == BISHOP || Lands == QUEEN ? landed : 0);
  c.orthogonal = (b.orthogonal & ~cleared) | (Lands == ROOK || Lands == QUEEN ? landed : 0);
  c.occupied = (b.occupied & ~cleared) | landed;
  c.ours = b.occupied & ~b.ours & ~cleared;
  c.specials = b.specials & ~cleared & (Lands == KING ? RANK_8_BB : RANK_1_BB | RANK_8_BB);
  return mirrored(c);
}

inline Board double_pushed(const Board& b, Square from) {
  Board c = moved<PAWN>(b, from, from + 16);
  c.specials |= square_bb(Square((from + 8) ^ 56));  // the passed square, seen from the other side
  return c;
}

inline Board castled(const Board& b, Square king, Square rook, Square king_to, Square rook_to) {
  const Bitboard cleared = square_bb(king) | square_bb(rook);
  Board c = b;
  c.kings = (b.kings & ~cleared) | square_bb(king_to);
  c.orthogonal = (b.orthogonal & ~cleared) | square_bb(rook_to);
  c.occupied = (b.occupied & ~cleared) | square_bb(king_to) | square_bb(rook_to);
  c.ours = b.occupied & ~b.ours;
  c.specials = b.specials & RANK_8_BB;
  return mirrored(c);
}

// What the opponent does to the side to move, found once per node.
struct Threats {
  Square king;
  Bitboard attacked;  // by the opponent, our king lifted off (it cannot hide behind itself)
  Bitboard checkers;
  Bitboard pinned_diagonal, pinned_orthogonal;  // pin rays: from beside the king to the pinner
};

inline Threats threats(const Board& b) {
  Threats t;
  const Bitboard theirs = b.occupied & ~b.ours, our_king = b.kings & b.ours;
  const Bitboard pawns = b.pawns & theirs, diagonal = b.diagonal & theirs, orthogonal = b.orthogonal & theirs;
  t.king = lsb(our_king);
  const Bitboard around = b.occupied ^ our_king;
  Bitboard attacked = shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns) | king_attacks(lsb(b.kings & theirs));
  for (Bitboard n = b.knights & theirs; n;) attacked |= knight_attacks(pop_lsb(n));
  for (Bitboard s = diagonal; s;) attacked |= bishop_attacks(pop_lsb(s), around);
  for (Bitboard s = orthogonal; s;) attacked |= rook_attacks(pop_lsb(s), around);
  t.attacked = attacked;
  t.checkers = (pawn_attacks(WHITE, t.king) & pawns) | (knight_attacks(t.king) & b.knights & theirs);
  // Sliders seen through our own men: none of ours between is a check, one a pin.
  t.pinned_diagonal = t.pinned_orthogonal = 0;
  for (Bitboard s = bishop_attacks(t.king, theirs) & diagonal; s;) {
    Square sniper = pop_lsb(s);
    Bitboard ray = between_bb(t.king, sniper), shields = ray & b.ours;
    if (!shields) t.checkers |= square_bb(sniper);
    else if (!more_than_one(shields)) t.pinned_diagonal |= ray;
  }
  for (Bitboard s = rook_attacks(t.king, theirs) & orthogonal; s;) {
    Square sniper = pop_lsb(s);
    Bitboard ray = between_bb(t.king, sniper), shields = ray & b.ours;
    if (!shields) t.checkers |= square_bb(sniper);
    else if (!more_than_one(shields)) t.pinned_orthogonal |= ray;
  }
  return t;
}

// The squares from a to b, both included, on one rank.
constexpr Bitboard span(Square a, Square b) {
  return (Bitboard(2) << std::max(a, b)) - (Bitboard(1) << std::min(a, b));
}

// Castling, out of check, with each rook of ours still marked: Chess960's as well. Every
// square the king or rook crosses or reaches is empty (but for the two of them), none the
// king stands on, crosses or reaches is attacked; a rook on b1 may be what shields c1
// from a rook or queen on a1.
template <class Sink>
inline void generate_castling(const Board& b, const Threats& t, Sink& sink) {
  for (Bitboard rooks = b.specials & RANK_1_BB; rooks;) {
    const Square rook = pop_lsb(rooks);
    const bool king_side = rook > t.king;
    const Square king_to = king_side ? SQ_G1 : SQ_C1, rook_to = king_side ? SQ_F1 : SQ_D1;
    const Bitboard movers = square_bb(t.king) | square_bb(rook);
    if ((span(t.king, king_to) | span(rook, rook_to)) & b.occupied & ~movers) continue;
    if (span(t.king, king_to) & t.attacked) continue;
    if (rook == SQ_B1 && !king_side && (b.orthogonal & ~b.ours & square_bb(SQ_A1))) continue;
    sink.castle(b, t.king, rook, king_to, rook_to);
  }
}

// En passant removes two men from one rank at once, which no pin ray describes: the
// capture is tried on the occupancy. Knights and pawns do not care about occupancy, so a
// check by one of them is answered only if the captured pawn was the checker.
template <class Sink>
inline void generate_en_passant(const Board& b, const Threats& t, Sink& sink) {
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
inline void generate_pawns(const Board& b, const Threats& t, Sink& sink, Bitboard landing) {
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
inline void generate_pieces(const Board& b, const Threats& t, Sink& sink, Bitboard targets) {
  const Bitboard pinned = t.pinned_diagonal | t.pinned_orthogonal;
  const Bitboard queens = b.diagonal & b.orthogonal & b.ours;
  const Bitboard bishops = b.diagonal & b.ours & ~queens, rooks = b.orthogonal & b.ours & ~queens;
  for (Bitboard s = b.knights & b.ours & ~pinned; s;) {
    Square from = pop_lsb(s);
    sink.template moves<KNIGHT>(b, from, knight_attacks(from) & targets);
  }
  for (Bitboard s = bishops & ~t.pinned_orthogonal; s;) {
    Square from = pop_lsb(s);
    Bitboard to = bishop_attacks(from, b.occupied) & targets;
    sink.template moves<BISHOP>(b, from, t.pinned_diagonal & square_bb(from) ? to & t.pinned_diagonal : to);
  }
  for (Bitboard s = rooks & ~t.pinned_diagonal; s;) {
    Square from = pop_lsb(s);
    Bitboard to = rook_attacks(from, b.occupied) & targets;
    sink.template moves<ROOK>(b, from, t.pinned_orthogonal & square_bb(from) ? to & t.pinned_orthogonal : to);
  }
  for (Bitboard s = queens; s;) {
    Square from = pop_lsb(s);
    Bitboard to = t.pinned_diagonal & square_bb(from)     ? bishop_attacks(from, b.occupied) & t.pinned_diagonal
                  : t.pinned_orthogonal & square_bb(from) ? rook_attacks(from, b.occupied) & t.pinned_orthogonal
                                                          : queen_attacks(from, b.occupied);
    sink.template moves<QUEEN>(b, from, to & targets);
  }
}

template <class Sink>
inline void generate(const Board& b, Sink& sink) {
  const Threats t = threats(b);
  sink.template moves<KING>(b, t.king, king_attacks(t.king) & ~b.ours & ~t.attacked);
  if (more_than_one(t.checkers)) return;
  if (!t.checkers && (b.specials & RANK_1_BB)) generate_castling(b, t, sink);
  const Bitboard landing = t.checkers ? between_bb(t.king, lsb(t.checkers)) : ~Bitboard(0);
  generate_pawns(b, t, sink, landing);
  generate_en_passant(b, t, sink);
  generate_pieces(b, t, sink, landing & ~b.ours);
}

// The last ply: moves counted by their target sets.
struct Counter {
  uint64_t count = 0;
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

inline uint64_t count_moves(const Board& b) {
  Counter counter;
  generate(b, counter);
  return counter.count;
}

// Every other ply: each child handed to `visit`.
template <class Visit>
struct Children {
  Visit& visit;
  template <PieceType Pt>
  void moves(const Board& b, Square from, Bitboard to) {
    while (to) visit(moved<Pt>(b, from, pop_lsb(to)));
  }
  template <int Back>
  void pawn_moves(const Board& b, Bitboard to) {
    while (to) {
      Square s = pop_lsb(to);
      visit(moved<PAWN>(b, Square(s - Back), s));
    }
  }
  void double_pushes(const Board& b, Bitboard to) {
    while (to) visit(double_pushed(b, Square(pop_lsb(to) - 16)));
  }
  template <int Back>
  void promotions(const Board& b, Bitboard to) {
    while (to) {
      Square s = pop_lsb(to), from = Square(s - Back);
      visit(moved<QUEEN>(b, from, s));
      visit(moved<ROOK>(b, from, s));
      visit(moved<BISHOP>(b, from, s));
      visit(moved<KNIGHT>(b, from, s));
    }
  }
  void en_passant(const Board& b, Square from, Square to, Square victim) {
    visit(moved<PAWN>(b, from, to, square_bb(victim)));
  }
  void castle(const Board& b, Square king, Square rook, Square king_to, Square rook_to) {
    visit(castled(b, king, rook, king_to, rook_to));
  }
};

template <class Visit>
inline void for_each_child(const Board& b, Visit&& visit) {
  Children<Visit> children{visit};
  generate(b, children);
}

}  // namespace chess::perft_board
