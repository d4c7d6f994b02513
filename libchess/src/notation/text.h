// Text helpers shared by the codecs: UTF-8 decoding, and folding the many ways printed
// and typed text writes the same character (full-width forms, dashes, multiplication
// signs, no-break spaces) into one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "chess/types.h"

namespace chess::notation {

// One codepoint of the original text, folded, with where it came from.
struct Glyph {
  char32_t c;          // folded codepoint (see fold)
  std::size_t column;  // 1-based codepoint index in the original text
};

// Decodes UTF-8 (invalid bytes become U+FFFD, each its own column), folds each
// codepoint, and drops the invisible ones (variation selectors, zero-width spaces).
std::vector<Glyph> decode(std::string_view text);
void decode(std::string_view text, std::vector<Glyph>& out);  // reusing out's storage

// Into a caller's fixed buffer; returns the number of glyphs, or SIZE_MAX if they do not fit.
std::size_t decode(std::string_view text, Glyph* out, std::size_t capacity);

// Full-width ASCII -> ASCII; NBSP, ideographic space -> space; hyphens, en and em
// dashes, minus -> '-'; multiplication sign -> 'x'; ideographic full stop -> '.'.
char32_t fold(char32_t c);

void append_utf8(std::string& out, char32_t c);

// The codepoint whose UTF-8 starts at byte `i` of `text` (U+FFFD for a byte that starts
// none); `i` moves past it.
char32_t next_codepoint(std::string_view text, std::size_t& i);

// A character as an error message shows it: quoted ('x'), or as U+0000 when it would not
// print (a control character, a byte that is not UTF-8), so that no message carries one.
std::string quoted_char(char32_t c);
std::string quoted_char_at(std::string_view text, std::size_t i);  // the one at byte i

// The piece an English letter names (P N B R Q K), or NO_PIECE_TYPE.
// Inline: the SAN readers call it for every move.
inline PieceType english_piece(char c) {
  switch (c) {
    case 'P': return PAWN;
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_PIECE_TYPE;
  }
}

// Number of codepoints in valid UTF-8 text (for columns).
std::size_t codepoint_count(std::string_view text);

}  // namespace chess::notation
