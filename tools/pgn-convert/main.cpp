// pgn-convert: rewrite PGN archives between notations and formats, losing nothing.
// This file is the command line and the run loop; convert.cpp converts one game,
// select.cpp chooses games, the library writes PGN.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <cstdio>
#include <fstream>
#include <unistd.h>

#include "chess/notation/registry.h"
#include "common/command_line.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "common/standard_output.h"
#include "common/chunked_games.h"
#include "common/counted.h"
#include "common/json.h"
#include "common/input.h"
#include "common/progress.h"
#include "pgn-convert/convert.h"
#include "pgn-convert/select.h"

namespace {

struct Totals {
  std::size_t read = 0, written = 0, rejected = 0, passed_through = 0, filtered = 0;
};

void report_errors(const tools::DiagnosticPrinter& diagnostics, const std::string& file,
                   const chess::pgn::GameReport& r) {
  for (const auto& d : r.errors) {
    std::string message = d.message + fmt::format(" (game {} at line {}", r.ordinal, r.start.line);
    if (d.ply) message += fmt::format(", ply {}, move '{}', position {}", d.ply, d.move, d.fen);
    message += ")";
    diagnostics.print(file, d.at.line, d.at.column, tools::Severity::Error, d.code, message);
  }
}


}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Convert PGN games between notations and formats: canonical PGN export, other dialects, UCI move "
               "lists, EPD positions, JSON Lines. Games with errors are never silently dropped."};
  app.set_version_flag("--version", "pgn-convert 0.1.0");
  app.footer("Exit status: 0 every game converted, 1 some game rejected or passed through with errors, 2 usage or "
             "I/O error.");
  std::vector<std::string> files, matches;
  std::string from = "san", to = "san", format = "pgn", tags = "all", on_error = "pass", rejects, plies;
  std::size_t width = 79, first = 0, skip = 0;
  int jobs = 1;
  bool keep_tag_order = false, no_comments = false, no_variations = false, no_nags = false, no_clocks = false,
       fen_after = false, progress = false, no_progress = false;
  app.add_option("files", files, "PGN files ('-' or none: standard input)");
  app.add_option("--from", from, "Dialect of the moves read (san by default; auto: per game)");
  app.add_option("--to", to, "Dialect of the moves written (san by default)");
  app.add_option("--format", format, "pgn (export format; default), jsonl, uci (one line of moves per game), epd "
                                     "(one line per position)")
      ->check(CLI::IsMember({"pgn", "jsonl", "uci", "epd"}));
  app.add_option("--width", width, "Line width of PGN output (default 79)")->check(CLI::Range(20, 10000));
  app.add_flag("--keep-tag-order", keep_tag_order, "Keep the source's tag order after the Seven Tag Roster");
  app.add_option("--tags", tags, "Tags written: roster, all (default) or none")
      ->check(CLI::IsMember({"roster", "all", "none"}));
  app.add_flag("--no-comments", no_comments, "Leave out comments");
  app.add_flag("--no-variations", no_variations, "Leave out variations");
  app.add_flag("--no-nags", no_nags, "Leave out NAGs");
  app.add_flag("--no-clocks", no_clocks, "Strip [%clk], [%emt] and the like from comments, keeping the rest");
  app.add_flag("--fen-after-each-move", fen_after, "A comment with the position's FEN after every move");
  app.add_option("--match", matches, "Keep games whose TAG matches: TAG~REGEX (RE2) or TAG=VALUE; repeatable, all "
                                     "must hold")
      ->allow_extra_args(false);  // one pattern per --match: a following file name is a file
  app.add_option("--plies", plies, "Keep games whose main line has MIN..MAX plies");
  app.add_option("--first", first, "Stop after N games written");
  app.add_option("--skip", skip, "Leave out the first N games that pass the filters");
  app.add_option("--on-error", on_error, "A game with errors: pass (write it through unchanged; default), skip, stop")
      ->check(CLI::IsMember({"pass", "skip", "stop"}));
  app.add_option("--rejects", rejects, "With --on-error skip: write the original text of rejected games to FILE");
  app.add_option("-j,--jobs", jobs, "Convert with N threads (output order is kept)")->check(CLI::Range(1, 256));
  bool plain_path = true;
  tools::add_no_fast_path_flag(app, plain_path);
  app.add_flag("--progress", progress, "Show progress on stderr (default when stderr is a terminal)");
  app.add_flag("--no-progress", no_progress, "Never show progress");
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;
  tools::DiagnosticPrinter diagnostics("pgn-convert");

  convert::ConvertOptions options;
  options.format = format == "jsonl" ? convert::Format::Jsonl
                   : format == "uci" ? convert::Format::Uci
                   : format == "epd" ? convert::Format::Epd
                                     : convert::Format::Pgn;
  options.read.plain_path = plain_path;
  if (from == "auto") options.read.auto_dialect = true;
  else if (!(options.read.codec = tools::find_dialect(from, "--from", diagnostics, true))) return tools::EXIT_USAGE_OR_IO;
  if (!(options.write.codec = tools::find_dialect(to, "--to", diagnostics))) return tools::EXIT_USAGE_OR_IO;
  options.write.width = width;
  options.write.keep_tag_order = keep_tag_order;
  options.write.tags = tags == "roster" ? chess::pgn::WriteOptions::Tags::Roster
                       : tags == "none" ? chess::pgn::WriteOptions::Tags::None
                                        : chess::pgn::WriteOptions::Tags::All;
  options.write.comments = !no_comments;
  options.write.variations = !no_variations;
  options.write.nags = !no_nags;
  options.write.clocks = !no_clocks;
  options.write.fen_after_each_move = fen_after;
  convert::OnError policy = on_error == "skip" ? convert::OnError::Skip
                            : on_error == "stop" ? convert::OnError::Stop
                                                 : convert::OnError::PassThrough;
  if (!rejects.empty() && policy != convert::OnError::Skip) {
    diagnostics.print(tools::Severity::Error, "--rejects goes with --on-error skip");
    return tools::EXIT_USAGE_OR_IO;
  }

  convert::Selection selection;
  std::string error;
  for (const auto& m : matches)
    if (!selection.add_match(m, error)) return diagnostics.print(tools::Severity::Error, error), tools::EXIT_USAGE_OR_IO;
  if (!plies.empty() && !selection.set_plies(plies, error))
    return diagnostics.print(tools::Severity::Error, error), tools::EXIT_USAGE_OR_IO;
  selection.set_first(first);
  selection.set_skip(skip);

  std::ofstream rejects_out;
  if (!rejects.empty()) {
    rejects_out.open(rejects, std::ios::binary);
    if (!rejects_out) {
      diagnostics.print(tools::Severity::Error, rejects + ": cannot write");
      return tools::EXIT_USAGE_OR_IO;
    }
  }

  tools::buffer_standard_output();
  if (files.empty()) files.push_back("-");
  tools::Progress bar(!no_progress && (progress || ::isatty(STDERR_FILENO)), tools::total_input_size(files));
  int status = tools::EXIT_ALL_GOOD;
  Totals totals;
  std::size_t bytes_before = 0;
  bool stopped = false;
  chess::pgn::ReaderOptions reader_options;
  reader_options.keep_raw = true;  // games with errors are written through as read
  for (const std::string& path : files) {
    if (stopped) break;
    tools::Input input = tools::open_input(path, diagnostics);
    if (!input.stream) {
      status = tools::EXIT_USAGE_OR_IO;
      continue;
    }
    chess::pgn::Reader reader(*input.stream, reader_options);
    // Where each game goes: written, filtered out, passed through or rejected.
    auto handle = [&](chess::pgn::Game& game, convert::Converted& c, std::size_t bytes_read) {
      ++totals.read;
      bar.update(bytes_before + bytes_read, totals.read);
      if (!c.report.valid()) {
        report_errors(diagnostics, input.name, c.report);
        status = std::max(status, int(tools::EXIT_SOME_INVALID));
        if (policy == convert::OnError::Stop) {
          ++totals.rejected;
          return false;
        }
        if (policy == convert::OnError::Skip) {
          ++totals.rejected;
          if (rejects_out) rejects_out << game.raw << '\n';
          return true;
        }
        // Passed through unchanged: in PGN as read, in JSON Lines as an object saying so.
        ++totals.passed_through;
        if (options.format == convert::Format::Pgn) fmt::print("{}\n", game.raw);
        else if (options.format == convert::Format::Jsonl)
          fmt::print("{{\"game\": {}, \"valid\": false, \"raw\": {}}}\n", c.report.ordinal, tools::json_string(game.raw));
        return true;
      }
      if (!selection.wants(game, c.report.plies)) {
        ++totals.filtered;
        return !selection.done();
      }
      convert::write_converted(c, c.report.ordinal, stdout);
      ++totals.written;
      return !selection.done();
    };
    // What the output uses of a game: the rest need not be built.
    bool annotated = options.format == convert::Format::Pgn || options.format == convert::Format::Jsonl;
    chess::pgn::BuildOptions keep{annotated && options.write.comments, annotated && options.write.nags,
                                  annotated && options.write.variations};
    // The next game, read and validated, its moves recorded: a plain game in the same pass.
    auto read_one = [&](chess::pgn::Reader& from, chess::pgn::Game& game, chess::pgn::GameReport& report) {
      return read_next_game(from, options.read, game, report, keep);
    };
    bool finished = true;
    if (jobs <= 1) {
      chess::pgn::Game game;
      convert::Converted c;
      for (chess::pgn::GameReport report; finished && read_one(reader, game, report);) {
        convert::render(game, std::move(report), options, c);
        finished = handle(game, c, reader.bytes_read());
      }
    } else {
      // Chunks of the input read in parallel (see chunked_games.h), each game rendered where
      // it was read; its number is known only in order, and is put in as it is written.
      struct Read {
        chess::pgn::Game game;
        convert::Converted converted;
      };
      std::size_t bytes = 0;
      finished = tools::for_each_game_chunked<Read>(
          *input.stream, jobs, reader_options,
          [&](chess::pgn::Reader& chunk_reader, Read& r) {
            chess::pgn::GameReport report;
            // Built in this thread's own Game, reused game after game as the one-job loop
            // does: fresh games' vectors and strings, allocated here and freed on another
            // thread, made two jobs cost a fifth more work than one.
            thread_local chess::pgn::Game built;
            if (!read_one(chunk_reader, built, report)) return false;
            convert::render(built, std::move(report), options, r.converted);
            // Kept until its turn comes: only what the selection and error handling read.
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
          },
          [&](Read& r, std::size_t ordinal_offset, std::size_t bytes_read) {
            r.game.ordinal += ordinal_offset;
            r.converted.report.ordinal += ordinal_offset;
            bytes = bytes_read;
            bool going = handle(r.game, r.converted, bytes_read);
            // A huge game's text is not kept for the next game read into this slot.
            if (r.converted.text.capacity() > (64 << 10)) r.converted.text = std::string();
            return going;
          });
      bytes_before += bytes;
    }
    if (jobs <= 1) bytes_before += reader.bytes_read();
    if (!finished) stopped = true;
  }
  bar.finish();
  std::string filtered = selection.removed_summary();
  fmt::print(stderr, "{} read: {} written, {} rejected, {} passed through with errors{}{}\n", tools::counted(totals.read, "game"),
             totals.written, totals.rejected, totals.passed_through, filtered.empty() ? "" : "; filtered out: ",
             filtered);
  return status;
}
