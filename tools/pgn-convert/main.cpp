// pgn-convert: rewrite PGN archives between notations and formats, losing nothing.
// This file is the command line; run.cpp is the loop over the games, convert.cpp converts
// one game, select.cpp chooses games, the library writes PGN.
#include <CLI/CLI.hpp>
#include <climits>

#include "common/command_line.h"
#include "common/output_file.h"
#include "pgn-convert/archive_options.h"

int main(int argc, char** argv) {
  CLI::App app{"Convert PGN games between notations and formats: canonical PGN export, other dialects, UCI move "
               "lists, EPD positions, JSON Lines. Games with errors are never silently dropped."};
  app.set_version_flag("--version", "pgn-convert 0.1.0");
  app.footer("Exit status: 0 every game converted, 1 some game rejected or passed through with errors, 2 usage or "
             "I/O error.");
  convert::RunOptions run;
  chess::pgn::WriteOptions& write = run.convert.write;
  std::vector<std::string> matches;
  std::string from = "san", to = "san", format = "pgn", tags = "all", on_error = "pass", plies;
  long long first = 0, skip = 0;
  bool no_comments = false, no_variations = false, no_nags = false, no_clocks = false;
  app.add_option("files", run.loop.files, "PGN files ('-' or none: standard input)");
  app.add_option("--from", from, "Dialect of the moves read (san by default; auto: per game)");
  app.add_option("--to", to, "Dialect of the moves written (san by default)");
  app.add_flag("--allow-null-moves", run.convert.read.allow_null_moves,
               "Read null moves (--, Z0, 0000) in the main line too (in variations they always are)");
  app.add_option("--format", format, "pgn (export format; default), jsonl, uci (one line of moves per game), epd "
                                     "(one line per position)")
      ->check(CLI::IsMember({"pgn", "jsonl", "uci", "epd"}));
  app.add_option("--width", write.width, "Line width of PGN output (default 79)")->check(CLI::Range(20, 10000));
  app.add_flag("--keep-tag-order", write.keep_tag_order, "Keep the source's tag order after the Seven Tag Roster");
  app.add_option("--tags", tags, "Tags written: roster, all (default) or none")
      ->check(CLI::IsMember({"roster", "all", "none"}));
  app.add_flag("--no-comments", no_comments, "Leave out comments");
  app.add_flag("--no-variations", no_variations, "Leave out variations");
  app.add_flag("--no-nags", no_nags, "Leave out NAGs");
  app.add_flag("--no-clocks", no_clocks, "Strip [%clk], [%emt] and the like from comments, keeping the rest");
  app.add_flag("--fen-after-each-move", write.fen_after_each_move, "A comment with the position's FEN after every move");
  app.add_option("--match", matches, "Keep games whose TAG matches: TAG~REGEX (RE2) or TAG=VALUE; repeatable, all "
                                     "must hold")
      ->allow_extra_args(false);  // one pattern per --match: a following file name is a file
  app.add_option("--plies", plies, "Keep games whose main line has MIN..MAX plies");
  app.add_option("--first", first, "Stop after N games written (N from 1)")->check(CLI::Range(1LL, LLONG_MAX));
  app.add_option("--skip", skip, "Leave out the first N games that pass the filters (N from 0)")
      ->check(CLI::Range(0LL, LLONG_MAX));
  app.add_option("--on-error", on_error, "A game with errors: pass (write it through unchanged; default), skip, stop")
      ->check(CLI::IsMember({"pass", "skip", "stop"}));
  app.add_option("--rejects", run.rejects, "With --on-error skip: write the original text of rejected games to FILE");
  app.add_option("-j,--jobs", run.loop.jobs, "Convert with N threads (output order is kept)")->check(CLI::Range(1, 256));
  convert::ArchiveOptions archive(app, run);  // --where, --duplicates, --split-*, --fix
  tools::add_no_fast_path_flag(app, run.convert.read.plain_path);
  tools::GameReportingOptions reporting;
  reporting.add_to(app);
  tools::DiagnosticPrinter diagnostics("pgn-convert");
  tools::OutputFile output(diagnostics);
  output.add_option(app);
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;
  reporting.apply_to(diagnostics);

  using convert::Format;
  run.convert.format = format == "jsonl" ? Format::Jsonl : format == "uci" ? Format::Uci
                       : format == "epd" ? Format::Epd : Format::Pgn;
  if (from == "auto") run.convert.read.auto_dialect = true;
  else if (!(run.convert.read.codec = tools::find_dialect(from, "--from", diagnostics, true))) return tools::EXIT_USAGE_OR_IO;
  if (!(write.codec = tools::find_dialect(to, "--to", diagnostics))) return tools::EXIT_USAGE_OR_IO;
  using Tags = chess::pgn::WriteOptions::Tags;
  write.tags = tags == "roster" ? Tags::Roster : tags == "none" ? Tags::None : Tags::All;
  write.comments = !no_comments;
  write.variations = !no_variations;
  write.nags = !no_nags;
  write.clocks = !no_clocks;
  run.on_error = on_error == "skip" ? convert::OnError::Skip
                 : on_error == "stop" ? convert::OnError::Stop : convert::OnError::PassThrough;
  if (!run.rejects.empty() && run.on_error != convert::OnError::Skip)
    return diagnostics.print(tools::Severity::Error, "--rejects goes with --on-error skip"), tools::EXIT_USAGE_OR_IO;

  convert::Selection selection;
  std::string error;
  for (const auto& m : matches)
    if (!selection.add_match(m, error)) return diagnostics.print(tools::Severity::Error, error), tools::EXIT_USAGE_OR_IO;
  if (!plies.empty() && !selection.set_plies(plies, error))
    return diagnostics.print(tools::Severity::Error, error), tools::EXIT_USAGE_OR_IO;
  selection.set_first(std::size_t(first));
  selection.set_skip(std::size_t(skip));

  std::vector<std::string> inputs = run.loop.files.empty() ? std::vector<std::string>{"-"} : run.loop.files;
  if (!run.rejects.empty()) inputs.push_back(run.rejects);  // written too: no output over it
  if (!archive.apply(run, selection, output, inputs, diagnostics)) return tools::EXIT_USAGE_OR_IO;
  if (!output.open(inputs)) return tools::EXIT_USAGE_OR_IO;
  run.loop.progress = reporting.show_progress();
  return output.finish(convert::run(run, selection, diagnostics));
}
