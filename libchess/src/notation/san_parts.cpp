#include "notation/san_parts.h"

#include "chess/movegen.h"

namespace chess::notation {

// Whether a normal move checks, without making it: the moved piece attacks the king from
// its new square, or it uncovers a slider. Castling, e.p. and promotion are left to
// make/unmake (return -1: unknown).
int gives_check_quick(const Position& pos, Move m) {
  if (m.type() != MoveType::Normal) return -1;
  Color us = pos.side_to_move();
  Square ksq = pos.king_square(~us), from = m.from(), to = m.to();
  PieceType pt = type_of(pos.piece_on(from));
  Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
  Bitboard direct = pt == PAWN ? pawn_attacks(us, to) : attacks_bb(pt, to, occupied);
  if (direct & square_bb(ksq)) return 1;
  Bitboard sliders = (rook_attacks(ksq, occupied) & pos.pieces(us, ROOK, QUEEN)) |
                     (bishop_attacks(ksq, occupied) & pos.pieces(us, BISHOP, QUEEN));
  return (sliders & ~square_bb(from)) ? 1 : 0;
}

char check_suffix(Position& pos, Move m) {
  if (gives_check_quick(pos, m) == 0) return 0;
  pos.make_move(m);
  char suffix = 0;
  if (pos.in_check()) suffix = has_legal_move(pos) ? '+' : '#';
  pos.unmake_move(m);
  return suffix;
}

SanParts san_parts(Position& pos, Move m, bool disambiguate, int check_mark) {
  SanParts p;
  p.from = m.from();
  p.check = check_mark >= 0 ? char(check_mark) : check_suffix(pos, m);
  if (m.type() == MoveType::Castling) {
    p.castling = true;
    p.king_side = m.to() > m.from();
    p.piece = KING;
    p.to = Position::castling_king_to(pos.side_to_move(), p.king_side);
    return p;
  }
  p.to = m.to();
  p.piece = type_of(pos.piece_on(m.from()));
  p.capture = !pos.empty(m.to()) || m.type() == MoveType::EnPassant;
  if (m.type() == MoveType::Promotion) p.promotion = m.promotion();
  if (p.piece == PAWN) {
    p.show_file = p.capture;
    return p;
  }
  if (p.piece == KING || !disambiguate) return p;
  // Rivals are pieces of the same kind attacking the square; most moves have none, and
  // then there is nothing to generate.
  Color us = pos.side_to_move();
  if (!(attacks_bb(p.piece, m.to(), pos.pieces()) & pos.pieces(us, p.piece) & ~square_bb(m.from()))) return p;
  MoveList moves;
  generate_legal_piece_to(pos, p.piece, m.to(), moves);
  bool rival = false, same_file = false, same_rank = false;
  for (Move r : moves) {
    if (r == m || r.to() != m.to() || r.type() == MoveType::Castling || pos.piece_on(r.from()) != pos.piece_on(m.from()))
      continue;
    rival = true;
    same_file |= file_of(r.from()) == file_of(m.from());
    same_rank |= rank_of(r.from()) == rank_of(m.from());
  }
  if (rival) {
    if (!same_file) p.show_file = true;
    else if (!same_rank) p.show_rank = true;
    else p.show_file = p.show_rank = true;
  }
  return p;
}

}  // namespace chess::notation
