// Everything a read game holds, as text, for comparing two readings of one input (the
// plain fast path against the general one) as strings that print readably when they differ.
#pragma once

#include <string>

#include "chess/pgn/game.h"
#include "chess/uci_move.h"

namespace fuzz_support {

inline void append_line(std::string& out, const chess::pgn::Line& line, int depth) {
  std::string indent(std::size_t(2 * depth), ' ');
  for (const std::string& c : line.leading_comments) out += indent + "{" + c + "}\n";
  for (const chess::pgn::MoveNode& node : line.moves) {
    // (Not MoveNode::written_number: only the general path keeps it, for explaining errors.)
    out += indent + node.text + " @" + std::to_string(node.at.line) + ":" +
           std::to_string(node.at.column) + " move=" + std::to_string(node.move.raw());
    for (int nag : node.nags) out += " $" + std::to_string(nag);
    out += '\n';
    for (const std::string& c : node.comments) out += indent + "  {" + c + "}\n";
    for (const chess::pgn::Line& v : node.variations) {
      out += indent + "  (\n";
      append_line(out, v, depth + 2);
      out += indent + "  )\n";
    }
  }
}

// `with_raw`: the game's text as read too (the fast path keeps it only for games with errors).
inline std::string game_text(const chess::pgn::Game& g, bool with_raw) {
  std::string out = "game " + std::to_string(g.ordinal) + " at " + std::to_string(g.start.line) + ":" +
                    std::to_string(g.start.column) + "\n";
  for (const chess::pgn::Tag& t : g.tags)
    out += "[" + t.name + " \"" + t.value + "\"] @" + std::to_string(t.at.line) + ":" + std::to_string(t.at.column) + "\n";
  append_line(out, g.main, 0);
  out += "result " + g.result.value_or("(none)") + " @" + std::to_string(g.result_at.line) + ":" +
         std::to_string(g.result_at.column) + "\n";
  if (with_raw) out += "raw<<" + g.raw + ">>\n";
  return out;
}

}  // namespace fuzz_support
