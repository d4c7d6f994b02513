// Inputs judged by their first bytes (tools/common/encoding.h): text passed through whole,
// UTF-16 decoded to UTF-8 (surrogate pairs included), binary data refused.
#include <catch2/catch.hpp>
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
