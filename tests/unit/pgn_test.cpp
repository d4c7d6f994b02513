#include <catch2/catch.hpp>
#include <algorithm>
#include <sstream>

#include "chess/notation/registry.h"
#include "chess/pgn/validate.h"

using namespace chess;
using namespace chess::pgn;
using namespace std::string_literals;

namespace {

std::vector<Game> read_all(const std::string& text, ReaderOptions options = {}) {
  std::istringstream in(text);
  Reader reader(in, options);
  std::vector<Game> games;
  GameBuilder builder;
  while (reader.read_game(builder)) games.push_back(std::move(builder.game()));
  return games;
}

std::vector<GameReport> validate_all(const std::string& text, ValidateOptions options = {}) {
  std::vector<GameReport> reports;
  for (const Game& g : read_all(text)) reports.push_back(validate_game(g, options));
  return reports;
}

bool has(const std::vector<Diagnostic>& list, const std::string& code) {
  for (const auto& d : list)
    if (d.code == code) return true;
  return false;
}

const Diagnostic& find(const std::vector<Diagnostic>& list, const std::string& code) {
  for (const auto& d : list)
    if (d.code == code) return d;
  FAIL("no diagnostic " << code);
  return list.front();
}

const std::string ROSTER =
    "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n";

}  // namespace

TEST_CASE("NOTATION.md's worked import example", "[pgn][reader]") {
  const std::string text =
      "[White \"Smith, J.\"]\n"
      "[Black \"Doe, Ann\"] [Event \"Club ch\"]\n"
      "% private\n"
      "1.e4 e5 2 Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.0-0!? f6 {a comment}\n"
      "6 d4 exd4 7 Nxd4 c5 8.Nb3 Qxd1 (8...Qe7 9.Nc3) 9.Rxd1 1-0\n";
  std::vector<Game> games = read_all(text);
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  CHECK(g.tag_value("Black") == "Doe, Ann");
  CHECK(g.tag_value("Event") == "Club ch");
  REQUIRE(g.main.moves.size() == 17);
  CHECK(g.main.moves[8].text == "0-0");
  CHECK(g.main.moves[8].nags == std::vector<int>{5});
  CHECK(g.main.moves[9].comments == std::vector<std::string>{"a comment"});
  REQUIRE(g.main.moves[15].variations.size() == 1);
  CHECK(g.main.moves[15].variations[0].moves.size() == 2);
  CHECK(g.result == "1-0");
  CHECK(g.diagnostics.empty());
  GameReport r = validate_game(g, {});
  CHECK(r.valid());
  CHECK(has(r.warnings, "missing-tag"));        // Site, Date, Round, Result are absent
  CHECK(has(r.warnings, "non-canonical-san"));  // 0-0
  CHECK(r.plies == 17);
}

TEST_CASE("Reader: tokens, results, encodings", "[pgn][reader]") {
  SECTION("result variants are normalised") {
    for (auto [written, result] : {std::pair{"1/2", "1/2-1/2"}, {"\xC2\xBD-\xC2\xBD", "1/2-1/2"}, {"1:0", "1-0"},
                                   {"*", "*"}, {"0-1", "0-1"}}) {
      auto games = read_all("1. e4 e5 "s + written + "\n");
      REQUIRE(games.size() == 1);
      CHECK(games[0].result == result);
    }
  }
  SECTION("a BOM, CRLF line ends and NBSP are whitespace") {
    auto games = read_all("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1.\xC2\xA0" "e4 e5 *\r\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves.size() == 2);
    CHECK(games[0].diagnostics.empty());
  }
  SECTION("Latin-1 bytes are decoded, with one warning") {
    auto games = read_all("[White \"M\xFCller\"]\n\n1. e4 {Sch\xF6n} *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag_value("White") == "M\xC3\xBCller");
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].code == "encoding");
  }
  SECTION("on a Latin-1 line, columns count the input's bytes, not the UTF-8 it is read as") {
    // '{', ten e-acute, '}': the move's 'N' is the input's 17th byte, its square at 18.
    auto reports = validate_all("[Event \"x\"]\n\n{" + std::string(10, '\xE9') + "} 1. Nf5 *\n");
    REQUIRE(reports.size() == 1);
    CHECK(find(reports[0].errors, "illegal-move").at.line == 3);
    CHECK(find(reports[0].errors, "illegal-move").at.column == 18);
    CHECK(find(reports[0].warnings, "encoding").at.column == 2);  // the first byte not UTF-8
  }
  SECTION("a line of UTF-8 and Latin-1 both: only the bytes that are no UTF-8 are read as Latin-1") {
    // "Café" in UTF-8 (two bytes for the e-acute), "München" in Latin-1 (one for the u-umlaut).
    auto games = read_all("[Event \"Caf\xC3\xA9 M\xFCnchen\"]\n\n1. e4 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag_value("Event") == "Caf\xC3\xA9 M\xC3\xBCnchen");
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].at.column == 16);  // the Latin-1 byte
    // Columns after both: '{', a UTF-8 e-acute (2 bytes), a Latin-1 one (1), '}', " 1. ", then
    // the move at the input's 10th byte, its square at 11.
    auto reports = validate_all("[Event \"x\"]\n\n{\xC3\xA9\xE9} 1. Nf5 *\n");
    CHECK(find(reports.at(0).errors, "illegal-move").at.column == 11);
  }
  SECTION("the encoding warning points at the first control byte") {
    auto games = read_all("1. e4 \x01 e5 *\n"s);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].at.column == 7);
  }
  SECTION("stray characters are said once a game, at the first, with how many more and where the last is") {
    auto games = read_all("[Event \"x\"]\n\n1. e4 e5 &\n2. Nf3 Nc6 @ &\n3. Bb5 a6 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves.size() == 6);
    REQUIRE(games[0].diagnostics.size() == 1);
    const Diagnostic& d = games[0].diagnostics[0];
    CHECK(d.severity == Severity::Error);
    CHECK(d.code == "unreadable-move");
    CHECK(d.at.line == 3);
    CHECK(d.at.column == 10);
    CHECK(d.message == "unexpected character '&'; 2 more in this game, the last at line 4, column 14 (all skipped)");
  }
  SECTION("HTML markup is skipped whole, once a game: tags and moves joined by <br /> are one game") {
    // A game copied from a web page (chess.js's test file 0.pgn is all one line of this).
    // Before, each tag line after the first began a game of its own, and "br" was a move.
    auto games = read_all("[Event \"x\"]<br />[Site \"y\"]<BR>\n[Result \"1-0\"]<br />\n<br />\n"
                          "1. e4 e5<br />2. Qh5 Nc6 3. Bc4 Nf6</p>\n4. Qxf7# 1-0\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].tags.size() == 3);
    CHECK(games[0].tags[1].value == "y");
    CHECK(games[0].main.moves.size() == 7);
    REQUIRE(games[0].diagnostics.size() == 1);
    const Diagnostic& d = games[0].diagnostics[0];
    CHECK(d.severity == Severity::Warning);
    CHECK(d.code == "unexpected-text");
    CHECK(d.at.line == 1);
    CHECK(d.at.column == 12);
    CHECK(d.message == "HTML markup '<br />' in the game's text (copied from a web page?); 5 more in this game, "
                       "the last at line 4, column 36 (all skipped)");
  }
  SECTION("'<' that opens no markup is a stray character; markup inside a comment is the comment's") {
    auto games = read_all("1. e4 {<b>best</b>} e5 < 2. Nf3 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves.size() == 3);
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].code == "unreadable-move");
    CHECK(games[0].diagnostics[0].at.column == 24);
    REQUIRE(games[0].main.moves[0].comments.size() == 1);
    CHECK(games[0].main.moves[0].comments[0] == "<b>best</b>");
  }
  SECTION("lines that end with a CR alone (classic Mac OS) are lines: no game or move is lost") {
    // Before, CR was a space: a ; comment ran to the end of the file, with every game after it.
    auto games = read_all("[Event \"a\"]\r\r1. e4 e5 ; c\r2. Nf3 *\r\r[Event \"b\"]\r\r1. d4 Nf5 *\r");
    REQUIRE(games.size() == 2);
    CHECK(games[0].main.moves.size() == 3);
    CHECK(games[0].diagnostics.empty());
    CHECK(games[1].start.line == 6);
    CHECK(games[1].main.moves[1].at.line == 8);
  }
  SECTION("a termination marker in another form is read, and said") {
    auto games = read_all("1. e4 e5 1–0\n\n1. d4 0:1\n\n1. c4 1/2\n");
    REQUIRE(games.size() == 3);
    CHECK(games[0].result == "1-0");
    CHECK(games[1].result == "0-1");
    CHECK(games[2].result == "1/2-1/2");
    for (const Game& g : games) {
      REQUIRE(g.diagnostics.size() == 1);
      CHECK(g.diagnostics[0].code == "lenient-reading");
    }
    CHECK(games[0].diagnostics[0].message == "termination marker '1–0' read as 1-0");
  }
  SECTION("a termination marker written twice is the game's, not a game of its own") {
    // Before, the second "1-0" was a game of no tags and no moves, scored 1-0.
    auto games = read_all("[Event \"a\"]\n\n1. e4 e5 1-0 1-0\n1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1 1-0\n");
    REQUIRE(games.size() == 2);
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].severity == Severity::Warning);
    // After a blank line, a marker alone is a game: an empty one, written without tags.
    CHECK(read_all("1. e4 1-0\n\n*\n").size() == 2);
    CHECK(games[0].diagnostics[0].at.column == 14);
    REQUIRE(games[1].diagnostics.size() == 2);  // the marker alone on line 4, held for the next game
    CHECK(games[1].diagnostics[0].at.line == 4);
    CHECK(games[1].diagnostics[0].code == "unexpected-text");
    CHECK(games[1].diagnostics[1].code == "result-mismatch");  // two markers that disagree
    CHECK(games[1].diagnostics[1].severity == Severity::Error);
    CHECK(games[1].result == "0-1");
  }
  SECTION("NUL bytes are spaces, with a warning") {
    auto games = read_all("1. e4\0 e5 *\n"s);
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves.size() == 2);
    CHECK(games[0].diagnostics[0].code == "encoding");
  }
  SECTION("the line that begins the next game warns in that game, not in the one it ends") {
    // A game of tags only ends where the next game's tags begin: that line is read while
    // the first game is still open (found by tests/fuzz pgn: the fast path said it right).
    auto games = read_all("[Event \"A\"]\n\n[Event \"B\x01\"]\n[White \"M\xFCller\"]\n\n1. e4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].diagnostics.empty());
    REQUIRE(games[1].diagnostics.size() == 1);  // once a game, though its second line has Latin-1 too
    CHECK(games[1].diagnostics[0].code == "encoding");
    CHECK(games[1].diagnostics[0].at.line == 3);
  }
  SECTION("several tags on a line, and inner quotes recovered") {
    auto games = read_all("[White \"A\"][Black \"B\"] [Event \"5th \"Mikis\" Cup\"]\n\n*\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag_value("White") == "A");
    CHECK(games[0].tag_value("Black") == "B");
    CHECK(games[0].tag_value("Event") == "5th \"Mikis\" Cup");
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].code == "malformed-tag");
    CHECK(games[0].diagnostics[0].severity == Severity::Warning);
  }
  SECTION("an escape line among the tags is skipped, and the game goes on") {
    auto games = read_all("[Event \"x\"]\n%comment\n[White \"w\"]\n\n1. e4 e5 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag_value("Event") == "x");
    CHECK(games[0].tag_value("White") == "w");
    CHECK(games[0].main.moves.size() == 2);
  }
  SECTION("a tab in a tag value is read as a space, and said") {
    auto games = read_all("[Event \"a\tb\"]\n\n1. e4 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag_value("Event") == "a b");
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].code == "malformed-tag");
    CHECK(games[0].diagnostics[0].at.column == 10);
  }
  SECTION("a comment on lines of its own among the tags is the game's first, and the tags go on") {
    auto games = read_all("[Event \"x\"]\n; typed by the arbiter\n[White \"w\"]\n  {second sheet} \n[Black \"b\"]\n\n"
                          "1. e4 e5 *\n\n[Event \"y\"]\n;c\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].tag_value("Event") == "x");
    CHECK(games[0].tag_value("White") == "w");
    CHECK(games[0].tag_value("Black") == "b");
    CHECK(games[0].main.leading_comments == std::vector<std::string>{" typed by the arbiter", "second sheet"});
    CHECK(games[0].main.moves.size() == 2);
    CHECK(games[1].main.leading_comments == std::vector<std::string>{"c"});
    CHECK(games[1].main.moves.size() == 1);
    // A {} comment with moves after it on its line begins the moves, as before.
    games = read_all("[Event \"x\"]\n{intro} 1. e4 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.leading_comments == std::vector<std::string>{"intro"});
    CHECK(games[0].main.moves.size() == 1);
    // After a blank line, the next game's [Event still begins it, comment or not.
    games = read_all("[Event \"x\"]\n[White \"w\"]\n\n; between\n[Event \"y\"]\n1. e4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[1].tag_value("Event") == "y");
    CHECK(games[1].main.moves.size() == 1);
  }
  SECTION("after a blank line, a new 1. ends a game without its marker, after comments on its line too") {
    auto games = read_all("[Event \"x\"]\n\n1. c4 e5\n\n{Game 2} 1. Nf3 d5 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].main.moves.size() == 2);
    CHECK_FALSE(games[0].result);
    CHECK(games[1].main.leading_comments == std::vector<std::string>{"Game 2"});
    CHECK(games[1].main.moves.size() == 2);
    // Not without the blank line, nor with a comment that only follows the number.
    CHECK(read_all("[Event \"x\"]\n\n1. c4 e5\n{Game 2} 2. Nf3 d5 *\n").size() == 1);
  }
  SECTION("escapes in tag values") {
    auto games = read_all("[A \"b\\\"\"] [C \"A]]\"] [F \"\\\"A]][\\\"\\\\\"]\n*\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag_value("A") == "b\"");
    CHECK(games[0].tag_value("C") == "A]]");
    CHECK(games[0].tag_value("F") == "\"A]][\"\\");
  }
  SECTION("an e.p. mark, apart from the move or joined to it, belongs to the move") {
    for (std::string mark : {" e.p.", " e.p", " ep", "e.p.", "e.p", "ep", "e.p.+", "E.P."}) {
      INFO(mark);
      auto reports = validate_all(ROSTER + "[Result \"*\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6" + mark + " Nc6 *\n");
      REQUIRE(reports.size() == 1);
      CHECK(reports[0].errors.empty());
      CHECK(reports[0].plies == 6);
    }
    auto reports = validate_all(ROSTER + "[Result \"*\"]\n\n1. e4 Nf6 2. e5 d5 3. exf6e.p. *\n");  // not an e.p. capture
    REQUIRE(reports.size() == 1);
    CHECK(has(reports[0].errors, "illegal-move"));
  }
  SECTION("a promotion in parentheses right after its move is the move's, not a variation") {
    const std::string before = "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Rg8 5. ";
    for (std::string promotion : {"hxg8(Q)", "hxg8(=Q)", "hxg8(N)", "hxg8(q)+"}) {
      INFO(promotion);
      auto games = read_all(before + promotion + " Kf7 *\n");
      REQUIRE(games.size() == 1);
      CHECK(games[0].main.moves.size() == 10);
      CHECK(games[0].main.moves[8].text == promotion);
      CHECK(games[0].main.moves[8].variations.empty());
    }
    auto games = read_all(before + "hxg8=Q (5. hxg8=N) Kf7 *\n");  // a real variation stays one
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves[8].variations.size() == 1);
    ValidateOptions descriptive;
    descriptive.codec = chess::notation::find_codec("descriptive");
    auto reports = validate_all(ROSTER + "[Result \"*\"]\n\n1 P-K4 P-KB4 2 PxP P-KN3 3 PxP N-KB3 4 PxP R-KN1 5 PxR(Q) *\n",
                                descriptive);
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].errors.empty());
  }
  SECTION("comments ending the result's line are the game's, not another game") {
    auto games = read_all(ROSTER + "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 {White mates} ;log\n\n" +
                          ROSTER + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1 {Next, a game without tags:} 1. d4 *\n");
    REQUIRE(games.size() == 3);
    CHECK(games[0].result == "1-0");
    CHECK(games[0].main.moves.back().comments == std::vector<std::string>{"White mates", "log"});
    CHECK(games[0].diagnostics.empty());
    CHECK(games[1].main.moves.back().comments.empty());  // followed by moves: the next game's
    CHECK(games[2].main.leading_comments == std::vector<std::string>{"Next, a game without tags:"});
  }
  SECTION("comments of both kinds, NAGs, glyphs, nested variations") {
    auto games = read_all("1. e4 $1 {x} e5 ; rest of line\n2. Nf3 (2. f4 (2. d4) 2... exf4) ?! Nc6 *\n");
    REQUIRE(games.size() == 1);
    const Line& main = games[0].main;
    REQUIRE(main.moves.size() == 4);
    CHECK(main.moves[0].nags == std::vector<int>{1});
    CHECK(main.moves[0].comments == std::vector<std::string>{"x"});
    CHECK(main.moves[1].comments == std::vector<std::string>{" rest of line"});
    REQUIRE(main.moves[2].variations.size() == 1);
    const Line& f4 = main.moves[2].variations[0];
    REQUIRE(f4.moves.size() == 2);
    CHECK(f4.moves[0].variations.size() == 1);
    CHECK(main.moves[2].nags == std::vector<int>{6});
  }
  SECTION("Unicode's annotation marks (U+203C, U+2049, U+2048, U+2047) are the glyphs' NAGs, with a warning") {
    // e4‼ e5⁉ 2. Nf3⁈ Nc6 ⁇ : joined to the move or apart, as "!!" and the others are read.
    auto games = read_all("1. e4\xE2\x80\xBC e5\xE2\x81\x89 2. Nf3\xE2\x81\x88 Nc6 \xE2\x81\x87 *\n");
    REQUIRE(games.size() == 1);
    const Line& main = games[0].main;
    REQUIRE(main.moves.size() == 4);
    CHECK(main.moves[0].text == "e4");
    CHECK(main.moves[0].nags == std::vector<int>{3});
    CHECK(main.moves[1].nags == std::vector<int>{5});
    CHECK(main.moves[2].nags == std::vector<int>{6});
    CHECK(main.moves[3].nags == std::vector<int>{4});
    REQUIRE(games[0].diagnostics.size() == 4);
    CHECK(games[0].diagnostics[0].code == "lenient-reading");
    CHECK(games[0].diagnostics[0].at.column == 6);
    CHECK(games[0].diagnostics[0].message == "annotation '\xE2\x80\xBC' read as '!!' ($3): PGN has no such character");
    // A figurine's bytes begin as no mark's do: still one move.
    auto figurine = read_all("1. \xE2\x99\x98" "f3 *\n");
    REQUIRE(figurine.size() == 1);
    CHECK(figurine[0].main.moves.size() == 1);
    CHECK(figurine[0].diagnostics.empty());
  }
}

TEST_CASE("Reader: broken games are reported and reading resumes at the next game", "[pgn][reader]") {
  SECTION("an unterminated comment stops at the next game's tags") {
    auto games = read_all("[Event \"a\"]\n\n1. e4 {never closed\n1-0\n\n[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    REQUIRE_FALSE(games[0].diagnostics.empty());
    CHECK(games[0].diagnostics[0].code == "unterminated-comment");
    CHECK(games[0].diagnostics[0].at.line == 3);
    CHECK(games[0].diagnostics[0].at.column == 7);
    CHECK(games[1].tag_value("Event") == "b");
    CHECK(games[1].main.moves.size() == 1);
  }
  SECTION("a comment line that looks like a tag but closes the comment is the comment's") {
    auto games = read_all("[Event \"a\"]\n\n1. e4 { see\n[White \"Fischer\"] for details } e5 2. Nf3 1-0\n\n"
                          "[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].diagnostics.empty());
    CHECK(games[0].tag_value("White").empty());
    REQUIRE(games[0].main.moves.size() == 3);
    CHECK(games[0].main.moves[0].comments == std::vector<std::string>{" see\n[White \"Fischer\"] for details "});
    CHECK(games[0].result == "1-0");
    CHECK(games[1].tag_value("Event") == "b");
  }
  SECTION("tag lines inside a comment that closes before a blank line are the comment's") {
    // Before, the quoted header began a game of its own, and "end" was its illegal move.
    auto games = read_all("[Event \"a\"]\n\n1. e4 {quoted:\n[Event \"fake\"]\n[Note \"x\"]\nend of quote} e5 *\n\n"
                          "[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].diagnostics.empty());
    REQUIRE(games[0].main.moves.size() == 2);
    CHECK(games[0].main.moves[0].comments ==
          std::vector<std::string>{"quoted:\n[Event \"fake\"]\n[Note \"x\"]\nend of quote"});
    CHECK(games[1].tag_value("Event") == "b");
    // A comment left open, then the next game's tags with no blank line before them, whose
    // own comment closes only after a blank line: the next game's.
    games = read_all("[Event \"a\"]\n\n1. e4 {open\n[Event \"b\"]\n\n1. d4 {c} *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].diagnostics[0].code == "unterminated-comment");
    CHECK(games[1].tag_value("Event") == "b");
  }
  SECTION("unbalanced variations") {
    auto games = read_all("1. e4 (1. d4 e5 2. c4 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].diagnostics.back().code == "unbalanced-variation");
    games = read_all("1. e4 e5) 2. Nf3 *\n");
    CHECK(games[0].diagnostics[0].code == "unbalanced-variation");
    CHECK(games[0].diagnostics[0].at.column == 9);
  }
  SECTION("variations nested beyond the limit are skipped, not followed") {
    std::string deep = "1. e4 ";
    for (int i = 0; i < 5000; ++i) deep += "(1. d4 ";
    for (int i = 0; i < 5000; ++i) deep += ") ";
    deep += "e5 *\n";
    auto games = read_all(deep);
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves.size() == 2);
    CHECK(games[0].diagnostics[0].code == "unbalanced-variation");
  }
  SECTION("a second Event starts a new game, blank line or not") {
    auto games = read_all("[Event \"a\"]\n[White \"x\"]\n[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0].main.moves.empty());
    CHECK(games[1].tag_value("Event") == "b");
  }
  SECTION("a missing result: the next tag section starts a new game") {
    auto games = read_all("[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK_FALSE(games[0].result);
    GameReport r = validate_game(games[0], {});
    CHECK(has(r.errors, "missing-result"));
  }
  SECTION("prose between games is skipped with a warning, not read as moves") {
    auto games = read_all("1. e4 e5 *\n\n#662\nAn agile Knight steals the show\n\n1. d4 d5 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[1].diagnostics[0].code == "unexpected-text");
    CHECK(games[1].main.moves.size() == 2);
  }
  SECTION("huge comments are an error, memory stays bounded") {
    ReaderOptions o;
    o.max_comment_length = 1000;
    auto games = read_all("1. e4 {" + std::string(100000, 'z') + "} e5 *\n", o);
    REQUIRE(games.size() == 1);
    CHECK(games[0].main.moves[0].comments[0].size() == 1000);
    CHECK(games[0].diagnostics[0].code == "comment-too-long");
    CHECK(games[0].diagnostics[0].severity == Severity::Error);
    CHECK(games[0].main.moves.size() == 2);
  }
  SECTION("a comment too long to keep, in a game too long to write through: one error that says both") {
    ReaderOptions o;
    o.max_comment_length = o.max_raw_game_bytes = 1000;
    o.keep_raw = true;
    auto games = read_all("1. e4 {" + std::string(100000, 'z') + "} e5 *\n", o);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].code == "comment-too-long");
    CHECK(games[0].diagnostics[0].message.find("cannot be written through as read") != std::string::npos);
    CHECK(games[0].raw.empty());
    o.max_raw_game_bytes = 1 << 20;  // the text kept whole: written through
    games = read_all("1. e4 {" + std::string(100000, 'z') + "} e5 *\n", o);
    REQUIRE(games[0].diagnostics.size() == 1);
    CHECK(games[0].diagnostics[0].message.find("(written through as read)") != std::string::npos);
    CHECK_FALSE(games[0].raw.empty());
  }
  SECTION("a game's text as read ends where the next game begins") {
    // Found by tests/fuzz: the line that told the reader a game of tags only (or one with a
    // comment left open) had ended was kept in that game's text too, and written twice
    // when the game was passed through (a game of one tag, then the game itself).
    ReaderOptions o;
    o.keep_raw = true;
    for (const std::string& first : {std::string("[Event \"A\"]\n[Result \"*\"]\n\n"),
                                     std::string("[Event \"A\"]\n\n1. e4 {open\n"),
                                     std::string("[Event \"A\"]\n[Result \"*\"]\n\n  \n")}) {
      auto games = read_all(first + "[Event \"B\"]\n[Result \"*\"]\n\n1. e4 *\n", o);
      INFO(first);
      REQUIRE(games.size() == 2);
      CHECK(games[0].raw.find("\"B\"") == std::string::npos);
      CHECK(games[1].raw.rfind("[Event \"B\"]\n", 0) == 0);
    }
  }
  SECTION("two games on one line: each one's text is its own bytes, written once") {
    // Before, both games' texts held the whole line, so passing them through wrote the
    // first game twice (pgn-convert, --emit, --rejects).
    ReaderOptions o;
    o.keep_raw = true;
    auto games = read_all("[Event \"a\"]\n\n1. e4 e5 1-0   [Event \"b\"]\n\n1. d4 Nf5 *\n1. c4 c5 0-1 1. f4 f5 *\n", o);
    REQUIRE(games.size() == 4);
    CHECK(games[0].raw == "[Event \"a\"]\n\n1. e4 e5 1-0\n");
    CHECK(games[1].raw == "[Event \"b\"]\n\n1. d4 Nf5 *\n");
    CHECK(games[2].raw == "1. c4 c5 0-1\n");
    CHECK(games[3].raw == "1. f4 f5 *\n");
  }
  SECTION("a game's text is its input's bytes, its first line too (Latin-1 stays Latin-1)") {
    ReaderOptions o;
    o.keep_raw = true;
    auto games = read_all("[Event \"M\xFCller\"]\n[White \"M\xFCller\"]\n\n1. e4 *\n", o);
    REQUIRE(games.size() == 1);
    CHECK(games[0].tags[0].value == "M\xC3\xBCller");  // read as UTF-8
    CHECK(games[0].raw == "[Event \"M\xFCller\"]\n[White \"M\xFCller\"]\n\n1. e4 *\n");
  }
  SECTION("a game of more moves than any legal game is an error, memory stays bounded") {
    ReaderOptions o;
    o.max_game_moves = 10;
    std::string text;
    for (int i = 0; i < 20; ++i) text += "Nf3 Nf6 Ng1 Ng8 ";
    auto games = read_all(text + "*\n\n1. e4 *\n", o);
    REQUIRE(games.size() == 2);
    CHECK(games[0].main.moves.size() == 10);
    REQUIRE(!games[0].diagnostics.empty());
    CHECK(games[0].diagnostics[0].code == "game-too-large");
    CHECK(games[1].main.moves.size() == 1);
  }
}

TEST_CASE("Validation: every diagnostic code, with its place", "[pgn][validate]") {
  auto one = [](const std::string& text, ValidateOptions o = {}) {
    auto reports = validate_all(text, o);
    REQUIRE(reports.size() == 1);
    return reports[0];
  };
  SECTION("a valid game") {
    GameReport r = one(ROSTER + "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    CHECK(r.valid());
    CHECK(r.warnings.empty());
  }
  SECTION("illegal-move, with ply, move, FEN and suggestions") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Nf5 Nc6 *\n");
    const Diagnostic& d = find(r.errors, "illegal-move");
    CHECK(d.at.line == 9);
    CHECK(d.at.column == 14);  // the square no knight reaches
    CHECK(d.ply == 3);
    CHECK(d.move == "Nf5");
    CHECK(d.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    REQUIRE_FALSE(d.suggestions.empty());
  }
  SECTION("a move number that is not the failing move's own points at a move left out") {
    const std::string hint = "it is numbered as White's move 3, but this is Black's move 2";
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 3. Bc4 Nf6 *\n");  // Black's 2nd left out
    CHECK(find(r.errors, "illegal-move").message.find(hint) != std::string::npos);
    r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 2... Nc6 3. Bc4 Bc4 *\n");  // numbers agree: no hint
    CHECK(find(r.errors, "illegal-move").message.find("numbered") == std::string::npos);
    r = one(ROSTER + "[Result \"*\"]\n\n1. e4 1. ... e5 2. Nf3 2... Nc6 3. Bb5 3... Bb5 *\n");  // "1. ..." is Black's
    CHECK(find(r.errors, "illegal-move").message.find("numbered") == std::string::npos);
    r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 2... Nc6 3... Nf6 *\n");
    CHECK(find(r.errors, "illegal-move").message.find("numbered as Black's move 3, but this is White's move 3") !=
          std::string::npos);
    ValidateOptions descriptive;
    descriptive.codec = chess::notation::find_codec("descriptive");
    r = one(ROSTER + "[Result \"*\"]\n\n1 P-K4 P-K4 2 N-KB3 3 NxP N-KB3 *\n", descriptive);  // a book's numbers
    CHECK(find(r.errors, "illegal-move").message.find(hint) != std::string::npos);
    // A game from a FEN numbered its own way from the start: its numbers say nothing.
    r = one(ROSTER + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n30. Ra8+ Kd7 31. Rh9 *\n");
    CHECK(find(r.errors, "unreadable-move").message.find("numbered") == std::string::npos);
  }
  SECTION("a move spelt off canonical SAN is said once, with why") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. nf3 d5 *\n");
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].code == "non-canonical-san");
    CHECK(r.warnings[0].message == "non-canonical 'nf3', canonical san is 'Nf3' (lower-case piece letter)");
  }
  SECTION("a move's bad character is pointed at by its byte column, after multi-byte pieces too") {
    // "马" and "♘" are 3 bytes each: the bad '9' of the second is at byte 23, codepoint 21.
    for (const char* dialect : {"chinese", "fan"}) {
      INFO(dialect);
      ValidateOptions o;
      o.codec = chess::notation::find_codec(dialect);
      std::string piece = std::string(dialect) == "chinese" ? "马" : "♘";
      GameReport r = one("1. e4 e5 2. " + piece + "f3 " + piece + "f9 *\n", o);
      CHECK(find(r.errors, "unreadable-move").at.column == 23);
    }
  }
  SECTION("a wrong piece letter is suggested right") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Bf3 *\n");
    const Diagnostic& d = find(r.errors, "illegal-move");
    REQUIRE_FALSE(d.suggestions.empty());
    CHECK(d.suggestions[0] == "Nf3");
  }
  SECTION("a swapped pair of moves is suggested") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Nf3 *\n");
    CHECK(r.valid());
    r = one(ROSTER + "[Result \"*\"]\n\n1. Bc4 e5 2. e4 *\n");
    const Diagnostic& d = find(r.errors, "illegal-move");
    bool swapped = false;
    for (const auto& s : d.suggestions) swapped |= s.find("e4") == 0 && s.find("swapped") != std::string::npos;
    CHECK(swapped);
  }
  SECTION("ambiguous-move lists the disambiguated candidates") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. Nf3 d5 2. d3 c5 3. Nd2 *\n");
    const Diagnostic& d = find(r.errors, "ambiguous-move");
    CHECK(d.ply == 5);
    std::vector<std::string> got = d.suggestions;
    std::sort(got.begin(), got.end());
    CHECK(got == std::vector<std::string>{"Nbd2", "Nfd2"});
  }
  SECTION("unreadable-move") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 Zz9 *\n");
    CHECK(find(r.errors, "unreadable-move").ply == 2);
  }
  SECTION("moves-after-end") {
    GameReport r = one(ROSTER + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n");
    CHECK(find(r.errors, "moves-after-end").move == "a3");
  }
  SECTION("the report's result: the Result tag's, else the termination marker's") {
    CHECK(one(ROSTER + "[Result \"1-0\"]\n\n1. e4 e5 1-0\n").result == "1-0");
    CHECK(one("1. e4 e5 *\n").result == "*");
    CHECK(one("[Event \"E\"]\n\n1. e4 e5 0-1\n").result == "0-1");
  }
  SECTION("result-mismatch and result-contradicts-position") {
    GameReport r = one(ROSTER + "[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
    CHECK(has(r.errors, "result-mismatch"));
    r = one(ROSTER + "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
    CHECK(find(r.errors, "result-contradicts-position").message.find("White is checkmated") != std::string::npos);
    CHECK(find(r.errors, "result-contradicts-position").at.line == 9);  // the marker, both being wrong
    // The marker right, the tag wrong: the contradiction is the tag's, said at its line.
    r = one(ROSTER + "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    CHECK(find(r.errors, "result-contradicts-position").at.line == 7);
    CHECK(find(r.errors, "result-contradicts-position").at.column == 1);
    CHECK(find(r.errors, "result-mismatch").at.line == 9);
    r = one(ROSTER + "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh6 1-0\n");
    CHECK(find(r.errors, "result-contradicts-position").message.find("stalemate") != std::string::npos);
  }
  SECTION("tags: missing, duplicate, malformed Result, bad Date") {
    GameReport r = one("[Event \"E\"]\n[Site \"a\"]\n[Site \"b\"]\n[Date \"1946\"]\n[Result \"2-0\"]\n\n1. e4 *\n");
    CHECK(find(r.errors, "duplicate-tag").at.line == 3);
    CHECK(find(r.errors, "bad-date").at.line == 4);
    CHECK(find(r.errors, "bad-date").message.ends_with("('1946.??.?\?')"));  // the PGN form of a year alone
    for (auto [written, pgn_form] : {std::pair{"2024.1.5", "('2024.01.05')"}, {"2024-01-05", "('2024.01.05')"},
                                     {"2024/1/05", "('2024.01.05')"}, {"1957.1", "('1957.01.?\?')"},
                                     {"2011.05", "('2011.05.?\?')"}, {"1957.?", "('1957.??.?\?')"}}) {
      INFO(written);
      GameReport dated = one(std::string("[Date \"") + written + "\"]\n\n1. e4 *\n");
      CHECK(find(dated.errors, "bad-date").message.ends_with(pgn_form));
    }
    for (const char* unguessable : {"05.01.2024", "19x7", "2024.01.05.", "2024..05", "2024.123.05"}) {
      INFO(unguessable);
      GameReport dated = one(std::string("[Date \"") + unguessable + "\"]\n\n1. e4 *\n");
      CHECK(find(dated.errors, "bad-date").message.ends_with("for unknown digits"));
    }
    CHECK(find(r.errors, "malformed-tag").at.line == 5);
    CHECK(find(r.errors, "malformed-tag").message.ends_with("or *"));  // "2-0" is no result in any form
    GameReport half = one(ROSTER + "[Result \"1/2\"]\n\n1. e4 e5 1/2\n");
    CHECK(find(half.errors, "malformed-tag").message.ends_with("('1/2-1/2')"));  // the movetext form, in a tag
    CHECK(has(r.warnings, "missing-tag"));
    ValidateOptions strict;
    strict.strict = true;
    r = one("[Event \"E\"]\n\n1. e4 *\n", strict);
    CHECK(has(r.errors, "missing-tag"));
  }
  SECTION("bad-fen, SetUp without FEN") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n");
    CHECK(find(r.errors, "bad-fen").message.find("no white king") != std::string::npos);
    r = one(ROSTER + "[Result \"*\"]\n[SetUp \"1\"]\n\n*\n");
    CHECK(has(r.errors, "bad-fen"));
  }
  SECTION("bad-fen points at the bad byte inside the tag's value, on either path") {
    // Line 9; the value begins at column 8 (two spaces before it), and 'x' is its 19th byte.
    std::string text = ROSTER + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN  \"8/8/8/8/8/8/8/K6k x - - 0 1\"]\n\n*\n";
    for (bool plain : {true, false}) {
      INFO("plain path " << plain);
      ValidateOptions o;
      o.plain_path = plain;
      Diagnostic d = find(one(text, o).errors, "bad-fen");
      CHECK(d.at.line == 9);
      CHECK(d.at.column == 26);
    }
    // An escape inside the value: its bytes are not the FEN's, so the tag's own place is given.
    Diagnostic d = find(one(ROSTER + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"\\\\8/8 w - - 0 1\"]\n\n*\n").errors, "bad-fen");
    CHECK(d.at.line == 9);
    CHECK(d.at.column == 1);
  }
  SECTION("impossible-position: a FEN whose men no game can reach is read, with a warning, on either path") {
    auto game = [](const std::string& fen, const std::string& moves) {
      return ROSTER + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *\n";
    };
    for (bool plain : {true, false}) {
      INFO("plain path " << plain);
      ValidateOptions o;
      o.plain_path = plain;
      // Ten white pawns (a3 and a4 beside the eight of the second rank).
      GameReport r = one(game("rnbqkbnr/pppppppp/8/8/P7/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4 e5"), o);
      CHECK(r.valid());
      CHECK(r.plies == 2);  // the moves are still checked from it
      const Diagnostic& d = find(r.warnings, "impossible-position");
      CHECK(d.at.line == 9);
      CHECK(d.message.find("White has 10 pawns") != std::string::npos);
      // Black: eight pawns and a third knight, which only a ninth pawn could have become.
      r = one(game("rnbqkbnr/pppppppp/8/8/8/2n5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4"), o);
      CHECK(find(r.warnings, "impossible-position").message.find("Black has 8 pawns and 1 man only a promotion gives") != std::string::npos);
      // Two white bishops on dark squares (c1, a3) with all eight pawns; with seven, one promoted.
      r = one(game("rnbqkbnr/pppppppp/8/8/8/B7/PPPPPPPP/RNBQK1NR w KQkq - 0 1", "1. e4"), o);
      CHECK(has(r.warnings, "impossible-position"));
      r = one(game("rnbqkbnr/pppppppp/8/8/8/B7/1PPPPPPP/RNBQK1NR w KQkq - 0 1", "1. e4"), o);
      CHECK_FALSE(has(r.warnings, "impossible-position"));
      // Two queens and seven pawns each, two bishops of opposite colours: reachable.
      r = one(game("rnbqkbnr/ppppppp1/7q/8/8/7Q/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "1. e4"), o);
      CHECK_FALSE(has(r.warnings, "impossible-position"));
    }
  }
  SECTION("unsupported-variant, and Chess960 supported") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 P@e4 *\n");
    CHECK(has(r.errors, "unsupported-variant"));
    CHECK_FALSE(has(r.errors, "unreadable-move"));
    r = one(ROSTER + "[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                     "[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1\"]\n\n1. O-O O-O-O *\n");
    CHECK(r.valid());
    CHECK(r.plies == 2);
  }
  SECTION("non-canonical-san: a warning, an error with --strict") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 *\n");
    CHECK(r.valid());
    CHECK(find(r.warnings, "non-canonical-san").move == "Ng1f3");
    ValidateOptions strict;
    strict.strict = true;
    r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 *\n", strict);
    CHECK(has(r.errors, "non-canonical-san"));
  }
  SECTION("moves in variations are checked from the position before the move they replace") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3) (1... Nf3) 2. d4 *\n");
    const Diagnostic& d = find(r.errors, "illegal-move");
    CHECK(d.move == "Nf3");
    CHECK(d.ply == 2);
  }
  SECTION("empty-game") {
    GameReport r = one(ROSTER + "[Result \"*\"]\n\n*\n");
    CHECK(has(r.warnings, "empty-game"));
  }
  SECTION("a game of neither tags nor moves is said empty once, not also a header-only record") {
    GameReport r = one("[Event\n");  // a malformed tag: no tag read
    CHECK(has(r.errors, "malformed-tag"));
    CHECK(has(r.warnings, "empty-game"));
    CHECK_FALSE(has(r.warnings, "missing-result"));
    r = one(ROSTER);  // tags, no moves, no marker: a header-only record
    CHECK(has(r.warnings, "missing-result"));
  }
  SECTION("descriptive scoresheets, with 'ch' read back onto its move") {
    ValidateOptions o;
    o.codec = notation::find_codec("descriptive");
    GameReport r = one(ROSTER + "[Result \"1-0\"]\n\n1 P-K4 P-KB3 2 P-Q4 P-KN4 3 Q-R5 mate 1-0\n", o);
    CHECK(r.valid());
    CHECK(r.plies == 5);
  }
}

TEST_CASE("an impossible date is a malformed tag: month, day of the month, leap years", "[pgn]") {
  auto date_error = [](const std::string& date) {
    auto reports = validate_all("[Event \"E\"]\n[Date \"" + date + "\"]\n\n1. e4 *\n");
    for (const auto& d : reports.at(0).errors)
      if (d.code == "bad-date") return d.message;
    return std::string();
  };
  CHECK(date_error("2011.13.10") == "Date is '2011.13.10', which cannot be: there is no month 13 ('2011.10.13'?)");
  CHECK(date_error("2015.02.30") == "Date is '2015.02.30', which cannot be: February 2015 has 28 days");
  CHECK(date_error("2023.02.29") == "Date is '2023.02.29', which cannot be: February 2023 has 28 days");
  CHECK(date_error("1900.02.29") != "");  // a century is a leap year only every 400 years
  CHECK(date_error("2024.04.31") == "Date is '2024.04.31', which cannot be: April has 30 days");
  CHECK(date_error("2024.00.10") == "Date is '2024.00.10', which cannot be: there is no month 0");
  for (const char* possible : {"2024.02.29", "2000.02.29", "2024.??.31", "2024.02.??", "????.02.29", "2024.12.31"}) {
    INFO(possible);
    CHECK(date_error(possible) == "");
  }
}

TEST_CASE("move numbers of four digits and more are move numbers, ICCF moves are not", "[pgn]") {
  auto reports = validate_all(
      "[Event \"E\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000\"]\n\n"
      "1000. e4 e5 1001. Nf3 *\n");
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].valid());
  CHECK(reports[0].plies == 3);
  ValidateOptions iccf;
  iccf.codec = notation::find_codec("iccf");
  auto read = validate_all("[Event \"E\"]\n\n1. 5254 5755 2. 7163 *\n", iccf);
  CHECK(read.at(0).valid());
  CHECK(read.at(0).plies == 3);
}

TEST_CASE("null moves: a pass in a variation is read, in the main line only when allowed", "[pgn]") {
  const std::string variation = "[Event \"E\"]\n\n1. e4 e5 2. Nf3 (2. Qh5 -- 3. Bc4) 2... Nc6 *\n";
  auto read = validate_all(variation);
  CHECK(read.at(0).valid());
  CHECK(read.at(0).plies == 4);
  for (const char* spelling : {"Z0", "0000", "@@@@"}) {  // '@' is no PGN symbol character
    std::string text = variation;
    text.replace(text.find("--"), 2, spelling);
    INFO(spelling);
    CHECK(validate_all(text).at(0).valid());
  }
  const std::string main_line = "[Event \"E\"]\n\n1. e4 -- 2. d4 *\n";
  auto refused = validate_all(main_line);
  REQUIRE(refused.at(0).errors.size() == 1);
  CHECK(refused.at(0).errors[0].message.find("in the main line with --allow-null-moves") != std::string::npos);
  ValidateOptions allow;
  allow.allow_null_moves = true;
  auto allowed = validate_all(main_line, allow);
  CHECK(allowed.at(0).valid());
  CHECK(allowed.at(0).plies == 3);
  auto at_signs = validate_all("[Event \"E\"]\n\n1. e4 @@@@ 2. d4 *\n", allow);
  CHECK(at_signs.at(0).valid());
  CHECK(at_signs.at(0).plies == 3);
  // A pass while in check would leave the king to be taken.
  auto in_check = validate_all("[Event \"E\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 (3. Qxf7+ --) *\n");
  REQUIRE(!in_check.at(0).errors.empty());
  CHECK(in_check.at(0).errors[0].code == "illegal-move");
  CHECK(in_check.at(0).errors[0].message.find("while in check") != std::string::npos);
}

TEST_CASE("a game in another dialect read as SAN: the message names the dialect that reads it", "[pgn]") {
  auto reports = validate_all("[Event \"E\"]\n\n1. P-K4 P-K4 2. N-KB3 N-QB3 *\n");
  REQUIRE(reports.at(0).errors.size() == 1);
  CHECK(reports[0].errors[0].message.find("the game reads as descriptive: --from descriptive") != std::string::npos);
  // An unreadable move that no dialect reads either: no such hint.
  auto typo = validate_all("[Event \"E\"]\n\n1. e4 e5 2. Qxe9 *\n");
  REQUIRE(typo.at(0).errors.size() == 1);
  CHECK(typo[0].errors[0].message.find("reads as") == std::string::npos);
}

TEST_CASE("Spans: each game's bytes, from its first tag to its termination marker", "[pgn][reader]") {
  // Each case: an input, and the text of each of its games as a reader of bytes should cut it.
  struct Case {
    std::string name, text;
    std::vector<std::string> games;
  };
  const std::string a = ROSTER + "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
  const std::string b = "[Event \"b\"]\n[Result \"*\"]\n\n1. d4 {a comment\nover two lines} d5 *";
  std::vector<Case> cases = {
      {"plain games, blank lines and trailing spaces between them", a + "  \n\n\n" + b + "\n\n", {a, b}},
      {"CRLF line ends", "[Event \"x\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"y\"]\r\n\r\n1. d4 *\r\n",
       {"[Event \"x\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *", "[Event \"y\"]\r\n\r\n1. d4 *"}},
      {"a UTF-8 BOM before the first game", "\xEF\xBB\xBF" + b + "\n", {b}},
      {"comments after the marker on its line are the game's",
       "1. e4 e5 1-0 {White wins on time} ; engine note\n\n1. d4 d5 0-1 {resigns}  \n",
       {"1. e4 e5 1-0 {White wins on time} ; engine note", "1. d4 d5 0-1 {resigns}"}},
      {"no termination marker: up to the last text of the game's last line",
       "[Event \"x\"]\n\n1. e4 e5  \n[Event \"y\"]\n\n1. d4 *\n", {"[Event \"x\"]\n\n1. e4 e5", "[Event \"y\"]\n\n1. d4 *"}},
      {"tags only (a broadcast's list), then a game",
       "[Event \"x\"]\n[White \"w\"]  \n\n[Event \"y\"]\n\n1. d4 *\n", {"[Event \"x\"]\n[White \"w\"]", "[Event \"y\"]\n\n1. d4 *"}},
      {"a game without tags, indented, after prose",
       "Some prose here\n\n   1. e4 e5 2. Nf3 *\n", {"1. e4 e5 2. Nf3 *"}},
      {"Latin-1 bytes (read as two bytes each) before the marker",
       "[Event \"Z\xFCrich\"]\n\n1. e4 {Gr\xFC\xDF" "e} e5 1/2-1/2\n", {"[Event \"Z\xFCrich\"]\n\n1. e4 {Gr\xFC\xDF" "e} e5 1/2-1/2"}},
      {"a tag broken over lines", "[Event\n\"x\"]\n[White \"w\"]\n\n", {"[Event\n\"x\"]\n[White \"w\"]"}},
      {"an unterminated comment runs to the end of the input", "1. e4 {never closed\nstill\n\n", {"1. e4 {never closed\nstill"}},
      {"the last line without its line feed", "1. e4 e5 *", {"1. e4 e5 *"}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::vector<std::string> cut;
    for (const Game& g : read_all(c.text)) cut.push_back(c.text.substr(g.span.offset, g.span.length));
    CHECK(cut == c.games);
    for (bool plain : {true, false}) {  // the fast path cuts the same bytes
      std::istringstream in(c.text);
      Reader reader(in);
      ValidateOptions o;
      o.plain_path = plain;
      std::vector<std::string> same;
      for (GameReport r; validate_next_game(reader, o, r);) same.push_back(c.text.substr(r.span.offset, r.span.length));
      CHECK(same == c.games);
    }
  }
  SECTION("a piece of an input read on its own counts from byte_offset") {
    ReaderOptions o;
    o.byte_offset = 1000;
    auto games = read_all("\n\n1. e4 *\n", o);
    REQUIRE(games.size() == 1);
    CHECK(games[0].span.offset == 1002);
    CHECK(games[0].span.length == 7);
  }
}
