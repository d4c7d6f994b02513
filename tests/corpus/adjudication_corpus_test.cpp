// The rules layer against labelled data: the dead-position vectors (who can still mate),
// the unwinnable categories (the side not to move can never mate), and the TCEC games,
// whose results and TerminationDetails say why each ended.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "chess/movegen.h"
#include "chess/pgn/validate.h"
#include "chess/rules/adjudicate.h"
#include "chess/rules/status.h"
#include "support/mate_line.h"
#include "corpus/shared_dir.h"

using namespace chess;
using namespace chess::rules;

using test_support::ends_in_mate;

TEST_CASE("dead-position vectors: no wrong answer, every witness mates", "[adjudication][corpus]") {
  std::ifstream in(corpus::shared_dir() / "corpus" / "adjudication" / "dead-position-vectors.txt");
  REQUIRE(in);
  int total = 0, unknown = 0, wrong = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 4 || line[0] == '#') continue;
    FenResult r = Position::from_fen(line.substr(3));
    REQUIRE(r.ok());
    ++total;
    DeadPositionAnalysis a = analyse_dead_position(r.position);
    std::string cls = a.classification();
    if (cls == "unknown") ++unknown;
    else if (cls != line.substr(0, 2)) {
      ++wrong;
      FAIL_CHECK(line << " answered " << cls);
    }
    if (a.white.ability == MateAbility::Possible) CHECK(ends_in_mate(r.position, a.white.witness, BLACK));
    if (a.black.ability == MateAbility::Possible) CHECK(ends_in_mate(r.position, a.black.witness, WHITE));
  }
  CHECK(total == 901);
  CHECK(wrong == 0);
  // Where the analysis stands today (16 of 901 unknown with the default budget; 19 with the
  // guided search's share as small where the pawns are locked as elsewhere, 42 with
  // 150000 nodes a side, 70 with the walk cut at 4000 plies deep and given its own share
  // before the deep search, 75 with the static analysis one ply deep, 79 before the guided
  // search aimed at its mate squares, 111 with the walk's old share, 126 before the
  // stalemate rule, 198 before the static analysis and the guided search): a bound that
  // catches one made weaker; the target is 5% (45).
  CHECK(unknown <= 16);
}

TEST_CASE("unwinnable categories: the side not to move is never found to mate", "[adjudication][corpus]") {
  auto dir = corpus::shared_dir() / "corpus" / "adjudication" / "unwinnable-categories";
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    int taken = 0;
    for (std::string line; taken < 40 && std::getline(in, line);) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      FenResult r = Position::from_fen(line);
      if (!r.ok()) continue;
      ++taken, ++checked;
      Color other = ~r.position.side_to_move();
      MateAnswer a = can_checkmate(r.position, other, {20000});
      INFO(entry.path().filename().string() << ": " << line);
      CHECK(a.ability != MateAbility::Possible);
    }
  }
  CHECK(checked > 700);  // 40 from each of the 30 files, fewer where a file is short
}

TEST_CASE("TCEC games: every recorded result agrees with the 2001 laws", "[adjudication][corpus]") {
  const RuleSet& laws = *find_rule_set("fide2001");
  int games = 0, threefold = 0, fifty = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus::shared_dir() / "corpus" / "pgn" / "engine")) {
    std::ifstream in(entry.path(), std::ios::binary);
    pgn::Reader reader(in);
    pgn::Game game;
    for (pgn::GameReport report; pgn::read_next_game(reader, {}, game, report);) {
      if (!report.valid()) continue;
      GameRecord record;
      record.start = report.start_position();
      for (const auto& node : game.main.moves) record.moves.push_back(node.move);
      std::string result = game.result ? *game.result : game.tag_value("Result");
      record.recorded = result_from_pgn(result).value_or(Result::Unfinished);
      std::string details = game.tag_value("TerminationDetails") + game.tag_value("Termination");
      record.flag_fall = details.find("time") != std::string::npos || details.find("Time") != std::string::npos;
      Adjudication a = adjudicate(record, laws);
      ++games;
      INFO(entry.path().filename().string() << " game " << report.ordinal << " " << details);
      CHECK(to_string(a.result) == result);
      // Where the tournament said 3-fold or 50 moves, the claim was there to be made.
      bool says_threefold = details.find("3-fold") != std::string::npos || details.find("epetition") != std::string::npos;
      bool says_fifty = details.find("50") != std::string::npos;
      if (says_threefold) {
        ++threefold;
        CHECK(a.reason == Reason::Threefold);
      }
      if (says_fifty && !says_threefold && a.reason == Reason::FiftyMoves) ++fifty;
    }
  }
  CHECK(games == 1999);
  CHECK(threefold > 100);
  CHECK(fifty > 40);
}

namespace {

// A GameJudge fed by the validator's own replay (ValidateOptions::judge), as game-adjudicate
// feeds it; the observer keeps the last position.
class JudgeFeed : public pgn::ReplayObserver {
public:
  explicit JudgeFeed(const RuleSet& rules) : judge(rules) { want_moves(false); }
  void begin() override { ended = false; }
  void end(const Position& pos) override { last = pos, ended = true; }
  GameJudge judge;
  Position last;
  bool ended = false;
};

bool same(const Adjudication& a, const Adjudication& b) {
  if (a.result != b.result || a.reason != b.reason || a.ply != b.ply || a.explanation != b.explanation ||
      a.moves_after_end != b.moves_after_end || a.claimable.size() != b.claimable.size() || a.witness != b.witness)
    return false;
  for (std::size_t i = 0; i < a.claimable.size(); ++i)
    if (a.claimable[i].reason != b.claimable[i].reason || a.claimable[i].ply != b.claimable[i].ply ||
        a.claimable[i].by != b.claimable[i].by)
      return false;
  return true;
}

}  // namespace

TEST_CASE("the judge fed by the validator's replay judges as adjudicate() on the game's moves",
          "[adjudication][corpus]") {
  int games = 0;
  for (const char* set_name : {"fide2001", "online-cn"}) {
    const RuleSet& rules = *find_rule_set(set_name);
    for (const char* dir : {"engine", "online"}) {
      for (const auto& entry : std::filesystem::directory_iterator(corpus::shared_dir() / "corpus" / "pgn" / dir)) {
        std::ifstream built_in(entry.path(), std::ios::binary), fed_in(entry.path(), std::ios::binary);
        pgn::Reader built_reader(built_in), fed_reader(fed_in);
        JudgeFeed feed(rules);
        pgn::ValidateOptions fed_options;
        fed_options.observer = &feed;
        fed_options.judge = &feed.judge;
        pgn::Game game;
        pgn::GameReport built_report, fed_report;
        while (pgn::read_next_game(built_reader, {}, game, built_report)) {
          REQUIRE(pgn::validate_next_game(fed_reader, fed_options, fed_report));
          bool complete = built_report.plies == int(game.main.moves.size()) && built_report.valid();
          if (!complete) continue;
          REQUIRE(feed.ended);
          GameRecord record;
          record.start = built_report.start_position();
          for (const auto& node : game.main.moves) record.moves.push_back(node.move);
          record.recorded = result_from_pgn(game.result ? *game.result : game.tag_value("Result")).value_or(Result::Unfinished);
          INFO(entry.path().filename().string() << " game " << built_report.ordinal << " " << set_name);
          CHECK(same(adjudicate(record, rules), feed.judge.finish(feed.last, record)));
          ++games;
        }
      }
    }
  }
  CHECK(games > 10000);
}
