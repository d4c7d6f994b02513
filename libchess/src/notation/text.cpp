#include "notation/text.h"

#include <cstdint>

#include "chess/utf8.h"

namespace chess::notation {

char32_t fold(char32_t c) {
  if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFF01 + 0x21;  // full-width ASCII (NFKC does this)
  switch (c) {
    case 0x00A0: case 0x3000: case 0x2007: case 0x202F: return U' ';
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015: case 0x2212: return U'-';
    case 0x00D7: return U'x';
    case 0x3002: return U'.';
    case 0xFF1A: return U':';
    default: return c;
  }
}

namespace {
bool invisible(char32_t c) { return c == 0xFE0E || c == 0xFE0F || c == 0x200B || c == 0xFEFF || c == 0x200D; }
}  // namespace

std::vector<Glyph> decode(std::string_view text) {
  std::vector<Glyph> out;
  decode(text, out);
  return out;
}

void decode(std::string_view text, std::vector<Glyph>& out) {
  out.resize(text.size());
  out.resize(decode(text, out.data(), out.size()));
}

char32_t next_codepoint(std::string_view text, std::size_t& i) {
  unsigned char b = text[i];
  const std::size_t n = utf8_length(text, i);
  if (!n) {
    ++i;
    return 0xFFFD;
  }
  char32_t c = n == 1 ? b : b & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  i += n;
  return c;
}

std::size_t decode(std::string_view text, Glyph* out, std::size_t capacity) {
  std::size_t count = 0;
  std::size_t column = 0;
  for (std::size_t i = 0; i < text.size();) {
    char32_t c = next_codepoint(text, i);
    ++column;
    if (invisible(c)) continue;
    if (count == capacity) return SIZE_MAX;
    out[count++] = {fold(c), column};
  }
  return count;
}

std::string quoted_char(char32_t c) {
  if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == 0xFFFD) {
    const char* hex = "0123456789ABCDEF";
    std::string out = "U+";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(c >> shift) & 0xF];
    return c == 0xFFFD ? out + " (a byte that is not UTF-8)" : out;
  }
  std::string out = "'";
  append_utf8(out, c);
  return out + "'";
}

std::string quoted_char_at(std::string_view text, std::size_t i) { return quoted_char(next_codepoint(text, i)); }

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += char(0xE0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  } else {
    out += char(0xF0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3F));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  }
}

std::size_t codepoint_count(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char b : text) n += (b >> 6) != 0x2;
  return n;
}

}  // namespace chess::notation
