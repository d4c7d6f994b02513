#include "chess/movegen.h"

namespace chess {
namespace {

// Receives moves as (from, targets) sets. Counting and listing share all the legality
// logic below; only what happens to a finished target set differs.
template <bool Counting>
struct Sink {
  Move* out = nullptr;
  uint64_t count = 0;

  void add(Square from, Bitboard targets) {
    if constexpr (Counting) {
      count += popcount(targets);
    } else {
      while (targets) *out++ = Move(from, pop_lsb(targets));
    }
  }
  // Pawn moves given by their destinations; the origin is `Offset` squares back.
  template <int Offset>
  void add_pawns(Bitboard targets) {
    if constexpr (Counting) {
      count += popcount(targets);
    } else {
      while (targets) {
        Square to = pop_lsb(targets);
        *out++ = Move(to - Offset, to);
      }
    }
  }
  template <int Offset>
  void add_promotions(Bitboard targets) {
    if constexpr (Counting) {
      count += 4 * popcount(targets);
    } else {
      while (targets) {
        Square to = pop_lsb(targets);
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
          *out++ = Move::make(to - Offset, to, MoveType::Promotion, pt);
      }
    }
  }
  void add(Move m) {
    if constexpr (Counting) ++count;
    else *out++ = m;
  }
};

template <Color Them>
inline bool attacked_by(const Position& pos, Square s, Bitboard occupied) {
  return (pawn_attacks(~Them, s) & pos.pieces(Them, PAWN)) || (knight_attacks(s) & pos.pieces(Them, KNIGHT)) ||
         (king_attacks(s) & pos.pieces(Them, KING)) ||
         (bishop_attacks(s, occupied) & pos.pieces(Them, BISHOP, QUEEN)) ||
         (rook_attacks(s, occupied) & pos.pieces(Them, ROOK, QUEEN));
}

template <Color Us, bool Counting>
void generate(const Position& pos, Sink<Counting>& sink, Bitboard destinations = ~Bitboard(0)) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr Direction UpDir = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LastRank = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard ThirdRank = Us == WHITE ? rank_bb(RANK_3) : rank_bb(RANK_6);

  const Bitboard occupied = pos.pieces();
  const Bitboard ours = pos.pieces(Us);
  const Bitboard theirs = pos.pieces(Them);
  const Square ksq = pos.king_square(Us);
  const Bitboard their_rq = pos.pieces(Them, ROOK, QUEEN);
  const Bitboard their_bq = pos.pieces(Them, BISHOP, QUEEN);

  const Bitboard checkers = pos.checkers();

  // King steps: tested with the king lifted off the board, so it cannot hide behind itself.
  {
    const Bitboard without_king = occupied ^ square_bb(ksq);
    Bitboard candidates = king_attacks(ksq) & ~ours & destinations;
    Bitboard safe = 0;
    while (candidates) {
      Square to = pop_lsb(candidates);
      if (!attacked_by<Them>(pos, to, without_king)) safe |= square_bb(to);
    }
    sink.add(ksq, safe);
  }
  if (more_than_one(checkers)) return;

  // Every non-king move must land on `check_mask`: the checker or a square blocking it.
  const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);

  // Pins, found by x-raying from the king through our own pieces. A pinned piece may
  // only move along its pin ray; the rays are kept per kind (orthogonal, diagonal).
  Bitboard pinned_hv = 0, pinned_diag = 0, ray_hv = 0, ray_diag = 0;
  for (Bitboard snipers = rook_attacks(ksq, theirs) & their_rq; snipers;) {
    Bitboard ray = between_bb(ksq, pop_lsb(snipers));
    Bitboard blockers = ray & ours;
    if (blockers && !more_than_one(blockers)) {
      pinned_hv |= blockers;
      ray_hv |= ray;
    }
  }
  for (Bitboard snipers = bishop_attacks(ksq, theirs) & their_bq; snipers;) {
    Bitboard ray = between_bb(ksq, pop_lsb(snipers));
    Bitboard blockers = ray & ours;
    if (blockers && !more_than_one(blockers)) {
      pinned_diag |= blockers;
      ray_diag |= ray;
    }
  }
  const Bitboard pinned = pinned_hv | pinned_diag;
  const Bitboard targets = ~ours & check_mask & destinations;

  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add(from, knight_attacks(from) & targets);
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN) & ~pinned_hv; b;) {
    Square from = pop_lsb(b);
    Bitboard t = bishop_attacks(from, occupied) & targets;
    if (pinned_diag & square_bb(from)) t &= ray_diag;
    sink.add(from, t);
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN) & ~pinned_diag; b;) {
    Square from = pop_lsb(b);
    Bitboard t = rook_attacks(from, occupied) & targets;
    if (pinned_hv & square_bb(from)) t &= ray_hv;
    sink.add(from, t);
  }

  // Pawns, all at once with shifts.
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard empty = ~occupied;
  {
    Bitboard pushers = pawns & ~pinned_diag;
    Bitboard single = (shift<UpDir>(pushers & ~pinned_hv) | (shift<UpDir>(pushers & pinned_hv) & ray_hv)) & empty;
    Bitboard twice = shift<UpDir>(single & ThirdRank) & empty & check_mask & destinations;
    single &= check_mask & destinations;
    sink.template add_promotions<Up>(single & LastRank);
    sink.template add_pawns<Up>(single & ~LastRank);
    sink.template add_pawns<2 * Up>(twice);

    Bitboard capturers = pawns & ~pinned_hv;
    Bitboard free = capturers & ~pinned_diag, pinned_cap = capturers & pinned_diag;
    Bitboard west = (shift<UpWest>(free) | (shift<UpWest>(pinned_cap) & ray_diag)) & theirs & targets;
    Bitboard east = (shift<UpEast>(free) | (shift<UpEast>(pinned_cap) & ray_diag)) & theirs & targets;
    constexpr int WestOffset = Us == WHITE ? 7 : -9;
    constexpr int EastOffset = Us == WHITE ? 9 : -7;
    sink.template add_promotions<WestOffset>(west & LastRank);
    sink.template add_pawns<WestOffset>(west & ~LastRank);
    sink.template add_promotions<EastOffset>(east & LastRank);
    sink.template add_pawns<EastOffset>(east & ~LastRank);
  }

  // En passant removes two pawns from one rank at once, which no pin mask describes:
  // replay it on the occupancy and look for any attack on the king.
  if (Square ep = pos.ep_square(); ep != SQ_NONE && (destinations & square_bb(ep))) {
    Square victim = ep - Up;
    for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
      Square from = pop_lsb(b);
      Bitboard after = (occupied ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
      Bitboard attackers = (pawn_attacks(Us, ksq) & pos.pieces(Them, PAWN) & ~square_bb(victim)) |
                           (knight_attacks(ksq) & pos.pieces(Them, KNIGHT)) |
                           (rook_attacks(ksq, after) & their_rq) | (bishop_attacks(ksq, after) & their_bq);
      if (!attackers) sink.add(Move::make(from, ep, MoveType::EnPassant));
    }
  }

  // Castling: path empty (but for king and rook), and no square the king stands on,
  // crosses or reaches attacked. The rook is lifted off too: in Chess960 it may be the
  // piece that shields the king's destination.
  if (!checkers && pos.can_castle(Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING)) {
    for (bool king_side : {true, false}) {
      CastlingRights cr = castling_right(Us, king_side);
      if (!pos.can_castle(cr) || (pos.castling_path(cr) & occupied)) continue;
      Square rook = pos.castling_rook_square(cr);
      if (!(destinations & square_bb(rook))) continue;
      Bitboard without = occupied ^ square_bb(rook) ^ square_bb(ksq);
      bool safe = true;
      for (Bitboard path = pos.castling_king_path(cr); path && safe;)
        safe = !attacked_by<Them>(pos, pop_lsb(path), without);
      if (safe) sink.add(Move::make(ksq, rook, MoveType::Castling));
    }
  }
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  Sink<false> sink{list.moves};
  if (pos.side_to_move() == WHITE) generate<WHITE>(pos, sink);
  else generate<BLACK>(pos, sink);
  list.count = int(sink.out - list.moves);
}

void generate_legal_to(const Position& pos, Bitboard destinations, MoveList& list) {
  Sink<false> sink{list.moves};
  if (pos.side_to_move() == WHITE) generate<WHITE>(pos, sink, destinations);
  else generate<BLACK>(pos, sink, destinations);
  list.count = int(sink.out - list.moves);
}

namespace {

// Our pieces that shield our king from an enemy slider: moving one off the line exposes it.
Bitboard king_blockers(const Position& pos, Color us, Square ksq) {
  Bitboard occupied = pos.pieces(), blockers = 0;
  // X-rays through our own pieces: a sniper's ray to the king holds only our pieces.
  Bitboard snipers = (rook_attacks(ksq, pos.pieces(~us)) & pos.pieces(~us, ROOK, QUEEN)) |
                     (bishop_attacks(ksq, pos.pieces(~us)) & pos.pieces(~us, BISHOP, QUEEN));
  while (snipers) {
    Square sniper = pop_lsb(snipers);
    Bitboard between = between_bb(ksq, sniper) & occupied & ~square_bb(sniper);
    if (between && !more_than_one(between)) blockers |= between;
  }
  return blockers;
}

}  // namespace

void generate_legal_piece_to(const Position& pos, PieceType pt, Square to, MoveList& list) {
  list.count = 0;
  Color us = pos.side_to_move(), them = ~us;
  if (pos.pieces(us) & square_bb(to)) return;
  Square ksq = pos.king_square(us);
  Bitboard occupied = pos.pieces();
  Bitboard checkers = pos.checkers();
  Bitboard origins;
  Square ep = pos.ep_square();
  bool ep_capture = false;
  if (pt == PAWN) {
    int up = pawn_push(us);
    Bitboard pawns = pos.pieces(us, PAWN);
    origins = 0;
    if (pos.empty(to)) {
      Square one = to - up;
      if (is_ok(one) && (pawns & square_bb(one))) origins |= square_bb(one);
      else if (relative_rank(us, to) == RANK_4 && pos.empty(one) && (pawns & square_bb(to - 2 * up)))
        origins |= square_bb(to - 2 * up);
      if (to == ep) {
        origins |= pawn_attacks(them, to) & pawns;
        ep_capture = true;
      }
    } else {
      origins = pawn_attacks(them, to) & pawns;
    }
  } else {
    origins = attacks_bb(pt, to, occupied) & pos.pieces(us, pt);
  }
  if (!origins) return;
  // Legality of each pseudo-legal candidate: the king may not step into an attack; other
  // pieces must resolve any check and not leave a pin line; e.p. is replayed in full.
  Bitboard blockers = king_blockers(pos, us, ksq);
  while (origins) {
    Square from = pop_lsb(origins);
    bool is_ep = ep_capture && file_of(from) != file_of(to);
    bool legal;
    if (pt == KING) {
      legal = !(pos.attackers_to(to, occupied ^ square_bb(from)) & pos.pieces(them));
    } else if (is_ep) {
      Square victim = to - pawn_push(us);
      Bitboard after = (occupied ^ square_bb(from) ^ square_bb(victim)) | square_bb(to);
      legal = !((rook_attacks(ksq, after) & pos.pieces(them, ROOK, QUEEN)) |
                (bishop_attacks(ksq, after) & pos.pieces(them, BISHOP, QUEEN)) |
                (knight_attacks(ksq) & pos.pieces(them, KNIGHT)) |
                (pawn_attacks(us, ksq) & pos.pieces(them, PAWN) & ~square_bb(victim)));
    } else {
      legal = (!(blockers & square_bb(from)) || aligned(ksq, from, to)) &&
              (!checkers || (!more_than_one(checkers) && (between_bb(ksq, lsb(checkers)) & square_bb(to))));
    }
    if (!legal) continue;
    if (pt == PAWN && (relative_rank(us, to) == RANK_8)) {
      for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT})
        list.moves[list.count++] = Move::make(from, to, MoveType::Promotion, promo);
    } else {
      list.moves[list.count++] = is_ep ? Move::make(from, to, MoveType::EnPassant) : Move(from, to);
    }
  }
}

uint64_t count_legal(const Position& pos) {
  Sink<true> sink;
  if (pos.side_to_move() == WHITE) generate<WHITE>(pos, sink);
  else generate<BLACK>(pos, sink);
  return sink.count;
}

bool has_legal_move(const Position& pos) {
  Color us = pos.side_to_move();
  Square ksq = pos.king_square(us);
  Bitboard without_king = pos.pieces() ^ square_bb(ksq);
  for (Bitboard steps = king_attacks(ksq) & ~pos.pieces(us); steps;)
    if (!(pos.attackers_to(pop_lsb(steps), without_king) & pos.pieces(~us))) return true;
  return count_legal(pos) > 0;
}

}  // namespace chess
