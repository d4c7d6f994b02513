// A problem found in a PGN game: stable code, place, and for move problems the ply, the
// move as written, the position before it and the moves that were probably meant.
#pragma once

#include <cstddef>
#include <string>
#include <vector>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::pgn {

enum class Severity { Error, Warning };

struct Location {
  std::size_t line = 0;    // 1-based
  std::size_t column = 0;  // 1-based byte column
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code;  // illegal-move, malformed-tag, ... (see pgn-validate(1))
  Location at;
  std::string message;
  int ply = 0;       // for move problems: 1-based ply within its line of play
  std::string move;  // the move as written
  std::string fen;   // the position before it
  std::vector<std::string> suggestions;
};

}  // namespace chess::pgn

CHESS_PUBLIC_END
