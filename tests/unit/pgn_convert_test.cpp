// pgn-convert's archive criteria, below the command line: the hash duplicates are told by
// (against the reference's published values), the table of keys, --where's comparisons,
// split file names, and the library's date repair.
#include <catch2/catch.hpp>
#include <cstring>

#include "chess/pgn/validate.h"
#include "pgn-convert/duplicates.h"
#include "pgn-convert/split.h"
#include "pgn-convert/where.h"

using namespace convert;

TEST_CASE("MurmurHash3 x64 128: the reference's values", "[pgn-convert][duplicates]") {
  // Python's mmh3 (a wrapper of the reference code): hash64("foo", signed=False), seed 0.
  GameKey foo = murmur3_128("foo");
  CHECK(foo.lo == 16316970633193145697ULL);
  CHECK(foo.hi == 9128664383759220103ULL);
  CHECK(murmur3_128("") == GameKey{0, 0});
  // SMHasher's verification of MurmurHash3_x64_128: keys {0}, {0,1}, ... {0..254} with
  // seeds 256 - length, their 256 hashes hashed in turn; the first 4 bytes are 0x6384BA69.
  unsigned char key[256];
  std::string hashes;
  for (int i = 0; i < 256; ++i) {
    key[i] = static_cast<unsigned char>(i);
    GameKey h = murmur3_128(std::string_view(reinterpret_cast<const char*>(key), std::size_t(i)), 256 - i);
    hashes.append(reinterpret_cast<const char*>(&h.lo), 8);
    hashes.append(reinterpret_cast<const char*>(&h.hi), 8);
  }
  GameKey all = murmur3_128(hashes);
  std::uint32_t verification;
  std::memcpy(&verification, &all.lo, 4);
  CHECK(verification == 0x6384BA69u);
}

TEST_CASE("Duplicates: the table keeps every key through its growth", "[pgn-convert][duplicates]") {
  std::string error;
  auto first = Duplicates::make(DuplicateMode::KeepFirst, "moves", error);
  REQUIRE(first);
  chess::pgn::Game game;
  GameFacts facts;
  // Distinct keys, every 16th with the same low word (the slot): none taken for another.
  const int n = 50000;
  std::size_t kept = 0;
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < n; ++i) {
      facts.key = {std::uint64_t(i) * 0x9E3779B97F4A7C15ULL, i % 16 ? std::uint64_t(i) : 42};
      kept += first->wants(game, facts);
    }
  CHECK(kept == std::size_t(n));
  CHECK(first->dropped() == std::size_t(n));
  CHECK(first->summary() == "50000 by --duplicates keep-first (50000 kept)");

  auto only = Duplicates::make(DuplicateMode::Only, "moves+tags:White,Black", error);
  REQUIRE(only);
  facts.key = {1, 2};
  CHECK_FALSE(only->wants(game, facts));  // the first: not a copy
  CHECK(only->wants(game, facts));
  CHECK(only->wants(game, facts));
  CHECK(only->summary() == "1 by --duplicates only --duplicates-by moves+tags:White,Black (2 kept)");

  for (const char* bad : {"tags:White", "moves+", "moves+tags:", "moves+tags:White,,Black", "Moves"})
    CHECK_FALSE(Duplicates::make(DuplicateMode::KeepFirst, bad, error));
}

TEST_CASE("Duplicates drop: copies counted by a first pass, then every copy dropped", "[pgn-convert][duplicates]") {
  std::string error;
  auto drop = Duplicates::make(DuplicateMode::Drop, "moves", error);
  REQUIRE(drop);
  CHECK(drop->needs_first_pass());
  std::unique_ptr<Criterion> first = drop->rehearsal();
  chess::pgn::Game game;
  GameFacts a, b, c;
  a.key = {1, 1};
  b.key = {2, 2};
  c.key = {3, 3};
  for (const GameFacts* f : {&a, &b, &a, &c, &a}) CHECK_FALSE(first->wants(game, *f));  // the first pass keeps none
  CHECK_FALSE(drop->wants(game, a));
  CHECK(drop->wants(game, b));
  CHECK_FALSE(drop->wants(game, a));
  CHECK(drop->wants(game, c));
  CHECK(drop->summary() == "2 by --duplicates drop (2 kept)");
}

namespace {

chess::pgn::Game tagged(std::initializer_list<std::pair<const char*, const char*>> tags) {
  chess::pgn::Game g;
  for (auto [name, value] : tags) g.tags.push_back({name, value, {}});
  return g;
}

// Whether --where `spec` selects the game.
bool where(const std::string& spec, const chess::pgn::Game& game, int plies = 0) {
  std::string error;
  std::unique_ptr<Criterion> w = make_where(spec, error);
  INFO(spec << ": " << error);
  REQUIRE(w);
  GameFacts facts;
  facts.plies = plies;
  return w->wants(game, facts);
}

}  // namespace

TEST_CASE("--where: numbers, dates, text, plies", "[pgn-convert][where]") {
  auto elo = tagged({{"WhiteElo", "2500"}, {"Round", "3.1"}, {"Result", "1-0"}, {"ECO", "B20"}});
  CHECK(where("WhiteElo>=2500", elo));
  CHECK_FALSE(where("WhiteElo>2500", elo));
  CHECK(where("WhiteElo<=2500", elo));
  CHECK(where("WhiteElo=2500.0", elo));  // numerically
  CHECK_FALSE(where("WhiteElo!=2500", elo));
  CHECK(where("Round>3", elo));
  CHECK(where("Result=1-0", elo));  // no number: text
  CHECK(where("ECO>=B20", elo));
  CHECK_FALSE(where("ECO<B20", elo));
  CHECK_FALSE(where("BlackElo<9999", elo));  // lacking: never selected
  CHECK_FALSE(where("BlackElo!=0", elo));
  CHECK_FALSE(where("WhiteElo>0", tagged({{"WhiteElo", "?"}})));  // no number: as lacking
  CHECK_FALSE(where("WhiteElo<1", tagged({{"WhiteElo", ""}})));

  auto known = tagged({{"Date", "2020.06.15"}});
  auto year = tagged({{"Date", "2020.??.??"}});
  auto month = tagged({{"Date", "2020.06.??"}});
  auto decade = tagged({{"Date", "19??.??.??"}});
  CHECK(where("Date>=2020.01.01", known));
  CHECK(where("Date>=2020.01.01", year));      // every day of 2020 is on or after its first
  CHECK_FALSE(where("Date>=2020.01.02", year));  // cannot tell
  CHECK_FALSE(where("Date<2020.01.02", year));   // nor this
  CHECK(where("Date<=2020.12.31", year));
  CHECK(where("Date=2020", known));
  CHECK(where("Date=2020.06", month));
  CHECK_FALSE(where("Date=2020.06.15", month));
  CHECK_FALSE(where("Date!=2020.06.15", month));
  CHECK(where("Date!=2020.07", month));
  CHECK(where("Date<2000", decade));
  CHECK(where("Date>=1900", decade));
  CHECK_FALSE(where("Date>1950", decade));
  CHECK(where("Date>2020.05", known));  // after May
  CHECK_FALSE(where("Date>2020.06", known));
  CHECK(where("Date<2021", known));
  CHECK_FALSE(where("Date<2020", known));
  CHECK_FALSE(where("Date<3000", tagged({{"Date", "????.??.??"}})));  // no date at all: lacking
  CHECK(where("EventDate=2020.06.15", tagged({{"EventDate", "2020.06.15"}})));

  auto plies = tagged({{"PlyCount", "99"}});
  CHECK(where("PlyCount<40", plies, 39));  // the plies counted, not the tag
  CHECK_FALSE(where("PlyCount<40", plies, 40));
  CHECK(where("PlyCount=0", tagged({}), 0));  // every game has plies
}

TEST_CASE("--where: the summary counts what lacked the tag and what could not tell", "[pgn-convert][where]") {
  std::string error;
  std::unique_ptr<Criterion> w = make_where("Date>=2020.06.01", error);
  REQUIRE(w);
  GameFacts facts;
  for (const char* date : {"2020.07.01", "2020.??.??", "????.??.??", "2019.01.01"})
    w->wants(tagged({{"Date", date}}), facts);
  w->wants(tagged({}), facts);
  CHECK(w->summary() == "4 by --where Date>=2020.06.01 (1 kept, 2 lacked Date, 1 with a Date too vague to tell)");
  for (const char* bad : {"", "WhiteElo", "=2500", "WhiteElo=", "WhiteElo=>2500", "White Elo>1", "Date>2020.13",
                          "Date>=2020.1.1", "Date>=????", "PlyCount<forty", "WhiteElo~2500"}) {
    INFO(bad);
    CHECK_FALSE(make_where(bad, error));
    CHECK(error.rfind(std::string("--where '") + bad + "': ", 0) == 0);
  }
}

TEST_CASE("--split-by: tag values made file names", "[pgn-convert][split]") {
  CHECK(Split::safe_name("Carlsen, Magnus") == "Carlsen_Magnus");
  CHECK(Split::safe_name("Open A/B") == "Open_A_B");
  CHECK(Split::safe_name("../../etc/passwd") == "_._.._etc_passwd");  // no slash left
  CHECK(Split::safe_name("-rf") == "_rf");
  CHECK(Split::safe_name(".hidden") == "_hidden");
  CHECK(Split::safe_name("2024.01.05") == "2024.01.05");
  CHECK(Split::safe_name("Zürich") == "Zürich");
  CHECK(Split::safe_name("") == "_");
  CHECK(Split::safe_name("a\tb\nc") == "a_b_c");
  std::string long_name(98, 'x');
  CHECK(Split::safe_name(long_name + "éé") == long_name + "é");  // cut at a character's start
}

TEST_CASE("pgn_date_form: the PGN form of a date written otherwise, when certain", "[pgn][validate]") {
  using chess::pgn::pgn_date_form;
  CHECK(pgn_date_form("2024.1.5") == "2024.01.05");
  CHECK(pgn_date_form("2024-01-05") == "2024.01.05");
  CHECK(pgn_date_form("2024/1/05") == "2024.01.05");
  CHECK(pgn_date_form("1957") == "1957.??.??");
  CHECK(pgn_date_form("1957.3") == "1957.03.??");
  CHECK(pgn_date_form("2024.01.05").empty());  // already so
  CHECK(pgn_date_form("05.01.2024").empty());  // day first: not guessed
  CHECK(pgn_date_form("2023.2.30").empty());   // no such day
  CHECK(pgn_date_form("2024.13.1").empty());
  CHECK(pgn_date_form("yesterday").empty());
}
