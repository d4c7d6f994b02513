// The fast path, private to the library: most games in any archive are plain (one tag per
// line, canonical SAN, {} comments, NAGs, variations, the result ending its line: see
// plain_scanner.h). The reader cuts such a game out as text, and a one-pass checker plays
// its moves while it scans them. The reports are those of the general path, which the
// tests compare (tests/unit/plain_path_test.cpp): a new check on moves must exist on both.
#pragma once

#include <string>

#include "chess/pgn/reader.h"
#include "chess/pgn/validate.h"

namespace chess::pgn {

// A plain game cut out of the input as text. Nothing in it is a problem for the reader.
struct PlainGame {
  std::size_t ordinal = 0;     // 1-based, in the whole input
  std::size_t first_line = 0;  // the line number of the text's first line
  Span span;                   // where it is in the input (its text begins at span.offset)
  std::string text;            // from its first tag to the end of its result's line
};

enum class ReadResult { End, Game, Plain };

class PlainTaker;  // plain_scanner.h: takes plain games as the reader meets them

namespace detail {
struct PlainAccess {
  // One game: a plain one handed over as its text, another told to the visitor.
  static ReadResult read_game_or_plain(Reader& reader, Visitor& visitor, PlainGame& plain);
  // Offers the input at the next game boundary to `taker`; true if it took a plain game.
  static bool read_plain_with(Reader& reader, PlainTaker& taker);
  // Whether the plain path built `game`, every move's text checked to be its canonical SAN.
  static bool moves_are_canonical_san(const Game& game) { return game.canonical_san_; }
  static void mark_canonical_san(Game& game) { game.canonical_san_ = true; }
};
}  // namespace detail

inline ReadResult read_game_or_plain(Reader& reader, Visitor& visitor, PlainGame& plain) {
  return detail::PlainAccess::read_game_or_plain(reader, visitor, plain);
}

// A game's text ends with its last line that holds anything: the blank lines a game
// without a termination marker (or of tags only) was read to are between games, and
// written through with it, they would pile up, one more on each pass. (`raw`'s lines end
// with "\n".)
void drop_trailing_blank_lines(std::string& raw);

// Reads a PlainGame's text with the general reader, numbered as in its input.
void read_plain_game(const PlainGame& game, Visitor& visitor, ReaderOptions options = {});

// A plain game checked in one pass when its moves are canonical SAN, through the general
// reader otherwise: the report validate_game gives for it (read with the default limits of
// ReaderOptions).
GameReport validate_plain_game(const PlainGame& game, const ValidateOptions& options);

// The same, `game` built as reading it with the general reader and resolve_game would (for
// writers); game.raw is kept only if the game has errors.
GameReport build_plain_game(const PlainGame& plain, const ValidateOptions& options, Game& game,
                            const BuildOptions& keep = {});

}  // namespace chess::pgn
