#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "chess/line_reader.h"

using chess::LineReader;

namespace {

struct Line {
  std::string text;
  bool too_long;
  bool operator==(const Line&) const = default;
};

std::vector<Line> lines_of(const std::string& input, std::size_t max_line) {
  std::istringstream in(input);
  LineReader reader(in, max_line);
  std::vector<Line> out;
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long)) out.push_back({line, too_long});
  return out;
}

}  // namespace

TEST_CASE("Lines: CR, BOM, last line without newline", "[line_reader]") {
  CHECK(lines_of("\xEF\xBB\xBF" "a\r\nbc\n\nd", 10) ==
        std::vector<Line>{{"a", false}, {"bc", false}, {"", false}, {"d", false}});
  CHECK(lines_of("", 10).empty());
  CHECK(lines_of("\n", 10) == std::vector<Line>{{"", false}});
}

TEST_CASE("Lines: a CR alone ends a line (classic Mac OS); CRs before an LF are its end", "[line_reader]") {
  CHECK(lines_of("a\rbc\r\rd\r", 10) == std::vector<Line>{{"a", false}, {"bc", false}, {"", false}, {"d", false}});
  CHECK(lines_of("a\r\r\nb\r\nc\rd\n", 10) ==
        std::vector<Line>{{"a", false}, {"b", false}, {"c", false}, {"d", false}});
  // A CR that is the last byte of a read block: the next block decides.
  for (char next : {'x', '\n', '\r'}) {
    INFO("after the CR: " << int(next));
    std::string first(LineReader::BLOCK - 1, 'a');
    std::string text = first + "\r" + next + "yz\n";
    std::istringstream in(text);
    LineReader reader(in, 1 << 20);
    std::string line;
    bool too_long = false;
    REQUIRE(reader.next(line, too_long));
    CHECK(line == first);
    REQUIRE(reader.next(line, too_long));
    if (next == '\r') {  // "\r\ryz": an empty line, then "yz"
      CHECK(line.empty());
      REQUIRE(reader.next(line, too_long));
    }
    CHECK(line == (next == 'x' ? "xyz" : "yz"));
    CHECK(reader.line_number() == (next == '\n' ? 2u : 3u) - (next == 'x' ? 1u : 0u));
    CHECK(reader.bytes_read() == text.size());
  }
}

TEST_CASE("line_end_length: the one definition of a line end", "[line_reader]") {
  const auto length = [](std::string_view text) {
    return chess::line_end_length(text.data(), text.data() + text.size());
  };
  CHECK(length("\n") == 1);
  CHECK(length("\nx") == 1);
  CHECK(length("\r\n") == 2);
  CHECK(length("\r\r\n") == 3);    // a file converted twice
  CHECK(length("\rx") == 1);       // a CR alone (classic Mac OS)
  CHECK(length("\r\rx") == 1);     // two line ends: the first CR is one alone
  CHECK(length("\r\n\n") == 2);    // the second LF is a line end of its own
  CHECK(length("\r") == 0);        // the text ends among the CRs: what follows decides
  CHECK(length("\r\r") == 0);
  const std::string_view bytes = "\r\r\n";  // as the plain scanner asks, on unsigned bytes
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  CHECK(chess::line_end_length(u, u + bytes.size()) == 3);
}

// Lines as the header defines them, cut here the simplest way, a byte at a time.
std::vector<std::string> lines_by_definition(const std::string& text) {
  std::vector<std::string> out;
  std::string line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      out.push_back(line), line.clear();
    } else if (text[i] == '\r') {
      std::size_t j = i;
      while (j < text.size() && text[j] == '\r') ++j;
      if (j == text.size()) break;  // CRs ending the text end its last line
      if (text[j] == '\n') i = j;  // CRs before an LF: that line end's
      out.push_back(line), line.clear();
    } else {
      line += text[i];
    }
  }
  if (!line.empty() || (!text.empty() && text.back() == '\r')) out.push_back(line);
  return out;
}

TEST_CASE("Lines: any mix of line ends over several blocks, as defined", "[line_reader]") {
  // Three blocks and more of lines of 0 to 99 bytes, each ended by LF, CRLF, CR, or CR CR LF
  // (a file converted twice): the case the reader's kept search for an LF must get right
  // at every block's end.
  for (int ends : {0, 1, 2, 3, 4}) {
    INFO("line ends: " << (ends == 4 ? std::string("mixed") : std::to_string(ends)));
    std::string text;
    unsigned seed = 12345;
    for (int n = 0; text.size() < 3 * LineReader::BLOCK + 1000; ++n) {
      seed = seed * 1103515245 + 12345;
      text += std::string((seed >> 16) % 100, char('a' + n % 26));
      static const char* const end[] = {"\n", "\r\n", "\r", "\r\r\n"};
      text += end[ends == 4 ? (seed >> 8) % 4 : unsigned(ends)];
    }
    std::vector<std::string> expected = lines_by_definition(text);
    std::istringstream in(text);
    LineReader reader(in, 1 << 20);
    std::vector<std::string> got;
    std::string line;
    bool too_long = false;
    while (reader.next(line, too_long)) got.push_back(line);
    CHECK(got.size() == expected.size());
    CHECK(got == expected);
    CHECK(reader.line_number() == expected.size());
    CHECK(reader.bytes_read() == text.size());
  }
}

TEST_CASE("Lines longer than the bound are cut and flagged, the next line intact", "[line_reader]") {
  CHECK(lines_of("abcd\nefghij\nk\n", 4) ==
        std::vector<Line>{{"abcd", false}, {"efgh", true}, {"k", false}});
  CHECK(lines_of("abcde", 4) == std::vector<Line>{{"abcd", true}});
  // Longer than one read block: the rest is skipped across blocks.
  std::string huge(200000, 'x');
  CHECK(lines_of(huge + "\nok\n", 8) == std::vector<Line>{{"xxxxxxxx", true}, {"ok", false}});
}

TEST_CASE("Line numbers and bytes count every line, cut or not", "[line_reader]") {
  std::istringstream in("abcdefgh\nij\n");
  LineReader reader(in, 3);
  std::string line;
  bool too_long;
  REQUIRE(reader.next(line, too_long));
  REQUIRE(reader.next(line, too_long));
  CHECK(line == "ij");
  CHECK(reader.line_number() == 2);
  CHECK(reader.bytes_read() == 12);
  CHECK_FALSE(reader.next(line, too_long));
}

TEST_CASE("Pieces: a long line comes whole, in bounded pieces", "[line_reader]") {
  std::istringstream in("abcdefg\nhi\n");
  LineReader reader(in, 3);
  std::string piece, whole;
  bool more = false;
  std::vector<std::string> lines;
  while (reader.next_piece(piece, more)) {
    CHECK(piece.size() <= 3);
    whole += piece;
    if (!more) lines.push_back(whole), whole.clear();
  }
  CHECK(lines == std::vector<std::string>{"abcdefg", "hi"});
  CHECK(reader.line_number() == 2);
}
