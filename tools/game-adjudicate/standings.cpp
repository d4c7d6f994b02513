#include "game-adjudicate/standings.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "common/counted.h"
#include "common/exit_codes.h"
#include "common/game_report.h"

namespace adjudicate {

using namespace chess::tournament;

void StandingsCommandLine::add_to(CLI::App& app) {
  app.add_flag("--standings", enabled, "Print the standings of each event (Event and Site tags) instead of a line per "
                                       "game: scores, tie-breaks, crosstable, unplayed games");
  app.add_flag("--recorded", recorded, "With --standings: score the results as recorded, not as adjudicated");
  app.add_option("--key", key, "With --standings: name (default) or fide-id (WhiteFideId/BlackFideId where present)")
      ->check(CLI::IsMember({"name", "fide-id"}));
  app.add_option("--points", points, "With --standings: points of a win, a draw, a loss (default 1,0.5,0; 3,1,0 "
                                     "for football scoring)");
  app.add_option("--tiebreaks", tiebreaks, "With --standings: tie-breaks in order, of DE, WIN, WON, BPG, BWG, PS, "
                                           "BH, SB, KS, ARO, TPR, with :C1 (cut) or :M1 (median) on BH, SB, ARO, PS "
                                           "(default DE,WIN,SB,KS for a round robin, else BH:C1,BH,DE,WIN,SB)");
  app.add_flag("--merge", merge, "With --standings: one table for all the games, whatever their event");
}

std::optional<StandingsOptions> StandingsCommandLine::resolve(const tools::DiagnosticPrinter& diagnostics) const {
  StandingsOptions options;
  options.merge = merge;
  std::optional<Points> parsed = parse_points(points);
  if (!parsed) {
    diagnostics.print(tools::Severity::Error, "--points '" + points + "': three numbers, win >= draw >= loss (3,1,0)");
    return std::nullopt;
  }
  options.points = *parsed;
  std::string error;
  auto list = parse_tiebreaks(tiebreaks, error);
  if (!list) {
    diagnostics.print(tools::Severity::Error, "--tiebreaks: " + error);
    return std::nullopt;
  }
  options.tiebreaks = *list;
  return options;
}

namespace {

std::optional<int> elo_of(const std::string& text) {
  int elo = std::atoi(text.c_str());
  return elo > 0 ? std::optional<int>(elo) : std::nullopt;
}

// A name as a key: without the case of its letters (ASCII) and with one space wherever the
// record has any run of spaces, so that "Doe,  jane" and "Doe, Jane" are one player (the
// table names the spellings it took for one).
std::string name_key(const std::string& name) {
  std::string key;
  for (unsigned char c : name) {
    if (std::isspace(c)) {
      if (!key.empty() && key.back() != ' ') key += ' ';
    } else {
      key += char(std::tolower(c));
    }
  }
  if (!key.empty() && key.back() == ' ') key.pop_back();
  return key;
}

Side side_of(const std::string& name, const std::string& elo, const std::string& fide_id, bool by_fide_id) {
  std::string shown = name.empty() ? "?" : name;
  std::string key = by_fide_id && !fide_id.empty() ? "fide " + fide_id : "name " + name_key(shown);
  return {shown, key, elo_of(elo)};
}

// Why a game that is not scored is not: its first error, or its unfinished result.
std::string not_scored_because(const Judged& j) {
  if (!j.adjudication)
    return "not adjudicated: " + (j.report.errors.empty() ? std::string("unreadable") : j.report.errors.front().code);
  return "unfinished";
}

}  // namespace

GameRecord standings_record(const std::string& file, const Judged& j, bool recorded, bool by_fide_id) {
  GameRecord g;
  g.event = j.tags.event;
  g.site = j.tags.site;
  g.round = j.tags.round;
  g.white = side_of(j.report.white, j.tags.white_elo, j.tags.white_fide_id, by_fide_id);
  g.black = side_of(j.report.black, j.tags.black_elo, j.tags.black_fide_id, by_fide_id);
  g.source = fmt::format("{} game {}", file, j.report.ordinal);
  g.moves = fmt::format("{} plies from {}", j.report.plies, j.report.start_position().fen());
  g.kind = kind_of(j.recorded, j.tags.termination, j.report.white, j.report.black);
  // An unplayed game has no moves to judge: its result is the arbiter's.
  std::string result = g.kind != Kind::Played || recorded ? j.recorded
                       : j.adjudication                   ? std::string(chess::rules::to_string(j.adjudication->result))
                                                          : std::string();
  g.outcome = outcome_of(result).value_or(Outcome::Unscored);
  if (g.outcome == Outcome::Unscored) g.note = g.kind == Kind::Played ? not_scored_because(j) : "unplayed, no result";
  // One player on both sides is a misread record, not a game: scored, he would have played
  // himself, a game and a result more than he has.
  if (g.kind != Kind::Bye && g.white.key == g.black.key) {
    g.outcome = Outcome::Unscored;
    g.note = "one player on both sides; recorded " + (j.recorded.empty() ? std::string("no result") : j.recorded);
  }
  return g;
}

namespace {

class StandingsCollector : public Printer {
public:
  StandingsCollector(const StandingsCommandLine& line, StandingsOptions options, std::unique_ptr<TablePrinter> tables,
                     const tools::DiagnosticPrinter& diagnostics)
      : line_(line), options_(std::move(options)), tables_(std::move(tables)), diagnostics_(diagnostics) {}
  void game(const std::string& file, const Judged& j, const chess::rules::RuleSet&) override {
    records_.push_back(standings_record(file, j, line_.recorded, line_.key == "fide-id"));
    // An unplayed game has no moves to read: what a reader says of its "+/-" is no news.
    if (!j.report.valid() && records_.back().kind == Kind::Played)
      tools::print_game_diagnostics(diagnostics_, file, j.report, true);
    if (records_.back().outcome == Outcome::Unscored) ++not_scored_;
  }
  bool all_scored() const { return not_scored_ == 0; }
  void summary(const Summary& s) override {
    std::vector<Table> tables = standings(records_, options_);
    for (const Table& t : tables) tables_->table(t);
    tables_->finish();
    fmt::print(stderr, "{}, {} not scored; {}\n", tools::counted(s.games, "game"), not_scored_,
               tools::counted(tables.size(), "table"));
  }

private:
  const StandingsCommandLine& line_;
  StandingsOptions options_;
  std::unique_ptr<TablePrinter> tables_;
  const tools::DiagnosticPrinter& diagnostics_;
  std::vector<GameRecord> records_;
  std::size_t not_scored_ = 0;
};

}  // namespace

int run_standings(RunOptions run, const StandingsCommandLine& line, const std::string& format, const std::string& rules,
                  const tools::DiagnosticPrinter& diagnostics) {
  if (format == "pgn") {
    diagnostics.print(tools::Severity::Error, "--standings prints tables: --format text, csv, jsonl or html");
    return tools::EXIT_USAGE_OR_IO;
  }
  std::optional<StandingsOptions> options = line.resolve(diagnostics);
  if (!options) return tools::EXIT_USAGE_OR_IO;
  run.judged_fails = false;
  TableFormat table_format = format == "csv"     ? TableFormat::Csv
                             : format == "jsonl" ? TableFormat::Jsonl
                             : format == "html"  ? TableFormat::Html
                                                 : TableFormat::Text;
  auto tables = make_table_printer(table_format, line.recorded ? "as recorded" : "as adjudicated under " + rules);
  StandingsCollector collector(line, std::move(*options), std::move(tables), diagnostics);
  int status = run_games(run, collector, diagnostics);
  return std::max(status, int(collector.all_scored() ? tools::EXIT_ALL_GOOD : tools::EXIT_SOME_INVALID));
}

}  // namespace adjudicate
