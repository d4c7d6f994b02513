// What the reader says of text it read otherwise than written, shared with the plain
// scanner (plain_scanner.h), which reads such text on its fast path: their words, codes and
// places must be the same, for the two paths' reports are compared byte for byte.
#pragma once

#include <string>
#include <string_view>

#include "chess/pgn/diagnostic.h"

namespace chess::pgn::detail {

inline constexpr std::string_view LATIN1_WARNING = "bytes that are not UTF-8: read as ISO-8859-1 (Latin-1)";

// Once a game, at the first byte read as Latin-1.
inline Diagnostic latin1_warning(Location at) {
  return {Severity::Warning, "encoding", at, std::string(LATIN1_WARNING), 0, {}, {}, {}};
}

// A termination marker written otherwise ("1/2", "1:0") than the result it is read as.
inline Diagnostic result_read_as(std::string_view written, std::string_view read, Location at) {
  return {Severity::Warning, "lenient-reading", at,
          "termination marker '" + std::string(written) + "' read as " + std::string(read), 0, {}, {}, {}};
}

}  // namespace chess::pgn::detail
