#include "notation/san_parts.h"

#include "chess/movegen.h"

namespace chess::notation {

char check_suffix(Position& pos, Move m) {
  pos.make_move(m);
  char suffix = 0;
  if (pos.in_check()) suffix = count_legal(pos) == 0 ? '#' : '+';
  pos.unmake_move(m);
  return suffix;
}

SanParts san_parts(Position& pos, Move m) {
  SanParts p;
  p.from = m.from();
  p.check = check_suffix(pos, m);
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
  if (p.piece == KING) return p;
  MoveList moves;
  generate_legal(pos, moves);
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
