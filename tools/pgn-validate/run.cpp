#include "pgn-validate/run.h"

#include "common/game_loop.h"

namespace validate {

using namespace chess::pgn;

int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics) {
  int invalid = tools::EXIT_ALL_GOOD;
  tools::GameLoopOptions loop{options.files, options.jobs, options.progress, {}};
  // Each game read and checked at once: a plain game in the scan that reads it.
  auto read_one = [&](Reader& reader, GameReport& report) { return validate_next_game(reader, options.validate, report); };
  auto emit = [&](const std::string& file, GameReport& report, std::size_t ordinal_offset) {
    report.ordinal += ordinal_offset;
    output.game(file, report);
    if (!report.valid()) invalid = tools::EXIT_SOME_INVALID;
    return true;
  };
  int io = tools::for_each_game<GameReport>(loop, diagnostics, read_one, emit);
  return std::max(io, invalid);
}

}  // namespace validate
