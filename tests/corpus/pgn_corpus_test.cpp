// PGN over the shared corpus: every real game of master/, engine/ and online/ read and
// validated (no false alarms beyond the two games whose printed result contradicts their
// mate, which pgn-extract reports too); the edge-case files with the verdicts written down
// after reading each; and a generator of corrupted games, each of which must be caught
// with the right code, game number and line.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "chess/notation/registry.h"
#include "chess/pgn/validate.h"
#include "pgn/plain_path.h"  // the library's private fast path, compared here with the general one
#include "common/chunked_games.h"
#include "corpus/shared_dir.h"
#include "support/report_text.h"

using namespace chess;
using namespace chess::pgn;
namespace fs = std::filesystem;

namespace {

struct Verdicts {
  std::size_t games = 0, valid = 0;
  std::map<std::string, std::size_t> errors, warnings;
  std::vector<GameReport> reports;
};

Verdicts validate_stream(std::istream& in, bool keep_reports = false) {
  Verdicts v;
  Reader reader(in);
  GameBuilder builder;
  while (reader.read_game(builder)) {
    GameReport r = validate_game(builder.game(), {});
    ++v.games;
    v.valid += r.valid();
    for (const auto& d : r.errors) ++v.errors[d.code];
    for (const auto& d : r.warnings) ++v.warnings[d.code];
    if (keep_reports) v.reports.push_back(std::move(r));
  }
  return v;
}

Verdicts validate_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  INFO(path.string());
  REQUIRE(in);
  return validate_stream(in);
}

fs::path pgn_dir() { return corpus::shared_dir() / "corpus" / "pgn"; }

// Every report of a file as one reader in one pass gives them (what pgn-validate does).
std::string one_pass_reports(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  Reader reader(in);
  std::string out;
  for (GameReport report; validate_next_game(reader, {}, report);) out += test_support::report_text(report);
  return out;
}

}  // namespace

TEST_CASE("Real games: master, engine and online archives read without false alarms", "[pgn][corpus]") {
  std::size_t games = 0, invalid = 0;
  for (const char* folder : {"master", "engine", "online"})
    for (const auto& entry : fs::directory_iterator(pgn_dir() / folder)) {
      Verdicts v = validate_file(entry.path());
      games += v.games;
      invalid += v.games - v.valid;
      INFO(entry.path().string());
      // The only errors in these archives: two master games scored 1-0 although White is
      // mated (Benjamin.pgn and Browne.pgn; pgn-extract reports the same two), and one
      // event's two rounds dated 2011.19.11 and 2011.20.11 (months that do not exist), in
      // four players' collections: 8 games.
      for (const auto& [code, n] : v.errors) {
        INFO(code << " x" << n);
        CHECK((code == "result-contradicts-position" || code == "bad-date"));
      }
    }
  CHECK(games == 71419 + 1999 + 3887);
  CHECK(invalid == 2 + 8);
}

TEST_CASE("The plain path gives the general path's reports on every file of the corpus", "[pgn][corpus][plain]") {
  std::size_t files = 0, games = 0, plain_games = 0;
  for (const auto& entry : fs::recursive_directory_iterator(pgn_dir())) {
    if (!entry.is_regular_file()) continue;
    INFO(entry.path().string());
    std::string general, plain;
    {
      std::ifstream in(entry.path(), std::ios::binary);
      Reader reader(in);
      GameBuilder builder;
      while (reader.read_game(builder)) general += test_support::report_text(validate_game(builder.game(), {}));
    }
    {
      std::ifstream in(entry.path(), std::ios::binary);
      Reader reader(in);
      GameBuilder builder;
      PlainGame text;
      for (ReadResult r; (r = read_game_or_plain(reader, builder, text)) != ReadResult::End; ++games) {
        plain_games += r == ReadResult::Plain;
        plain += test_support::report_text(r == ReadResult::Plain ? validate_plain_game(text, {})
                                                                  : validate_game(builder.game(), {}));
      }
    }
    CHECK(one_pass_reports(entry.path()) == plain);
    ++files;
    if (general != plain) {  // the first difference, rather than two whole files
      std::size_t at = std::mismatch(general.begin(), general.end(), plain.begin(), plain.end()).first - general.begin();
      std::size_t from = general.rfind("game ", at);
      from = from == std::string::npos ? 0 : from;
      FAIL("general path:\n" << general.substr(from, 600) << "\nplain path:\n" << plain.substr(from, 600));
    }
  }
  CHECK(files > 50);
  // Nearly every real game is plain: the plain path is the one that gets measured.
  CHECK(plain_games * 100 > games * 95);
}

TEST_CASE("Chunked parallel reading gives one reader's reports on every file of the corpus", "[pgn][corpus][chunked]") {
  for (const auto& entry : fs::recursive_directory_iterator(pgn_dir())) {
    if (!entry.is_regular_file()) continue;
    INFO(entry.path().string());
    std::string one = one_pass_reports(entry.path()), chunked;
    std::ifstream in(entry.path(), std::ios::binary);
    // Small chunks, so that every file is cut many times, some of the cuts in bad places.
    tools::for_each_game_chunked<GameReport>(
        in, 2, {}, [](Reader& reader, GameReport& r) { return validate_next_game(reader, {}, r); },
        [&](GameReport& r, std::size_t ordinal_offset, std::size_t) {
          r.ordinal += ordinal_offset;
          chunked += test_support::report_text(r);
          return true;
        },
        {16 << 10, 64 << 10, 256 << 10});
    CHECK(one == chunked);
  }
}

TEST_CASE("Edge cases: each file's verdict, as read by a person", "[pgn][corpus]") {
  struct Expected {
    const char* file;
    std::size_t games, valid;
    std::set<std::string> errors;  // codes that must be among the errors
  };
  const Expected cases[] = {
      {"chess.js/0.pgn", 1, 0, {"malformed-tag"}},  // tags and moves joined by <br />; a tag named "...Played?"
      {"chess.js/1.pgn", 1, 1, {}},
      {"chess.js/benchmark.pgn", 100, 100, {}},
      {"chessops/fuzz-pgn-bare.pgn", 1, 0, {"missing-result"}},  // "1. e4 e5 / 2. Nf3", no marker
      {"chessops/headers-and-moves-on-the-same-line.pgn", 3, 0, {"unsupported-variant"}},  // Antichess
      {"chessops/leading-whitespace.pgn", 4, 0, {"missing-result"}},  // four games, none with a marker
      {"chessops/pathological-headers.pgn", 1, 1, {}},
      {"hoover-chess-utils/parsertest-1.pgn", 2, 2, {}},  // a tag pair broken over four lines
      {"python-chess/antichess-programfox.pgn", 2, 0, {"unsupported-variant"}},
      {"python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 1, 0, {"unsupported-variant"}},  // crazyhouse drops
      {"python-chess/chessbase-empty-line.pgn", 1, 1, {}},  // a blank line inside the tags
      {"python-chess/cutechess-fischerrandom.pgn", 4, 4, {}},
      {"python-chess/kasparov-deep-blue-1997.pgn", 6, 6, {}},
      {"python-chess/utf8-bom.pgn", 2, 2, {}},
      {"python-chess/uci-moves.pgn", 1, 1, {}},  // UCI moves in SAN text: read, with warnings
      {"python-chess/anastasian-lewis.pgn", 1, 0, {"unreadable-move"}},  // a Z0 null move
      {"pychess/a.pgn", 1, 0, {"malformed-tag", "missing-result"}},  // Result "" and no marker
      {"pychess/badpgn.pgn", 1, 0, {"malformed-tag", "unreadable-move"}},
      {"notnil-chess/0008.pgn", 1, 0, {"missing-result"}},
      {"sunfish-headerless-movetext.pgn", 278, 278, {}},
      {"chernev-1000-short-games-partial-malformed.pgn", 5, 0, {"missing-result", "bad-date"}},
      {"chess.js/2.pgn", 1, 1, {}},
      {"chess.js/3.pgn", 1, 1, {}},
      {"chessops/fuzz-pgn-comment.txt", 1, 0, {"malformed-tag"}},  // [%csl ...] commands outside a comment
      {"chessops/fuzz-pgn-small.pgn", 1, 1, {}},
      {"hoover-chess-utils/scannertest-1.pgn", 2, 2, {}},
      {"notnil-chess/0001.pgn", 1, 1, {}},
      {"notnil-chess/0007.pgn", 5, 5, {}},
      {"notnil-chess/0009.pgn", 1, 0, {"missing-result"}},
      {"notnil-chess/0010.pgn", 1, 0, {"missing-result"}},
      {"notnil-chess/0013.pgn", 3, 3, {}},
      {"notnil-chess/0014.pgn", 5, 5, {}},
      {"pychess/annotated.pgn", 1, 0, {"bad-date"}},  // Date "2011"
      {"pychess/bilbao.pgn", 1, 1, {}},
      {"pychess/black.pgn", 1, 0, {"malformed-tag", "missing-result"}},
      {"pychess/fenSetup.pgn", 1, 1, {}},
      {"python-chess/molinari-bordais-1979.pgn", 1, 1, {}},
      {"python-chess/nepomniachtchi-liren-game1.pgn", 1, 1, {}},
      {"python-chess/saturs-jannlee-zh-lichess.pgn", 1, 0, {"unsupported-variant"}},
      {"python-chess/stockfish-learning.pgn", 1, 1, {}},
      // lichess studies: "*" over solved puzzles is a warning; these hold real errors.
      {"pychess-lichess-studies/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn", 18, 15,
       {"illegal-move"}},  // Nxg5 onto an empty square, in three chapters
      {"pychess-lichess-studies/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn", 6, 5,
       {"bad-fen"}},  // castling right q with no rook on a8
      {"pychess-lichess-studies/mate_in_2.pgn", 166, 150, {"bad-date"}},  // 2012.8.1, 2012.14.3, 2012.20.10...
      {"pychess-lichess-studies/lichess_study_lichess-practice-checkmate-patterns-i_by_arex_2017.01.22.pgn", 17, 17,
       {}},
  };
  for (const Expected& e : cases) {
    Verdicts v = validate_file(pgn_dir() / "edge-cases" / e.file);
    INFO(e.file);
    CHECK(v.games == e.games);
    CHECK(v.valid == e.valid);
    for (const std::string& code : e.errors) {
      INFO("expected error code " << code);
      CHECK(v.errors.count(code));
    }
  }
  // The pathological headers' values, unescaped.
  std::ifstream in(pgn_dir() / "edge-cases" / "chessops" / "pathological-headers.pgn", std::ios::binary);
  Reader reader(in);
  GameBuilder builder;
  REQUIRE(reader.read_game(builder));
  const Game& g = builder.game();
  CHECK(g.tag_value("A") == "b\"");
  CHECK(g.tag_value("C") == "A]]");
  CHECK(g.tag_value("D") == "A]][");
  CHECK(g.tag_value("E") == "\"A]][\"");
  CHECK(g.tag_value("F") == "\"A]][\"\\");
  CHECK(g.tag_value("G") == "\"]");
}

namespace {

// One corruption of a valid game, and what it must be reported as.
struct Corruption {
  std::string text;      // the corrupted game
  std::string code;      // the error expected
  std::size_t line = 0;  // its line within the game text (1-based), 0: not checked
};

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The main-line moves of a game text, with where each stands (lines count from the
// game's first line) and the position before it.
struct PlacedMove {
  std::string text;
  Location at;
  Position before;
};

std::vector<PlacedMove> placed_moves(const std::string& game_text) {
  std::istringstream in(game_text);
  Reader reader(in);
  GameBuilder builder;
  std::vector<PlacedMove> out;
  if (!reader.read_game(builder)) return out;
  Position pos;
  const auto& san = *notation::find_codec("san");
  for (const MoveNode& node : builder.game().main.moves) {
    notation::ParseResult r = san.parse(pos, node.text);
    if (!r.ok()) break;
    out.push_back({node.text, node.at, pos});
    pos.make_move(r.move);
  }
  return out;
}

}  // namespace

TEST_CASE("Corrupted games are each caught with the right code, game and line", "[pgn][corpus][generator]") {
  // Clean, comment-free games to corrupt: the first hundreds of one master archive.
  std::ifstream in(pgn_dir() / "master" / "Alekhine.pgn", std::ios::binary);
  REQUIRE(in);
  std::stringstream all;
  all << in.rdbuf();
  std::vector<std::string> games;
  {
    std::string text = all.str(), current;
    std::istringstream lines(text);
    for (std::string l; std::getline(lines, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      if (l.rfind("[Event ", 0) == 0 && !current.empty()) games.push_back(current), current.clear();
      current += l + "\n";
    }
    games.push_back(current);
  }
  REQUIRE(games.size() > 300);

  std::mt19937 rng(1234);
  std::string stream;
  std::vector<Corruption> planted;  // per game in the stream; code "" for an untouched game
  std::vector<std::size_t> first_line;
  std::size_t line_no = 1;
  const char* kinds[] = {"illegal", "letter", "missing-tag", "result", "comment", "junk", "none"};
  for (std::size_t g = 0; g < 300; ++g) {
    std::vector<std::string> lines = split_lines(games[g]);
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    std::size_t first_move_line = 0;
    while (first_move_line < lines.size() && (lines[first_move_line].empty() || lines[first_move_line][0] == '['))
      ++first_move_line;
    std::string kind = kinds[g % 7];
    Corruption c;
    std::vector<PlacedMove> moves = placed_moves(games[g]);
    REQUIRE(moves.size() >= 4);
    const PlacedMove& m = moves[rng() % moves.size()];
    std::string& text_line = lines[m.at.line - 1];
    std::size_t col = m.at.column - 1;
    if (kind == "illegal") {
      // A pawn to its own first rank: never legal, whatever the position.
      std::string wrong = m.before.side_to_move() == WHITE ? "e1" : "e8";
      text_line.replace(col, m.text.size(), wrong);
      c = {"", "illegal-move", m.at.line};
    } else if (kind == "letter") {
      // A knight's move written with a bishop's letter, or the reverse; planted only where
      // no legal move reads that way (else the game would simply go another way).
      std::size_t found = std::string::npos;
      for (std::size_t i = 0; i < moves.size() && found == std::string::npos; ++i) {
        const PlacedMove& cand = moves[(i + rng()) % moves.size()];
        if (cand.text[0] != 'N' && cand.text[0] != 'B') continue;
        std::string swapped = cand.text;
        swapped[0] = swapped[0] == 'N' ? 'B' : 'N';
        Position p = cand.before;
        notation::ParseResult r = notation::find_codec("san")->parse(p, swapped);
        if (r.ok()) continue;
        lines[cand.at.line - 1][cand.at.column - 1] = swapped[0];
        c = {"", notation::to_string(r.error->kind), cand.at.line};  // illegal, or ambiguous
        found = i;
      }
    } else if (kind == "missing-tag") {
      lines.erase(lines.begin() + 1);  // the Site tag: a warning, not an error
    } else if (kind == "result") {
      std::string& last = lines.back();
      std::size_t at = last.rfind(' ') + 1;
      std::string res = last.substr(at);
      last.replace(at, std::string::npos, res == "1-0" ? "0-1" : "1-0");
      c = {"", "result-mismatch", lines.size()};
    } else if (kind == "comment") {
      lines[first_move_line] = "{unclosed comment " + lines[first_move_line];
      c = {"", "unterminated-comment", first_move_line + 1};
    } else if (kind == "junk") {
      lines.insert(lines.begin() + std::ptrdiff_t(first_move_line), std::string("\x01\x02\xff\xfe @#~ \x7f", 10));
      c = {"", "unreadable-move", first_move_line + 1};
    }
    c.text = join_lines(lines) + "\n";
    planted.push_back(c);
    first_line.push_back(line_no);
    stream += c.text;
    line_no += split_lines(c.text).size();
  }

  std::istringstream corrupted(stream);
  Verdicts v = validate_stream(corrupted, true);
  REQUIRE(v.games == planted.size());  // every game accounted for, none lost or merged
  for (std::size_t g = 0; g < planted.size(); ++g) {
    const GameReport& r = v.reports[g];
    const Corruption& c = planted[g];
    INFO("game " << g + 1 << "\n" << c.text);
    CHECK(r.ordinal == g + 1);
    if (c.code.empty()) {
      bool only_site_missing = true;
      for (const auto& d : r.errors) only_site_missing = false, (void)d;
      CHECK(only_site_missing);
      continue;
    }
    bool found = false;
    for (const auto& d : r.errors) {
      if (d.code != c.code) continue;
      std::size_t expected_line = first_line[g] + c.line - 1;
      if (c.line == 0 || d.at.line == expected_line) found = true;
      INFO(d.code << " at line " << d.at.line << ", expected " << expected_line << ": " << d.message);
    }
    CHECK(found);
  }
}
