#include "pgn/suggest.h"

#include <algorithm>
#include <cstdlib>

#include "chess/movegen.h"

namespace chess::pgn {
namespace {

// The last square named in the text ("Nf5" -> f5), if any.
Square named_square(std::string_view text) {
  for (std::size_t i = text.size(); i >= 2; --i)
    if (text[i - 2] >= 'a' && text[i - 2] <= 'h' && text[i - 1] >= '1' && text[i - 1] <= '8')
      return make_square(File(text[i - 2] - 'a'), Rank(text[i - 1] - '1'));
  return SQ_NONE;
}

PieceType named_piece(std::string_view text) {
  if (text.empty()) return NO_PIECE_TYPE;
  switch (text[0]) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return text[0] >= 'a' && text[0] <= 'h' ? PAWN : NO_PIECE_TYPE;
  }
}

int distance(Square a, Square b) {
  return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

}  // namespace

std::vector<std::string> suggest_moves(Position& pos, std::string_view written, std::string_view next,
                                       const notation::Codec& codec) {
  struct Scored {
    int score;
    Move move;
    std::string note;
  };
  std::vector<Scored> scored;
  Square to = named_square(written);
  PieceType piece = named_piece(written);
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    PieceType mover = type_of(pos.piece_on(m.from()));
    Square dest = m.type() == MoveType::Castling ? Position::castling_king_to(pos.side_to_move(), m.to() > m.from())
                                                 : m.to();
    int score = 0;
    if (to != SQ_NONE && dest == to) score = mover == piece ? 6 : 4;  // disambiguation, or a wrong letter
    else if (to != SQ_NONE && mover == piece && distance(dest, to) == 1) score = 3;  // a square off
    else if (to != SQ_NONE && mover == piece && distance(dest, to) == 2) score = 1;
    if (score) scored.push_back({score, m, ""});
  }
  // Swapped moves: the next move is legal now, and this one becomes legal after it.
  if (!next.empty()) {
    notation::ParseResult n = codec.parse(pos, next);
    if (n.ok()) {
      pos.make_move(n.move);
      pos.make_null_move();  // the other side's move in between does not matter for the test
      notation::ParseResult self = codec.parse(pos, written);
      pos.unmake_null_move();
      pos.unmake_move(n.move);
      if (self.ok()) scored.push_back({5, n.move, " (the next move: were the two swapped?)"});
    }
  }
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
  std::vector<std::string> out;
  for (const Scored& s : scored) {
    if (out.size() == 5) break;
    out.push_back(codec.format(pos, s.move) + s.note);
  }
  return out;
}

}  // namespace chess::pgn
