// game-adjudicate: the true result of each game under a rule set, and the rule behind it.
// This file is the command line; run.cpp reads and judges the games, judge.cpp one game,
// output.cpp prints, positions.cpp judges positions, the library's rules layer decides.
#include <CLI/CLI.hpp>

#include "common/command_line.h"
#include "common/output_file.h"
#include "game-adjudicate/positions.h"
#include "game-adjudicate/rule_choice.h"
#include "game-adjudicate/run.h"
#include "game-adjudicate/standings.h"

int main(int argc, char** argv) {
  CLI::App app{"Adjudicate chess games by the laws: checkmate, stalemate, dead positions, repetition and move-count "
               "rules, flag falls, under a chosen rule set; or judge positions (--positions)."};
  app.set_version_flag("--version", "game-adjudicate 0.1.0");
  app.footer("Exit status: 0 every recorded result agrees (or every position read), 1 some result differs, a game "
             "or position is unreadable or a labelled position is answered otherwise, 2 usage or I/O error.");
  adjudicate::RunOptions run;
  adjudicate::PositionsOptions positions;
  adjudicate::RuleOverrides overrides;
  std::string rules = "fide2001", rules_file, from = "san", format = "text", claims = "recorded";
  bool list = false, positions_mode = false;
  uint64_t budget = chess::rules::SearchBudget{}.nodes;
  app.add_option("files", run.loop.files, "PGN files, or with --positions FEN/EPD files ('-' or none: standard input)");
  app.add_option("--rules", rules, "Rule set: fide2001 (default), fide2023, uscf, lichess, online-cn");
  app.add_option("--rules-file", rules_file, "Read the rule set from FILE (the format of --list-rules)");
  app.add_flag("--list-rules", list, "Print the built-in rule sets and exit");
  app.add_option("--from", from, "Dialect of the moves (san by default; auto: per game)");
  app.add_flag("--allow-null-moves", run.judge.read.allow_null_moves,
               "Read null moves (--, Z0, 0000, @@@@) in the main line too (a pass: no move of the game)");
  app.add_option("--format", format, "text (one line per game; default), jsonl, or pgn (the games with the "
                                     "adjudicated Result and Termination); with --standings text, csv, jsonl or html")
      ->check(CLI::IsMember({"text", "jsonl", "pgn", "csv", "html"}));
  app.add_flag("--only-disagreements", run.only_disagreements, "Only the games whose recorded result differs");
  app.add_option("--no-progress-moves", overrides.no_progress_moves,
                 "Moves with no pawn move and no capture that draw (the set's fifty-moves or no-progress rule)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--repetitions", overrides.repetitions, "Occurrences of a position that draw (the set's threefold "
                                                         "or repetition rule)")->check(CLI::Range(2, 1000));
  app.add_option("--consecutive-checks", overrides.consecutive_checks,
                 "One side's checks in a row that draw (unless the last mates)")->check(CLI::Range(1, 100000));
  app.add_option("--claims", claims, "recorded (a claimable draw counts only when the record is a draw; default) "
                                     "or automatic (the first claimable draw ends the game)")
      ->check(CLI::IsMember({"recorded", "automatic"}));
  app.add_flag("--positions", positions_mode, "The inputs are FEN or EPD positions, one per line (optionally "
                                              "prefixed by an expected class WB, W-, -B or --)");
  app.add_flag("--witness", positions.witness, "With --positions: the helpmate line found for each side that can mate");
  app.add_option("--budget", budget, "Search nodes per side for a dead-position question (default 300000); past "
                                     "it the answer is unknown")->check(CLI::Range(uint64_t(100), uint64_t(1) << 40));
  app.add_option("-j,--jobs", run.loop.jobs, "Judge with N threads (output order is kept)")->check(CLI::Range(1, 256));
  adjudicate::StandingsCommandLine standings;
  standings.add_to(app);
  run.part.add_to(app);
  tools::GameReportingOptions reporting;
  reporting.add_to(app);
  tools::DiagnosticPrinter diagnostics("game-adjudicate");
  tools::OutputFile output(diagnostics);
  output.add_option(app);
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;
  reporting.apply_to(diagnostics);
  if (list) return adjudicate::list_rules(), tools::EXIT_ALL_GOOD;
  std::vector<std::string> inputs = run.loop.files.empty() ? std::vector<std::string>{"-"} : run.loop.files;
  if (!rules_file.empty()) inputs.push_back(rules_file);
  output.add_side_file("--summary-file", run.part.summary_file);
  if (!run.part.check(run.loop.files, diagnostics) || !output.open(inputs)) return tools::EXIT_USAGE_OR_IO;
  if ((positions_mode || standings.enabled) && (run.part.merge || run.part.summary_to_file()))
    return diagnostics.print(tools::Severity::Error, "--summary-file and --merge are for games judged one by one, not "
                                                     "--positions or --standings"), tools::EXIT_USAGE_OR_IO;
  if (positions_mode) {
    positions.files = run.loop.files;
    positions.jsonl = format == "jsonl";
    positions.budget.nodes = budget;
    return output.finish(adjudicate::run_positions(positions, diagnostics));
  }
  std::optional<chess::rules::RuleSet> set = adjudicate::choose_rules(rules, rules_file, overrides, diagnostics);
  if (!set) return tools::EXIT_USAGE_OR_IO;
  run.judge.rules = &*set;
  run.judge.adjudicate.budget.nodes = budget;
  run.judge.adjudicate.claims_automatic = claims == "automatic";
  run.judge.write_pgn = format == "pgn";
  if (from == "auto") run.judge.read.auto_dialect = true;
  else if (!(run.judge.read.codec = tools::find_dialect(from, "--from", diagnostics, true))) return tools::EXIT_USAGE_OR_IO;
  run.loop.progress = reporting.show_progress();
  if (standings.enabled) return output.finish(adjudicate::run_standings(run, standings, format, set->name, diagnostics));
  if (format == "csv" || format == "html")
    return diagnostics.print(tools::Severity::Error, "--format " + format + " is for --standings"), tools::EXIT_USAGE_OR_IO;
  auto printer = adjudicate::make_printer(format == "jsonl" ? adjudicate::Format::Jsonl
                                          : format == "pgn" ? adjudicate::Format::Pgn : adjudicate::Format::Text,
                                          diagnostics);
  return output.finish(run.part.merge ? adjudicate::merge_games(run, *printer, diagnostics)
                                      : adjudicate::run_games(run, *printer, diagnostics));
}
