// Counts in summaries, in English: "1 game", "2 games", "0 warnings".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tools {

inline std::string counted(std::size_t n, std::string_view noun) {
  std::string out = std::to_string(n);
  out += ' ';
  out += noun;
  if (n != 1) out += 's';
  return out;
}

// For nouns whose plural is no added 's' ("1 ply", "3 plies").
inline std::string counted(std::size_t n, std::string_view singular, std::string_view plural) {
  return std::to_string(n) + ' ' + std::string(n == 1 ? singular : plural);
}

}  // namespace tools
