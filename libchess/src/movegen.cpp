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

// Whether the en passant capture from `from` leaves the king safe. It removes two pawns
// from one rank at once, which no pin mask describes: replay it on the occupancy.
bool ep_capture_is_safe(const Position& pos, Square from, Square to) {
  Color us = pos.side_to_move(), them = ~us;
  Square ksq = pos.king_square(us), victim = to - pawn_push(us);
  Bitboard after = (pos.pieces() ^ square_bb(from) ^ square_bb(victim)) | square_bb(to);
  return !((rook_attacks(ksq, after) & pos.pieces(them, ROOK, QUEEN)) |
           (bishop_attacks(ksq, after) & pos.pieces(them, BISHOP, QUEEN)) |
           (knight_attacks(ksq) & pos.pieces(them, KNIGHT)) |
           (pawn_attacks(us, ksq) & pos.pieces(them, PAWN) & ~square_bb(victim)));
}

// Castling with a right held, out of check: the path empty (but for king and rook), and no
// square the king stands on, crosses or reaches attacked. The rook is lifted off too: in
// Chess960 it may be the piece that shields the king's destination.
template <Color Us>
bool castling_path_safe(const Position& pos, CastlingRights cr) {
  const Bitboard occupied = pos.pieces();
  if (pos.castling_path(cr) & occupied) return false;
  const Bitboard without = occupied ^ square_bb(pos.castling_rook_square(cr)) ^ square_bb(pos.king_square(Us));
  for (Bitboard path = pos.castling_king_path(cr); path;)
    if (attacked_by<~Us>(pos, pop_lsb(path), without)) return false;
  return true;
}

// The generator, by kind of piece as Stockfish splits it. generate() is perft's whole inner
// loop: the parts are inline and the compiler puts them back together into it (the library
// has no symbol of them). Forced with always_inline, perft ran 0.5-2.6% more instructions;
// left to the compiler, 0.6-0.8% fewer than the one function did.

// What the parts read of the position, loaded once before any move is added: the sink's
// counter is a 64-bit integer as bitboards are, so the compiler may not assume that an
// addition left the position as it was.
template <Color Us>
struct Board {
  explicit Board(const Position& pos)
      : occupied(pos.pieces()), ours(pos.pieces(Us)), theirs(pos.pieces(~Us)), pawns(pos.pieces(Us, PAWN)),
        their_rq(pos.pieces(~Us, ROOK, QUEEN)), their_bq(pos.pieces(~Us, BISHOP, QUEEN)), checkers(pos.checkers()),
        ksq(pos.king_square(Us)) {}
  const Bitboard occupied, ours, theirs, pawns, their_rq, their_bq, checkers;
  const Square ksq;
};

// King steps: tested with the king lifted off the board, so it cannot hide behind itself.
template <Color Us, bool Counting>
inline void generate_king_steps(const Position& pos, const Board<Us>& board,
                                Sink<Counting>& sink, Bitboard destinations) {
  constexpr Color Them = ~Us;
  const Bitboard without_king = board.occupied ^ square_bb(board.ksq);
  Bitboard candidates = king_attacks(board.ksq) & ~board.ours & destinations;
  if (!more_than_one(candidates)) {
    if (candidates && attacked_by<Them>(pos, lsb(candidates), without_king)) candidates = 0;
    sink.add(board.ksq, candidates);
    return;
  }
  // Two squares or more (a king in the open has up to eight): one map of what they attack,
  // where each square asked alone costs up to five lookups.
  Bitboard attacked = pawn_attacks_bb<Them>(pos.pieces(Them, PAWN)) | king_attacks(pos.king_square(Them));
  for (Bitboard b = pos.pieces(Them, KNIGHT); b;) attacked |= knight_attacks(pop_lsb(b));
  for (Bitboard b = board.their_bq; b;) attacked |= bishop_attacks(pop_lsb(b), without_king);
  for (Bitboard b = board.their_rq; b;) attacked |= rook_attacks(pop_lsb(b), without_king);
  sink.add(board.ksq, candidates & ~attacked);
}

// Pins, found by x-raying from the king through our own pieces. A pinned piece may only
// move along its pin ray; the rays are kept per kind (orthogonal, diagonal).
struct Pins {
  Bitboard hv = 0, diag = 0, ray_hv = 0, ray_diag = 0;
};

template <Color Us>
inline Pins find_pins(const Board<Us>& board) {
  Pins pins;
  for (Bitboard snipers = rook_attacks(board.ksq, board.theirs) & board.their_rq; snipers;) {
    Bitboard ray = between_bb(board.ksq, pop_lsb(snipers));
    Bitboard blockers = ray & board.ours;
    if (blockers && !more_than_one(blockers)) {
      pins.hv |= blockers;
      pins.ray_hv |= ray;
    }
  }
  for (Bitboard snipers = bishop_attacks(board.ksq, board.theirs) & board.their_bq; snipers;) {
    Bitboard ray = between_bb(board.ksq, pop_lsb(snipers));
    Bitboard blockers = ray & board.ours;
    if (blockers && !more_than_one(blockers)) {
      pins.diag |= blockers;
      pins.ray_diag |= ray;
    }
  }
  return pins;
}

// Knights, bishops, rooks and queens (a queen as a bishop and as a rook): a pinned knight
// never moves, a pinned slider only along its ray.
template <Color Us, bool Counting>
inline void generate_pieces(const Position& pos, const Board<Us>& board, Sink<Counting>& sink,
                            const Pins& pins, Bitboard targets) {
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~(pins.hv | pins.diag); b;) {
    Square from = pop_lsb(b);
    sink.add(from, knight_attacks(from) & targets);
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN) & ~pins.hv; b;) {
    Square from = pop_lsb(b);
    Bitboard t = bishop_attacks(from, board.occupied) & targets;
    if (pins.diag & square_bb(from)) t &= pins.ray_diag;
    sink.add(from, t);
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN) & ~pins.diag; b;) {
    Square from = pop_lsb(b);
    Bitboard t = rook_attacks(from, board.occupied) & targets;
    if (pins.hv & square_bb(from)) t &= pins.ray_hv;
    sink.add(from, t);
  }
}

// Pawns, all at once with shifts. `landing`: the squares a move may land on (the check
// mask and the caller's destinations); captures also need an enemy piece there.
template <Color Us, bool Counting>
inline void generate_pawns(const Board<Us>& board, Sink<Counting>& sink, const Pins& pins, Bitboard landing) {
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr Direction UpDir = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr int WestOffset = Us == WHITE ? 7 : -9;
  constexpr int EastOffset = Us == WHITE ? 9 : -7;
  constexpr Bitboard LastRank = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard ThirdRank = Us == WHITE ? rank_bb(RANK_3) : rank_bb(RANK_6);
  const Bitboard empty = ~board.occupied;

  Bitboard pushers = board.pawns & ~pins.diag;
  Bitboard single = (shift<UpDir>(pushers & ~pins.hv) | (shift<UpDir>(pushers & pins.hv) & pins.ray_hv)) & empty;
  Bitboard twice = shift<UpDir>(single & ThirdRank) & empty & landing;
  single &= landing;
  sink.template add_promotions<Up>(single & LastRank);
  sink.template add_pawns<Up>(single & ~LastRank);
  sink.template add_pawns<2 * Up>(twice);

  Bitboard capturers = board.pawns & ~pins.hv;
  Bitboard free = capturers & ~pins.diag, pinned = capturers & pins.diag;
  Bitboard victims = board.theirs & landing;
  Bitboard west = (shift<UpWest>(free) | (shift<UpWest>(pinned) & pins.ray_diag)) & victims;
  Bitboard east = (shift<UpEast>(free) | (shift<UpEast>(pinned) & pins.ray_diag)) & victims;
  sink.template add_promotions<WestOffset>(west & LastRank);
  sink.template add_pawns<WestOffset>(west & ~LastRank);
  sink.template add_promotions<EastOffset>(east & LastRank);
  sink.template add_pawns<EastOffset>(east & ~LastRank);
}

template <Color Us, bool Counting>
inline void generate_en_passant(const Position& pos, const Board<Us>& board,
                                Sink<Counting>& sink, Bitboard destinations) {
  if (Square ep = pos.ep_square(); ep != SQ_NONE && (destinations & square_bb(ep)))
    for (Bitboard b = pawn_attacks(~Us, ep) & board.pawns; b;)
      if (Square from = pop_lsb(b); ep_capture_is_safe(pos, from, ep)) sink.add(Move::make(from, ep, MoveType::EnPassant));
}

// Out of check only (the caller's test); castling lands on the rook's square.
template <Color Us, bool Counting>
inline void generate_castling(const Position& pos, const Board<Us>& board,
                              Sink<Counting>& sink, Bitboard destinations) {
  if (!pos.can_castle(Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING)) return;
  for (bool king_side : {true, false}) {
    CastlingRights cr = castling_right(Us, king_side);
    Square rook = pos.castling_rook_square(cr);
    if (pos.can_castle(cr) && (destinations & square_bb(rook)) && castling_path_safe<Us>(pos, cr))
      sink.add(Move::make(board.ksq, rook, MoveType::Castling));
  }
}

template <Color Us, bool Counting>
void generate(const Position& pos, Sink<Counting>& sink, Bitboard destinations = ~Bitboard(0)) {
  const Board<Us> board(pos);
  generate_king_steps(pos, board, sink, destinations);
  if (more_than_one(board.checkers)) return;
  // Every non-king move must land on `check_mask`: the checker or a square blocking it.
  const Bitboard check_mask = board.checkers ? between_bb(board.ksq, lsb(board.checkers)) : ~Bitboard(0);
  const Pins pins = find_pins(board);
  const Bitboard landing = check_mask & destinations;
  generate_pieces(pos, board, sink, pins, ~board.ours & landing);
  generate_pawns(board, sink, pins, landing);
  generate_en_passant(pos, board, sink, destinations);
  if (!board.checkers) generate_castling(pos, board, sink, destinations);
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

// Our pieces among `candidates` that shield our king from an enemy slider: moving one off
// the line exposes the king. Only candidates lined up with the king can be pinned, so most
// calls look at no sniper at all.
Bitboard pinned_among(const Position& pos, Color us, Square ksq, Bitboard candidates) {
  Bitboard diagonal = bishop_pseudo_attacks(ksq), orthogonal = rook_pseudo_attacks(ksq);
  if (!(candidates & (diagonal | orthogonal))) return 0;
  Bitboard occupied = pos.pieces(), pinned = 0;
  // Enemy sliders lined up with the king on an empty board; one piece between makes a pin.
  Bitboard snipers = (orthogonal & pos.pieces(~us, ROOK, QUEEN)) | (diagonal & pos.pieces(~us, BISHOP, QUEEN));
  while (snipers) {
    Square sniper = pop_lsb(snipers);
    Bitboard between = between_bb(ksq, sniper) & occupied & ~square_bb(sniper);
    if (between && !more_than_one(between)) pinned |= between;
  }
  return pinned & candidates;
}

}  // namespace

Bitboard legal_origins(const Position& pos, PieceType pt, Square to) {
  Color us = pos.side_to_move(), them = ~us;
  if (pos.pieces(us) & square_bb(to)) return 0;
  Bitboard occupied = pos.pieces();
  Bitboard mine = pos.pieces(us, pt);
  Bitboard origins;
  bool ep_capture = false;
  switch (pt) {
    case PAWN: {
      if (!pos.empty(to)) {
        origins = pawn_attacks(them, to) & mine;
        break;
      }
      Square one = to - pawn_push(us);
      origins = 0;
      if (is_ok(one) && (mine & square_bb(one))) origins = square_bb(one);
      else if (relative_rank(us, to) == RANK_4 && pos.empty(one) && (mine & square_bb(one - pawn_push(us))))
        origins = square_bb(one - pawn_push(us));
      if (to == pos.ep_square()) {  // no pawn can step straight onto the e.p. square
        origins = pawn_attacks(them, to) & mine;
        ep_capture = true;
      }
      break;
    }
    case KNIGHT: origins = knight_attacks(to) & mine; break;
    case BISHOP:
    case ROOK:
    case QUEEN: {
      // The sliders that would reach `to` on an empty board, then those with nothing in
      // between: one or two pieces to look at, where a slider-table lookup (the rook's
      // table is 800 KB, out of the nearest caches while an archive streams through) costs
      // a cache miss. The lines are picked, not branched to, by piece.
      Bitboard diagonal = bishop_pseudo_attacks(to), straight = rook_pseudo_attacks(to);
      const Bitboard lines[PIECE_TYPE_NB] = {0, 0, 0, diagonal, straight, diagonal | straight, 0};
      origins = lines[pt] & mine;
      for (Bitboard b = origins; b;)
        if (Square from = pop_lsb(b); (between_bb(to, from) ^ square_bb(from)) & occupied) origins ^= square_bb(from);
      break;
    }
    case KING:
      origins = king_attacks(to) & mine;
      // The king may not step into an attack, looked at with the king lifted off the board.
      if (!origins || (us == WHITE ? attacked_by<BLACK>(pos, to, occupied ^ origins)
                                   : attacked_by<WHITE>(pos, to, occupied ^ origins)))
        return 0;
      return origins;
    default: return 0;
  }
  if (!origins) return 0;
  if (ep_capture) {
    for (Bitboard b = origins; b;)
      if (Square from = pop_lsb(b); !ep_capture_is_safe(pos, from, to)) origins ^= square_bb(from);
    return origins;
  }
  // Another piece must resolve any check (capture or block it: one mask) and not leave
  // a pin line.
  Square ksq = pos.king_square(us);
  if (Bitboard checkers = pos.checkers())
    if (more_than_one(checkers) || !(between_bb(ksq, lsb(checkers)) & square_bb(to))) return 0;
  for (Bitboard pinned = pinned_among(pos, us, ksq, origins); pinned;)
    if (Square from = pop_lsb(pinned); !aligned(ksq, from, to)) origins ^= square_bb(from);
  return origins;
}

void append_legal_piece_to(const Position& pos, PieceType pt, Square to, Bitboard origins, MoveList& list) {
  bool promotes = pt == PAWN && relative_rank(pos.side_to_move(), to) == RANK_8;
  bool ep = pt == PAWN && to == pos.ep_square();
  while (origins) {
    Square from = pop_lsb(origins);
    if (promotes) {
      for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT})
        list.moves[list.count++] = Move::make(from, to, MoveType::Promotion, promo);
    } else {
      list.moves[list.count++] = ep ? Move::make(from, to, MoveType::EnPassant) : Move(from, to);
    }
  }
}

void generate_legal_piece_to(const Position& pos, PieceType pt, Square to, MoveList& list) {
  list.count = 0;
  append_legal_piece_to(pos, pt, to, legal_origins(pos, pt, to), list);
}

bool castling_is_legal(const Position& pos, CastlingRights right) {
  if (!pos.can_castle(right) || pos.in_check()) return false;
  if (pos.side_to_move() == WHITE) return (right & WHITE_CASTLING) && castling_path_safe<WHITE>(pos, right);
  return (right & BLACK_CASTLING) && castling_path_safe<BLACK>(pos, right);
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
