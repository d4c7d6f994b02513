// --standings: the games scored (as adjudicated, or as recorded) and collected into one
// table per event, printed once the input is read; no line per game. The tournament
// layer of the library ranks them.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "chess/tournament/standings.h"
#include "common/diagnostics.h"
#include "game-adjudicate/output.h"
#include "game-adjudicate/run.h"

namespace adjudicate {

struct StandingsCommandLine {
  bool enabled = false, recorded = false, merge = false;
  std::string key = "name", points = "1,0.5,0", tiebreaks;
  void add_to(CLI::App& app);
  // The library's options, or nothing after saying what is wrong.
  std::optional<chess::tournament::StandingsOptions> resolve(const tools::DiagnosticPrinter& diagnostics) const;
};

// The record of one judged game: scored by its adjudication, or with `recorded` by its
// Result; an unplayed game (a bye, a forfeit) by its Result always.
chess::tournament::GameRecord standings_record(const std::string& file, const Judged& j, bool recorded,
                                               bool by_fide_id);

// Prints the tables, one Printer per format (standings_output.cpp).
class TablePrinter {
public:
  virtual ~TablePrinter() = default;
  virtual void table(const chess::tournament::Table& t) = 0;
  virtual void finish() {}
};
enum class TableFormat { Text, Csv, Jsonl, Html };
// `scored_by`: how the games were scored, for the footer ("as adjudicated under fide2001").
std::unique_ptr<TablePrinter> make_table_printer(TableFormat format, const std::string& scored_by);

// Reads and judges the games as run_games does, then prints the tables in `format` (text,
// csv, jsonl or html). Exit status: 0 every game scored, 1 some game not scored (its
// diagnostics on stderr), 2 usage or I/O.
int run_standings(RunOptions run, const StandingsCommandLine& line, const std::string& format,
                  const std::string& rules, const tools::DiagnosticPrinter& diagnostics);

}  // namespace adjudicate
