#include "game-adjudicate/run.h"

namespace adjudicate {

int run_games(const RunOptions& options, Printer& printer, const tools::DiagnosticPrinter& diagnostics) {
  Summary summary;
  tools::GameLoopOptions loop = options.loop;
  loop.reader.keep_raw = options.judge.write_pgn;  // an unreadable game is written through as read
  auto read_one = [&](chess::pgn::Reader& reader, Judged& j) { return judge_next_game(reader, options.judge, j); };
  auto emit = [&](const std::string& file, Judged& j, std::size_t ordinal_offset) {
    j.report.ordinal += ordinal_offset;
    summary.count(j);
    if (!options.only_disagreements || j.disagrees()) printer.game(file, j, *options.judge.rules);
    return true;
  };
  int io = tools::for_each_game<Judged>(loop, diagnostics, read_one, emit);
  printer.summary(summary);
  if (summary.games == 0) diagnostics.print(tools::Severity::Warning, "no games in the input", "empty-input");
  int judged = options.judged_fails && (summary.disagree || summary.unreadable) ? tools::EXIT_SOME_INVALID : tools::EXIT_ALL_GOOD;
  return std::max(io, judged);
}

}  // namespace adjudicate
