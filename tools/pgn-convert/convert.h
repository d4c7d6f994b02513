// Converting one game to the chosen output format, and the policy for games with errors.
#pragma once

#include <string>

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
};

// Renders a validated game (its report says whether it is valid) in the chosen format,
// into `into` (its text's room reused: callers convert game after game).
void render(chess::pgn::Game& game, chess::pgn::GameReport report, const ConvertOptions& options, Converted& into);

}  // namespace convert
