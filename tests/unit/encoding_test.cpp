// Inputs judged by their first bytes (tools/common/encoding.h): text passed through whole,
// UTF-16 decoded to UTF-8 (surrogate pairs included), binary data refused.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdint>
#include <sstream>

#include "common/encoding.h"

namespace {

std::string read_all(std::streambuf* buffer) {
  std::istream in(buffer);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string utf16(const std::u16string& text, bool big_endian, bool bom) {
  std::string out;
  auto put = [&](char16_t u) {
    char hi = char(u >> 8), lo = char(u & 0xFF);
    out += big_endian ? hi : lo;
    out += big_endian ? lo : hi;
  };
  if (bom) put(0xFEFF);
  for (char16_t u : text) put(u);
  return out;
}

}  // namespace

TEST_CASE("text is passed through whole, past the sample", "[encoding]") {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "1. e4 e5 *\n";  // 220 KB: more than the 64 KB sample
  std::istringstream in(text);
  tools::SniffedInput s = tools::sniff_input(in, false);
  CHECK(s.encoding == tools::Encoding::Text);
  CHECK(read_all(s.buffer.get()) == text);
}

TEST_CASE("UTF-16 with and without a BOM is decoded to UTF-8", "[encoding]") {
  // "[White \"Müller\"] 1. e4 ♔" and a character outside the BMP (a surrogate pair).
  std::u16string text = u"[White \"M\u00fcller\"]\n1. e4 \u2654 \U0001F600\n";
  std::string expected = "[White \"M\xc3\xbcller\"]\n1. e4 \xe2\x99\x94 \xf0\x9f\x98\x80\n";
  for (bool big : {false, true})
    for (bool bom : {false, true}) {
      INFO("big endian " << big << ", BOM " << bom);
      std::istringstream in(utf16(text, big, bom));
      tools::SniffedInput s = tools::sniff_input(in, false);
      CHECK(s.encoding == (big ? tools::Encoding::Utf16BE : tools::Encoding::Utf16LE));
      CHECK(read_all(s.buffer.get()) == expected);
    }
}

TEST_CASE("binary data is told from text with a few NUL bytes", "[encoding]") {
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += char((i * 7919) % 256);
  std::istringstream in(binary);
  tools::SniffedInput s = tools::sniff_input(in, false);
  CHECK(s.encoding == tools::Encoding::Binary);
  // A PGN with two stray NUL bytes is damaged text, read (with the reader's warning).
  std::string damaged = "[Event \"E\"]\n\n1. e4 e5" + std::string(2, '\0') + " *\n";
  for (int i = 0; i < 20; ++i) damaged += "[Event \"E\"]\n\n1. e4 e5 *\n";
  std::istringstream in2(damaged);
  CHECK(tools::sniff_input(in2, false).encoding == tools::Encoding::Text);
}

TEST_CASE("a pipe is judged by its first line, and read a character at a time after it", "[encoding]") {
  std::istringstream in("1. e4 e5\n1. d4 d5\n");
  tools::SniffedInput s = tools::sniff_input(in, true);
  CHECK(s.encoding == tools::Encoding::Text);
  CHECK(in.tellg() == 9);  // only the first line was taken for the sample
  CHECK(read_all(s.buffer.get()) == "1. e4 e5\n1. d4 d5\n");
}

namespace {

// 64 KB of bytes no text holds, with line feeds among them as random data has.
std::string junk() {
  std::string out;
  std::uint32_t x = 16;
  for (int i = 0; i < (64 << 10); ++i) {
    x = x * 1664525u + 1013904223u;
    out += char(x >> 24);
  }
  return out;
}

std::string read_in_blocks(std::streambuf* buffer) {
  std::istream in(buffer);
  std::string out, block(1000, '\0');
  while (in.read(block.data(), std::streamsize(block.size())) || in.gcount() > 0)
    out.append(block, 0, std::size_t(in.gcount()));
  return out;
}

}  // namespace

TEST_CASE("binary data after text is skipped, its lines left empty", "[encoding]") {
  std::string before = "[Event \"Before\"]\n\n1. e4 e5 *\n\n", after = "[Event \"After\"]\n\n1. d4 d5 *\n";
  std::string bytes = junk();
  std::string text = before + bytes + "\n\n" + after;
  std::size_t junk_lines = std::size_t(std::count(bytes.begin(), bytes.end(), '\n'));
  for (bool blocks : {false, true}) {
    std::istringstream in(text);
    tools::SniffedInput s = tools::sniff_input(in, false);
    REQUIRE(s.encoding == tools::Encoding::Text);  // text first: read, not refused
    std::string read = blocks ? read_in_blocks(s.buffer.get()) : read_all(s.buffer.get());
    CHECK(read == before + std::string(junk_lines + 2, '\n') + after);  // line numbers hold
    REQUIRE(s.skipped);
    CHECK(s.skipped->stretches == 1);
    CHECK(s.skipped->first_byte == before.size() + 1);
    CHECK(s.skipped->first_line == 5);
    CHECK(s.skipped->bytes == bytes.size() - junk_lines);
    // The text's bytes mapped back to the input's: before the junk the same, after it
    // shifted by what was taken out (the games' offsets are the input's).
    CHECK(s.skipped->input_offset(before.size() - 1) == before.size() - 1);
    std::size_t after_in_text = read.find("[Event \"After\"]");
    CHECK(s.skipped->input_offset(after_in_text) == text.find("[Event \"After\"]"));
  }
}

TEST_CASE("binary data is found wherever it falls in the wide scan's blocks", "[encoding]") {
  // The scan for control bytes takes 64, 32 or 16 bytes at once, and counts the line feeds
  // before the first: a short line of them starts at every place of a block in turn, after
  // text of lines of every length (with the control bytes text may hold: tab, form feed,
  // carriage return, escape).
  const std::string bytes = "\x01\x02\x03\x04\x05\x06", after = "[Event \"After\"]\n\n1. d4 d5 *\n";
  for (std::size_t pad = 0; pad <= 130; ++pad) {
    const std::string before = "[Event \"" + std::string(pad, 'x') + "\"]\n\n1. e4\te5 *\f\r\n\x1b\n";
    const std::string text = before + bytes + "\n\n" + after;
    INFO("pad " << pad);
    std::istringstream in(text);
    tools::SniffedInput s = tools::sniff_input(in, false);
    REQUIRE(s.encoding == tools::Encoding::Text);
    CHECK(read_in_blocks(s.buffer.get()) == before + "\n\n" + after);
    REQUIRE(s.skipped);
    CHECK(s.skipped->first_byte == before.size() + 1);
    CHECK(s.skipped->first_line == 5);
  }
}

TEST_CASE("a line of text with a NUL byte is damaged text, not binary", "[encoding]") {
  std::string text = "1. e4 e5\n1. e4 e\0 5\n[Event \"x\"]\n";
  text[14] = '\0';
  std::istringstream in(text);
  tools::SniffedInput s = tools::sniff_input(in, false);
  CHECK(read_in_blocks(s.buffer.get()) == text);
  CHECK(s.skipped->stretches == 0);
}

TEST_CASE("a pipe with binary data later is filtered a line at a time", "[encoding]") {
  std::string text = "1. e4 e5\n" + junk() + "\n1. d4 d5 2. c4 e6\n1. c4\n";
  std::istringstream in(text);
  tools::SniffedInput s = tools::sniff_input(in, true);
  REQUIRE(s.encoding == tools::Encoding::Text);
  std::istream lines(s.buffer.get());
  std::string line;
  std::getline(lines, line);
  CHECK(line == "1. e4 e5");
  CHECK(in.tellg() == 9);  // nothing read past the line asked for: a coprocess is answered
  std::string last;
  while (std::getline(lines, line))
    if (!line.empty()) last += line + "|";
  CHECK(last == "1. d4 d5 2. c4 e6|1. c4|");
  CHECK(s.skipped->stretches == 1);
}

#include "chess/utf8.h"

TEST_CASE("UTF-8 is what RFC 3629 calls well formed: no overlong form, surrogate or code point past U+10FFFF",
          "[encoding]") {
  struct Case {
    const char* bytes;
    std::size_t length;  // of the sequence at the start, 0 for none (from RFC 3629's table, section 4)
  };
  const Case cases[] = {
      {"a", 1},
      {"\xC2\x80", 2},          // U+0080, the first of two bytes
      {"\xDF\xBF", 2},          // U+07FF
      {"\xE0\xA0\x80", 3},      // U+0800
      {"\xED\x9F\xBF", 3},      // U+D7FF, the last before the surrogates
      {"\xEE\x80\x80", 3},      // U+E000, the first after them
      {"\xEF\xBF\xBF", 3},      // U+FFFF
      {"\xF0\x90\x80\x80", 4},  // U+10000
      {"\xF4\x8F\xBF\xBF", 4},  // U+10FFFF, the last
      {"\xC0\xAF", 0},          // '/' overlong
      {"\xC1\xBF", 0},          // overlong
      {"\xE0\x9F\xBF", 0},      // U+07FF overlong
      {"\xED\xA0\x80", 0},      // U+D800, a surrogate
      {"\xED\xBF\xBF", 0},      // U+DFFF
      {"\xF0\x8F\xBF\xBF", 0},  // U+FFFF overlong
      {"\xF4\x90\x80\x80", 0},  // U+110000
      {"\xF5\x80\x80\x80", 0},
      {"\xFF", 0},
      {"\x80", 0},              // a continuation byte alone
      {"\xE2\x82", 0},          // cut short
      {"\xE2\x28\xA1", 0},      // a second byte that continues nothing
      {"\xF0\x9F\x98", 0},
  };
  for (const Case& c : cases) {
    INFO(c.bytes);
    CHECK(chess::utf8_length(c.bytes, 0) == c.length);
  }
  CHECK(chess::utf8_length("x\xC3\xA9", 1) == 2);  // from where it is asked
}
