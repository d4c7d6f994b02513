// Just enough JSON writing for JSON Lines output: string escaping.
#pragma once

#include <string>
#include <string_view>

namespace tools {

// The text as a JSON string literal, quotes included. Bytes that are not valid UTF-8
// are written as U+FFFD so the output always parses.
std::string json_string(std::string_view text);
// The same, appended to `out` (no string of its own: renderers write game after game).
void append_json_string(std::string& out, std::string_view text);

}  // namespace tools
