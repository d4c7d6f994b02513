// pgn-convert: rewrite PGN archives between notations and formats, losing nothing.
// This file is the command line; run.cpp is the loop over the games, convert.cpp converts
// one game, select.cpp chooses games, archive_options.cpp declares the archive options,
// part_size.cpp finds where to cut an input, the library writes PGN.
#include <CLI/CLI.hpp>

#include "common/command_line.h"
#include "common/output_file.h"
#include "pgn-convert/archive_options.h"
#include "pgn-convert/part_size.h"
#include "pgn-convert/select_options.h"

int main(int argc, char** argv) {
  CLI::App app{"Convert PGN games between notations and formats: canonical PGN export, other dialects, UCI move "
               "lists, EPD positions, JSON Lines. Games with errors are never silently dropped."};
  app.set_version_flag("--version", "pgn-convert 0.1.0");
  app.footer("Exit status: 0 every game converted, 1 some game rejected or passed through with errors, 2 usage or "
             "I/O error.");
  convert::RunOptions run;
  chess::pgn::WriteOptions& write = run.convert.write;
  convert::Words w;
  std::size_t part_size = 0;
  app.add_option("files", run.loop.files, "PGN files ('-' or none: standard input)");
  app.add_option("--from", w.from, "Dialect of the moves read (san by default; auto: per game)");
  app.add_option("--to", w.to, "Dialect of the moves written (san by default)");
  app.add_flag("--allow-null-moves", run.convert.read.allow_null_moves,
               "Read null moves (--, Z0, 0000, @@@@) in the main line too (in variations they always are)");
  app.add_option("--format", w.format, "pgn (export format; default), jsonl, uci (one line of moves per game), epd "
                                       "(one line per position)")
      ->check(CLI::IsMember({"pgn", "jsonl", "uci", "epd"}));
  app.add_flag("--offsets", run.index, "Write an index instead: per game a JSON line of its number, file, line, "
                                       "offset, length and tags; its moves are not read");
  app.add_option("--part-size", part_size, "Write instead where to cut the input in parts of about BYTES that read as "
                                           "in the whole (for scripts/parallel): a JSON line per part")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 60));
  app.add_option("--width", write.width, "Line width of PGN output (default 79)")->check(CLI::Range(20, 10000));
  app.add_flag("--keep-tag-order", write.keep_tag_order, "Keep the source's tag order after the Seven Tag Roster");
  app.add_option("--tags", w.tags, "Tags written (and in --offsets): roster, all (default) or none (FEN, SetUp, Variant kept)")
      ->check(CLI::IsMember({"roster", "all", "none"}));
  app.add_flag("--no-comments", w.no_comments, "Leave out comments");
  app.add_flag("--no-variations", w.no_variations, "Leave out variations");
  app.add_flag("--no-nags", w.no_nags, "Leave out NAGs");
  app.add_flag("--no-clocks", w.no_clocks, "Strip [%clk], [%emt] and the like from comments, keeping the rest");
  app.add_flag("--fen-after-each-move", write.fen_after_each_move, "A comment with the position's FEN after every move");
  convert::SelectionCommandLine choice;
  choice.add_to(app);
  app.add_option("--on-error", w.on_error, "A game with errors: pass (write it through unchanged; default), skip, stop")
      ->check(CLI::IsMember({"pass", "skip", "stop"}));
  app.add_option("--rejects", run.rejects, "With --on-error skip: write the original text of rejected games to FILE");
  app.add_option("-j,--jobs", run.loop.jobs, "Convert with N threads (output order is kept)")->check(CLI::Range(1, 256));
  convert::ArchiveOptions archive(app, run);  // --where, --duplicates, --split-*, --fix
  tools::add_no_fast_path_flag(app, run.convert.read.plain_path);
  run.part.add_to(app);
  tools::GameReportingOptions reporting;
  reporting.add_to(app);
  tools::DiagnosticPrinter diagnostics("pgn-convert");
  tools::OutputFile output(diagnostics);
  output.add_option(app);
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;
  reporting.apply_to(diagnostics);
  convert::Selection selection;
  if (!convert::apply(w, run, diagnostics) || !convert::check_options(run, choice, app.count("--format") > 0, diagnostics))
    return tools::EXIT_USAGE_OR_IO;
  if (std::string error; !choice.apply(selection, run.search, error))
    return diagnostics.print(tools::Severity::Error, error), tools::EXIT_USAGE_OR_IO;
  std::vector<std::string> inputs = run.loop.files.empty() ? std::vector<std::string>{"-"} : run.loop.files;
  output.add_side_file("--rejects", run.rejects);
  output.add_side_file("--duplicates-file", run.duplicates_file);
  output.add_side_file("--summary-file", run.part.summary_file);
  if (!run.part.check(run.loop.files, diagnostics) || !archive.apply(run, selection, output, inputs, diagnostics) ||
      !convert::check_archive_options(run, diagnostics) || !convert::check_stop_early(run, selection, diagnostics) ||
      !output.open(inputs))
    return tools::EXIT_USAGE_OR_IO;
  run.loop.progress = reporting.show_progress();
  if (part_size) return output.finish(convert::write_parts(run, part_size, diagnostics));
  return output.finish(run.part.merge ? convert::merge(run, selection, diagnostics)
                                      : convert::run(run, selection, diagnostics));
}
