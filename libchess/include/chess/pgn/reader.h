// Streaming PGN reading: one game at a time, in constant memory, reporting every problem
// with its line and column and resynchronising at the next game.
//
// Import format per the PGN standard and NOTATION.md 1: BOM, CRLF, several tags on a line,
// unescaped inner quotes (recovered, with a warning), {} and ; comments, % escape lines,
// missing move numbers, 1..., suffix glyphs, result variants (1/2, ½-½), NBSP, Latin-1
// (decoded, with a warning), NUL bytes (a warning, read as spaces).
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/pgn/diagnostic.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::pgn {

class Visitor {
public:
  virtual ~Visitor() = default;
  virtual void begin_game(std::size_t /*ordinal*/, Location /*start*/) {}
  // `at` is the tag's '['; `value_at` its value's first byte, or {} (see Tag::value_at).
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/, Location /*at*/, Location /*value_at*/) {}
  // The move number written before the next move (3 for "3.", black for "3..." or
  // "3. ..."), told just before that move; not told when there is none.
  virtual void move_number(int /*number*/, bool /*black*/) {}
  virtual void move(std::string_view /*text*/, Location /*at*/) {}
  virtual void nag(int /*nag*/, Location /*at*/) {}
  virtual void comment(std::string_view /*text*/, Location /*at*/) {}
  virtual void escape(std::string_view /*line*/, Location /*at*/) {}
  virtual void begin_variation(Location /*at*/) {}
  virtual void end_variation(Location /*at*/) {}
  virtual void result(std::string_view /*normalised*/, Location /*at*/) {}
  // Where the game's text lies in the input (see Span), told just before end_game.
  virtual void span(Span /*bytes*/) {}
  // `raw` is the game's text as read (when ReaderOptions::keep_raw), for passing it through;
  // empty for a game too large to keep whole (its game-too-large error says so).
  virtual void end_game(std::string_view /*raw*/) {}
  virtual void diagnostic(const Diagnostic& /*d*/) {}
};

struct ReaderOptions {
  std::size_t max_variation_depth = 100;      // deeper variations are an error, and skipped
  std::size_t max_line_length = 1 << 20;      // longer lines are read in pieces of this size
  // The limits that keep memory bounded. A game past one is an error (game-too-large,
  // comment-too-long): never shortened in silence, and refused by the writers.
  std::size_t max_comment_length = 16 << 20;  // bytes of one comment; the rest is not kept
  std::size_t max_raw_game_bytes = 16 << 20;  // bytes of a game's text kept for passing it through
  std::size_t max_game_moves = 20000;         // main-line plies, each move of each side (the 75-move rule ends any game before 17,700)
  bool keep_raw = false;
  // Where the text starts in a larger input: its first line is line_offset + 1, its
  // first game number ordinal_offset + 1, its first byte byte_offset (for reading a piece
  // of an input on its own).
  std::size_t line_offset = 0;
  std::size_t ordinal_offset = 0;
  std::size_t byte_offset = 0;
  // For text that is not its input byte for byte (binary data taken out of it on the way):
  // the input's byte for the text's byte at an offset (byte_offset included), for the games'
  // spans and the borders. Empty: the same byte.
  std::function<std::size_t(std::size_t)> input_byte;
};

namespace detail {
struct PlainAccess;  // src/pgn/plain_path.h: the library's one-pass readers of plain games
}

class Reader {
public:
  Reader(std::istream& in, ReaderOptions options = {});
  // Over text already in memory, read in place (it must outlive the reader).
  Reader(std::string_view text, ReaderOptions options = {});
  ~Reader();
  // Reads one game and reports it to the visitor. False when the input has no more games.
  bool read_game(Visitor& visitor);
  std::size_t bytes_read() const;
  // Whether what was read so far ends right after a game's termination marker with only
  // blank text after it (or holds nothing but blank text): then a Reader started on the
  // text that follows reads it exactly as this one would. Parallel readers of one input
  // cut into pieces check their cuts with it.
  bool ended_cleanly() const;
  std::size_t games_read() const;
  // Where a Reader of its own may start on what follows, reading it exactly as this one
  // would (a part of the input cut there): when the reading so far ended cleanly and at a
  // line's end, the input's next byte, its line and the number its next game gets (with
  // the offsets of ReaderOptions); otherwise nullopt.
  struct Border {
    std::size_t offset = 0, line = 0, game = 0;
  };
  std::optional<Border> border() const;
  // Problems in the text after the last game (words at the end of a file): no game holds
  // them, so they are kept here, to be said once when the input has been read.
  const std::vector<Diagnostic>& trailing_diagnostics() const;

private:
  friend struct detail::PlainAccess;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace chess::pgn

CHESS_PUBLIC_END
