// The chunked parallel reading of pgn-validate --jobs against one Reader over the whole
// input: whatever the cuts (at likely game starts, at any line, mid-line), and however
// often a cut has to be read again, the reports must be the one reader's, in order.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <sstream>

#include "chess/line_reader.h"

#include "chess/pgn/validate.h"
#include "common/chunked_games.h"
#include "support/report_text.h"

using namespace chess::pgn;

namespace {

std::string one_reader(const std::string& text) {
  std::istringstream in(text);
  Reader reader(in);
  std::string out;
  for (GameReport r; validate_next_game(reader, {}, r);) out += test_support::report_text(r);
  return out;
}

std::string chunked(const std::string& text, int jobs, tools::ChunkLimits limits) {
  std::istringstream in(text);
  std::string out;
  tools::for_each_game_chunked<GameReport>(
      in, jobs, {}, [](Reader& reader, GameReport& r) { return validate_next_game(reader, {}, r); },
      [&](GameReport& r, std::size_t ordinal_offset, std::size_t) {
        r.ordinal += ordinal_offset;
        out += test_support::report_text(r);
        return true;
      },
      limits);
  return out;
}

std::string game(const std::string& result, const std::string& moves) {
  return "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"" +
         result + "\"]\n\n" + moves + "\n\n";
}

std::string with_line_ends(const std::string& text, const std::string& end) {
  std::string out;
  for (char c : text) out += c == '\n' ? end : std::string(1, c);
  return out;
}

}  // namespace

TEST_CASE("Chunked reading gives one reader's reports, whatever the cuts", "[chunked]") {
  std::string clean, broken;
  for (int i = 0; i < 30; ++i) {
    clean += game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
    clean += game("*", "1. d4 {a comment\nover two lines} d5 (1... Nf6) 2. c4 *");
    clean += "; an engine's log line\n\n";
  }
  // Games that end without a result, comments that run into the next game, prose, an
  // escape line, Latin-1, CRLF: cuts after these must be read again.
  broken = game("1-0", "1. e4 e5 2. Nf3") + game("*", "1. e4 {never closed\n") + "Prose between games.\n\n" +
           game("*", "1. d4 d5 *") + "%escape\n" + game("*", "1. c4 *") + "Prose after a clean end.\n\n" + game("0-1", "1. e4 e5 2. Nf5 0-1") +
           "[Event \"Caf\xe9\"]\n[Result \"*\"]\n\n1. e4 *\n\n" + "[Event \"R\"]\r\n[Result \"*\"]\r\n\r\n1. e4 e5 *\r\n\r\n"
           // ChessBase puts blank lines among a game's tags: a cut there must not stand.
           + "[Event \"CB\"]\n[Site \"S\"]\n\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
  std::string mixed = clean + broken + clean + broken + broken + clean;
  std::string headers_only;  // a broadcast's list of games not yet played: no cut is ever clean
  for (int i = 0; i < 200; ++i) headers_only += "[Event \"E\"]\n[Round \"" + std::to_string(i) + "\"]\n\n";

  // The same with lines ended by a CR alone, and by CRs before an LF.
  std::string mac = with_line_ends(mixed, "\r"), twice_converted = with_line_ends(mixed, "\r\r\n");
  for (const std::string* text : {&clean, &broken, &mixed, &headers_only, &mac, &twice_converted}) {
    std::string expected = one_reader(*text);
    REQUIRE(!expected.empty());
    for (int jobs : {2, 3})
      for (tools::ChunkLimits limits : {tools::ChunkLimits{},                  // one chunk
                                        tools::ChunkLimits{200, 2000, 1 << 20},  // cuts at likely game starts
                                        tools::ChunkLimits{1, 1, 1 << 20},      // cuts two bytes apart, mid-line
                                        tools::ChunkLimits{50, 120, 600},       // merged, then read in order
                                        tools::ChunkLimits{1, 1, 1}}) {         // in order at the first failed cut
        INFO("jobs " << jobs << " target " << limits.target << " longest " << limits.longest << " merged "
                     << limits.max_merged);
        CHECK(chunked(*text, jobs, limits) == expected);
      }
  }
}

TEST_CASE("Chunked reading: empty input, and input without a final newline", "[chunked]") {
  CHECK(chunked("", 2, {}).empty());
  CHECK(chunked("\n\n  \n", 2, {1, 1, 1 << 20}).empty());
  std::string text = game("*", "1. e4 *") + game("*", "1. d4 *").substr(0, game("*", "1. d4 *").size() - 2);
  CHECK(chunked(text, 2, {1, 1, 1 << 20}) == one_reader(text));
}

TEST_CASE("count_newlines agrees with std::count, past the point where a lane's tally would overflow",
          "[chunked]") {
  using tools::chunked::count_newlines;
  std::string all(10000, '\n');  // every byte a hit: 255 blocks fill a lane, 625 blocks here
  for (std::size_t n : {0, 1, 15, 16, 17, 4079, 4080, 4081, 4096, 10000})
    CHECK(count_newlines(std::string_view(all).substr(0, n)) == n);
  std::string mixed;
  for (std::size_t i = 0; i < 9999; ++i) mixed += "ab\n\r\ncdefg\n"[(i * 7919) % 12];
  for (std::size_t from : {0, 1, 3})
    for (std::size_t n : {5, 16, 100, 4080, 5000, 9990}) {
      std::string_view piece = std::string_view(mixed).substr(from, n);
      CHECK(count_newlines(piece) == std::size_t(std::count(piece.begin(), piece.end(), '\n')));
    }
}

TEST_CASE("Chunks are cut at games' starts, and their lines counted, whatever ends the lines", "[chunked]") {
  // Lines ended by a CR alone (classic Mac OS) had no cut that stood: each chunk was cut
  // mid-line, read again with the next, and at last the input read in order, on one core.
  std::string games;
  for (int i = 0; i < 40; ++i)
    games += game("1-0", "1. e4 {two\nlines} e5 2. Qh5 Nc6 3. Bc4 Nf6\n4. Qxf7# 1-0") + game("*", "1. d4 d5 *");
  for (const std::string end : {"\n", "\r\n", "\r", "\r\r\n"}) {
    INFO("line end " << int(end[0]) << " of " << end.size());
    const std::string text = with_line_ends(games, end);
    // Where each line begins, by a LineReader over the whole text.
    std::map<std::size_t, std::size_t> line_at;  // byte -> line number
    {
      chess::LineReader lines(text);
      std::string line;
      bool more = false;
      for (std::size_t start = 0; lines.next_piece(line, more); start = lines.bytes_read()) line_at[start] = lines.line_number();
    }
    std::istringstream in(text);
    tools::chunked::Cutter cutter(in, tools::ChunkLimits{300, 5000, 1 << 20, 1000, 1});
    tools::chunked::Chunk<int> chunk;
    std::size_t at = 0, chunks = 0;
    while (cutter.cut(chunk)) {
      ++chunks;
      INFO("chunk at byte " << at);
      CHECK(chunk.starts_line);
      CHECK(chunk.text.view().starts_with("[Event"));
      REQUIRE(line_at.count(at));
      CHECK(chunk.first_line == line_at[at]);
      at += chunk.text.size();
    }
    CHECK(at == text.size());
    CHECK(chunks > 20);
  }
}

TEST_CASE("count_line_ends counts the line ends LineReader finds before a cut", "[chunked]") {
  using tools::chunked::count_line_ends;
  CHECK(count_line_ends("a\nb\r\nc\rd\r\r\ne\r\rf", 'x') == 6);
  CHECK(count_line_ends("a\r", 'b') == 1);
  CHECK(count_line_ends("a\r\r", 'b') == 2);
  CHECK(count_line_ends("a\r", '\n') == 0);  // the LF after the cut ends that line
  // Every cut of a text of every kind of line end before a byte that is not a CR or an LF
  // (where the cutter cuts), against the ends of the lines a LineReader reads from it.
  const std::string_view bytes = "ab\r\ncd\re\nf\r\r\ngh\r\ri";
  std::string text;
  for (std::size_t i = 0; i < 3000; ++i) text += bytes[(i * 7919) % bytes.size()];
  std::vector<std::size_t> ends;  // the byte after each line end
  {
    chess::LineReader lines(text);
    std::string line;
    bool more = false;
    while (lines.next_piece(line, more)) ends.push_back(lines.bytes_read());
  }
  for (std::size_t cut = 1; cut < text.size(); ++cut) {
    if (text[cut] == '\r' || text[cut] == '\n') continue;
    INFO("cut at " << cut);
    const std::size_t expected = std::size_t(std::upper_bound(ends.begin(), ends.end(), cut) - ends.begin());
    CHECK(count_line_ends(std::string_view(text).substr(0, cut), text[cut]) == expected);
  }
}
