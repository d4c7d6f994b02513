// PGN export format (NOTATION.md 1.1), byte for byte deterministic: the Seven Tag Roster
// first, the other tags in ASCII order, lines filled to 79 columns, N... after a comment or
// variation, suffix glyphs as NAGs. The moves can be written in any dialect.
#pragma once

#include <string>

#include "chess/notation/codec.h"
#include "chess/pgn/game.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::pgn {

struct WriteOptions {
  const notation::Codec* codec = nullptr;  // the dialect to write; null: SAN
  std::size_t width = 79;
  bool keep_tag_order = false;  // the source's order instead of roster-then-ASCII
  enum class Tags { Roster, All, None } tags = Tags::All;
  bool comments = true;
  bool variations = true;
  bool nags = true;
  bool clocks = true;               // false: strip [%clk], [%emt] and the like from comments
  bool fen_after_each_move = false;  // a comment with the FEN after every move
};

// The game in export format, followed by one blank line. The game must have been validated
// with validate_game(Game&, ...) and found valid: its nodes carry their moves.
std::string write_pgn(const Game& game, const Position& start, const WriteOptions& options);
// The same into `out` (replacing its text): a caller writing game after game into one
// string reuses its room.
void write_pgn(const Game& game, const Position& start, const WriteOptions& options, std::string& out);

}  // namespace chess::pgn

CHESS_PUBLIC_END
