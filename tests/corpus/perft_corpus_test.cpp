// Every position of every perft suite in ../shared/corpus/perft, at the deepest listed
// depth whose count stays within a node budget (the whole run takes well under a
// minute on 2 cores). The [.slow] variant raises the budget a hundredfold.
#include <catch2/catch.hpp>
#include <fstream>

#include "chess/perft.h"
#include "chess/perft_suite.h"
#include "corpus/shared_dir.h"

using namespace chess;

namespace {

struct SuiteFile {
  const char* name;
  bool chess960;  // KQkq read as X-FEN (the python-chess file mixes in X-FEN positions)
  std::size_t bad_lines;
};

constexpr SuiteFile SUITES[] = {
    {"ethereal-standard.epd", false, 0},     {"chess-epds-perft.epd", false, 0},
    {"ferdy_perft_enpassant_1.epd", false, 0}, {"python-chess-tricky.perft", true, 0},
    {"ethereal-fischer-chess960.epd", true, 0},
};

void run_suite(const SuiteFile& file, uint64_t node_budget, PerftOptions options) {
  auto path = corpus::shared_dir() / "corpus" / "perft" / file.name;
  std::ifstream in(path);
  INFO(path.string());
  REQUIRE(in);
  PerftSuite suite = read_perft_suite(in);
  CHECK(suite.errors.size() == file.bad_lines);
  REQUIRE(!suite.cases.empty());
  FenOptions fen_options;
  if (file.chess960) fen_options.chess960 = Chess960Mode::On;
  Perft perft(options);
  uint64_t nodes = 0;
  for (const PerftCase& c : suite.cases) {
    FenResult r = Position::from_fen(c.fen, fen_options);
    INFO(file.name << ":" << c.line << " " << c.fen);
    REQUIRE(r.ok());
    const PerftExpectation* deepest = nullptr;
    for (const auto& e : c.expected)
      if (e.nodes <= node_budget && (!deepest || e.depth > deepest->depth)) deepest = &e;
    if (!deepest) deepest = &c.expected.front();
    INFO("depth " << deepest->depth);
    CHECK(perft.run(r.position, deepest->depth).nodes == deepest->nodes);
    nodes += deepest->nodes;
  }
  WARN(file.name << ": " << suite.cases.size() << " positions, " << nodes << " nodes");
}

}  // namespace

TEST_CASE("Perft suites of the shared corpus, single-threaded without table", "[perft][corpus]") {
  for (const auto& file : SUITES) {
    SECTION(file.name) { run_suite(file, 2'000'000, PerftOptions{1, 0}); }
  }
}

TEST_CASE("Perft suites of the shared corpus, deeper, threads and table", "[.slow][perft][corpus]") {
  for (const auto& file : SUITES) {
    SECTION(file.name) { run_suite(file, 200'000'000, PerftOptions{2, 256}); }
  }
}
