// Dialect names, as every program's --from / --to take them, and auto-detection.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/notation/codec.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::notation {

// The codec for a dialect name (san, lan, uci, fan, descriptive, chinese, iccf, smith,
// san-de, san-fr, ...), or null if there is none.
const Codec* find_codec(std::string_view name);

// Every dialect name, in the order auto-detection tries them.
std::vector<std::string_view> codec_names();

struct Detection {
  const Codec* codec = nullptr;     // the dialect that reads the whole list legally
  std::vector<std::string> rivals;  // other dialects that read it as different moves
  std::string message;              // why detection failed, when codec is null
  // When no dialect reads every move (and none conflict): the one that read furthest,
  // so that the caller can report the real error at the move where it stopped.
  const Codec* closest = nullptr;
  // When several read it with different moves: all of them (the caller may know which
  // dialect the rest of its input is in).
  std::vector<const Codec*> readings;
  // With a codec: another dialect reads every move too, as other moves, only leniently
  // ("Pf3": Dutch's knight, exactly; SAN's pawn with its letter). The codec stands (it
  // reads as its dialect writes), but not silently: a sentence for a warning.
  std::string caution;
};

// Picks the dialect under which every move of the list reads legally from `start`.
// If two dialects read it as different moves, that is an error naming both.
Detection detect_dialect(const Position& start, std::span<const std::string_view> moves);

}  // namespace chess::notation

CHESS_PUBLIC_END
