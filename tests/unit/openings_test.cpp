// The opening table and the classifier: lines found by the position they end in, names
// split into opening and variation, the deepest position of a game kept. The expected
// codes and names are the lines of libchess/openings/lichess.tsv, looked up by hand.
#include <catch2/catch.hpp>
#include <sstream>

#include "chess/notation/registry.h"
#include "chess/openings/eco.h"

using namespace chess;
using namespace chess::openings;

namespace {

// The classification of a game given in SAN (no move numbers), and the ply it was found at.
std::pair<const Opening*, int> classify(const OpeningTable& table, const std::string& san, Position pos = {}) {
  Classifier c(table);
  c.start(pos);
  std::istringstream words(san);
  for (std::string w; words >> w;) {
    notation::ParseResult r = notation::find_codec("san")->parse(pos, w);
    INFO(w);
    REQUIRE(r.ok());
    pos.make_move(r.move);
    c.position(pos);
  }
  return {c.opening(), c.ply()};
}

std::string parse_error(const std::string& text) {
  std::string error;
  REQUIRE_FALSE(OpeningTable::parse(text, "t.tsv", error));
  return error;
}

}  // namespace

TEST_CASE("the built-in table: every line of lichess.tsv, each position named once") {
  const OpeningTable& table = lichess_openings();
  // 3812 lines in the file: five of comment and the header line.
  CHECK(table.openings().size() == 3807);
  CHECK(table.openings().front().name == "Amar Opening");
  CHECK(lichess_openings_text().substr(0, 2) == "# ");
  int longest = 0;
  for (const Opening& o : table.openings()) longest = std::max(longest, o.plies);
  CHECK(longest == 36);
}

TEST_CASE("a position is found by its placement, side, castling and legal e.p.") {
  const OpeningTable& table = lichess_openings();
  Position najdorf = Position::from_fen("rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6").position;
  const Opening* o = table.find(najdorf);
  REQUIRE(o);
  CHECK(o->eco == "B90");
  CHECK(o->opening() == "Sicilian Defense");
  CHECK(o->variation() == "Najdorf Variation");
  CHECK(o->plies == 10);
  // The same placement with Black to move, or without White's castling, is another position.
  CHECK_FALSE(table.find(Position::from_fen("rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 0 6").position));
  CHECK_FALSE(table.find(Position::from_fen("rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w kq - 0 6").position));
  // Clocks do not count.
  CHECK(table.find(Position::from_fen("rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 7 30").position) == o);
  CHECK_FALSE(table.find(Position()));
}

TEST_CASE("names: the opening before the first ': ', the variation after it") {
  Opening o{"C65", "Ruy Lopez: Berlin Defense, Rio Gambit Accepted", "", 0};
  CHECK(o.opening() == "Ruy Lopez");
  CHECK(o.variation() == "Berlin Defense, Rio Gambit Accepted");
  Opening plain{"B20", "Sicilian Defense", "", 0};
  CHECK(plain.opening() == "Sicilian Defense");
  CHECK(plain.variation().empty());
}

TEST_CASE("a game is classified by the deepest position of the table it reaches") {
  const OpeningTable& table = lichess_openings();
  auto [najdorf, ply] = classify(table, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5");
  REQUIRE(najdorf);
  // 6. Be3 e5 7. Nb3 Be6 8. f3 is the English Attack, deeper than 5...a6.
  CHECK(najdorf->eco == "B90");
  CHECK(najdorf->name.rfind("Sicilian Defense: Najdorf Variation, English Attack", 0) == 0);
  CHECK(ply > 10);
  // pgn-extract's own example of a transposition: the Najdorf by 2. Nc3 and 3. Nge2.
  auto [transposed, at] = classify(table, "e4 c5 Nc3 d6 Nge2 Nf6 d4 cxd4 Nxd4 a6 Qd3");
  REQUIRE(transposed);
  CHECK(transposed->name == "Sicilian Defense: Najdorf Variation");
  CHECK(at == 10);
  // 1. Nf3 Nf6 2. d4 is not in the table as played, but its position is 1. d4 Nf6 2. Nf3's:
  // the e.p. square d3 after 2. d4 counts for nothing, since no pawn can take on it.
  auto [knights, k_at] = classify(table, "Nf3 Nf6 d4");
  REQUIRE(knights);
  CHECK(knights->eco == "A46");
  CHECK(knights->name == "Indian Defense: Knights Variation");
  CHECK(k_at == 3);
  CHECK(classify(table, "").first == nullptr);
}

TEST_CASE("a legal e.p. capture makes another position") {
  std::string error;
  auto table = OpeningTable::parse("eco\tname\tpgn\nB02\tAlekhine: Scandinavian\t1. e4 Nf6 2. e5 d5\n", "t.tsv", error);
  REQUIRE(table);
  CHECK(classify(*table, "e4 Nf6 e5 d5").first);
  // The same placement, side and castling, but no e.p. capture (the last move was Nf6).
  CHECK_FALSE(classify(*table, "e4 d5 e5 Nf6").first);
}

TEST_CASE("a game from a set-up position is classified from its start") {
  std::string error;
  auto table = OpeningTable::parse("C20\tKing's Pawn Game\t1. e4 e5\n", "t.tsv", error);
  REQUIRE(table);
  Position after_e4e5 = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").position;
  auto [o, ply] = classify(*table, "", after_e4e5);
  REQUIRE(o);
  CHECK(ply == 0);
}

TEST_CASE("table errors name the line and what is wrong") {
  CHECK(parse_error("eco\tname\tpgn\nZ00\tX\t1. e4\n") == "t.tsv:2: 'Z00' is no ECO code (a letter A to E and two digits)");
  CHECK(parse_error("A00\tX\n") == "t.tsv:1: expected three fields, separated by tabs: ECO code, name, moves");
  CHECK(parse_error("A00\tX\t1. e4 e5 2. Ke3\n").find("t.tsv:1: move 'Ke3' (ply 3): ") == 0);
  CHECK(parse_error("# c\nA46\tOne\t1. d4 Nf6 2. Nf3\nA46\tTwo\t1. Nf3 Nf6 2. d4\n") ==
        "t.tsv:3: 'Two' ends in the position of 'One' (line 2): a position has one name");
  CHECK(parse_error("A00\tX\t1. e4 {a comment}\n") == "t.tsv:1: comments or variations in the moves");
}
