// What the board alone says about a position: whether the game can go on, and the key
// under which it counts as "the same position" for the repetition rules.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::rules {

enum class Status { Playable, Checkmate, Stalemate };

Status status(const Position& pos);
// The same verdict from what a board of its own knows (the plain path's SAN board).
inline Status status(bool has_legal_move, bool in_check) {
  return has_legal_move ? Status::Playable : in_check ? Status::Checkmate : Status::Stalemate;
}
std::string_view to_string(Status s);  // "playable", "checkmate", "stalemate"

// Why no game can reach this position's men, or empty if one can, as far as counting them
// tells: a side's men beyond its first sixteen (a third knight, a second queen, two bishops
// on squares of one colour) are promoted pawns, and with the pawns still on the board they
// come to more than its 8 pawns. A set-up position (a FEN) is checked so; the board itself
// plays on such a position all the same.
std::string impossible_material(const Position& pos);

// Whether the side to move has a legal en passant capture (a pinned pawn's is not one).
bool legal_ep_capture(const Position& pos);

// Two positions are the same for the repetition rules (art. 9.2) when they have the same
// placement, side to move and castling rights, and the same en passant capture, counted
// only when it is legal: a FEN's e.p. square that no pawn can use does not make it another.
uint64_t repetition_key(const Position& pos);

}  // namespace chess::rules

CHESS_PUBLIC_END
