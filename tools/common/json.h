// Just enough JSON for JSON Lines output (string escaping), and for reading the programs'
// own summaries back.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tools {

// The text as a JSON string literal, quotes included. Bytes that are not valid UTF-8
// are written as U+FFFD so the output always parses.
std::string json_string(std::string_view text);
// The same, appended to `out` (no string of its own: renderers write game after game).
void append_json_string(std::string& out, std::string_view text);

}  // namespace tools

namespace tools {

struct JsonMember;

// Just enough JSON reading for the programs' own summaries read back (--merge-summaries): objects,
// arrays, strings, whole numbers, true, false and null.
struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  long long number = 0;  // a Number (whole), or a Bool's 0 or 1
  std::string text;      // a String
  std::vector<JsonValue> items;                              // an Array
  std::vector<JsonMember> members;  // an Object, in order
  // The member named `key` of an object, or null.
  const JsonValue* get(std::string_view key) const;
  long long number_at(std::string_view key) const;  // 0 when there is none
};

// (Not a std::pair: a pair of a type not yet complete is refused by libstdc++ under clang.)
struct JsonMember {
  std::string name;
  JsonValue value;
};

// The value `text` holds, or nullopt with `error` saying where it went wrong.
std::optional<JsonValue> parse_json(std::string_view text, std::string& error);

}  // namespace tools
