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
