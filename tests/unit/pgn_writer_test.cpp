#include <catch2/catch.hpp>
#include <sstream>

#include "chess/notation/registry.h"
#include "chess/pgn/validate.h"
#include "chess/pgn/writer.h"

using namespace chess;
using namespace chess::pgn;

namespace {

std::string export_of(const std::string& text, WriteOptions w = {}, ValidateOptions v = {}) {
  std::istringstream in(text);
  Reader reader(in);
  GameBuilder builder;
  REQUIRE(reader.read_game(builder));
  Game& game = builder.game();
  GameReport report = resolve_game(game, v);
  INFO(text);
  REQUIRE(report.valid());
  return write_pgn(game, report.start_position(), w);
}

}  // namespace

TEST_CASE("NOTATION.md's worked example: import in, export out", "[pgn][writer]") {
  const std::string import =
      "[White \"Smith, J.\"]\n"
      "[Black \"Doe, Ann\"] [Event \"Club ch\"]\n"
      "% private\n"
      "1.e4 e5 2 Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.0-0!? f6 {a comment}\n"
      "6 d4 exd4 7 Nxd4 c5 8.Nb3 Qxd1 (8...Qe7 9.Nc3) 9.Rxd1 1-0\n";
  // The export the reference gives (python-chess's layout, checked there), plus the
  // blank line that ends every game.
  const std::string expected =
      "[Event \"Club ch\"]\n"
      "[Site \"?\"]\n"
      "[Date \"????.??.??\"]\n"
      "[Round \"?\"]\n"
      "[White \"Smith, J.\"]\n"
      "[Black \"Doe, Ann\"]\n"
      "[Result \"1-0\"]\n"
      "\n"
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O $5 f6 { a comment } 6. d4\n"
      "exd4 7. Nxd4 c5 8. Nb3 Qxd1 ( 8... Qe7 9. Nc3 ) 9. Rxd1 1-0\n"
      "\n";
  CHECK(export_of(import) == expected);
  CHECK(export_of(expected) == expected);  // export is a fixed point
}

TEST_CASE("Export layout details", "[pgn][writer]") {
  SECTION("lines are filled to at most 79 characters") {
    std::string moves;
    for (int i = 0; i < 20; ++i) moves += "Nf3 Nf6 Ng1 Ng8 ";
    std::string out = export_of("[Event \"x\"]\n\n" + moves + "*\n");
    std::istringstream lines(out);
    std::size_t longest = 0, count = 0;
    for (std::string l; std::getline(lines, l);) longest = std::max(longest, l.size()), ++count;
    CHECK(longest <= 79);
    CHECK(longest >= 70);  // filled, not broken early
    WriteOptions narrow;
    narrow.width = 40;
    std::istringstream narrow_lines(export_of("[Event \"x\"]\n\n" + moves + "*\n", narrow));
    for (std::string l; std::getline(narrow_lines, l);) CHECK(l.size() <= 40);
  }
  SECTION("N... after a comment, a variation or a NAG-free break; none after a NAG") {
    std::string out = export_of("[Event \"x\"]\n\n1. e4 {best} e5 2. Nf3 (2. f4) Nc6 3. Bb5 $1 a6 *\n");
    CHECK(out.find("1. e4 { best } 1... e5 2. Nf3 ( 2. f4 ) 2... Nc6 3. Bb5 $1 a6 *") != std::string::npos);
  }
  SECTION("a comment holding '}' (read from a ; comment) is written as a ; comment, ending its line") {
    std::string out = export_of("[Event \"x\"]\n\n1. e4 ; a } b\ne5 2. Nf3 {c} *\n");
    CHECK(out.find("1. e4 ; a } b\n1... e5 2. Nf3 { c } *") != std::string::npos);
    std::istringstream again(out);  // and read back as it was
    Reader reader(again);
    GameBuilder builder;
    REQUIRE(reader.read_game(builder));
    REQUIRE(builder.game().main.moves.size() == 3);
    REQUIRE(builder.game().main.moves[0].comments.size() == 1);
    CHECK(builder.game().main.moves[0].comments[0] == " a } b");
  }
  SECTION("suffix glyphs become NAGs") {
    std::string out = export_of("[Event \"x\"]\n\n1. e4! e5?? 2. Qh5?! Nc6!? 3. Bc4!! Nf6? *\n");
    CHECK(out.find("1. e4 $1 e5 $4 2. Qh5 $6 Nc6 $5 3. Bc4 $3 Nf6 $2 *") != std::string::npos);
  }
  SECTION("tags: roster first in order with defaults, then ASCII order, values escaped") {
    std::string out = export_of("[White \"A \\\"B\\\" C\"]\n[ECO \"C20\"]\n[Annotator \"x\\\\y\"]\n[Event \"E\"]\n\n1. e4 *\n");
    CHECK(out.rfind("[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"B\\\" C\"]\n"
                    "[Black \"?\"]\n[Result \"*\"]\n[Annotator \"x\\\\y\"]\n[ECO \"C20\"]\n\n",
                    0) == 0);
    WriteOptions keep;
    keep.keep_tag_order = true;
    CHECK(export_of("[ECO \"C20\"]\n[Annotator \"z\"]\n\n1. e4 *\n", keep).find("[ECO \"C20\"]\n[Annotator \"z\"]") !=
          std::string::npos);
    WriteOptions roster;
    roster.tags = WriteOptions::Tags::Roster;
    CHECK(export_of("[ECO \"C20\"]\n\n1. e4 *\n", roster).find("ECO") == std::string::npos);
    WriteOptions none;
    none.tags = WriteOptions::Tags::None;
    CHECK(export_of("[ECO \"C20\"]\n\n1. e4 *\n", none) == "\n1. e4 *\n\n");
  }
  SECTION("Black to move first, from a FEN") {
    std::string out =
        export_of("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *\n");
    CHECK(out.find("12... Kd7 13. e4 *") != std::string::npos);
    CHECK(out.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]") != std::string::npos);
  }
  SECTION("no line of a comment begins so that it reads as a tag or an escape line") {
    // Found by tests/fuzz (export): a comment word '[Result' at the start of a line read back
    // as a tag, which ended the comment and the game.
    WriteOptions narrow;
    narrow.width = 20;
    const std::string game = "[Event \"x\"]\n\n1. e4 { a few words [Result \"1-0\"] more words %d and [ Event \"e\" ] "
                             "[%clk 0:01:00] end } e5 *\n";
    std::string out = export_of(game, narrow);
    std::istringstream lines(out.substr(out.find("\n\n")));
    for (std::string line; std::getline(lines, line);) {
      INFO(line);
      CHECK((line.empty() || (line[0] != '[' && line[0] != '%') || line.rfind("[%clk", 0) == 0));
    }
    CHECK(out.find("[Result\n") == std::string::npos);
    CHECK(export_of(out, narrow) == out);  // reads back, the comment whole
  }
  SECTION("a comment's words fill lines as moves do, however it was spaced") {
    // Single-spaced comments are placed a line's worth at a time, others word by word:
    // the lines must be the same.
    WriteOptions narrow;
    narrow.width = 20;
    const std::string expected = "1. e4 { one two\nthree four five six\nseven } 1... e5 *\n";
    for (std::string comment : {"one two three four five six seven", "  one two\nthree  four five\tsix seven  "}) {
      INFO(comment);
      std::string out = export_of("[Event \"x\"]\n\n1. e4 {" + comment + "} e5 *\n", narrow);
      CHECK(out.substr(out.find("\n\n") + 2) == expected + "\n");
    }
  }
  SECTION("a game with no termination marker ends with its Result tag's result, which the tag repeats") {
    // Found by tests/fuzz (export): a game of tags only, [Result "1-0"], was written with
    // the marker '*' under that tag, which reads back as a result-mismatch error.
    CHECK(export_of("[Event \"x\"]\n[Result \"1-0\"]\n").find("[Result \"1-0\"]\n\n1-0\n") != std::string::npos);
    std::string out = export_of("[Event \"x\"]\n[Result \"1/2-1/2\"]\n");
    CHECK(export_of(out) == out);  // and reads back, valid, as itself
  }
  SECTION("a game from a FEN keeps FEN, SetUp and Variant whatever --tags leaves out") {
    // Found by tests/fuzz (export): without them, the moves are read from the initial
    // position, and the game exported is not the game read.
    const std::string game = "[Event \"x\"]\n[Variant \"Chess960\"]\n[ECO \"A00\"]\n[SetUp \"1\"]\n"
                             "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *\n";
    const std::string needed = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n";
    WriteOptions roster;
    roster.tags = WriteOptions::Tags::Roster;
    std::string out = export_of(game, roster);
    CHECK(out.find("[Result \"*\"]\n" + needed + "\n12... Kd7 13. e4 *") != std::string::npos);
    CHECK(out.find("ECO") == std::string::npos);
    WriteOptions none;
    none.tags = WriteOptions::Tags::None;
    CHECK(export_of(game, none) == needed + "\n12... Kd7 13. e4 *\n\n");
  }
  SECTION("filters: comments, variations, NAGs, clocks") {
    const std::string game = "[Event \"x\"]\n\n1. e4 { [%clk 0:03:00] good [%eval 0.3] } (1. d4) e5 $1 *\n";
    WriteOptions w;
    w.clocks = false;
    CHECK(export_of(game, w).find("1. e4 { good [%eval 0.3] } ( 1. d4 ) 1... e5 $1 *") != std::string::npos);
    w = {};
    w.comments = false;
    w.variations = false;
    w.nags = false;
    CHECK(export_of(game, w).find("1. e4 e5 *") != std::string::npos);
  }
  SECTION("the moves in another dialect keep the layout") {
    WriteOptions w;
    w.codec = notation::find_codec("descriptive");
    std::string out = export_of("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n", w);
    CHECK(out.find("1 P-K4 P-K4 2 N-KB3 N-QB3 3 B-N5 P-QR3 4 BxN QPxB *") != std::string::npos);
  }
  SECTION("comments after a joined descriptive check stay with the move") {
    ValidateOptions v;
    v.codec = notation::find_codec("descriptive");
    std::string out = export_of("[Event \"x\"]\n\n1 P-KB3 P-K4 2 P-KN4 Q-R5 ch {mate} 0-1\n", {}, v);
    CHECK(out.find("1. f3 e5 2. g4 Qh4# { mate } 0-1") != std::string::npos);
  }
}

TEST_CASE("a null move in a variation is written as '--', and in UCI as '0000'", "[pgn][writer]") {
  std::string text = export_of("[Event \"E\"]\n\n1. e4 e5 2. Nf3 (2. Qh5 -- 3. Bc4) 2... Nc6 *\n");
  CHECK(text.find("( 2. Qh5 -- 3. Bc4 )") != std::string::npos);
  CHECK(export_of(text) == text);  // and reads back the same
  WriteOptions uci;
  uci.codec = notation::find_codec("uci");
  CHECK(export_of(text, uci).find("( d1h5 0000 f1c4 )") != std::string::npos);
  WriteOptions descriptive;
  descriptive.codec = notation::find_codec("descriptive");
  ValidateOptions from_descriptive;
  from_descriptive.codec = descriptive.codec;
  CHECK(export_of(export_of(text, descriptive), {}, from_descriptive) == text);
}

namespace {
// SAN's moves, numbered "n1.", "n1...": not digits and a suffix, so MoveNumbers asks for each.
class SpelledNumbers final : public notation::Codec {
public:
  std::string_view name() const override { return "spelled"; }
  notation::ParseResult parse(Position& pos, std::string_view text, const notation::ParseOptions& o) const override {
    return notation::find_codec("san")->parse(pos, text, o);
  }
  std::string format(Position& pos, Move m, const notation::FormatOptions& o) const override {
    return notation::find_codec("san")->format(pos, m, o);
  }
  std::string move_number(int fullmove, Color side) const override {
    return "n" + std::to_string(fullmove) + (side == WHITE ? "." : "...");
  }
};
}  // namespace

TEST_CASE("Each game numbered as its dialect numbers, whatever the thread wrote before", "[pgn][writer]") {
  // The writer keeps a registered dialect's numbers from game to game on its thread: a game
  // in another dialect between two, or a codec of the caller's own, must not take them.
  const std::string game = "[Event \"e\"]\n\n1. e4 e5 2. Nf3 *\n";
  auto written = [&](const notation::Codec* codec) {
    WriteOptions w;
    w.codec = codec;
    std::string out = export_of(game, w);
    return out.substr(out.find("\n\n") + 2);
  };
  for (int round = 0; round < 2; ++round) {
    CHECK(written(notation::find_codec("san")) == "1. e4 e5 2. Nf3 *\n\n");
    CHECK(written(notation::find_codec("lan")) == "1. e2-e4 e7-e5 2. Ng1-f3 *\n\n");
    SpelledNumbers own;
    CHECK(written(&own) == "n1. e4 e5 n2. Nf3 *\n\n");
  }
  CHECK(written(notation::find_codec("uci")) == "e2e4 e7e5 g1f3 *\n\n");
}
