#include "pgn-convert/run.h"

#include <fmt/core.h>
#include <fstream>

#include "common/counted.h"
#include "common/game_report.h"
#include "common/json.h"

namespace convert {

namespace {

struct Totals {
  std::size_t read = 0, written = 0, rejected = 0, passed_through = 0, filtered = 0;
};

// A game read and converted, kept until its turn comes: of the game itself only what the
// selection and the error handling read.
struct Read {
  chess::pgn::Game game;
  Converted converted;
};

}  // namespace

int run(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics) {
  const ConvertOptions& convert = options.convert;
  std::ofstream rejects_out;
  if (!options.rejects.empty()) {
    rejects_out.open(options.rejects, std::ios::binary);
    if (!rejects_out) {
      diagnostics.print(tools::Severity::Error, options.rejects + ": cannot write");
      return tools::EXIT_USAGE_OR_IO;
    }
  }
  int status = tools::EXIT_ALL_GOOD;
  Totals totals;
  // What the output uses of a game: the rest need not be built.
  bool annotated = convert.format == Format::Pgn || convert.format == Format::Jsonl;
  chess::pgn::BuildOptions keep{annotated && convert.write.comments, annotated && convert.write.nags,
                                annotated && convert.write.variations};
  auto read_one = [&](chess::pgn::Reader& reader, Read& r) {
    chess::pgn::GameReport report;
    // Built in this thread's own Game, reused game after game: fresh games' vectors and
    // strings, allocated on one thread and freed on another, made two jobs cost a fifth
    // more work than one.
    thread_local chess::pgn::Game built;
    if (!read_next_game(reader, convert.read, built, report, keep)) return false;
    render(built, std::move(report), convert, r.converted);
    r.game.ordinal = built.ordinal;
    r.game.raw.clear();
    r.game.tags.clear();
    if (!r.converted.report.valid()) {
      r.game.raw = built.raw;
      r.game.tags = built.tags;
    } else if (selection.reads_tags()) {
      r.game.tags = built.tags;
    }
    return true;
  };
  // Where each game goes: written, filtered out, passed through or rejected.
  auto emit = [&](const std::string& file, Read& r, std::size_t ordinal_offset) {
    chess::pgn::Game& game = r.game;
    Converted& c = r.converted;
    game.ordinal += ordinal_offset;
    c.report.ordinal += ordinal_offset;
    ++totals.read;
    bool going = true;
    if (!c.report.valid()) {
      tools::print_game_diagnostics(diagnostics, file, c.report, true);
      status = std::max(status, int(tools::EXIT_SOME_INVALID));
      if (options.on_error == OnError::Stop) {
        ++totals.rejected;
        going = false;
      } else if (options.on_error == OnError::Skip || game.raw.empty()) {
        // (A game too large to keep whole cannot be passed through: it is rejected, and said so.)
        ++totals.rejected;
        if (rejects_out && !game.raw.empty()) rejects_out << game.raw << '\n';
      } else {
        // Passed through unchanged: in PGN as read, in JSON Lines as an object saying so.
        ++totals.passed_through;
        if (convert.format == Format::Pgn) fmt::print("{}\n", game.raw);
        else if (convert.format == Format::Jsonl)
          fmt::print("{{\"game\": {}, \"file\": {}, \"valid\": false, \"raw\": {}}}\n", c.report.ordinal,
                     tools::json_string(file), tools::json_string(game.raw));
      }
    } else if (!selection.wants(game, c.report.plies)) {
      ++totals.filtered;
      going = !selection.done();
    } else {
      write_converted(c, c.report.ordinal, stdout);
      ++totals.written;
      going = !selection.done();
    }
    // A huge game's text is not kept for the next game read into this slot.
    if (c.text.capacity() > (64 << 10)) c.text = std::string();
    return going;
  };
  tools::GameLoopOptions loop = options.loop;
  loop.reader.keep_raw = true;  // games with errors are written through as read
  status = std::max(status, tools::for_each_game<Read>(loop, diagnostics, read_one, emit));
  std::string filtered = selection.removed_summary();
  fmt::print(stderr, "{} read: {} written, {} rejected, {} passed through with errors{}{}\n",
             tools::counted(totals.read, "game"), totals.written, totals.rejected, totals.passed_through,
             filtered.empty() ? "" : "; filtered out: ", filtered);
  for (const std::string& w : selection.warnings()) diagnostics.print(tools::Severity::Warning, w, "match-no-tag");
  if (totals.read == 0) diagnostics.print(tools::Severity::Warning, "no games in the input", "empty-input");
  return status;
}

}  // namespace convert
