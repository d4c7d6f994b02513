// FEN and EPD reading options, the precise error a bad FEN gets, and writing styles.
#pragma once

#include <cstddef>
#include <string>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

enum class FenField { Placement, SideToMove, Castling, EnPassant, HalfmoveClock, FullmoveNumber, Record };

const char* to_string(FenField field);

// What was wrong, where: the field, the 1-based column in the FEN text, and a sentence
// that says what was found and what was expected.
struct FenError {
  FenField field = FenField::Record;
  std::size_t column = 1;
  std::string message;
};

enum class Chess960Mode {
  Auto,  // Chess960 when the castling field uses file letters (Shredder-FEN / X-FEN), or KQkq
         // with king or rook off the standard squares (X-FEN: the outermost rook)
  On,    // KQkq means the outermost rooks (X-FEN), wherever king and rooks stand
};

struct FenOptions {
  Chess960Mode chess960 = Chess960Mode::Auto;
  bool allow_epd = true;  // accept 4 fields, with clocks 0 and 1
};

enum class CastlingNotation {
  AsRead,    // X-FEN or Shredder-FEN for Chess960 as the input had it; KQkq otherwise
  XFen,      // KQkq where the outermost rook castles, a file letter otherwise
  Shredder,  // always file letters (HAha)
};

enum class EpNotation {
  Always,   // after every double step (the PGN standard)
  IfLegal,  // only when an e.p. capture is legal (python-chess's default; repetition keys)
};

struct FenWriteOptions {
  CastlingNotation castling = CastlingNotation::AsRead;
  EpNotation ep = EpNotation::Always;
};

struct FenResult;

}  // namespace chess

CHESS_PUBLIC_END
