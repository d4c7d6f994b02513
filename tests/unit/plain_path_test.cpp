// The plain path of pgn-validate against the general path, which is its oracle: for any
// input, cutting plain games out and checking them in one pass must give exactly the
// reports the general reader and validator give. And the canonical-SAN reader under it:
// it accepts what the SAN writer writes, and nothing else.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "chess/line_reader.h"
#include "chess/movegen.h"
#include "chess/notation/canonical_san.h"
#include "chess/notation/registry.h"
#include "chess/pgn/validate.h"
#include "chess/rules/adjudicate.h"
#include "pgn/plain_path.h"  // the library's private fast path, compared here with the general one
#include "pgn/plain_scanner.h"
#include "chess/pgn/writer.h"
#include "support/report_text.h"

using namespace chess;
using namespace chess::pgn;

namespace {

std::string general_path(const std::string& text, const ValidateOptions& options = {}) {
  std::istringstream in(text);
  Reader reader(in);
  GameBuilder builder;
  std::string out;
  while (reader.read_game(builder)) out += test_support::report_text(validate_game(builder.game(), options));
  return out;
}

std::string plain_path(const std::string& text, std::size_t* plain_games = nullptr,
                       const ValidateOptions& options = {}) {
  std::istringstream in(text);
  Reader reader(in);
  GameBuilder builder;
  PlainGame plain;
  std::string out;
  std::size_t plains = 0;
  for (ReadResult r; (r = read_game_or_plain(reader, builder, plain)) != ReadResult::End;) {
    if (r == ReadResult::Plain) ++plains;
    out += test_support::report_text(r == ReadResult::Plain ? validate_plain_game(plain, options) : validate_game(builder.game(), options));
  }
  if (plain_games) *plain_games = plains;
  // The one-pass reading (validate_next_game) must say the same.
  std::istringstream again(text);
  Reader one_pass(again);
  std::string same;
  for (GameReport report; validate_next_game(one_pass, options, report);) same += test_support::report_text(report);
  CHECK(same == out);
  return out;
}

// What a reader of tags alone keeps of each game (read_next_tags), or the general reader's
// games, as text: place, span, tags, marker, the reader's diagnostics.
std::string tag_games(const std::string& text, bool tags_only) {
  std::istringstream in(text);
  Reader reader(in);
  GameBuilder builder;
  Game game;
  std::ostringstream out;
  while (tags_only ? read_next_tags(reader, game) : reader.read_game(builder)) {
    const Game& g = tags_only ? game : builder.game();
    out << "game " << g.ordinal << " at " << g.start.line << ':' << g.start.column << " bytes " << g.span.offset << '+'
        << g.span.length << " result " << g.result.value_or("none") << '\n';
    for (const Tag& t : g.tags) out << "  [" << t.name << ' ' << t.value << "] " << t.at.line << ':' << t.at.column << '\n';
    for (const Diagnostic& d : g.diagnostics) out << "  " << d.code << ' ' << d.at.line << ':' << d.at.column << '\n';
  }
  return out.str();
}

const std::string ROSTER =
    "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n";

std::string game(const std::string& result, const std::string& moves) {
  return ROSTER + "[Result \"" + result + "\"]\n\n" + moves + "\n\n";
}

// What pgn-convert makes of each game: its export text if valid, its raw text if not.
std::string converted(const Game& game, const GameReport& report, const WriteOptions& write) {
  std::string comments;  // as JSON Lines output gives them: verbatim
  for (const MoveNode& node : game.main.moves)
    for (const std::string& c : node.comments) comments += "{" + c + "}";
  return test_support::report_text(report) + comments +
         (report.valid() ? write_pgn(game, report.start_position(), write) : game.raw);
}

std::string convert_general(const std::string& text, const WriteOptions& write) {
  std::istringstream in(text);
  ReaderOptions keep;
  keep.keep_raw = true;
  Reader reader(in, keep);
  GameBuilder builder;
  std::string out;
  while (reader.read_game(builder)) {
    Game& game = builder.game();
    GameReport report = resolve_game(game, ValidateOptions{});
    out += converted(game, report, write);
  }
  return out;
}

std::string convert_plain(const std::string& text, const WriteOptions& write) {
  std::istringstream in(text);
  ReaderOptions keep;
  keep.keep_raw = true;
  Reader reader(in, keep);
  GameBuilder builder;
  PlainGame plain;
  std::string out;
  for (ReadResult r; (r = read_game_or_plain(reader, builder, plain)) != ReadResult::End;) {
    Game game;
    GameReport report = r == ReadResult::Plain ? build_plain_game(plain, {}, game)
                                               : resolve_game(game = std::move(builder.game()), ValidateOptions{});
    out += converted(game, report, write);
  }
  return out;
}

std::string convert_one_pass(const std::string& text, const WriteOptions& write, const BuildOptions& build = {}) {
  std::istringstream in(text);
  ReaderOptions keep;
  keep.keep_raw = true;
  Reader reader(in, keep);
  std::string out;
  Game game;
  for (GameReport report; read_next_game(reader, {}, game, report, build);) out += converted(game, report, write);
  return out;
}

// Each game's text as kept to be written through as read (pgn-validate --emit): by the
// one-pass reading, which builds a plain game on the plain path, or by the general reader.
std::string raw_texts(const std::string& text, bool one_pass) {
  std::istringstream in(text);
  ReaderOptions keep;
  keep.keep_raw = true;
  Reader reader(in, keep);
  std::string out;
  if (one_pass) {
    Game game;
    GameReport report;
    const BuildOptions as_read{.comments = false, .nags = false, .variations = false, .raw = true, .move_texts = false};
    while (read_next_game(reader, {}, game, report, as_read)) out += game.raw + "|\n";
  } else {
    GameBuilder builder;
    while (reader.read_game(builder)) out += builder.game().raw + "|\n";
  }
  return out;
}

// A text the plain path must read as the general path does: the same reports (and with
// --strict), the same tags and places for a reader of tags alone, the same written games
// and texts kept as read; and `plain_games` of its games cut out as plain.
void same_on_both_paths(const std::string& text, std::size_t plain_games) {
  INFO(text);
  std::size_t plains = 0;
  CHECK(plain_path(text, &plains) == general_path(text));
  CHECK(plains == plain_games);
  CHECK(plain_path(text, nullptr, {nullptr, false, true}) == general_path(text, {nullptr, false, true}));  // --strict
  CHECK(tag_games(text, true) == tag_games(text, false));
  CHECK(convert_plain(text, WriteOptions{}) == convert_general(text, WriteOptions{}));
  CHECK(convert_one_pass(text, WriteOptions{}) == convert_general(text, WriteOptions{}));
  CHECK(raw_texts(text, true) == raw_texts(text, false));
}

}  // namespace

TEST_CASE("Plain games built for writers: the general path's games, written the same", "[plain]") {
  std::string text = game("1-0", "1. e4 {two\r\nlines} e5! 2. Qh5 $2 Nc6 (2... g6 {x} 3. Qe5+) 3. Bc4 Nf6 4. Qxf7# 1-0") +
                     game("1/2-1/2", "{before} 1. d4 d5 {[%clk 0:01:00]} 1/2-1/2") +
                     game("*", "1. e4 e5 2. Nf5 *") +  // illegal: written through as read
                     // A mate marked as a check: the plain path builds it, its moves written afresh.
                     game("1-0", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0") +
                     "[Event \"E\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {\r\n  spaced  } e5 *\r\n";
  for (const char* dialect : {"san", "lan", "descriptive"}) {
    WriteOptions write;
    write.codec = notation::find_codec(dialect);
    INFO(dialect);
    CHECK(convert_plain(text, write) == convert_general(text, write));
    CHECK(convert_one_pass(text, write) == convert_general(text, write));
  }
  WriteOptions no_clocks;
  no_clocks.clocks = false;
  CHECK(convert_plain(text, no_clocks) == convert_general(text, no_clocks));
  WriteOptions bare;
  bare.comments = bare.nags = bare.variations = false;
  CHECK(convert_plain(text, bare) == convert_general(text, bare));
  // Built without what the writer leaves out: the same text, comments aside.
  auto without_comments = [](std::string s) {
    for (std::size_t a; (a = s.find('{')) != std::string::npos;) s.erase(a, s.find('}', a) - a + 1);
    return s;
  };
  CHECK(without_comments(convert_one_pass(text, bare, {false, false, false})) ==
        without_comments(convert_general(text, bare)));
  // Built without the moves' texts (for UCI, EPD): the same moves, read as the same; a game
  // the general path reads (the illegal one) keeps its texts. Marked as texts a writer may
  // copy: only games with texts, each its canonical SAN (not the first, whose variation has
  // "Qe5+" for Qxe5+, nor the mate marked as a check).
  using pgn::detail::PlainAccess;
  std::istringstream in(text), again(text);
  Reader with_texts(in), without_texts(again);
  Game a, b;
  GameReport ra, rb;
  BuildOptions moves_only;
  moves_only.move_texts = false;
  int games = 0, plain = 0, canonical = 0;
  while (read_next_game(with_texts, {}, a, ra)) {
    REQUIRE(read_next_game(without_texts, {}, b, rb, moves_only));
    ++games;
    REQUIRE(a.main.moves.size() == b.main.moves.size());
    const bool plain_built = b.main.moves[0].written_number == 0;  // (the general path keeps the "1.")
    plain += plain_built;
    canonical += PlainAccess::moves_are_canonical_san(a);
    CHECK_FALSE(PlainAccess::moves_are_canonical_san(b));
    for (std::size_t i = 0; i < a.main.moves.size(); ++i) {
      CHECK(a.main.moves[i].move == b.main.moves[i].move);
      CHECK(b.main.moves[i].text == (plain_built ? "" : a.main.moves[i].text));
    }
  }
  CHECK(games == 5);
  CHECK(plain == 4);
  CHECK(canonical == 2);
}

TEST_CASE("Plain games are cut out and checked in one pass, with the general path's reports", "[plain]") {
  std::string text = game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0") +
                     game("*", "1. d4 {a comment\nover two lines} d5 (1... Nf6 2. c4 (2. Nf3) e6) 2. c4 $1 dxc4!? *") +
                     game("1/2-1/2", "1. e4 e5 1/2-1/2");
  std::size_t plains = 0;
  std::string fast = plain_path(text, &plains);
  CHECK(plains == 3);
  CHECK(fast == general_path(text));
  CHECK(tag_games(text, true) == tag_games(text, false));
  CHECK(fast.find("plies=7") != std::string::npos);  // the main line only
}

TEST_CASE("Games outside the plain form, or with problems, get the general path's reports", "[plain]") {
  // Each input holds something the plain path must not vouch for; the reports must still
  // be the general path's, whichever path took the game.
  const std::vector<std::string> inputs = {
      game("1-0", "1. e4 e5 2. Nf5 1-0"),                             // illegal move
      game("1-0", "1. e4 e5 2. Ng1f3 Nc6 1-0"),                       // non-canonical SAN
      game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0"),     // mate written as check
      // Wrong check marks: the plain path plays these main-line moves and warns itself.
      game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0"),      // mate without a mark
      game("*", "1. e4 e5 2. Qh5 Nc6 3. Qxf7# Kxf7 *"),              // check written as mate
      game("*", "1. e4 e5 2. Qh5 Nc6 3. Qxf7 Kxf7 4. d3+ Nf6 *"),    // check unmarked, a quiet move marked
      game("*", "1. e4 e5 2. Qh5 (2. Qg4 d6 3. Qxg7 Bxg7) Nc6 *"),   // an unmarked check in a variation
      game("1-0", "1. e4 f5 2. Qh5 g6 3. Qxg6+ hxg6 4. Bd3 Rxh2 5. Kf1 Rxh1 6. Bxg6 Rxg1+ 7. Kxg1 Nf6 "
                  "8. Nc3 b6 9. Bf7+ Kxf7 10. Qe2 d5 11. a4 e5 12. a5 d4 13. Nb5 dxe4 14. axb6 Bxb5 1-0"),  // then illegal
      game("*", "1. a4 h5 2. a5 h4 3. a6 h3 4. axb7 hxg2 5. bxa8=Q gxh1=Q 6. Qxb8 Qxg1 7. Qxc8+ *"),  // promotion line
      game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 1-0"),  // a move after mate
      game("0-1", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1"),     // result contradicts mate
      game("1-0", "1. e4 e5 0-1"),                                    // result mismatch
      game("*", "1. e4 (e5) *"),                                      // variation of the wrong side's move
      game("*", "( 1. d4 ) 1. e4 *"),                                 // variation before any move
      game("*", "1. e4 e5 (2. Nf3 *"),                                // result inside a variation
      game("*", "1. e4 e5 ) 2. Nf3 *"),                               // ')' with nothing open
      game("*", "1. e4 {unterminated\n") + game("*", "1. d4 *"),     // comment running into tags
      game("1-0", "1. e4 e5 2. Nf3") + game("*", "1. d4 *"),          // missing result
      ROSTER + "[Result \"*\"]\n\n" + ROSTER + "[Result \"*\"]\n\n1. e4 *\n",  // header-only game
      // Header-only games, which the plain path now takes: at the end, in a row, spaced, CRLF.
      ROSTER + "[Result \"*\"]\n",
      ROSTER + "[Result \"*\"]",  // the input ends at a tag's ']'
      ROSTER + "[Result \"*\"]  ",
      ROSTER + "[Result \"*\"]\n\n",
      ROSTER + "[Result \"1-0\"]\n\n" + ROSTER + "[Result \"*\"]\n\n\n" + ROSTER + "[Result \"*\"]\n",
      ROSTER + "[Result \"*\"]\n  \n\t\n" + ROSTER + "[Result \"*\"]\n\n1. e4 *\n",
      "[Event \"E\"]\r\n[Result \"*\"]\r\n\r\n[Event \"F\"]\r\n[Result \"*\"]\r\n\r\n1. d4 *\r\n",
      ROSTER + "[Result \"*\"]\n" + ROSTER + "[Result \"*\"]\n\n1. e4 *\n",  // no blank line: repeated tags
      "[Event \"E\"]\n\n[Site \"S\"]\n[Result \"*\"]\n\n1. e4 *\n",    // a blank line among one game's tags
      "[Event \"E\"]\n[Result \"*\"]\n\n[Site \"S\"]\n[Result \"*\"]\n\n1. e4 *\n",  // a repeated tag begins a game
      "[Event \"E\"]\n[Result \"*\"]\n\n[Events \"S\"]\n\n1. e4 *\n",  // not [Event
      ROSTER + "[Result \"*\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",      // duplicate tag
      ROSTER + "[Result \"*\"]\n[Date \"2024-01-02\"]\n\n1. e4 *\n",    // bad date (and a duplicate)
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n",                     // missing roster tags
      "[Event \"E\"]\n[Result \"*\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n",  // bad FEN
      "[Event \"E\"]\n[Result \"*\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 *\n",
      "[Event \"E\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 e5 2. P@f3 *\n",  // unsupported variant
      "[Event \"E\"]\n[Variant \"Chess960\"]\n[FEN \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1\"]\n"
      "[SetUp \"1\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
      "[Event \"Caf\xe9\"]\n[Result \"*\"]\n\n1. e4 *\n",               // Latin-1
      "[Event \"E \\\"Q\\\"\"]\n[Result \"*\"]\n\n1. e4 *\n",           // escaped quotes
      "[Event \"E\tF\"]\n[Result \"*\"]\n\n1. e4 {a\ttab} *\n",          // tabs: in a value, read as a space
      "[Event \"E\"]\n[Result \"*\"]\n%escape line\n[Round \"1\"]\n\n1. e4 *\n",  // an escape line among the tags
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 ; a rest-of-line comment\ne5 *\n",
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4\n\ne5 *\n",                // blank line among the moves
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4\n%escape line\ne5 *\n",
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n",
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 1/2\n1. d4 d5 1:0\n1. c4 *\n",  // result variants
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 1/2\n1. c4 *\n",  // a game without tags after it
      "[Event \"E\"]\n[Result \"*\"]\n\n1.\xc2\xa0" "e4 *\n",           // NBSP
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *",                        // no newline at the end
      "[Event \"E\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {x}\r\n*\r\n",      // CRLF
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4\re5 *\n",                  // a lone CR
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 $300 *\n",              // NAG out of range
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 !!! *\n",               // unknown glyph
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 2. exd6 e.p. *\n",
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n; engine log line\n; another\n\n[Event \"F\"]\n[Result \"*\"]\n\n1. d4 *\n",
      "Some prose before the game.\n\n[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n",
      "1. e4 e5 *\n",                                                   // no tags
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 *  [Event \"F\"]\n",     // text after the result
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 * {after}\n\n[Event \"F\"]\n[Result \"*\"]\n\n1. d4 *\n",
      std::string("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 \0 e5 *\n", 37),  // NUL byte
  };
  for (const std::string& text : inputs) {
    INFO(text);
    CHECK(plain_path(text) == general_path(text));
    CHECK(plain_path(text, nullptr, {nullptr, false, true}) == general_path(text, {nullptr, false, true}));  // --strict
    CHECK(tag_games(text, true) == tag_games(text, false));  // tags alone: the same games, tags and places
  }
}

TEST_CASE("Moves in spelling variants are read on the plain path, with the general path's warnings", "[plain]") {
  // Files that write every castling "0-0", or spell out origins, would otherwise send every
  // game to the general path. Each game here is checked on the plain path (its game built
  // there, which keeps no move numbers), and reported as there.
  auto checked_plain = [](const std::string& text) {
    std::istringstream in(text);
    Reader reader(in);
    Game game;
    GameReport report;
    REQUIRE(read_next_game(reader, {}, game, report));
    REQUIRE(!game.main.moves.empty());
    return game.main.moves[0].written_number == 0;  // (the general path keeps the "1.")
  };
  const std::vector<std::string> inputs = {
      game("*", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *"),
      game("*", "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. 0-0-0 0-0-0 6. e3 e6 *"),
      game("*", "1. e4 e5 2. Ng1f3 Nb8c6 3. Bf1c4 *"),          // origins spelt out
      game("*", "1. e4 e5 2. Ngf3 Nc6 3. Nc3 Ngf6 4. Ba6 bxa6 *"),  // over-disambiguated
      // Long algebraic's pieces, the king's too; a rank named where no origin need be.
      game("*", "1. e4 e5 2. Ng1-f3 Nb8-c6 3. Nf3xe5 Nc6xe5 4. d4 Ne5-g6 5. Ke1-e2 Ng8-e7 6. Nc3 Ne7-c6 7. N3b5 *"),
      game("*", "1. e2-e4 d7d5 2. e4xd5 c7-c6 3. d5xc6 Qd8-d6 4. c6xb7 Qd6-e5+ 5. Bf1-e2 Qe5-e4 6. b7xa8=Q *"),  // and pawns'
      game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0"),  // a mate marked as a check
      // In variations, at every depth, with the ply numbers the general path gives them;
      // a variation replacing a move that was read so.
      game("*", "1. e4 e5 2. Nf3 (2. Bc4 Nf6 3. d3 Bc5 4. Nf3 0-0 (4... d6 5. 0-0)) Nc6 3. Bc4 Bc5 4. 0-0 *"),
      game("*", "1. e4 e5 2. Ng1f3 (2. Bc4) Nc6 3. Bc4 (3. Bf1b5 a6) Bc5 *"),
      game("*", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 {a comment} Nf6 $1 5. Re1 0-0 6. c3 d6 7. d4 exd4 8. cxd4 Bb4 "
                "9. Bd2 Bxd2 10. Nbxd2 d5 11. exd5 Nxd5 12. Qb3 Nce7 13. Rxe7 *"),
      // Passes in variations, as annotators show a threat: "--", "Z0", nested, after one.
      game("*", "1. e4 e5 2. Nf3 (2. Qh5 -- 3. Qxf7#) Nc6 3. Bc4 (3. d4 Z0 4. d5 (4. dxe5 -- 5. Qd5)) Nf6 *"),
      game("*", "1. e4 e5 (1... -- 2. d4 -- 3. c4) 2. Nf3 *"),
  };
  for (const std::string& text : inputs) {
    INFO(text);
    CHECK(plain_path(text) == general_path(text));
    CHECK(checked_plain(text));
    CHECK(plain_path(text, nullptr, {nullptr, false, true}) == general_path(text, {nullptr, false, true}));  // --strict
    WriteOptions write;
    CHECK(convert_plain(text, write) == convert_general(text, write));
  }
  // What was read so is warned of, as the general path warns: once a move, at its place.
  const std::string castles = plain_path(game("*", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *"));
  CHECK(castles.find("non-canonical '0-0', canonical san is 'O-O'") != std::string::npos);
  // Not what does not read, or is illegal: the general path says why.
  for (const std::string& text : {game("*", "1. e4 e5 2. 0-0 *"), game("*", "1. e4 e5 2. Nf3 Nc6 3. 0-0-0 *"),
                                  game("*", "1. e4 e5 2. Ng1f3 Nf6 3. Nxe5 Ng8f6 *"), game("*", "1. e4 -- 2. d4 *"),
                                  game("*", "1. e4 f5 2. Qh5+ (2. d4 e6 3. Qh5+ --) g6 *")}) {  // a pass in check
    INFO(text);
    CHECK(plain_path(text) == general_path(text));
    CHECK_FALSE(checked_plain(text));
  }
}

TEST_CASE("Without details, spelling warnings keep their severity, code, place and ply, on either path",
          "[plain]") {
  // ValidateOptions::details off (pgn-validate -q): the same diagnostics, counted alike,
  // but a spelling variant's warning without the message, move and FEN nobody reads.
  auto diagnostics = [](const GameReport& r, bool with_details) {
    std::string out;
    for (const auto* list : {&r.errors, &r.warnings})
      for (const Diagnostic& d : *list) {
        out += fmt::format("{} {} {}:{} ply {}\n", int(d.severity), d.code, d.at.line, d.at.column, d.ply);
        if (with_details) out += d.message + "|" + d.move + "|" + d.fen + "\n";
      }
    return out;
  };
  auto reports = [&](const std::string& text, const ValidateOptions& options, bool plain, bool with_details) {
    std::istringstream in(text);
    Reader reader(in);
    std::string out;
    ValidateOptions o = options;
    o.plain_path = plain;
    for (GameReport report; validate_next_game(reader, o, report);) out += diagnostics(report, with_details);
    return out;
  };
  const std::string text =
      game("*", "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5-a4 b7-b5 5. Ba4-b3 Ng8-f6 6. 0-0 *") +
      game("*", "1. e4 e5 2. Nf3 (2. Ng1-e2 Ng8-f6 3. Nb1-c3) Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 *") +
      game("*", "1. e4 e5 2. Ng1f3 Nb8c6 3. Ke1-e2 *");
  for (bool strict : {false, true}) {
    INFO("strict " << strict);
    ValidateOptions with, without;
    with.strict = without.strict = strict;
    without.details = false;
    const std::string expected = reports(text, with, false, false);
    CHECK(std::count(expected.begin(), expected.end(), '\n') == 17);  // (each move spelt otherwise, once)
    for (bool plain : {true, false}) {
      INFO("plain " << plain);
      CHECK(reports(text, with, plain, false) == expected);
      CHECK(reports(text, without, plain, false) == expected);
      // With details, each spelling variant's warning says what it is, and where:
      const std::string full = reports(text, with, plain, true);
      CHECK(full.find("|Ng1-f3|rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") != std::string::npos);
      // without, nothing but the first line of each.
      const std::string bare = reports(text, without, plain, true);
      for (std::size_t at = 0; (at = bare.find('\n', at)) != std::string::npos; ++at) {
        INFO(bare);
        REQUIRE(at + 1 < bare.size());
        CHECK(bare.compare(at + 1, 3, "||\n") == 0);  // an empty message, move and FEN
        at += 3;
      }
    }
  }
}

TEST_CASE("Several tags on one line are read on the plain path, at the general path's places", "[plain]") {
  const std::vector<std::pair<std::string, std::size_t>> inputs = {  // the text, and its plain games
      {"[Event \"E\"] [Site \"S\"]\n[Date \"2024.01.02\"][Round \"1\"]\t[White \"W\"] [Black \"B\"] [Result \"*\"] \n\n"
       "1. e4 e5 *\n",
       1},
      {"[Event \"E\"] [Site \"S\"] [Date \"2024.01.02\"] [Round \"1\"] [White \"W\"] [Black \"B\"] [Result \"1-0\"]\r\n"
       "\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n\r\n[Event \"F\"] [Result \"*\"]\n\n1. d4 *\n",
       2},
      // Still not plain: a tag repeated on its line, moves on a tag's line.
      {"[Event \"E\"] [Result \"*\"] [Result \"*\"]\n\n1. e4 *\n", 0},
      {"[Event \"E\"] [Result \"*\"] 1. e4 *\n", 0},
  };
  for (const auto& [text, plain_games] : inputs) same_on_both_paths(text, plain_games);
}

TEST_CASE("Bytes that are not UTF-8 in tag values and comments are read as Latin-1 on the plain path", "[plain]") {
  // Old archives are ISO-8859-1: a name with an accent would otherwise send its game to the
  // general path. Taken plain, with the general reader's warning (once a game, at the first
  // such byte), names and comments widened as it widens them, and the same games written.
  const std::vector<std::pair<std::string, std::size_t>> inputs = {  // the text, and its plain games
      {"[Event \"E\"]\n[White \"M\xfcller\"]\n[Black \"Ib\xe1\xf1\x65z\"]\n[Result \"*\"]\n\n1. e4 e5 *\n", 1},
      {"[Event \"Caf\xe9\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},                           // in the game's first line
      {"[Event \"\xc9t\xe9\"]\n[Date \"2024.13.01\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},      // at a value's start
      {"[Event \"Caf\xc3\xa9 M\xfcnchen\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},           // UTF-8 and Latin-1 mixed
      {"[Event \"E\"]\n[Result \"*\"]\n\n1. e4 {tr\xe8s fort} e5 {suite\nd\xe9j\xe0 vue} *\n", 1},  // comments
      {"[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 (1... c5 {Sicilienne \xe0 la}) 2. Nf3 *\n", 1},  // in a variation
      {"[Event \"E\"]\r\n[White \"M\xfcller\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 {\xe9}\r\n1-0\r\n\r\n"
       "[Event \"F\"]\r\n[Result \"*\"]\r\n\r\n1. d4 *\r\n",
       2},
      // Ill-formed UTF-8 (an overlong '/', a surrogate, past U+10FFFF) is no UTF-8 either.
      {"[Event \"E\"]\n[White \"\xc0\xafx\xed\xa0\x80\"]\n[Result \"*\"]\n\n1. e4 {\xf4\x90\x80\x80} *\n", 1},
      // Still the general reader's: outside a value or a comment, or in a comment line between games.
      {"[Event \"E\"]\n[Result \"*\"]\n\n1. e4 \xe9 *\n", 0},
      {"[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n; \xe9t\xe9\n\n[Event \"F\"]\n[Result \"*\"]\n\n1. d4 *\n", 1},
  };
  for (const auto& [text, plain_games] : inputs) same_on_both_paths(text, plain_games);
  // Said once, at the first byte read so; the names as UTF-8.
  const std::string report = plain_path(inputs[0].first);
  CHECK(report.find("[M\xc3\xbcller|Ib\xc3\xa1\xc3\xb1\x65z|*]") != std::string::npos);
  CHECK(report.find("W encoding 2:10 ") != std::string::npos);
  std::size_t said = 0;
  for (std::size_t at = 0; (at = report.find("bytes that are not UTF-8", at)) != std::string::npos; ++at) ++said;
  CHECK(said == 1);
  // Ill-formed UTF-8 is warned of as well, at its first byte, and widened byte by byte.
  const std::string ill_formed = plain_path(inputs[7].first);
  CHECK(ill_formed.find("W encoding 2:9 ") != std::string::npos);
  CHECK(ill_formed.find("[\xc3\x80\xc2\xafx\xc3\xad\xc2\xa0\xc2\x80|") != std::string::npos);
}

TEST_CASE("A tag value's escapes are read on the plain path as the general reader reads them", "[plain]") {
  const std::vector<std::pair<std::string, std::size_t>> inputs = {  // the text, and its plain games
      {"[Event \"E\"]\n[White \"The \\\"Immortal\\\"\"]\n[Site \"C:\\\\games\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},
      {"[Event \"a\\b\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},                      // another backslash: text
      {"[Event \"E\"]\n[White \"M\xfcller \\\"Mr\\\"\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},  // and Latin-1
      {"[Event \"a\\\\\"] [Site \"\\\\\\\"\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},  // ending in one, two on a line
      // A bad FEN is said at its tag: an escaped value's bytes are not the value's.
      {"[Event \"E\"]\n[SetUp \"1\"]\n[FEN \"\\\"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},
      {"[Event \"a\\\"]\n[Result \"*\"]\n\n1. e4 *\n", 0},                      // not closed: the general reader's
      {"[Event \"a \"b\" c\"]\n[Result \"*\"]\n\n1. e4 *\n", 0},                // a quote not escaped: the same
  };
  for (const auto& [text, plain_games] : inputs) same_on_both_paths(text, plain_games);
  CHECK(plain_path(inputs[0].first).find("[The \"Immortal\"|") != std::string::npos);
  CHECK(tag_games(inputs[0].first, true).find("[Site C:\\games] 3:1") != std::string::npos);
}

TEST_CASE("A result written 1/2 or 1:0 is read on the plain path as the general reader reads it, and said", "[plain]") {
  const std::vector<std::pair<std::string, std::size_t>> inputs = {  // the text, and its plain games
      {game("1/2-1/2", "1. e4 e5 1/2") + game("1-0", "1. d4 d5 1:0") + game("0-1", "1. c4 c5 0:1") +
           game("1/2-1/2", "1. Nf3 Nf6 1/2:1/2") + game("1/2", "1. e4 e5 1/2"),
       5},
      {game("1/2-1/2", "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 "
                       "9. Qxc8 Kg6 10. Qe6 1/2"),  // stalemate: 1/2 is its result
       1},
      {"[Event \"E\"]\n[Result \"1-0\"]\n\n1:0\n", 1},                  // no moves
      {game("*", "1. e4 (1. d4 d5 1/2) e5 *"), 0},                    // in a variation: kept as a comment there
      {game("1-0", "1. e4 e5 1:0 {won}"), 0},                          // not the end of its line
  };
  for (const auto& [text, plain_games] : inputs) same_on_both_paths(text, plain_games);
  const std::string first = plain_path(inputs[0].first);
  CHECK(first.find("W lenient-reading 9:10 ply 0 ''  : termination marker '1/2' read as 1/2-1/2") != std::string::npos);
  CHECK(first.find("[W|B|1-0]") != std::string::npos);
  CHECK(first.find("result-mismatch") == std::string::npos);
}

// `text` with each "\n" written as one of `ends` in turn; but a CR alone is not put before
// an empty line ended by an LF, which would make one line end of the two ("\r" "\r\n" is
// "\r\r\n").
std::string with_line_ends(const std::string& text, const std::vector<std::string>& ends) {
  std::string out;
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n') {
      out += text[i];
      continue;
    }
    const std::string& end = ends[n++ % ends.size()];
    const bool merges = i + 1 < text.size() && text[i + 1] == '\n' && ends[n % ends.size()].back() == '\n';
    out += end == "\r" && merges ? "\r\n" : end;
  }
  return out;
}

TEST_CASE("Lines ended by a CR alone, or by CRs before an LF, are read on the plain path as by the general reader",
          "[plain]") {
  // As LineReader cuts lines: an LF, a CRLF, CRs before an LF (a file converted twice), a
  // CR alone (classic Mac OS). Games so written were all the general path's, 5x slower.
  const std::string games =
      game("1-0", "1. e4 {two\nlines\n\nand a blank one} e5 2. Qh5 Nc6 3. Bc4 Nf6\n4. Qxf7# 1-0") +
      game("*", "1. d4 d5 2. Nf5 *") +  // an illegal move: its text is written as read
      "[Event \"B\"] [Result \"*\"]\n\n" +  // tags alone, two to a line
      game("0-1", "1. f3 e5 2. g4 {x} Qh4# 0-1");
  for (const std::vector<std::string>& ends : std::vector<std::vector<std::string>>{
           {"\n"}, {"\r"}, {"\r\n"}, {"\r\r\n"}, {"\r", "\r\n", "\n", "\r\r\n", "\r\r\r\n"}}) {
    const std::string text = with_line_ends(games, ends);
    same_on_both_paths(text, 4);
    // Ending the input: CRs alone, or none.
    same_on_both_paths(text.substr(0, text.find_last_not_of("\r\n") + 1), 4);
    same_on_both_paths(text.substr(0, text.find_last_not_of("\r\n") + 1) + "\r\r", 4);
  }
  // Still the general reader's: a blank line of CRs among the moves, a tag line after a CR
  // inside a comment.
  same_on_both_paths(with_line_ends(game("*", "1. e4\n\n2. e5 *"), {"\r"}), 0);
  same_on_both_paths(with_line_ends(game("*", "1. e4 {x\n[Event \"y\"]\n} e5 *"), {"\r"}), 0);
  // A CR alone ends a game's text wherever the reader's window of the input falls: games
  // enough for several of its blocks, every line end mixed in.
  std::string many;
  while (many.size() < 3 * LineReader::BLOCK) many += games;
  const std::string mixed = with_line_ends(many, {"\r", "\r\n", "\r", "\n", "\r\r\n", "\r"});
  std::size_t plains = 0;
  CHECK(plain_path(mixed, &plains) == general_path(mixed));
  CHECK(plains == many.size() / games.size() * 4);
}

TEST_CASE("A run of moves is read the same wherever its tokens fall in the scanner's 64-byte blocks", "[plain]") {
  // The scanner classes movetext 64 bytes at a time and tells move numbers, moves and the
  // tokens it leaves to its slower loop (results, "0-0", single letters, tokens cut by a
  // block's end) apart by bit operations: blanks put before the rest shift every token to
  // each place in a block in turn.
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"1. e4", " e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *"},
      {"1. e4", " e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"},
      {"1. e4", " e5 1-0 2. Nf3 *"},                               // a result inside the run
      {"1. e4", " a6 2. e5 d5 3. exd6 e.p. Nf6 *"},               // "e.p." after a capture
      {"1. e4", " e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *"},        // castling in zeros
      {"1. e4", " e5 1000. Nf3 Nc6 12345. Bb5 *"},                // numbers of four and five digits
      {"1.e4", " e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 *"},
      {"1. e4", " e5 2. Nf5 Nc6 *"},                              // an illegal move
      {"1. e4", " e5 2. Ng1f3 Nc6 3. Bb5 a6 *"},                  // a move not in canonical SAN
  };
  for (const auto& [first, rest] : runs)
    for (std::size_t shift = 0; shift <= 66; ++shift) {
      std::string text = game("*", first + std::string(shift, ' ') + rest);
      INFO(text);
      CHECK(plain_path(text) == general_path(text));
    }
}

TEST_CASE("Comments and line ends inside a run of moves are read where they fall in a block", "[plain]") {
  // The run of moves reads a comment or a line's end itself and goes on after it, in the
  // same block or the next: an online game's clock comment after every move, an engine's
  // comment and line end after every move, comments that end in a later block or on a later
  // line, a line ended by a CR alone, and what must still leave the run (a tag line inside a
  // comment, a blank line, an escape line).
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"1. e4", " { [%clk 0:05:00] } 1... e5 { [%clk 0:04:59] } 2. Nf3 { [%clk 0:04:58] } 2... Nc6 "
                "{ [%clk 0:04:57] } 3. Bb5 { [%clk 0:04:56] } 3... a6 { [%clk 0:04:55] } *"},
      {"1.e4", " { ev=0.00, d=1, mt=00:00:00, tl=01:40:00, s=0 kN/s, tb=0,  }  \nc5 { ev=0.10, d=12 }  \n"
               "2.Nf3 { a comment of some length, long enough to reach past the end of a block }  \nd6 *"},
      {"1. e4", " e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\r\n5. O-O Be7 6. Re1 b5\n7. Bb3 d6 *"},
      {"1. e4", " {two\nlines} e5 {three\r\nlines\nof it} 2. Nf3 {} Nc6 {x}{y} 3. Bb5 *"},
      {"1. e4", " e5 {a comment with a quote \" and a backslash \\ in it} 2. Nf3 *"},
      {"1. e4", " e5 {\n[Event \"inside\"]\n} 2. Nf3 *"},  // a tag line inside a comment
      {"1. e4", " e5 {x}\n\n2. Nf3 *"},                   // a blank line among the moves
      {"1. e4", " e5\n%escaped line\n2. Nf3 *"},          // an escape line
      {"1. e4", " e5 {x}\r2. Nf3 *"},                     // a CR alone
      {"1. e4", " e5 {x} 2. Nf5 {y} Nc6 *"},              // an illegal move after a comment
      {"1. e4", " e5 {x} 2. Nf3 {y} (2. Nc3 {z} Nf6) 2... Nc6 $1 {w} 3. Bb5 1-0"},
  };
  // (A game after it, so that the run has whole blocks to read past each place.)
  const std::string next = game("*", "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 *");
  for (const auto& [first, rest] : runs)
    for (std::size_t shift = 0; shift <= 66; ++shift) {
      std::string text = game(rest.back() == '0' ? "1-0" : "*", first + std::string(shift, ' ') + rest) + next;
      INFO(text);
      CHECK(plain_path(text) == general_path(text));
      CHECK(convert_one_pass(text, {}) == convert_general(text, {}));
    }
}

TEST_CASE("A game built into a recycled one has its own moves alone", "[plain]") {
  // The builder writes a game's main line over the nodes of the game recycled before it
  // (their comments, NAGs, variations and texts dropped), and its tags over the tags, and
  // cuts off the nodes and tags left over: each game read after a longer, annotated one, or
  // one with more tags, must be what a fresh builder makes of it.
  const std::string games =
      game("1-0", "1. e4 {a} e5 $1 2. Nf3 (2. Bc4 {b} Nf6) Nc6 {c} 3. Bb5 a6 $2 4. Ba4 Nf6 {d} 5. O-O Be7 1-0") +
      game("*", "1. d4 d5 2. c4 *") +                              // shorter, plain: nodes left over
      game("*", "{first} 1. d4 (1. e4) d5 {x} (1... Nf6 2. c4) *") +  // leading comment, variations
      game("*", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *") +  // longer: nodes added
      game("*", "*") +                                             // no moves at all
      "[Event \"more tags\"]\n[WhiteElo \"2700\"]\n[Annotator \"a name longer than fifteen bytes\"]\n"
      "[Opening \"Ruy Lopez\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n"
      "[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n" +
      "[Event \"fewer tags\"]\n\n1. d4 *\n\n" +                     // tags left over
      game("*", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
  for (bool texts : {true, false}) {
    BuildOptions keep;
    keep.move_texts = texts;
    INFO("move texts kept: " << texts);
    CHECK(convert_one_pass(games, {}, keep) == convert_general(games, {}));
  }
  // The general reader's builder, recycled game after game.
  std::istringstream in(games), again(games);
  Reader reader(in), fresh_reader(again);
  GameBuilder builder;
  Game previous;
  for (int i = 0; i < 8; ++i) {
    GameBuilder fresh;
    builder.recycle(std::move(previous));
    REQUIRE(reader.read_game(builder));
    REQUIRE(fresh_reader.read_game(fresh));
    Game& built = builder.game();
    INFO("game " << i + 1);
    CHECK(write_pgn(built, Position::initial(), {}) == write_pgn(fresh.game(), Position::initial(), {}));
    CHECK(built.main.moves.size() == fresh.game().main.moves.size());
    CHECK(built.tags.size() == fresh.game().tags.size());
    previous = std::move(built);
  }
}

TEST_CASE("A tag's name ends at its first byte that is no name's, sixteen bytes looked at once", "[plain]") {
  // Every byte value after names of every length up to 40, beside the byte-by-byte rule.
  for (std::size_t length = 0; length <= 40; ++length)
    for (int c = 0; c < 256; ++c) {
      std::string text;
      for (std::size_t i = 0; i < length; ++i) text += "aZ09_qY"[i % 7];
      text += char(c);
      text += std::string(20, 'x');  // room behind it for a whole vector
      const auto* p = reinterpret_cast<const unsigned char*>(text.data());
      const unsigned char* end = p + text.size();
      const unsigned char* expected = p;
      while (expected < end && plain::detail::tag_name_char(*expected)) ++expected;
      INFO("length " << length << ", byte " << c);
      CHECK(plain::detail::tag_name_end(p, end) == expected);
      CHECK(plain::detail::tag_name_end(p, p + length) == p + length);  // the text ends with the name
    }
}

TEST_CASE("The reader's limits bind plain games as they bind the general path's", "[plain]") {
  // Found by tests/fuzz: the plain path read past the reader's limits (its own defaults for
  // the variation depth, none for moves, comments and the game's size). A game without move
  // numbers is plain at any length: 20,004 plies went through whole, where the general path
  // stops at 20,000 (game-too-large).
  auto reports = [](const std::string& text, ReaderOptions limits, bool plain) {
    std::istringstream in(text);
    Reader reader(in, limits);
    ValidateOptions options;
    options.plain_path = plain;
    std::string out;
    for (GameReport report; validate_next_game(reader, options, report);) out += test_support::report_text(report);
    return out;
  };
  std::string moves;
  for (int i = 0; i < 5001; ++i) moves += i % 16 == 15 ? "Nf3 Nf6 Ng1 Ng8\n" : "Nf3 Nf6 Ng1 Ng8 ";
  std::string endless = game("*", moves + "*");
  std::string fast = reports(endless, {}, true);
  CHECK(fast == reports(endless, {}, false));
  CHECK(fast.find("game-too-large") != std::string::npos);

  std::string annotated = game("*", "1. e4 {a comment of some length} e5 (1... c5 (1... e6 (1... d5))) 2. Nf3 *");
  ReaderOptions small;
  small.max_variation_depth = 2;
  small.max_comment_length = 10;
  small.max_game_moves = 2;
  small.max_raw_game_bytes = 100;
  small.keep_raw = true;
  for (ReaderOptions limits : {ReaderOptions{}, small}) {
    CHECK(reports(annotated, limits, true) == reports(annotated, limits, false));
    limits.max_variation_depth = 5;
    CHECK(reports(annotated, limits, true) == reports(annotated, limits, false));
  }

  // Comments either side of the limit, read inline (plain ASCII on one line) or not: the
  // plain path takes only those that fit, the general path refuses the rest.
  ReaderOptions ten;
  ten.max_comment_length = 10;
  for (const char* filler : {"c", "\xe9", "\n"})
    for (std::size_t n = 7; n <= 13; ++n) {
      std::string comment(n, 'c');
      comment.replace(n / 2, 1, filler);
      std::string text = game("*", "1. e4 {" + comment + "} e5 {x} 2. Nf3 *");
      INFO(text);
      CHECK(reports(text, ten, true) == reports(text, ten, false));
    }
}

TEST_CASE("The plain path stands aside for other dialects", "[plain]") {
  std::string text = "[Event \"E\"]\n[Result \"*\"]\n\n1 P-K4 P-K4 2 N-KB3 *\n";
  ValidateOptions descriptive{notation::find_codec("descriptive"), false, false};
  CHECK(plain_path(text, nullptr, descriptive) == general_path(text, descriptive));
  ValidateOptions automatic{nullptr, true, false};
  CHECK(plain_path(text, nullptr, automatic) == general_path(text, automatic));
  CHECK(general_path(text, automatic).find("  E ") == std::string::npos);  // it reads as descriptive
}

TEST_CASE("Canonical SAN: every legal move as the writer writes it, and nothing else", "[plain][san]") {
  const notation::Codec& san = *notation::find_codec("san");
  std::mt19937 random(2001);
  std::size_t checked = 0;
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                          "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1", "8/8/8/3Q1Q2/8/3Q1Q2/8/k6K w - - 0 1"}) {
    Position start = Position::from_fen(fen).position;
    // Random games from each position: every legal move of every position met.
    for (int game = 0; game < 20; ++game) {
      Position pos = start;
      for (int ply = 0; ply < 80; ++ply) {
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        std::string before = pos.fen();
        for (Move m : moves) {
          std::string text = san.format(pos, m);
          INFO(before << " " << text);
          REQUIRE(notation::play_canonical_san(pos, text) == m);
          pos.unmake_move(m);
          REQUIRE(pos.fen() == before);
          REQUIRE(notation::read_canonical_san(pos, text) == m);  // the same, without playing it
          REQUIRE(pos.fen() == before);
          // Spellings the general reader accepts, with a warning: not canonical.
          for (std::string variant : {text + "+", text + "#", text + "!", "x" + text, text.substr(0, text.size() - 1)}) {
            if (variant == text || variant.empty()) continue;
            Move got = notation::play_canonical_san(pos, variant);
            if (got.is_ok()) {  // only a different move written canonically may read
              CHECK(got != m);
              pos.unmake_move(got);
            }
            REQUIRE(pos.fen() == before);
            CHECK(notation::read_canonical_san(pos, variant) == got);
            REQUIRE(pos.fen() == before);
          }
          ++checked;
        }
        pos.make_move(moves.moves[random() % moves.size()]);
      }
    }
  }
  CHECK(checked > 10000);
}

TEST_CASE("Canonical SAN refuses the lenient spellings by name", "[plain][san]") {
  Position pos;
  for (const char* text : {"Ng1f3", "Ngf3", "N1f3", "Nf3+", "e2e4", "e2-e4", "P-K4", "pe4", "E4", "Nf3!", "0-0", "nf3", ""})
    CHECK_FALSE(notation::play_canonical_san(pos, text).is_ok());
  CHECK(notation::play_canonical_san(pos, "Nf3").is_ok());
  Position castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").position;
  for (const char* text : {"0-0", "O-O+", "Kg1", "Kxh1", "O-O-O-O"}) CHECK_FALSE(notation::play_canonical_san(castle, text).is_ok());
  CHECK(notation::play_canonical_san(castle, "O-O").is_ok());
  Position promote = Position::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").position;
  for (const char* text : {"a8Q", "a8=Q", "a8=K", "a8=P", "a8=Q#", "a8(Q)", "Pa8=Q+", "axa8=Q+"})
    CHECK_FALSE(notation::play_canonical_san(promote, text).is_ok());
  CHECK(notation::play_canonical_san(promote, "a8=Q+").is_ok());
  // A pawn push named as a capture of its own file, or a capture onto an empty square.
  Position push = Position::from_fen("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1").position;
  for (const char* text : {"exe4", "dxe4", "fxe4", "e3e4", "ee4", "e4=Q"}) CHECK_FALSE(notation::play_canonical_san(push, text).is_ok());
  CHECK(notation::play_canonical_san(push, "e4").is_ok());
  // En passant is written as the capture it is, and only then.
  Position ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").position;
  for (const char* text : {"d6", "exd6e.p.", "xd6", "Pxd6"}) CHECK_FALSE(notation::play_canonical_san(ep, text).is_ok());
  CHECK(notation::play_canonical_san(ep, "exd6") == Move::make(SQ_E5, SQ_D6, MoveType::EnPassant));
}

namespace {

// What an observer is told, written down: the test compares the two paths' accounts.
class Recorder : public ReplayObserver {
public:
  std::string log;
  void begin() override { log = "begin\n"; }
  void tag(std::string_view name, std::string_view value) override { log += "tag " + std::string(name) + "=" + std::string(value) + "\n"; }
  void result(std::string_view marker) override { log += "result " + std::string(marker) + "\n"; }
  void start(const Position& pos) override { log += "start " + pos.fen() + "\n"; }
  void before_move(const Position& pos, bool pass) override { log += "before " + pos.fen() + (pass ? " pass" : "") + "\n"; }
  void after_move(const Position& pos) override { log += "after " + pos.fen() + "\n"; }
  void comment(std::string_view text) override { log += "comment " + std::string(text) + "\n"; }
  void end(const Position& pos) override { log += "end " + pos.fen() + "\n"; }
};

// One that wants no moves told (its judge fed by the validator): told all else.
struct MovesUnwanted : Recorder {
  MovesUnwanted() { want_moves(false); }
};

template <typename Observer = Recorder>
std::vector<std::string> observed(const std::string& text, bool plain) {
  std::istringstream in(text);
  Reader reader(in);
  Observer recorder;
  ValidateOptions options;
  options.plain_path = plain;
  options.observer = &recorder;
  GameReport report;
  std::vector<std::string> logs;
  while (validate_next_game(reader, options, report)) logs.push_back(recorder.log);
  return logs;
}

}  // namespace

TEST_CASE("the observer is told the same game by the plain and the general path", "[plain]") {
  std::string text =
      "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {[%clk 0:01:00]} e5 (1... c5 {not told} 2. Nf3) 2. Qh5 Nc6 "
      "3. Bc4 Nf6 4. Qxf7# {mate} 1-0\n\n"
      "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"                    // an illegal move: no end
      "[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\"]\n[Result \"*\"]\n\n1. O-O Kd4 *\n\n";
  std::vector<std::string> plain = observed(text, true), general = observed(text, false);
  REQUIRE(plain.size() == 3);
  CHECK(plain == general);
  // What each is told, checked by hand on the first two.
  CHECK(plain[0].find("tag Event=a\ntag Result=1-0\nstart rnbqkbnr") != std::string::npos);
  CHECK(plain[0].find("comment [%clk 0:01:00]") != std::string::npos);
  CHECK(plain[0].find("not told") == std::string::npos);  // a variation's comment
  CHECK(plain[0].find("comment mate\nresult 1-0\nend r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4") !=
        std::string::npos);
  CHECK(std::count(plain[0].begin(), plain[0].end(), '\n') == 2 + 1 + 1 + 1 + 7 * 2 + 2 + 1);
  CHECK(plain[1].find("end ") == std::string::npos);
  CHECK(plain[2].find("start 8/8/8/4k3/8/8/8/4K2R w K - 0 1") != std::string::npos);
  // Without the moves: the same account, less the before and after lines.
  for (bool path : {true, false}) {
    std::vector<std::string> quiet = observed<MovesUnwanted>(text, path);
    REQUIRE(quiet.size() == 3);
    for (std::size_t g = 0; g < quiet.size(); ++g) {
      std::istringstream lines(plain[g]);
      std::string expected, line;
      while (std::getline(lines, line))
        if (line.rfind("before ", 0) != 0 && line.rfind("after ", 0) != 0) expected += line + "\n";
      CHECK(quiet[g] == expected);
    }
  }
}

TEST_CASE("the judge fed by either path (ValidateOptions::judge) judges the game as adjudicate() does", "[plain]") {
  // A threefold claimable with the move written (ply 8 by Black) and on the board (ply 8 by
  // White, to move), a variation that must not be fed, then a fifty-move claim one move early.
  std::string text =
      "[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 (2. Nc3 Ng8) 2... Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n"
      "[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 98 60\"]\n[Result \"1/2-1/2\"]\n\n"
      "60. Ra2 Kd7 1/2-1/2\n\n";
  const rules::RuleSet& fide = *rules::find_rule_set("fide2001");
  struct Last : ReplayObserver {
    Position last;
    void end(const Position& pos) override { last = pos; }
  };
  for (bool plain : {true, false}) {
    std::istringstream in(text), again(text);
    Reader reader(in), built(again);
    Last last;
    rules::GameJudge judge(fide);
    ValidateOptions options;
    options.plain_path = plain;
    options.observer = &last;
    options.judge = &judge;
    GameReport report, built_report;
    Game game;
    std::vector<rules::Adjudication> fed;
    while (validate_next_game(reader, options, report)) {
      REQUIRE(read_next_game(built, {}, game, built_report));
      rules::GameRecord record;
      record.start = built_report.start_position();
      for (const MoveNode& node : game.main.moves) record.moves.push_back(node.move);
      record.recorded = rules::Result::Draw;
      rules::Adjudication a = judge.finish(last.last, record), b = rules::adjudicate(record, fide);
      INFO((plain ? "plain" : "general") << " path, game " << report.ordinal);
      CHECK(a.reason == b.reason);
      CHECK(a.ply == b.ply);
      REQUIRE(a.claimable.size() == b.claimable.size());
      for (std::size_t i = 0; i < a.claimable.size(); ++i) {
        CHECK(a.claimable[i].reason == b.claimable[i].reason);
        CHECK(a.claimable[i].ply == b.claimable[i].ply);
        CHECK(a.claimable[i].by == b.claimable[i].by);
      }
      fed.push_back(std::move(a));
    }
    REQUIRE(fed.size() == 2);
    CHECK(fed[0].reason == rules::Reason::Threefold);
    REQUIRE(fed[0].claimable.size() == 2);
    CHECK((fed[0].claimable[0].ply == 8 && fed[0].claimable[0].by == BLACK && fed[0].claimable[0].with_written_move));
    CHECK((fed[0].claimable[1].ply == 8 && fed[0].claimable[1].by == WHITE && !fed[0].claimable[1].with_written_move));
    CHECK(fed[1].reason == rules::Reason::FiftyMoves);
    CHECK((fed[1].claimable.size() == 2 && fed[1].claimable[0].ply == 2 && fed[1].claimable[0].by == BLACK));
  }
}

TEST_CASE("read_next_game_if: the games wanted, and those with errors, built as read_next_game builds them",
          "[plain]") {
  std::string text = game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0") +  // wanted: 7 plies
                     game("*", "1. d4 d5 *") +                                      // not wanted
                     game("*", "1. e4 e5 2. Nf5 *") +                               // an error: built
                     game("*", "1. e4 e5 2. Nf3 Nc6 *") +                           // 4 plies: not wanted
                     "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {x} *\n\n";  // 8: wanted
  struct Counting : Recorder {
    int begins = 0;
    void begin() override { ++begins, Recorder::begin(); }
  };
  int begins[2] = {0, 0};
  auto read_all = [&](bool choosing, std::vector<std::string>& told) {
    std::istringstream in(text);
    ReaderOptions raw;
    raw.keep_raw = true;
    Reader reader(in, raw);
    Counting recorder;
    ValidateOptions options;
    options.observer = &recorder;
    std::vector<std::pair<Game, GameReport>> out;
    Game game;
    GameReport report;
    auto wanted = [](const GameReport& r) { return r.plies > 5; };
    while (choosing ? read_next_game_if(reader, options, game, report, {}, wanted)
                    : read_next_game(reader, options, game, report)) {
      out.emplace_back(game, report);
      told.push_back(recorder.log);
    }
    begins[choosing] = recorder.begins;
    return out;
  };
  std::vector<std::string> told_choosing, told_building;
  auto chosen = read_all(true, told_choosing), built = read_all(false, told_building);
  REQUIRE(chosen.size() == 5);
  REQUIRE(built.size() == 5);
  // The observer is told each game once, the same either way (not again when it is built).
  CHECK(told_choosing == told_building);
  // Once each, and the game with the illegal move again by the general path, either way.
  CHECK(begins[0] == 6);
  CHECK(begins[1] == 6);
  WriteOptions write;
  for (std::size_t i = 0; i < 5; ++i) {
    INFO("game " << i + 1);
    CHECK(test_support::report_text(chosen[i].second) == test_support::report_text(built[i].second));
    CHECK(chosen[i].first.ordinal == i + 1);
    bool kept = i == 0 || i == 2 || i == 4;
    if (kept) CHECK(converted(chosen[i].first, chosen[i].second, write) == converted(built[i].first, built[i].second, write));
    else CHECK((chosen[i].first.tags.empty() && chosen[i].first.main.moves.empty()));
  }
  CHECK(chosen[2].first.raw == built[2].first.raw);
  CHECK_FALSE(chosen[2].first.raw.empty());
}
