// UTF-8 as the tools check it: JSON strings, quoted input in messages, encoding detection.
#pragma once

#include <cstddef>
#include <string_view>

namespace tools {

// The length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one.
inline std::size_t utf8_length(std::string_view s, std::size_t i) {
  auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return 0;
  return n;
}

}  // namespace tools
