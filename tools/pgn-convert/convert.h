// Converting one game to the chosen output format, and the policy for games with errors.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "chess/pgn/validate.h"
#include "chess/pgn/writer.h"

namespace convert {

enum class Format { Pgn, Jsonl, Uci, Epd };
enum class OnError { PassThrough, Skip, Stop };

struct ConvertOptions {
  Format format = Format::Pgn;
  chess::pgn::ValidateOptions read;   // the dialect of the input
  chess::pgn::WriteOptions write;     // the dialect and layout of the output
};

struct Converted {
  chess::pgn::GameReport report;
  std::string text;  // the output for this game (empty for a game with errors)
  // Where the game's number goes in `text` (EPD ids, JSON Lines). With --jobs it is known
  // only in input order, so it is put in as the text is written (write_converted), and
  // the rest can be rendered on any thread.
  std::vector<std::size_t> number_at;
  // Where the input file's name goes (JSON Lines), after the numbers; npos: nowhere.
  std::size_t file_at = std::string::npos;
};

// Renders a validated game (its report says whether it is valid) in the chosen format,
// into `into` (its text's room reused: callers convert game after game).
void render(chess::pgn::Game& game, chess::pgn::GameReport report, const ConvertOptions& options, Converted& into);

// The game's entry in an index of its input (--offsets): a JSON object of its number, file,
// line, offset, length and the tags `which` says; its report says only where it is.
void render_index(const chess::pgn::Game& game, chess::pgn::WriteOptions::Tags which, Converted& into);

// Writes a rendered game to `out`, its number (and its file's name, as a JSON string) put
// in where the format wants them.
void write_converted(const Converted& c, std::size_t number, std::string_view file_json, std::FILE* out);

}  // namespace convert
