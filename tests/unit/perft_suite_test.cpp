#include <catch2/catch.hpp>
#include <sstream>

#include "chess/perft_suite.h"

using namespace chess;
using namespace std::string_literals;

TEST_CASE("Perft suites: EPD lines with ;Dn counts", "[suite]") {
  std::istringstream in(
      "# comment\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\r\n"
      "\n"
      "k7/6p1/8/8/8/8/7P/K7 b - - 0 1; D1 5; D2 25 ;id \"pawns\"\n"
      "4k3/8/8/8/8/8/8/4K3 w - -  0 1; D3 12\0\0\n"s);
  PerftSuite s = read_perft_suite(in);
  REQUIRE(s.errors.empty());
  REQUIRE(s.cases.size() == 3);
  CHECK(s.cases[0].fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(s.cases[0].line == 2);
  REQUIRE(s.cases[0].expected.size() == 2);
  CHECK(s.cases[0].expected[1].depth == 2);
  CHECK(s.cases[0].expected[1].nodes == 400);
  CHECK(s.cases[1].id == "pawns");
  CHECK(s.cases[1].expected[0].nodes == 5);
  CHECK(s.cases[2].expected[0].depth == 3);
}

TEST_CASE("Perft suites: id / epd / perft blocks", "[suite]") {
  std::istringstream in(
      "id first\n"
      "epd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\n"
      "perft 1 14\n"
      "perft 2 191\n"
      "\n"
      "epd 4k3/8/8/8/8/8/8/4K3 w - -\n"
      "perft 1 5\n");
  PerftSuite s = read_perft_suite(in);
  REQUIRE(s.errors.empty());
  REQUIRE(s.cases.size() == 2);
  CHECK(s.cases[0].id == "first");
  CHECK(s.cases[0].line == 2);
  CHECK(s.cases[0].column == 5);
  CHECK(s.cases[0].expected.size() == 2);
  CHECK(s.cases[1].id.empty());
  CHECK(s.cases[1].expected[0].nodes == 5);
}

TEST_CASE("Perft suites: unreadable lines are reported with line and column", "[suite]") {
  std::istringstream in(
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n"
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D2 2x5\n"
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;depth 2\n"
      "perft 1 3\n"
      "epd 4k3/8/8/8/8/8/8/4K3 w - -\n"
      "perft one 3\n");
  PerftSuite s = read_perft_suite(in);
  REQUIRE(s.cases.size() == 1);
  REQUIRE(s.errors.size() == 4);
  CHECK(s.errors[0].line == 2);
  CHECK(s.errors[0].column == 35);
  CHECK_THAT(s.errors[0].message, Catch::Contains("expected a node count after 'D2', found '2x5'"));
  CHECK(s.errors[1].line == 3);
  CHECK(s.errors[1].column == 32);
  CHECK(s.errors[2].line == 4);
  CHECK_THAT(s.errors[2].message, Catch::Contains("no 'epd' line before it"));
  CHECK(s.errors[3].line == 6);
  CHECK(s.errors[3].column == 7);
}
