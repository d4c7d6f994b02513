#include "pgn-validate/run.h"

#include <fmt/core.h>

#include <atomic>

#include "common/game_loop.h"

namespace validate {

using namespace chess::pgn;

namespace {

// A game's report, and its text as read when games are written through (--emit).
struct Checked {
  GameReport report;
  std::string raw;
};

// The summary, and a word on an empty input (a wrong file, a failed download), unless an
// input could not be read at all (its error said why no game came).
int conclude(const RunOptions& options, const Output& output, const tools::DiagnosticPrinter& diagnostics,
             int io = tools::EXIT_ALL_GOOD) {
  output.summary();
  if (io != tools::EXIT_ALL_GOOD) return io;
  if (output.totals().games != 0) return output.totals().invalid ? tools::EXIT_SOME_INVALID : tools::EXIT_ALL_GOOD;
  bool strict = options.validate.strict;
  diagnostics.print(strict ? tools::Severity::Error : tools::Severity::Warning, "no games in the input", "empty-input");
  return strict ? tools::EXIT_SOME_INVALID : tools::EXIT_ALL_GOOD;
}

}  // namespace

int merge(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics) {
  std::vector<tools::JsonValue> parts;
  if (!tools::read_summaries(options.files, diagnostics, parts)) return tools::EXIT_USAGE_OR_IO;
  for (const tools::JsonValue& part : parts) output.add(part);
  // The summary of one input among several, as a run over several prints after each.
  if (!options.part.input_name.empty()) {
    output.file_summary(options.part.input_name);
    return output.totals().invalid ? tools::EXIT_SOME_INVALID : tools::EXIT_ALL_GOOD;
  }
  return conclude(options, output, diagnostics);
}

int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics) {
  int invalid = tools::EXIT_ALL_GOOD;
  tools::GameLoopOptions loop{options.files, options.jobs, options.progress, {}, {}, {}};
  options.part.apply_to(loop);
  loop.after_last_game = [&output](const std::string&, const chess::pgn::Diagnostic& d) { output.after_last_game(d); };
  bool emitting = options.emit != Emit::None;
  loop.reader.keep_raw = emitting;
  // Once the run has printed as many spelling warnings as it prints (max_same_warning), the
  // rest are counted alone, as with -q, and made without their details: a file in long
  // algebraic, a warning a move, then takes under a third of the time. (Games are printed in
  // order, so every game checked after that comes after the last warning printed.)
  std::atomic<bool> spelling_left_out = false;
  // Each game read and checked at once: a plain game in the scan that reads it. Written
  // through, a game is built too (its text kept), the rest of it left out.
  auto read_one = [&](Reader& reader, Checked& c) {
    ValidateOptions o = options.validate;
    o.details = o.details && !spelling_left_out.load(std::memory_order_relaxed);
    if (!emitting) return validate_next_game(reader, o, c.report);
    thread_local Game game;
    // Written through as read: its text is all that is kept.
    constexpr BuildOptions as_read{.comments = false, .nags = false, .variations = false, .raw = true, .move_texts = false};
    if (!read_next_game(reader, o, game, c.report, as_read)) return false;
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
    if (!c.report.warnings.empty() && !spelling_left_out.load(std::memory_order_relaxed) &&
        diagnostics.warnings_left_out("non-canonical-san"))
      spelling_left_out.store(true, std::memory_order_relaxed);
    if (!c.report.valid()) invalid = tools::EXIT_SOME_INVALID;
    if (emitting && c.report.valid() == (options.emit == Emit::Valid)) fmt::print("{}\n", c.raw);
    return true;
  };
  int io = tools::for_each_game<Checked>(loop, diagnostics, read_one, emit);
  if (several && !current.empty()) output.file_summary(current);
  if (options.part.summary_to_file())
    return options.part.write_summary(output.summary_json(), diagnostics) ? std::max(io, invalid) : tools::EXIT_USAGE_OR_IO;
  return std::max({io, invalid, conclude(options, output, diagnostics, io)});
}

}  // namespace validate
