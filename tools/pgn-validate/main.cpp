// pgn-validate: which games are wrong, where, and why. This file is the command line;
// run.cpp reads and validates, output.cpp prints.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <thread>

#include "chess/notation/registry.h"
#include "common/command_line.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "common/output_file.h"
#include "pgn-validate/output.h"
#include "pgn-validate/run.h"

int main(int argc, char** argv) {
  CLI::App app{"Validate PGN games: every move legal (main line and variations), tags well-formed, the result "
               "consistent with the moves and the final position."};
  app.set_version_flag("--version", "pgn-validate 0.1.0");
  app.footer("Exit status: 0 every game valid, 1 some game invalid, 2 usage or I/O error.");
  validate::RunOptions run;
  std::string from = "san", format = "text";
  bool quiet = false;
  app.add_option("files", run.files, "PGN files ('-' or none: standard input)");
  app.add_option("--from", from, "Dialect of the moves (san, descriptive, san-de, ...), or auto per game");
  app.add_flag("--allow-null-moves", run.validate.allow_null_moves,
               "Read null moves (--, Z0, 0000, @@@@) in the main line too (in variations they always are)");
  app.add_flag("--strict", run.validate.strict,
               "Missing Seven Tag Roster tags and non-canonical SAN are errors, not warnings");
  app.add_option("--format", format, "text (diagnostics on stderr; default) or jsonl (one object per game on stdout)")
      ->check(CLI::IsMember({"text", "jsonl"}));
  app.add_flag("-q,--quiet", quiet, "Print only the summary");
  std::string emit;
  app.add_option("--emit", emit, "Write the valid (or invalid) games, as read, to standard output (for a pipe; "
                                 "diagnostics stay on standard error)")
      ->check(CLI::IsMember({"valid", "invalid"}));
  app.add_option("-j,--jobs", run.jobs, "Validate with N threads (output order is kept)")->check(CLI::Range(1, 256));
  tools::add_no_fast_path_flag(app, run.validate.plain_path);
  tools::GameReportingOptions reporting;
  reporting.add_to(app);
  bool all_warnings = false;
  app.add_flag("--all-warnings", all_warnings, "Print every warning (by default at most 100 of one code in a run)");
  run.part.add_to(app);
  tools::DiagnosticPrinter diagnostics("pgn-validate");
  tools::OutputFile out(diagnostics);
  out.add_option(app);
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;
  reporting.apply_to(diagnostics);
  if (all_warnings) diagnostics.max_same_warning = 0;
  if (from == "auto") {
    run.validate.auto_dialect = true;
  } else if (!(run.validate.codec = tools::find_dialect(from, "--from", diagnostics, true))) {
    return tools::EXIT_USAGE_OR_IO;
  }
  run.emit = emit == "valid" ? validate::Emit::Valid : emit == "invalid" ? validate::Emit::Invalid : validate::Emit::None;
  if (run.emit != validate::Emit::None && format == "jsonl") {
    diagnostics.print(tools::Severity::Error, "--emit writes games to standard output: it does not go with --format jsonl");
    return tools::EXIT_USAGE_OR_IO;
  }
  if (run.files.empty()) run.files.push_back("-");
  out.add_side_file("--summary-file", run.part.summary_file);
  if (!run.part.check(run.files, diagnostics) || !out.open(run.files)) return tools::EXIT_USAGE_OR_IO;
  run.progress = reporting.show_progress();
  run.validate.details = !quiet;  // (the summary counts diagnostics by code: it reads no more of them)
  validate::Output output(diagnostics, {format == "jsonl", quiet});
  return out.finish(run.part.merge ? validate::merge(run, output, diagnostics) : validate::run(run, output, diagnostics));
}
