#include "chess/uci_move.h"

#include "chess/movegen.h"

namespace chess {

void append_uci(std::string& out, Move m, Color side, bool chess960) {
  // Room for the longest, written in place, then cut to what was written.
  std::size_t at = out.size();
  out.resize(at + UCI_MAX);
  out.resize(std::size_t(write_uci(out.data() + at, m, side, chess960) - out.data()));
}

std::string to_uci(Move m, Color side, bool chess960) {
  std::string text;
  append_uci(text, m, side, chess960);
  return text;
}

std::string to_uci(const Position& pos, Move m) { return to_uci(m, pos.side_to_move(), pos.chess960()); }

Move parse_uci(const Position& pos, std::string_view text) {
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    if (to_uci(pos, m) == text) return m;
    // The other castling spelling: king takes rook in standard chess, or the king's
    // destination square in Chess960 (when the king actually moves).
    if (m.type() == MoveType::Castling) {
      Square king_to = Position::castling_king_to(pos.side_to_move(), m.to() > m.from());
      std::string alt = square_name(m.from()) + square_name(pos.chess960() ? king_to : m.to());
      if (alt == text && king_to != m.from()) return m;
    }
  }
  return Move::none();
}

}  // namespace chess
