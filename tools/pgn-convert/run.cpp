#include "pgn-convert/run.h"

#include <fmt/core.h>
#include <fstream>
#include <functional>

#include "common/command_line.h"
#include "common/counted.h"
#include "common/game_report.h"
#include "common/json.h"
#include "pgn-convert/classify.h"
#include "pgn-convert/fix.h"
#include "pgn-convert/select_options.h"

namespace convert {

namespace {

struct Totals {
  std::size_t read = 0, written = 0, rejected = 0, passed_through = 0, filtered = 0;
  std::size_t classified = 0;  // of the games written
  std::size_t repairs = 0, repaired = 0;  // --fix: repairs made, and in how many games
};

// The closing count (with what --classify, --fix and --split-* did), the --match tags no
// game had, and a word on an empty input (unless an input could not be read at all: its
// error said why no game came).
void conclude(const Totals& totals, const Selection& selection, const RunOptions& options,
              const tools::DiagnosticPrinter& diagnostics, int io = tools::EXIT_ALL_GOOD) {
  std::string filtered = selection.removed_summary(), classified, fixed, split;
  if (options.search.openings)
    classified = fmt::format("; classified: {} of the {} written ({} reached no position of the opening table)",
                             totals.classified, totals.written, totals.written - totals.classified);
  if (options.fix)
    fixed = fmt::format("; {} in {} (--fix)", tools::counted(totals.repairs, "repair"),
                        tools::counted(totals.repaired, "game"));
  if (options.split) split = "; " + tools::counted(options.split->files(), "file") + " written";
  fmt::print(stderr, "{} read: {} written, {} rejected, {} passed through with errors{}{}{}{}{}\n",
             tools::counted(totals.read, "game"), totals.written, totals.rejected, totals.passed_through,
             filtered.empty() ? "" : "; filtered out: ", filtered, classified, fixed, split);
  for (const std::string& w : selection.warnings()) diagnostics.print(tools::Severity::Warning, w, "match-no-tag");
  if (totals.read == 0 && io == tools::EXIT_ALL_GOOD) diagnostics.print(tools::Severity::Warning, "no games in the input", "empty-input");
}

// The same counts as a part's summary (--summary-file), for --merge-summaries.
std::string summary_json(const Totals& t, const Selection& selection) {
  return fmt::format("{{\"summary\": {{\"read\": {}, \"written\": {}, \"rejected\": {}, \"passed_through\": {}, "
                     "\"filtered\": {}, \"classified\": {}, \"repairs\": {}, \"repaired\": {}, {}}}}}",
                     t.read, t.written, t.rejected, t.passed_through, t.filtered, t.classified, t.repairs, t.repaired,
                     selection.counts_json());
}

// A game read and converted, kept until its turn comes: of the game itself only what the
// selection and the error handling read.
struct Read {
  chess::pgn::Game game;
  Converted converted;
  GameFacts facts;  // what the selection reads besides the tags, what the searches found too
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
      if (file != file_) file_json_ = tools::json_string(file_ = file);
      std::size_t duplicates_before = options_.duplicates ? options_.duplicates->dropped() : 0;
      if (!selection_.wants(r.game, r.facts)) {
        ++totals.filtered;
        if (duplicates_ && options_.duplicates->dropped() != duplicates_before) {  // written aside
          write_converted(c, c.report.ordinal, file_json_, duplicates_->stream());
          duplicates_->end_record();
        }
      } else if (std::FILE* out = output_for(r.game)) {
        if (options_.index) render_index(r.game, options_.convert.write.tags, c);  // only for the games wanted
        write_converted(c, c.report.ordinal, file_json_, out);
        ++totals.written;
        if (r.facts.found.opening) ++totals.classified;
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
    if (format == Format::Epd) return true;  // (the ids' game numbers skip it)
    std::FILE* out = output_for(r.game);
    if (!out) return false;
    write_through(file, r, out);
    if (options_.split) options_.split->end_record();
    return true;
  }

  // A game passed through unchanged: in PGN as read, in JSON Lines as an object saying so,
  // in UCI as an empty line, so that line N of the output is still game N's (its moves are
  // not all there to write; the error said so).
  void write_through(const std::string& file, const Read& r, std::FILE* out) const {
    Format format = options_.convert.format;
    if (format == Format::Pgn) fmt::print(out, "{}\n", r.game.raw);
    else if (format == Format::Uci) std::fputc('\n', out);
    else if (format == Format::Jsonl)
      fmt::print(out, "{{\"game\": {}, \"file\": {}, \"line\": {}, {}, \"valid\": false, \"raw\": {}}}\n",
                 r.converted.report.ordinal, tools::json_string(file), r.converted.report.start.line,
                 tools::json_span(r.converted.report.span), tools::json_string(r.game.raw));
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
  std::string file_, file_json_;  // the file of the last game written, and its name in JSON
};

// Reads the next game and does where it was read (on any thread, with --jobs) what can be
// done there: --fix's repairs, what the criteria need of it, and its output (unless
// `render` is false: a first pass only counts).
class Reading {
public:
  Reading(const RunOptions& options, const Selection& selection, bool render)
      : options_(options), selection_(selection), render_(render),
        keeps_tags_(selection.reads_tags() || (options.split && options.split->reads_tags())),
        // A game the searches refuse need not be built, unless --fix is to say its repairs.
        wanted_(selection.chooses_by_search() && !options.fix
                    ? std::function<bool(const Found&)>([&selection](const Found& f) {
                        return selection.search_would_keep(f);
                      })
                    : nullptr) {
    // What the output uses of a game: the rest need not be built.
    const ConvertOptions& convert = options.convert;
    bool annotated = convert.format == Format::Pgn || convert.format == Format::Jsonl;
    keep_ = {.comments = annotated && convert.write.comments,
             .nags = annotated && convert.write.nags,
             .variations = annotated && convert.write.variations,
             .move_texts = annotated};
  }

  bool operator()(chess::pgn::Reader& reader, Read& r) const {
    const ConvertOptions& convert = options_.convert;
    chess::pgn::GameReport report;
    // Built in this thread's own Game, reused game after game: fresh games' vectors and
    // strings, allocated on one thread and freed on another, made two jobs cost a fifth
    // more work than one.
    thread_local chess::pgn::Game built;
    std::size_t start = reader.bytes_read();
    if (!read_and_search(reader, convert.read, options_.search, built, report, keep_, r.facts.found,
                         wanted_ ? &wanted_ : nullptr))
      return false;
    r.repairs.clear();
    if (options_.fix) r.repairs = repair(built, report, convert.read);
    r.moves_known = report.valid() || faults_only_in_tags(built, report);
    if (r.moves_known) {
      if (r.facts.found.opening) write_opening_tags(built, *r.facts.found.opening);
      selection_.prepare(built, report, r.facts);
    }
    if (report.valid() && options_.fix_notes) add_repair_note(built, r.repairs);
    if (render_ && (!report.valid() || selection_.search_would_keep(r.facts.found))) {
      render(built, std::move(report), convert, r.converted);
    } else {  // not written: not rendered
      r.converted.report = std::move(report);
      r.converted.text.clear();
      r.converted.number_at.clear();
    }
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
  std::function<bool(const Found&)> wanted_;
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

}  // namespace

bool apply(const Words& w, RunOptions& run, const tools::DiagnosticPrinter& diagnostics) {
  run.convert.format = w.format == "jsonl" ? Format::Jsonl : w.format == "uci" ? Format::Uci
                       : w.format == "epd" ? Format::Epd : Format::Pgn;
  chess::pgn::WriteOptions& write = run.convert.write;
  if (w.from == "auto") run.convert.read.auto_dialect = true;
  else if (!(run.convert.read.codec = tools::find_dialect(w.from, "--from", diagnostics, true))) return false;
  if (!(write.codec = tools::find_dialect(w.to, "--to", diagnostics))) return false;
  using Tags = chess::pgn::WriteOptions::Tags;
  write.tags = w.tags == "roster" ? Tags::Roster : w.tags == "none" ? Tags::None : Tags::All;
  write.comments = !w.no_comments;
  write.variations = !w.no_variations;
  write.nags = !w.no_nags;
  write.clocks = !w.no_clocks;
  run.on_error = w.on_error == "skip" ? OnError::Skip : w.on_error == "stop" ? OnError::Stop : OnError::PassThrough;
  return true;
}

bool check_stop_early(const RunOptions& options, const Selection& selection,
                      const tools::DiagnosticPrinter& diagnostics) {
  if (!options.search.stop_early) return true;
  // What needs every game refused built, or read to its end.
  const char* what = !options.rejects.empty() ? "--rejects"
                     : options.fix            ? "--fix"
                     : selection.reads_tags() ? "--match or --where on a tag"
                                              : nullptr;
  if (!what) return true;
  diagnostics.print(tools::Severity::Error, std::string("--stop-early leaves games refused unread: not with ") + what);
  return false;
}

bool check_options(const RunOptions& options, const SelectionCommandLine& select, bool format_given,
                   const tools::DiagnosticPrinter& diagnostics) {
  auto refuse = [&](const std::string& why) { return diagnostics.print(tools::Severity::Error, why), false; };
  if (!options.rejects.empty() && options.on_error != OnError::Skip) return refuse("--rejects goes with --on-error skip");
  if (!options.index) return true;
  if (!select.plies.empty()) return refuse("--plies counts moves: --offsets reads none");
  const SearchCommandLine& search = select.search;
  if (search.classify || !search.eco.empty() || !search.positions.empty() || !search.materials.empty())
    return refuse("--classify, --eco, --position and --material replay the moves: --offsets reads none");
  if (!options.rejects.empty()) return refuse("--offsets reads no moves, so it rejects no game: no --rejects");
  if (format_given && options.convert.format != Format::Jsonl)
    return refuse("--offsets writes JSON Lines: it does not go with another --format");
  return true;
}

bool check_archive_options(const RunOptions& options, const tools::DiagnosticPrinter& diagnostics) {
  if (!options.index) return true;
  auto refuse = [&](const std::string& why) { return diagnostics.print(tools::Severity::Error, why), false; };
  if (options.duplicates) return refuse("--duplicates compares the moves: --offsets reads none");
  if (options.fix) return refuse("--fix repairs games it has read whole: --offsets reads no moves");
  return true;
}

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
  // The index: each game's tags, its moves read past; every game is valid to it.
  auto read_tags = [&](chess::pgn::Reader& reader, Read& r) {
    if (!read_next_tags(reader, r.game)) return false;
    r.converted.report = chess::pgn::GameReport{};
    r.converted.report.ordinal = r.game.ordinal;
    return true;
  };
  tools::GameLoopOptions loop = options.loop;
  options.part.apply_to(loop);
  loop.reader.keep_raw = !options.index;  // games with errors are written through as read
  if (options.duplicates && options.duplicates->needs_first_pass()) count_copies(options, loop, selection, diagnostics);
  Destinations destinations(options, selection, diagnostics, rejects_out, duplicates_aside ? &duplicates_out : nullptr);
  int io = options.index ? tools::for_each_game<Read>(loop, diagnostics, read_tags, std::ref(destinations))
                         : tools::for_each_game<Read>(loop, diagnostics, Reading(options, selection, true),
                                                      std::ref(destinations));
  if (!options.part.summary_to_file()) conclude(destinations.totals, selection, options, diagnostics, io);
  else if (!options.part.write_summary(summary_json(destinations.totals, selection), diagnostics)) io = tools::EXIT_USAGE_OR_IO;
  if (rejects_out.is_open() && !rejects_out.flush()) {  // a full disk: never a silently short file of rejects
    diagnostics.print(tools::Severity::Error, options.rejects + ": write error");
    io = tools::EXIT_USAGE_OR_IO;
  }
  if (duplicates_aside && !duplicates_out.commit()) io = tools::EXIT_USAGE_OR_IO;
  if (options.split) io = options.split->finish(io);
  return std::max(io, destinations.status);
}

int merge(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics) {
  std::vector<tools::JsonValue> parts;
  if (!tools::read_summaries(options.loop.files, diagnostics, parts)) return tools::EXIT_USAGE_OR_IO;
  Totals t;
  for (const tools::JsonValue& part : parts) {
    t.read += std::size_t(part.number_at("read"));
    t.written += std::size_t(part.number_at("written"));
    t.rejected += std::size_t(part.number_at("rejected"));
    t.passed_through += std::size_t(part.number_at("passed_through"));
    t.filtered += std::size_t(part.number_at("filtered"));
    t.classified += std::size_t(part.number_at("classified"));
    t.repairs += std::size_t(part.number_at("repairs"));
    t.repaired += std::size_t(part.number_at("repaired"));
    selection.add_counts(part);
  }
  conclude(t, selection, options, diagnostics);
  return t.rejected || t.passed_through ? tools::EXIT_SOME_INVALID : tools::EXIT_ALL_GOOD;
}

}  // namespace convert
