#include "notation/san_board.h"

#include "perft_board.h"
#include "position_access.h"

namespace chess::notation {

// Worked out by stepping, at compile time: constant data, there before any code runs.
constexpr SanBoard::Geometry SanBoard::geometry() {
  struct Step {
    int file, rank;
  };
  constexpr Step knight[] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr Step diagonal[] = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
  constexpr Step straight[] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  constexpr Step white_pawn[] = {{-1, 1}, {1, 1}}, black_pawn[] = {{-1, -1}, {1, -1}};
  auto on_board = [](int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; };
  auto reach = [&](int file, int rank, const Step* steps, int count, bool slides) {
    Bitboard b = 0;
    for (int i = 0; i < count; ++i)
      for (int f = file + steps[i].file, r = rank + steps[i].rank; on_board(f, r);
           f += steps[i].file, r += steps[i].rank) {
        b |= Bitboard(1) << (r * 8 + f);
        if (!slides) break;
      }
    return b;
  };
  SanBoard::Geometry g{};
  for (int s = 0; s < SQUARE_NB; ++s) {
    const int f = s % 8, r = s / 8;
    g.reach[PAWN][s] = reach(f, r, white_pawn, 2, false);
    g.black_pawn[s] = reach(f, r, black_pawn, 2, false);
    g.reach[KNIGHT][s] = reach(f, r, knight, 8, false);
    g.reach[BISHOP][s] = reach(f, r, diagonal, 4, true);
    g.reach[ROOK][s] = reach(f, r, straight, 4, true);
    g.reach[QUEEN][s] = g.reach[BISHOP][s] | g.reach[ROOK][s];
    g.reach[KING][s] = reach(f, r, diagonal, 4, false) | reach(f, r, straight, 4, false);
    // Along each of the eight directions, every square met: what lies between it and s,
    // and the whole line through both (s's squares that way and the opposite way).
    for (int b = 0; b < SQUARE_NB; ++b) g.between[s][b] = Bitboard(1) << b;
    for (const Step* steps : {diagonal, straight})
      for (int i = 0; i < 4; ++i) {
        const Step back{-steps[i].file, -steps[i].rank};
        const Bitboard whole = (Bitboard(1) << s) | reach(f, r, &steps[i], 1, true) | reach(f, r, &back, 1, true);
        Bitboard passed = 0;
        for (int tf = f + steps[i].file, tr = r + steps[i].rank; on_board(tf, tr);
             tf += steps[i].file, tr += steps[i].rank) {
          const int t = tr * 8 + tf;
          g.between[s][t] = passed | (Bitboard(1) << t);
          g.line[s][t] = whole;
          passed |= Bitboard(1) << t;
        }
      }
  }
  return g;
}

constinit const SanBoard::Geometry SanBoard::GEOMETRY = geometry();

void SanBoard::set(const Position& pos) {
  by_type_[NO_PIECE_TYPE] = pos.pieces();
  for (int pt = PAWN; pt <= KING; ++pt) by_type_[pt] = pos.pieces(PieceType(pt));
  by_color_[WHITE] = pos.pieces(WHITE);
  by_color_[BLACK] = pos.pieces(BLACK);
  castling_rooks_ = 0;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr)) castling_rooks_ |= square_bb(pos.castling_rook_square(cr));
  checkers_ = pos.checkers();
  for (int s = 0; s < SQUARE_NB; ++s) on_[s] = type_of(pos.piece_on(Square(s)));
  king_[WHITE] = pos.king_square(WHITE);
  king_[BLACK] = pos.king_square(BLACK);
  ep_ = pos.ep_square();
  side_ = pos.side_to_move();
  chess960_ = pos.chess960();
  rule50_ = uint16_t(pos.halfmove_clock());
  game_ply_ = pos.game_ply();
}

void SanBoard::store(Position& pos) const {
  uint8_t castling = 0;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (Square rook = pos.castling_rook_square(cr); is_ok(rook) && (castling_rooks_ & square_bb(rook))) castling |= cr;
  Bitboard by_type[PIECE_TYPE_NB] = {0, by_type_[PAWN], by_type_[KNIGHT], by_type_[BISHOP],
                                     by_type_[ROOK], by_type_[QUEEN], by_type_[KING]};
  detail::PositionAccess::assign(pos, by_color_, by_type, side_, castling, ep_, rule50_, game_ply_);
}

bool SanBoard::attacked(Square s, Bitboard occupied) const {
  if (((pawn_captures(side_, s) & by_type_[PAWN]) | (lines(KNIGHT, s) & by_type_[KNIGHT]) |
       (lines(KING, s) & by_type_[KING])) &
      by_color_[~side_])
    return true;
  return reaching(s, sliders(~side_, s), occupied);
}

// Castling ("O-O", "O-O-O") in standard chess: the right held, not in check, the squares
// between king and rook and their destinations empty, none the king crosses or reaches
// attacked (Position's castling_path and castling_king_path, worked out here).
Move SanBoard::castling(bool king_side) const {
  if (chess960_ || checkers_) return Move::none();
  const Color us = side_;
  const Square king = king_[us];
  const Bitboard beyond = king_side ? ~((square_bb(king) << 1) - 1) : square_bb(king) - 1;
  const Bitboard rooks = castling_rooks_ & rank_bb(relative_rank(us, RANK_1)) & beyond;
  if (!rooks || more_than_one(rooks)) return Move::none();
  const Square rook = lsb(rooks);
  const Square king_to = Position::castling_king_to(us, king_side), rook_to = Position::castling_rook_to(us, king_side);
  const Bitboard ends = square_bb(king) | square_bb(rook);
  if ((between(rook, rook_to) | between(king, king_to)) & ~ends & by_type_[NO_PIECE_TYPE]) return Move::none();
  for (Bitboard path = between(king, king_to); path;)
    if (attacked(pop_lsb(path), by_type_[NO_PIECE_TYPE] ^ ends)) return Move::none();
  return Move::make(king, rook, MoveType::Castling);
}

// Whether the side to move has a legal move (in check: is it mate? at the game's end: is it
// stalemate?). A safe step of the king settles it in most positions.
bool SanBoard::has_legal_move() const {
  const Color us = side_;
  const Square king = king_[us];
  for (Bitboard steps = lines(KING, king) & ~by_color_[us]; steps;)
    if (!attacked(pop_lsb(steps), by_type_[NO_PIECE_TYPE] ^ square_bb(king))) return true;
  if (more_than_one(checkers_)) return false;  // a double check: only the king can answer
  // One check, and no e.p. capture to weigh: another man takes the checker or steps between,
  // or it is mate. Looked for so, not by counting every move on perft's board, whose slider
  // tables are out of the caches here (perf: its count took 1.4% of validation's time, 0.3%
  // now that only a check with an e.p. capture, or none at the game's end, goes there).
  if (checkers_ && !is_ok(ep_)) {
    const Bitboard ours = by_color_[us], occupied = by_type_[NO_PIECE_TYPE], pawns = by_type_[PAWN] & ours;
    const Square checker = lsb(checkers_);
    const int push = pawn_push(us);
    for (Bitboard targets = between(king, checker); targets;) {
      const Square t = pop_lsb(targets);
      Bitboard from = (lines(KNIGHT, t) & by_type_[KNIGHT] & ours) | reaching(t, sliders(us, t), occupied);
      if (t == checker) {
        from |= pawn_captures(~us, t) & pawns;
      } else if (relative_rank(us, t) >= RANK_3) {  // a step, or two from the second rank
        if (pawns & square_bb(t - push)) from |= square_bb(t - push);
        else if (relative_rank(us, t) == RANK_4 && !(occupied & square_bb(t - push)))
          from |= pawns & square_bb(t - 2 * push);
      }
      for (Bitboard b = from; b;)
        if (legal(pop_lsb(b), t)) return true;
    }
    return false;
  }
  perft_board::Board b;
  b.pawns = by_type_[PAWN];
  b.knights = by_type_[KNIGHT];
  b.kings = by_type_[KING];
  b.diagonal = by_type_[BISHOP] | by_type_[QUEEN];
  b.orthogonal = by_type_[ROOK] | by_type_[QUEEN];
  b.occupied = by_type_[NO_PIECE_TYPE];
  b.ours = by_color_[side_];
  b.specials = castling_rooks_ | (is_ok(ep_) ? square_bb(ep_) : 0);
  return perft_board::count_moves(side_ == WHITE ? b : perft_board::mirrored(b)) > 0;
}

// A castling the board found legal, made if it earns the check mark `claim` (only the
// rook can give one).
Move SanBoard::castle_with(Move m, char claim) {
  const Color us = side_, them = ~us;
  undo_.castling_rooks = castling_rooks_, undo_.checkers = checkers_, undo_.rule50 = rule50_;
  undo_.from = m.from(), undo_.to = m.to(), undo_.ep = ep_, undo_.moved = KING, undo_.taken = NO_PIECE_TYPE;
  undo_.castles = true;
  const bool king_side = m.to() > m.from();
  const Bitboard king_moved = square_bb(m.from()) ^ square_bb(Position::castling_king_to(us, king_side));
  const Bitboard rook_moved = square_bb(m.to()) ^ square_bb(Position::castling_rook_to(us, king_side));
  by_type_[KING] ^= king_moved;
  king_[us] = Position::castling_king_to(us, king_side);
  on_[m.from()] = on_[m.to()] = NO_PIECE_TYPE;
  on_[Position::castling_rook_to(us, king_side)] = ROOK, on_[king_[us]] = KING;
  by_type_[ROOK] ^= rook_moved;
  by_color_[us] ^= king_moved ^ rook_moved;
  by_type_[NO_PIECE_TYPE] = by_color_[WHITE] | by_color_[BLACK];
  castling_rooks_ &= ~rank_bb(relative_rank(us, RANK_1));
  ep_ = SQ_NONE;
  ++rule50_;
  side_ = them;
  ++game_ply_;
  // Only the rook can give check, along a line clear to the king: found as the other moves'
  // checks are, not on the rook's attack table (800 KB, out of the caches: castling cost
  // validation 1.5% of its time for two moves a game).
  const Square king = king_[them];
  const Square rook_to = Position::castling_rook_to(us, king_side);
  checkers_ = reaching(king, lines(ROOK, king) & square_bb(rook_to), by_type_[NO_PIECE_TYPE]);
  if ((!checkers_ ? 0 : has_legal_move() ? '+' : '#') != claim) return take_back(), Move::none();
  return m;
}

Move SanBoard::play_long(std::string_view text) {
  const char* t = text.data();
  std::size_t n = text.size();
  char claim = 0;
  if (n && (t[n - 1] == '+' || t[n - 1] == '#')) claim = t[--n];
  const PieceType pt = n == 6 ? english_piece(t[0]) : n == 5 ? PAWN : NO_PIECE_TYPE;
  if (pt == NO_PIECE_TYPE || (pt == PAWN && n != 5) || (pt == KING && chess960_)) return Move::none();
  t += n - 5;  // the origin, the separator, the square
  const unsigned from_file = unsigned(t[0] - 'a'), from_rank = unsigned(t[1] - '1');
  const unsigned to_file = unsigned(t[3] - 'a'), to_rank = unsigned(t[4] - '1');
  if ((from_file | from_rank | to_file | to_rank) > 7 || (t[2] != '-' && t[2] != 'x')) return Move::none();
  const Color us = side_;
  const Square from = make_square(File(from_file), Rank(from_rank)), to = make_square(File(to_file), Rank(to_rank));
  const Bitboard to_bb = square_bb(to), occupied = by_type_[NO_PIECE_TYPE];
  if (!(by_color_[us] & square_bb(from)) || on_[from] != pt || (by_color_[us] & to_bb)) return Move::none();
  const bool capture = by_color_[~us] & to_bb;
  if ((t[2] == 'x') != capture) return Move::none();
  Bitboard reach;  // as play() gives make(): what the man attacks from `to`
  if (pt == PAWN) {
    // A promotion or an e.p. capture is declined, as play() declines them.
    if (relative_rank(us, to) == RANK_8 || to == ep_) return Move::none();
    const int push = pawn_push(us);
    const bool step = !capture && (to == from + push ||
                                   (relative_rank(us, from) == RANK_2 && to == from + 2 * push &&
                                    !(occupied & square_bb(from + push))));
    if (!step && !(capture && (pawn_captures(us, from) & to_bb))) return Move::none();
    reach = pawn_captures(us, to);
  } else {
    reach = lines(pt, to);
    if (!(lines(pt, from) & to_bb)) return Move::none();
    if (pt >= BISHOP && pt <= QUEEN && ((between(from, to) ^ to_bb) & occupied)) return Move::none();
  }
  if (pt == KING ? attacked(to, occupied ^ square_bb(from)) : !legal(from, to)) return Move::none();
  return make(pt, from, to, reach, capture, claim);
}

void SanBoard::take_back() {
  const Undo& u = undo_;
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const bool king_side = u.to > u.from;
  const Bitboard to_bb = square_bb(u.to);
  const Bitboard moved = square_bb(u.from) ^ (u.castles ? square_bb(Position::castling_king_to(us, king_side)) : to_bb);
  const Bitboard rook_moved = u.castles ? to_bb ^ square_bb(Position::castling_rook_to(us, king_side)) : 0;
  by_type_[u.moved] ^= moved;
  if (u.moved == KING) king_[us] = u.from;
  if (u.castles) {
    on_[Position::castling_king_to(us, king_side)] = on_[Position::castling_rook_to(us, king_side)] = NO_PIECE_TYPE;
    on_[u.from] = KING, on_[u.to] = ROOK;
  } else {
    on_[u.from] = u.moved, on_[u.to] = u.taken;
  }
  by_type_[ROOK] ^= rook_moved;
  by_color_[us] ^= moved ^ rook_moved;
  if (u.taken) by_type_[u.taken] ^= to_bb, by_color_[~us] ^= to_bb;
  by_type_[NO_PIECE_TYPE] = by_color_[WHITE] | by_color_[BLACK];
  castling_rooks_ = u.castling_rooks;
  checkers_ = u.checkers;
  ep_ = u.ep;
  rule50_ = u.rule50;
}

}  // namespace chess::notation
