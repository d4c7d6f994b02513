// The codecs over real text of the shared corpus: lichess's opening lines through every
// dialect and back, notnil's notation cases, the side-by-side page of Lasker's Chess
// Strategy (descriptive and algebraic, printed together: ground truth), and the Chinese
// long-form record with its typo.
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/uci_move.h"
#include "corpus/shared_dir.h"

using namespace chess;
using namespace chess::notation;

namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  INFO(path.string());
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Read {
  std::vector<Move> moves;
  std::string error;  // empty when every move read
  int error_ply = 0;
  std::vector<Move> candidates;
};

// Reads a move list as notation-translate does: origins tracked, lookahead offered.
Read read_line(const Codec& codec, std::string_view line, Position pos = Position()) {
  Read out;
  MoveText text = split_move_text(line);
  std::vector<std::string_view> tokens;
  for (const auto& t : text.moves) tokens.push_back(t.text);
  PieceOrigins origins(pos);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    ParseOptions options;
    options.origins = &origins;
    options.following = std::span(tokens).subspan(i + 1);
    ParseResult r = codec.parse(pos, tokens[i], options);
    if (!r.ok()) {
      out.error = std::string(tokens[i]) + ": " + r.error->message;
      out.error_ply = int(i) + 1;
      out.candidates = r.error->candidates;
      return out;
    }
    out.moves.push_back(r.move);
    origins.update(pos, r.move);
    pos.make_move(r.move);
  }
  return out;
}

std::string write_line(const Codec& codec, const std::vector<Move>& moves) {
  Position pos;
  PieceOrigins origins(pos);
  std::string out;
  for (Move m : moves) {
    out += (out.empty() ? "" : " ") + codec.format(pos, m, FormatOptions{&origins});
    origins.update(pos, m);
    pos.make_move(m);
  }
  return out;
}

std::vector<std::string> opening_lines() {
  std::vector<std::string> lines;
  for (char part : std::string("abcde")) {
    std::istringstream in(slurp(corpus::shared_dir() / "corpus" / "notation" /
                                (std::string("lichess-chess-openings-") + part + ".tsv")));
    std::string row;
    std::getline(in, row);  // header: eco, name, pgn
    while (std::getline(in, row)) lines.push_back(row.substr(row.rfind('\t') + 1));
  }
  return lines;
}

}  // namespace

TEST_CASE("lichess opening lines round-trip through every dialect", "[notation][corpus]") {
  std::vector<std::string> lines = opening_lines();
  REQUIRE(lines.size() > 3000);
  const Codec& san = *find_codec("san");
  std::size_t moves = 0;
  for (const std::string& line : lines) {
    Read original = read_line(san, line);
    INFO(line);
    REQUIRE(original.error.empty());
    moves += original.moves.size();
    for (std::string_view name : codec_names()) {
      const Codec& codec = *find_codec(name);
      std::string written = write_line(codec, original.moves);
      Read back = read_line(codec, written);
      INFO(name << ": " << written << " -> " << back.error);
      REQUIRE(back.error.empty());
      REQUIRE(back.moves == original.moves);
    }
  }
  WARN(lines.size() << " lines, " << moves << " moves, through " << codec_names().size() << " dialects");
}

TEST_CASE("notnil's notation cases: SAN, long algebraic and UCI agree", "[notation][corpus]") {
  std::string json = slurp(corpus::shared_dir() / "corpus" / "notation" / "notnil-valid_notation_tests.json");
  std::regex field("\"(pos1|pos2|algText|longAlgText|uciText)\"\\s*:\\s*\"([^\"]*)\"");
  std::map<std::string, std::string> c;
  int cases = 0;
  for (std::sregex_iterator it(json.begin(), json.end(), field), end; it != end; ++it) {
    c[(*it)[1]] = (*it)[2];
    if (c.size() < 5) continue;
    INFO(c["pos1"] << " " << c["algText"]);
    Position pos = Position::from_fen(c["pos1"]).position;
    ParseResult by_san = find_codec("san")->parse(pos, c["algText"]);
    REQUIRE(by_san.ok());
    CHECK(to_uci(pos, by_san.move) == c["uciText"]);
    ParseResult by_lan = find_codec("lan")->parse(pos, c["longAlgText"]);
    REQUIRE(by_lan.ok());
    CHECK(by_lan.move == by_san.move);
    // Compared without check marks: one case writes Qxd1 for a queen that checks the king on e1.
    auto bare = [](std::string t) {
      while (!t.empty() && std::string_view("?!+#").find(t.back()) != std::string_view::npos) t.pop_back();
      return t;
    };
    CHECK(bare(find_codec("san")->format(pos, by_san.move)) == bare(c["algText"]));
    pos.make_move(by_san.move);
    CHECK(pos.key() == Position::from_fen(c["pos2"]).position.key());
    c.clear();
    ++cases;
  }
  CHECK(cases == 23);
}

TEST_CASE("Lasker's Chess Strategy: descriptive and algebraic printed side by side agree", "[descriptive][corpus]") {
  std::string book = slurp(corpus::shared_dir() / "corpus" / "descriptive" / "edward-lasker-chess-strategy-5614.txt");
  std::size_t at = book.find("both notations are used for the");
  REQUIRE(at != std::string::npos);
  std::istringstream in(book.substr(at));
  std::string row, descriptive, algebraic;
  std::regex columns(R"(^\s+(\d+)\.\s+(.+?)\s{2,}(\S.*?)\s{2,}\d+\.\s+(\S+)\s+(\S+)\s*$)");
  int rows = 0;
  while (std::getline(in, row) && rows < 8) {
    if (!row.empty() && row.back() == '\r') row.pop_back();
    std::smatch m;
    if (!std::regex_match(row, m, columns)) continue;
    descriptive += m[1].str() + ". " + m[2].str() + "  " + m[3].str() + " ";
    algebraic += m[1].str() + ". " + m[4].str() + " " + m[5].str() + " ";
    ++rows;
  }
  REQUIRE(rows == 8);
  INFO(descriptive << "\n" << algebraic);
  Read from_descriptive = read_line(*find_codec("descriptive"), descriptive);
  Read from_algebraic = read_line(*find_codec("san"), algebraic);
  REQUIRE(from_descriptive.error.empty());
  REQUIRE(from_algebraic.error.empty());
  CHECK(from_descriptive.moves.size() == 16);
  CHECK(from_descriptive.moves == from_algebraic.moves);
}

TEST_CASE("The Chinese long-form record: its typo is caught, the corrected game reads", "[chinese][corpus]") {
  std::string text = slurp(corpus::shared_dir() / "corpus" / "chinese" / "geansoft-ChessStep-comment-chinese-notation.txt");
  std::size_t start = text.find("1.c2-e4");
  std::size_t end = text.find("简易纪录");
  REQUIRE(start != std::string::npos);
  REQUIRE(end != std::string::npos);
  std::string record = text.substr(start, end - start);
  for (std::string_view noise : {"\xE3\x80\x80", "\r", "\n"})  // ideographic spaces, line ends
    for (std::size_t p; (p = record.find(noise)) != std::string::npos;) record.replace(p, noise.size(), " ");
  const Codec& chinese = *find_codec("chinese");
  INFO(record);
  // The record has two typos, both caught with the move that was meant among the candidates:
  // 1.c2-e4 (for e2-e4) and 1...d7-e5 (for e7-e5).
  Read as_printed = read_line(chinese, record);
  CHECK(as_printed.error_ply == 1);
  CHECK(std::find(as_printed.candidates.begin(), as_printed.candidates.end(), Move(SQ_E2, SQ_E4)) !=
        as_printed.candidates.end());
  record.replace(record.find("c2-e4"), 5, "e2-e4");
  Read second = read_line(chinese, record);
  CHECK(second.error_ply == 2);
  CHECK(std::find(second.candidates.begin(), second.candidates.end(), Move(SQ_E7, SQ_E5)) != second.candidates.end());
  record.replace(record.find("d7-e5"), 5, "e7-e5");
  Read corrected = read_line(chinese, record);
  INFO(corrected.error);
  REQUIRE(corrected.error.empty());
  CHECK(write_line(*find_codec("san"), corrected.moves) ==
        "e4 e5 Nf3 f6 Nxe5 fxe5 Qh5+ Ke7 Qxe5+ Kf7 Bc4+ Kg6 Qf5+ Kh6 d4+ g5 h4 Be7 hxg5+ Kg7 Qf7#");
}
