// UTF-8 as the whole toolchain reads it: the PGN reader and the plain scanner (what is not
// UTF-8 is read as Latin-1, with a warning), the notations' text, and the tools' JSON and
// messages (what is not UTF-8 is escaped there). One definition, so that no part calls
// text well formed that another writes out as U+FFFD, or passes on as bytes no JSON parser
// takes.
#pragma once

#include <cstddef>
#include <string_view>

namespace chess {

// The length of the well-formed UTF-8 sequence starting at s[i] (i < s.size()): 1 for an
// ASCII byte, 2 to 4 for a sequence, and 0 where none begins. RFC 3629's table: a byte that
// begins no sequence, a sequence cut short, an overlong form (C0 AF for '/'), a surrogate
// (ED A0 80) and a code point past U+10FFFF are not UTF-8.
constexpr std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = byte(0);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) low = 0xA0;        // below: overlong
    else if (c == 0xED) high = 0x9F;  // above: surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) low = 0x90;        // below: overlong
    else if (c == 0xF4) high = 0x8F;  // above: past U+10FFFF
  } else {
    return 0;
  }
  if (s.size() - i < n || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((byte(k) & 0xC0) != 0x80) return 0;
  return n;
}

}  // namespace chess
