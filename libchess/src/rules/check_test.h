// For the helpmate searches, which try the winner's checks first (a mate is one of them).
#pragma once

#include "chess/position.h"

namespace chess::rules::detail {

// Whether a move of the winner's checks the loser's king, told without making it: from the
// squares each kind of man checks from, and the men whose leaving uncovers a check.
// En passant and castling, which move two men, are made instead.
class CheckTest {
public:
  CheckTest() = default;  // for a position where the winner does not move: asked nothing
  CheckTest(const Position& pos, Color winner) {
    king_ = pos.king_square(~winner);
    occupied_ = pos.pieces();
    checks_[PAWN] = pawn_attacks(~winner, king_);
    checks_[KNIGHT] = knight_attacks(king_);
    checks_[BISHOP] = bishop_attacks(king_, occupied_);
    checks_[ROOK] = rook_attacks(king_, occupied_);
    checks_[QUEEN] = checks_[BISHOP] | checks_[ROOK];
    checks_[KING] = 0;
    Bitboard snipers = (rook_pseudo_attacks(king_) & pos.pieces(winner, ROOK, QUEEN)) |
                       (bishop_pseudo_attacks(king_) & pos.pieces(winner, BISHOP, QUEEN));
    while (snipers) {
      Square sniper = pop_lsb(snipers);
      Bitboard between = between_bb(king_, sniper) & occupied_ & ~square_bb(sniper);
      if (!more_than_one(between)) discoverers_ |= between;
    }
    discoverers_ &= pos.pieces(winner);
  }

  bool gives_check(Position& pos, Move m) const {
    Square from = m.from(), to = m.to();
    if (m.type() == MoveType::EnPassant || m.type() == MoveType::Castling) {
      pos.make_move(m);
      bool check = pos.in_check();
      pos.unmake_move(m);
      return check;
    }
    if ((discoverers_ & square_bb(from)) && !aligned(from, to, king_)) return true;
    if (m.type() == MoveType::Promotion)
      return attacks_bb(m.promotion(), to, occupied_ ^ square_bb(from)) & square_bb(king_);
    return checks_[type_of(pos.piece_on(from))] & square_bb(to);
  }

  // Where the man of type `pt` on `from` checks by an ordinary move (not a promotion):
  // from the squares its kind checks from, or anywhere off the line when it uncovers one.
  Bitboard checking_from(Square from, PieceType pt) const {
    Bitboard b = checks_[pt];
    if (discoverers_ & square_bb(from)) b |= ~line_bb(from, king_);
    return b;
  }

private:
  Square king_ = SQ_A1;
  Bitboard occupied_ = 0, discoverers_ = 0;
  Bitboard checks_[PIECE_TYPE_NB] = {};
};

}  // namespace chess::rules::detail
