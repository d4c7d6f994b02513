#include "chess/rules/status.h"

#include "chess/movegen.h"
#include "zobrist.h"

namespace chess::rules {

Status status(const Position& pos) { return status(has_legal_move(pos), pos.in_check()); }

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Checkmate: return "checkmate";
    case Status::Stalemate: return "stalemate";
    default: return "playable";
  }
}

std::string impossible_material(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    const char* side = c == WHITE ? "White" : "Black";
    const int pawns = popcount(pos.pieces(c, PAWN));
    const Bitboard bishops = pos.pieces(c, BISHOP);
    auto beyond = [](int count, int first) { return count > first ? count - first : 0; };
    const int promoted = beyond(popcount(pos.pieces(c, KNIGHT)), 2) + beyond(popcount(pos.pieces(c, ROOK)), 2) +
                         beyond(popcount(pos.pieces(c, QUEEN)), 1) + beyond(popcount(bishops & DARK_SQUARES_BB), 1) +
                         beyond(popcount(bishops & ~DARK_SQUARES_BB), 1);
    if (pawns > 8) return std::string(side) + " has " + std::to_string(pawns) + " pawns, where a side has 8";
    if (pawns + promoted > 8)
      return std::string(side) + " has " + std::to_string(pawns) + " pawns and " + std::to_string(promoted) +
             (promoted == 1 ? " man" : " men") +
             " only a promotion gives (a third knight or rook, a second queen, a second bishop on squares of one "
             "colour): more than its 8 pawns can have become";
  }
  return {};
}

bool legal_ep_capture(const Position& pos) {
  if (!pos.ep_capturable()) return false;
  MoveList moves;
  generate_legal_piece_to(pos, PAWN, pos.ep_square(), moves);
  for (Move m : moves)
    if (m.type() == MoveType::EnPassant) return true;
  return false;
}

uint64_t repetition_key(const Position& pos) {
  // Position::key counts the e.p. file whenever a pawn stands beside it (pins ignored):
  // take it out again where no capture is legal.
  uint64_t key = pos.key();
  if (pos.ep_capturable() && !legal_ep_capture(pos)) key ^= zobrist::keys.ep_file[file_of(pos.ep_square())];
  return key;
}

}  // namespace chess::rules
