#include "pgn-convert/run.h"

#include <fmt/core.h>
#include <fstream>
#include <functional>

#include "common/counted.h"
#include "common/game_report.h"
#include "common/json.h"
#include "pgn-convert/fix.h"

namespace convert {

namespace {

struct Totals {
  std::size_t read = 0, written = 0, rejected = 0, passed_through = 0, filtered = 0;
  std::size_t repairs = 0, repaired = 0;  // --fix: repairs made, and in how many games
};

// A game read and converted, kept until its turn comes: of the game itself only what the
// selection and the error handling read.
struct Read {
  chess::pgn::Game game;
  Converted converted;
  GameFacts facts;
  bool moves_known = false;  // valid, or its faults only in its tags (facts then set)
  std::vector<Repair> repairs;
};

// Where each game goes, in input order: written, filtered out, passed through or rejected.
class Destinations {
public:
  Destinations(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics,
               std::ofstream& rejects, tools::SideFile* duplicates)
      : options_(options), selection_(selection), diagnostics_(diagnostics), rejects_(rejects),
        duplicates_(duplicates) {}

  bool operator()(const std::string& file, Read& r, std::size_t ordinal_offset) {
    Converted& c = r.converted;
    r.game.ordinal += ordinal_offset;
    c.report.ordinal += ordinal_offset;
    ++totals.read;
    bool going = true;
    if (!c.report.valid()) {
      going = set_aside(file, r);
    } else {
      note_repairs(file, r);
      std::size_t duplicates_before = options_.duplicates ? options_.duplicates->dropped() : 0;
      if (!selection_.wants(r.game, r.facts)) {
        ++totals.filtered;
        if (duplicates_ && options_.duplicates->dropped() != duplicates_before) {  // written aside
          write_converted(c, c.report.ordinal, duplicates_->stream());
          duplicates_->end_record();
        }
      } else if (std::FILE* out = output_for(r.game)) {
        write_converted(c, c.report.ordinal, out);
        ++totals.written;
        if (options_.split) options_.split->end_record();
      } else {
        return false;
      }
      going = !selection_.done();
    }
    // A huge game's text is not kept for the next game read into this slot.
    if (c.text.capacity() > (64 << 10)) c.text = std::string();
    return going;
  }

  Totals totals;
  int status = tools::EXIT_ALL_GOOD;

private:
  // A game with errors: said, then written through as read, set aside, or the run stopped.
  bool set_aside(const std::string& file, Read& r) {
    const Converted& c = r.converted;
    tools::print_game_diagnostics(diagnostics_, file, c.report, true);
    status = std::max(status, int(tools::EXIT_SOME_INVALID));
    if (options_.on_error == OnError::Stop) {
      ++totals.rejected;
      return false;
    }
    if (options_.on_error == OnError::Skip || r.game.raw.empty()) {
      // (A game too large to keep whole cannot be passed through: it is rejected, and said so.)
      ++totals.rejected;
      if (rejects_ && !r.game.raw.empty()) rejects_ << r.game.raw << '\n';
      return true;
    }
    // A copy that --duplicates drops (or with only, no copy), its faults only in its tags.
    if (options_.duplicates && r.moves_known && !options_.duplicates->wants(r.game, r.facts)) {
      ++totals.filtered;
      if (duplicates_) {
        write_through(file, r, duplicates_->stream());
        duplicates_->end_record();
      }
      return true;
    }
    ++totals.passed_through;
    Format format = options_.convert.format;
    if (format != Format::Pgn && format != Format::Jsonl) return true;
    std::FILE* out = output_for(r.game);
    if (!out) return false;
    write_through(file, r, out);
    if (options_.split) options_.split->end_record();
    return true;
  }

  // A game passed through unchanged: in PGN as read, in JSON Lines as an object saying so
  // (in the other formats, nothing).
  void write_through(const std::string& file, const Read& r, std::FILE* out) const {
    Format format = options_.convert.format;
    if (format == Format::Pgn) fmt::print(out, "{}\n", r.game.raw);
    else if (format == Format::Jsonl)
      fmt::print(out, "{{\"game\": {}, \"file\": {}, \"valid\": false, \"raw\": {}}}\n", r.converted.report.ordinal,
                 tools::json_string(file), tools::json_string(r.game.raw));
  }

  // Standard output, or with --split-* the game's file (null if it could not be made:
  // said, and the run ends).
  std::FILE* output_for(const chess::pgn::Game& game) {
    if (!options_.split) return stdout;
    std::FILE* out = options_.split->stream_for(game);
    if (!out) status = std::max(status, int(tools::EXIT_USAGE_OR_IO));
    return out;
  }

  // --fix: each repair a warning at its place, and counted.
  void note_repairs(const std::string& file, const Read& r) {
    if (r.repairs.empty()) return;
    ++totals.repaired;
    totals.repairs += r.repairs.size();
    std::string context = tools::game_context(r.converted.report);
    for (const Repair& repair : r.repairs)
      if (diagnostics_.take_warning("repaired"))
        diagnostics_.print(file, repair.at.line, repair.at.column, tools::Severity::Warning, "repaired",
                           repair.what + " (" + context + ")");
  }

  const RunOptions& options_;
  Selection& selection_;
  const tools::DiagnosticPrinter& diagnostics_;
  std::ofstream& rejects_;
  tools::SideFile* duplicates_;
};

// Reads the next game and does where it was read (on any thread, with --jobs) what can be
// done there: --fix's repairs, what the criteria need of it, and its output (unless
// `render` is false: a first pass only counts).
class Reading {
public:
  Reading(const RunOptions& options, const Selection& selection, bool render)
      : options_(options), selection_(selection), render_(render),
        keeps_tags_(selection.reads_tags() || (options.split && options.split->reads_tags())) {
    // What the output uses of a game: the rest need not be built.
    const ConvertOptions& convert = options.convert;
    bool annotated = convert.format == Format::Pgn || convert.format == Format::Jsonl;
    keep_ = {annotated && convert.write.comments, annotated && convert.write.nags, annotated && convert.write.variations};
  }

  bool operator()(chess::pgn::Reader& reader, Read& r) const {
    const ConvertOptions& convert = options_.convert;
    chess::pgn::GameReport report;
    // Built in this thread's own Game, reused game after game: fresh games' vectors and
    // strings, allocated on one thread and freed on another, made two jobs cost a fifth
    // more work than one.
    thread_local chess::pgn::Game built;
    std::size_t start = reader.bytes_read();
    if (!read_next_game(reader, convert.read, built, report, keep_)) return false;
    r.repairs.clear();
    if (options_.fix) r.repairs = repair(built, report, convert.read);
    r.moves_known = report.valid() || faults_only_in_tags(built, report);
    if (r.moves_known) selection_.prepare(built, report, r.facts);
    if (report.valid() && options_.fix_notes) add_repair_note(built, r.repairs);
    if (render_) render(built, std::move(report), convert, r.converted);
    else r.converted.report = std::move(report);
    r.game.ordinal = built.ordinal;
    r.game.raw.clear();
    r.game.tags.clear();
    if (!r.converted.report.valid()) {
      r.game.raw = built.raw;
      r.game.tags = built.tags;
    } else if (keeps_tags_) {
      r.game.tags = built.tags;
    }
    // A game of megabytes (a huge comment) is not kept in the thread's Game: with N jobs,
    // N of them would be.
    if (reader.bytes_read() - start > (1 << 20)) built = chess::pgn::Game();
    return true;
  }

private:
  const RunOptions& options_;
  const Selection& selection_;
  bool render_, keeps_tags_;
  chess::pgn::BuildOptions keep_;
};

// --duplicates drop: the whole input read once to count each game's copies, silently
// (the second pass says what there is to say).
void count_copies(const RunOptions& options, const tools::GameLoopOptions& loop, const Selection& selection,
                  const tools::DiagnosticPrinter& diagnostics) {
  std::unique_ptr<Selection> first = selection.rehearsal();
  tools::DiagnosticPrinter silent = diagnostics;
  silent.silent = true;
  auto count = [&](const std::string&, Read& r, std::size_t) {
    if (r.converted.report.valid()) first->wants(r.game, r.facts);
    else if (r.moves_known && options.on_error == OnError::PassThrough) options.duplicates->count_in_first_pass(r.facts);
    return true;
  };
  tools::for_each_game<Read>(loop, silent, Reading(options, selection, false), count);
}

void print_summary(const RunOptions& options, const Totals& totals, const Selection& selection) {
  std::string filtered = selection.removed_summary();
  fmt::print(stderr, "{} read: {} written, {} rejected, {} passed through with errors{}{}{}{}\n",
             tools::counted(totals.read, "game"), totals.written, totals.rejected, totals.passed_through,
             filtered.empty() ? "" : "; filtered out: ", filtered,
             options.fix ? fmt::format("; {} in {} (--fix)", tools::counted(totals.repairs, "repair"),
                                       tools::counted(totals.repaired, "game"))
                         : "",
             options.split ? "; " + tools::counted(options.split->files(), "file") + " written" : "");
}

}  // namespace

int run(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics) {
  std::ofstream rejects_out;
  if (!options.rejects.empty()) {
    rejects_out.open(options.rejects, std::ios::binary);
    if (!rejects_out) {
      diagnostics.print(tools::Severity::Error, options.rejects + ": cannot write");
      return tools::EXIT_USAGE_OR_IO;
    }
  }
  tools::SideFile duplicates_out(diagnostics);
  bool duplicates_aside = !options.duplicates_file.empty();
  std::vector<std::string> inputs = options.loop.files.empty() ? std::vector<std::string>{"-"} : options.loop.files;
  if (duplicates_aside && !duplicates_out.open(options.duplicates_file, inputs)) return tools::EXIT_USAGE_OR_IO;
  tools::GameLoopOptions loop = options.loop;
  loop.reader.keep_raw = true;  // games with errors are written through as read
  if (options.duplicates && options.duplicates->needs_first_pass()) count_copies(options, loop, selection, diagnostics);
  Destinations destinations(options, selection, diagnostics, rejects_out, duplicates_aside ? &duplicates_out : nullptr);
  int io = tools::for_each_game<Read>(loop, diagnostics, Reading(options, selection, true), std::ref(destinations));
  const Totals& totals = destinations.totals;
  print_summary(options, totals, selection);
  for (const std::string& w : selection.warnings()) diagnostics.print(tools::Severity::Warning, w, "match-no-tag");
  if (totals.read == 0) diagnostics.print(tools::Severity::Warning, "no games in the input", "empty-input");
  if (rejects_out.is_open() && !rejects_out.flush()) {  // a full disk: never a silently short file of rejects
    diagnostics.print(tools::Severity::Error, options.rejects + ": write error");
    io = tools::EXIT_USAGE_OR_IO;
  }
  if (duplicates_aside && !duplicates_out.commit()) io = tools::EXIT_USAGE_OR_IO;
  if (options.split) io = options.split->finish(io);
  return std::max(io, destinations.status);
}

}  // namespace convert
