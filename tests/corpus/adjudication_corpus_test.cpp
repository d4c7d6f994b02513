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
  // Where the analysis stands today (75 of 901 unknown with the default budget; 76 with the
  // static analysis one ply deep, 79 before the guided search aimed at its mate squares, 111 with the walk's old
  // share, 126 before the stalemate rule, 198 before the static analysis and the guided
  // search): a bound that catches one made weaker, not the target of 5%.
  CHECK(unknown <= 75);
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
