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

// Where a game's text lies in its input, in bytes (offset 0-based: the input's first byte is
// 0), so that `tail -c +$((offset + 1)) FILE | head -c length` cuts it out. It begins at the
// game's first tag's '[' (with no tags, at its first move, number or comment) and ends with
// the last byte of its termination marker, or of the comments the reader takes as the
// game's after it on its line ("1-0 {White wins on time}"); a game without a marker ends
// with the last byte that is not a space or a tab of its last line.
struct Span {
  std::size_t offset = 0;
  std::size_t length = 0;
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
