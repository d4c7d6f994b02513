// The parts of a move's canonical SAN, before any dialect chooses its letters:
// which piece, how it is told apart from its legal rivals, capture, destination,
// promotion, and whether it checks or mates.
#pragma once

#include "chess/position.h"

namespace chess::notation {

struct SanParts {
  bool castling = false;
  bool king_side = false;
  PieceType piece = PAWN;
  bool show_file = false;  // disambiguation (and the file of every pawn capture)
  bool show_rank = false;
  Square from = SQ_NONE;
  Square to = SQ_NONE;  // the king's destination for castling
  bool capture = false;
  PieceType promotion = NO_PIECE_TYPE;
  char check = 0;  // '+', '#' or 0
};

// Disambiguation counts only legal rivals (a pinned piece is no rival), per PGN 8.2.3.
// Long algebraic names the origin anyway: it passes `disambiguate` false and skips the search.
// `check_mark`: '+', '#' or 0 if already known, -1 to find out.
SanParts san_parts(Position& pos, Move m, bool disambiguate = true, int check_mark = -1);

// 1 if a normal move gives check, 0 if not, -1 for castling, e.p. and promotions (ask
// check_suffix): decided without making the move.
int gives_check_quick(const Position& pos, Move m);

// '+' if the move gives check, '#' if it mates, 0 otherwise. The position is restored.
char check_suffix(Position& pos, Move m);

}  // namespace chess::notation
