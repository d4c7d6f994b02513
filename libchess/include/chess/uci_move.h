// Moves in UCI coordinate form (e2e4, e7e8q; castling e1g1, or e1h1 in Chess960).
// The board core needs this much notation for perft's divide; the codecs build on it.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

std::string to_uci(const Position& pos, Move m);
// The same without a board: all it needs is who moves and whether the game is Chess960.
std::string to_uci(Move m, Color side, bool chess960);
// Appends it to `out`: writers of whole games in UCI build no string per move.
void append_uci(std::string& out, Move m, Color side, bool chess960);
// Writes it at `out`, which has room for UCI_MAX bytes, and returns the end: a writer of a
// whole line of moves makes room once, not for every move.
inline constexpr std::size_t UCI_MAX = 5;
inline char* write_uci(char* out, Move m, Color side, bool chess960) {
  if (m == Move::null()) return std::copy_n("0000", 4, out);
  Square to = m.to();
  if (m.type() == MoveType::Castling && !chess960) to = Position::castling_king_to(side, m.to() > m.from());
  out[0] = char('a' + file_of(m.from()));
  out[1] = char('1' + rank_of(m.from()));
  out[2] = char('a' + file_of(to));
  out[3] = char('1' + rank_of(to));
  if (m.type() != MoveType::Promotion) return out + 4;
  out[4] = " pnbrqk"[m.promotion()];
  return out + 5;
}

// The legal move the text names, or Move::none(). Castling is accepted both as the
// king's two-square step and as king-takes-rook.
Move parse_uci(const Position& pos, std::string_view text);

}  // namespace chess

CHESS_PUBLIC_END
