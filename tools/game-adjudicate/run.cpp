#include "game-adjudicate/run.h"

namespace adjudicate {

namespace {

int judged_status(const RunOptions& options, const Summary& summary) {
  return options.judged_fails && (summary.disagree || summary.unreadable) ? tools::EXIT_SOME_INVALID
                                                                           : tools::EXIT_ALL_GOOD;
}

// The summary, and a word on an empty input (unless an input could not be read at all:
// its error said why no game came); the status the games make.
int conclude(const RunOptions& options, Printer& printer, const Summary& summary,
             const tools::DiagnosticPrinter& diagnostics, int io = tools::EXIT_ALL_GOOD) {
  printer.summary(summary);
  if (summary.games == 0 && io == tools::EXIT_ALL_GOOD) diagnostics.print(tools::Severity::Warning, "no games in the input", "empty-input");
  return judged_status(options, summary);
}

}  // namespace

int run_games(const RunOptions& options, Printer& printer, const tools::DiagnosticPrinter& diagnostics) {
  Summary summary;
  tools::GameLoopOptions loop = options.loop;
  options.part.apply_to(loop);
  loop.reader.keep_raw = options.judge.write_pgn;  // an unreadable game is written through as read
  auto read_one = [&](chess::pgn::Reader& reader, Judged& j) { return judge_next_game(reader, options.judge, j); };
  auto emit = [&](const std::string& file, Judged& j, std::size_t ordinal_offset) {
    j.report.ordinal += ordinal_offset;
    summary.count(j);
    if (!options.only_disagreements || j.disagrees()) printer.game(file, j, *options.judge.rules);
    return true;
  };
  int io = tools::for_each_game<Judged>(loop, diagnostics, read_one, emit);
  if (!options.part.summary_to_file()) return std::max(io, conclude(options, printer, summary, diagnostics, io));
  if (!options.part.write_summary(summary.json(), diagnostics)) return tools::EXIT_USAGE_OR_IO;
  return std::max(io, judged_status(options, summary));
}

int merge_games(const RunOptions& options, Printer& printer, const tools::DiagnosticPrinter& diagnostics) {
  std::vector<tools::JsonValue> parts;
  if (!tools::read_summaries(options.loop.files, diagnostics, parts)) return tools::EXIT_USAGE_OR_IO;
  Summary summary;
  for (const tools::JsonValue& part : parts) summary.add(part);
  return conclude(options, printer, summary, diagnostics);
}

}  // namespace adjudicate
