// The tournament layer on real events: the TCEC files of the shared corpus, whose final
// results are published (the Elite matches and superfinals, the divisions whose first two
// went on to the Elite match), and the split of a file holding several events.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "chess/pgn/validate.h"
#include "chess/tournament/standings.h"
#include "corpus/shared_dir.h"

using namespace chess;
using namespace chess::tournament;

namespace {

// The games of the files, scored as recorded (every TCEC result agrees with the laws:
// adjudication_corpus_test.cpp).
std::vector<GameRecord> read_events(const std::vector<std::string>& files) {
  std::vector<GameRecord> records;
  for (const std::string& name : files) {
    std::ifstream in(corpus::shared_dir() / "corpus" / "pgn" / "engine" / name, std::ios::binary);
    REQUIRE(in);
    pgn::Reader reader(in);
    pgn::Game game;
    for (pgn::GameReport report; pgn::read_next_game(reader, {}, game, report);) {
      GameRecord g;
      g.event = game.tag_value("Event");
      g.site = game.tag_value("Site");
      g.round = game.tag_value("Round");
      g.white = {report.white, report.white, std::nullopt};
      g.black = {report.black, report.black, std::nullopt};
      std::string result = game.tag_value("Result");
      g.outcome = outcome_of(result).value_or(Outcome::Unscored);
      g.kind = kind_of(result, game.tag_value("Termination"), report.white, report.black);
      records.push_back(g);
    }
  }
  return records;
}

Table one_table(const std::string& file) {
  std::vector<Table> tables = standings(read_events({file}), {});
  REQUIRE(tables.size() == 1);
  return tables[0];
}

}  // namespace

TEST_CASE("TCEC matches: the published final scores", "[standings][corpus]") {
  struct Match {
    const char* file;
    const char* winner;
    double won;
    const char* loser;
    double lost;
  };
  // As published by TCEC (and in Wikipedia's "Top Chess Engine Championship"):
  // Season 1 Houdini 23.5-16.5 Rybka, Season 2 Houdini 22-18 Rybka, Season 4 Houdini 25-23
  // Stockfish, Season 5 Komodo 25-23 Stockfish.
  const Match matches[] = {
      {"TCEC_Season_1_-_Elite-Match.pgn", "Houdini 1.5a", 23.5, "Rybka 4.0", 16.5},
      {"TCEC_Season_2_-_Elite-Match.pgn", "Houdini 1.5a", 22, "Rybka 4.1", 18},
      {"TCEC_Season_4_-_Superfinal.pgn", "Houdini 3", 25, "Stockfish 250413", 23},
      {"TCEC_Season_5_-_Superfinal.pgn", "Komodo 1142", 25, "Stockfish 191113", 23},
  };
  for (const Match& m : matches) {
    INFO(m.file);
    Table t = one_table(m.file);
    REQUIRE(t.players.size() == 2);
    CHECK(t.round_robin);
    CHECK(t.players[0].name == m.winner);
    CHECK(t.players[0].score == m.won);
    CHECK(t.players[1].name == m.loser);
    CHECK(t.players[1].score == m.lost);
    CHECK(t.players[0].rank == 1);
    CHECK(t.cycles == int(m.won + m.lost));  // a match: the pair met once a game
  }
}

TEST_CASE("TCEC divisions: double round robins whose first two played the Elite match", "[standings][corpus]") {
  struct Division {
    const char* file;
    std::size_t engines;
    const char* first_two[2];
  };
  const Division divisions[] = {
      {"TCEC_Season_1_-_Division_1.pgn", 8, {"Houdini 1.5", "Rybka 4.0"}},
      {"TCEC_Season_2_-_Division_A.pgn", 6, {"Houdini 1.5a", "Rybka 4.1"}},
  };
  for (const Division& d : divisions) {
    INFO(d.file);
    Table t = one_table(d.file);
    REQUIRE(t.players.size() == d.engines);
    CHECK(t.round_robin);
    CHECK(t.cycles == 2);  // a double round robin: each met each twice
    CHECK(t.rounds == int(2 * (d.engines - 1)));
    CHECK(t.players[0].name == d.first_two[0]);
    CHECK(t.players[1].name == d.first_two[1]);
    double total = 0;
    for (const Player& p : t.players) {
      CHECK(p.played == int(2 * (d.engines - 1)));
      CHECK(p.black == int(d.engines - 1));
      total += p.score;
    }
    CHECK(total == double(d.engines * (d.engines - 1)));  // one point a game
  }
}

TEST_CASE("a file of several events: one table each", "[standings][corpus]") {
  std::vector<GameRecord> records =
      read_events({"TCEC_Season_2_-_Division_A.pgn", "TCEC_Season_2_-_Division_B.pgn", "TCEC_Season_2_-_Elite-Match.pgn"});
  std::vector<Table> tables = standings(records, {});
  REQUIRE(tables.size() == 3);
  CHECK(tables[0].event == "TCEC Season 2 - Division A");
  CHECK(tables[2].players.size() == 2);
  StandingsOptions merged;
  merged.merge = true;
  CHECK(standings(records, merged).size() == 1);
}
