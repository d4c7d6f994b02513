#include "pgn-validate/run.h"

#include <fmt/core.h>

#include "common/game_loop.h"

namespace validate {

using namespace chess::pgn;

namespace {

// A game's report, and its text as read when games are written through (--emit).
struct Checked {
  GameReport report;
  std::string raw;
};

}  // namespace

int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics) {
  int invalid = tools::EXIT_ALL_GOOD;
  tools::GameLoopOptions loop{options.files, options.jobs, options.progress, {}};
  bool emitting = options.emit != Emit::None;
  loop.reader.keep_raw = emitting;
  // Each game read and checked at once: a plain game in the scan that reads it. Written
  // through, a game is built too (its text kept), the rest of it left out.
  auto read_one = [&](Reader& reader, Checked& c) {
    if (!emitting) return validate_next_game(reader, options.validate, c.report);
    thread_local Game game;
    if (!read_next_game(reader, options.validate, game, c.report, BuildOptions{false, false, false, true})) return false;
    c.raw = std::move(game.raw);
    return true;
  };
  std::string current;  // the file whose games are being emitted, for its own summary line
  bool several = options.files.size() > 1;
  auto emit = [&](const std::string& file, Checked& c, std::size_t ordinal_offset) {
    if (several && file != current) {
      if (!current.empty()) output.file_summary(current);
      current = file;
    }
    c.report.ordinal += ordinal_offset;
    output.game(file, c.report);
    if (!c.report.valid()) invalid = tools::EXIT_SOME_INVALID;
    if (emitting && c.report.valid() == (options.emit == Emit::Valid)) fmt::print("{}\n", c.raw);
    return true;
  };
  int io = tools::for_each_game<Checked>(loop, diagnostics, read_one, emit);
  if (several && !current.empty()) output.file_summary(current);
  return std::max(io, invalid);
}

}  // namespace validate
