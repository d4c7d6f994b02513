#include "notation/san_board.h"

#include <array>

#include "perft_board.h"
#include "position_access.h"

namespace chess::notation {

namespace {

constexpr std::array<PieceType, 128> PIECE_LETTERS = [] {
  std::array<PieceType, 128> t{};
  t['N'] = KNIGHT, t['B'] = BISHOP, t['R'] = ROOK, t['Q'] = QUEEN, t['K'] = KING;
  return t;
}();

}  // namespace

void SanBoard::set(const Position& pos) {
  by_type_[NO_PIECE_TYPE] = pos.pieces();
  for (int pt = PAWN; pt <= KING; ++pt) by_type_[pt] = pos.pieces(PieceType(pt));
  by_color_[WHITE] = pos.pieces(WHITE);
  by_color_[BLACK] = pos.pieces(BLACK);
  castling_rooks_ = 0;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr)) castling_rooks_ |= square_bb(pos.castling_rook_square(cr));
  checkers_ = pos.checkers();
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

// A man other than the king may go from `from` to `to` when it answers any check (one
// checker, captured or blocked) and leaves no slider of theirs a line to the king: only a
// man on one of the king's lines can open one.
bool SanBoard::legal(Square from, Square to) const {
  const Square king = lsb(by_type_[KING] & by_color_[side_]);
  if (checkers_ && (more_than_one(checkers_) || !(between_bb(king, lsb(checkers_)) & square_bb(to)))) return false;
  if (!((bishop_pseudo_attacks(king) | rook_pseudo_attacks(king)) & square_bb(from))) return true;
  const Bitboard after = (by_type_[NO_PIECE_TYPE] ^ square_bb(from)) | square_bb(to);
  const Bitboard theirs = by_color_[~side_] & ~square_bb(to);
  return !(((bishop_attacks(king, after) & (by_type_[BISHOP] | by_type_[QUEEN])) |
            (rook_attacks(king, after) & (by_type_[ROOK] | by_type_[QUEEN]))) &
           theirs);
}

bool SanBoard::attacked(Square s, Bitboard occupied) const {
  return ((pawn_attacks(side_, s) & by_type_[PAWN]) | (knight_attacks(s) & by_type_[KNIGHT]) |
          (king_attacks(s) & by_type_[KING]) | (bishop_attacks(s, occupied) & (by_type_[BISHOP] | by_type_[QUEEN])) |
          (rook_attacks(s, occupied) & (by_type_[ROOK] | by_type_[QUEEN]))) &
         by_color_[~side_];
}

// Castling ("O-O", "O-O-O") in standard chess: the right held, not in check, the squares
// between king and rook and their destinations empty, none the king crosses or reaches
// attacked (Position's castling_path and castling_king_path, worked out here).
Move SanBoard::castling(bool king_side) const {
  if (chess960_ || checkers_) return Move::none();
  const Color us = side_;
  const Square king = lsb(by_type_[KING] & by_color_[us]);
  const Bitboard beyond = king_side ? ~((square_bb(king) << 1) - 1) : square_bb(king) - 1;
  const Bitboard rooks = castling_rooks_ & rank_bb(relative_rank(us, RANK_1)) & beyond;
  if (!rooks || more_than_one(rooks)) return Move::none();
  const Square rook = lsb(rooks);
  const Square king_to = Position::castling_king_to(us, king_side), rook_to = Position::castling_rook_to(us, king_side);
  const Bitboard ends = square_bb(king) | square_bb(rook);
  if ((between_bb(rook, rook_to) | between_bb(king, king_to)) & ~ends & by_type_[NO_PIECE_TYPE]) return Move::none();
  for (Bitboard path = between_bb(king, king_to); path;)
    if (attacked(pop_lsb(path), by_type_[NO_PIECE_TYPE] ^ ends)) return Move::none();
  return Move::make(king, rook, MoveType::Castling);
}

// For the side to move, in check (is it mate?): perft's generator counts its moves.
bool SanBoard::has_legal_move() const {
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

Move SanBoard::play(std::string_view text) {
  const char* t = text.data();
  std::size_t n = text.size();
  char claim = 0;
  if (n && (t[n - 1] == '+' || t[n - 1] == '#')) claim = t[--n];
  if (n < 2) return Move::none();
  if (t[0] == 'O') {
    std::string_view castle(t, n);
    const Move m = castle == "O-O" ? castling(true) : castle == "O-O-O" ? castling(false) : Move::none();
    return m.is_ok() ? make(KING, m.from(), m.to(), true, claim) : Move::none();
  }
  const unsigned file = unsigned(t[n - 2] - 'a'), rank = unsigned(t[n - 1] - '1');
  if (file > 7 || rank > 7) return Move::none();
  const Color us = side_;
  const Square to = make_square(File(file), Rank(rank));
  const Bitboard ours = by_color_[us], to_bb = square_bb(to);
  if (ours & to_bb) return Move::none();
  const bool capture = by_color_[~us] & to_bb;
  if (const unsigned pawn_file = unsigned(t[0] - 'a'); pawn_file <= 7) {
    // "e4" or "exd5"; a promotion or an e.p. capture is declined.
    if (relative_rank(us, to) == RANK_8 || to == ep_) return Move::none();
    const Bitboard pawns = by_type_[PAWN] & ours;
    const int push = pawn_push(us);
    Square from;
    if (n == 2 && !capture) {
      if (pawns & square_bb(to - push)) from = to - push;
      else if (relative_rank(us, to) == RANK_4 && !(by_type_[NO_PIECE_TYPE] & square_bb(to - push)) &&
               (pawns & square_bb(to - 2 * push)))
        from = to - 2 * push;
      else return Move::none();
    } else if (n == 4 && t[1] == 'x' && capture && pawn_file != file) {
      const Bitboard origins = pawn_attacks(~us, to) & pawns & file_bb(File(pawn_file));
      if (!origins) return Move::none();
      from = lsb(origins);
    } else {
      return Move::none();
    }
    return legal(from, to) ? make(PAWN, from, to, false, claim) : Move::none();
  }
  // A piece: its letter, then what tells it from its legal rivals, exactly what they
  // require (the file, else the rank, else both), then 'x' exactly on a capture.
  const PieceType pt = PIECE_LETTERS[static_cast<unsigned char>(t[0]) & 127];
  if (pt == NO_PIECE_TYPE || n < 3 || (pt == KING && chess960_)) return Move::none();
  std::size_t middle = n - 3;  // the characters between the letter and the square
  if (capture != (middle && t[n - 3] == 'x')) return Move::none();
  middle -= capture;
  Bitboard named = ~Bitboard(0);
  bool file_named = false, rank_named = false;
  if (middle) {
    if (middle > 2) return Move::none();
    const unsigned f = unsigned(t[1] - 'a'), r = unsigned(t[middle] - '1');
    file_named = f <= 7;
    rank_named = r <= 7 && (middle == 2 || !file_named);
    if (file_named + rank_named != int(middle)) return Move::none();
    if (file_named) named &= file_bb(File(f));
    if (rank_named) named &= rank_bb(Rank(r));
  }
  const Bitboard mine = by_type_[pt] & ours;
  Bitboard origins;
  if (pt == KING) {
    origins = king_attacks(to) & mine;
    if (!origins || attacked(to, by_type_[NO_PIECE_TYPE] ^ origins)) return Move::none();  // the king lifted off
  } else {
    origins = attacks_bb(pt, to, by_type_[NO_PIECE_TYPE]) & mine;
    if (more_than_one(origins)) {
      for (Bitboard b = origins; b;)
        if (Square from = pop_lsb(b); !legal(from, to)) origins ^= square_bb(from);
    } else if (!origins || !legal(lsb(origins), to)) {
      return Move::none();
    }
  }
  const Bitboard chosen = origins & named;
  if (!chosen || more_than_one(chosen)) return Move::none();
  const Square from = lsb(chosen);
  if (const Bitboard rivals = origins ^ chosen) {
    const bool same_file = rivals & file_bb(from), same_rank = rivals & rank_bb(from);
    if (file_named != (!same_file || same_rank) || rank_named != same_file) return Move::none();
  } else if (middle) {
    return Move::none();
  }
  return make(pt, from, to, false, claim);
}

Move SanBoard::make(PieceType pt, Square from, Square to, bool castles, char claim) {
  const Color us = side_, them = ~us;
  const Bitboard to_bb = square_bb(to);
  const Bitboard castling_rooks = castling_rooks_, checkers = checkers_;  // (for a mark refused)
  const Square ep = ep_;
  const uint16_t rule50 = rule50_;
  PieceType taken = NO_PIECE_TYPE;
  if (!castles && (by_color_[them] & to_bb)) {
    taken = PAWN;
    while (!(by_type_[taken] & to_bb)) taken = PieceType(taken + 1);
    by_type_[taken] ^= to_bb;
    by_color_[them] ^= to_bb;
  }
  // A castling: the king's move, then the rook's.
  const Square king_to = castles ? Position::castling_king_to(us, to > from) : to;
  const Bitboard moved = square_bb(from) ^ square_bb(king_to);
  const Bitboard rook_moved = castles ? to_bb ^ square_bb(Position::castling_rook_to(us, to > from)) : 0;
  by_type_[pt] ^= moved;
  by_type_[ROOK] ^= rook_moved;
  by_color_[us] ^= moved ^ rook_moved;
  by_type_[NO_PIECE_TYPE] = by_color_[WHITE] | by_color_[BLACK];
  castling_rooks_ &= ~(square_bb(from) | to_bb | (pt == KING ? rank_bb(relative_rank(us, RANK_1)) : 0));
  ep_ = pt == PAWN && (int(from) ^ int(to)) == 16 ? from + pawn_push(us) : SQ_NONE;
  rule50_ = pt == PAWN || taken ? 0 : rule50_ + 1;
  side_ = them;
  ++game_ply_;
  const Square king = lsb(by_type_[KING] & by_color_[them]);
  const Bitboard occupied = by_type_[NO_PIECE_TYPE];
  checkers_ = ((pawn_attacks(them, king) & by_type_[PAWN]) | (knight_attacks(king) & by_type_[KNIGHT]) |
               (bishop_attacks(king, occupied) & (by_type_[BISHOP] | by_type_[QUEEN])) |
               (rook_attacks(king, occupied) & (by_type_[ROOK] | by_type_[QUEEN]))) &
              by_color_[us];
  const char earned = !checkers_ ? 0 : has_legal_move() ? '+' : '#';
  if (earned == claim) return castles ? Move::make(from, to, MoveType::Castling) : Move(from, to);
  // The mark is not the one the move earns: the move taken back.
  side_ = us;
  --game_ply_;
  by_type_[pt] ^= moved;
  by_type_[ROOK] ^= rook_moved;
  by_color_[us] ^= moved ^ rook_moved;
  if (taken) by_type_[taken] ^= to_bb, by_color_[them] ^= to_bb;
  by_type_[NO_PIECE_TYPE] = by_color_[WHITE] | by_color_[BLACK];
  castling_rooks_ = castling_rooks;
  checkers_ = checkers;
  ep_ = ep;
  rule50_ = rule50;
  return Move::none();
}

}  // namespace chess::notation
