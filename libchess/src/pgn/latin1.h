// Text that is not UTF-8, read as ISO-8859-1 (Latin-1): the general reader reads a line so,
// and the plain scanner a tag value or a comment (the warning: reading_notes.h).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "chess/utf8.h"

namespace chess::pgn::detail {


// Length of the UTF-8 sequence at p (p < end, *p >= 0x80), or 0.
inline std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end) {
  return utf8_length(std::string_view(reinterpret_cast<const char*>(p), std::size_t(end - p)), 0);
}

// Old archives are ISO-8859-1, which is the first 256 codepoints of Unicode. Only the bytes
// that begin no UTF-8 sequence are read so: a line may hold both (files put together, a name
// typed elsewhere), and "Café München" must not become "CafÃ© München". `widened`: where
// in the result each byte read as Latin-1 begins (two bytes there, one in the input).
inline std::string latin1_to_utf8(std::string_view s, std::vector<std::size_t>& widened) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  widened.clear();
  for (std::size_t i = 0; i < s.size();) {
    std::size_t ascii = i;  // (most of the text: taken a run at a time)
    while (ascii < s.size() && static_cast<unsigned char>(s[ascii]) < 0x80) ++ascii;
    out.append(s.substr(i, ascii - i));
    if ((i = ascii) == s.size()) break;
    if (std::size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    const unsigned char c = s[i++];
    widened.push_back(out.size());
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  }
  return out;
}

}  // namespace chess::pgn::detail
