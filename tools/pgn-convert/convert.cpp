#include "pgn-convert/convert.h"

#include <fmt/core.h>

#include "chess/notation/registry.h"
#include "chess/uci_move.h"
#include "common/json.h"

namespace convert {

using namespace chess;
using namespace chess::pgn;
using tools::json_string;

namespace {

// The main line's moves in UCI, for engines and scripts (no board needed: the sides alternate).
void uci_line(const Game& game, const Position& start, std::string& out) {
  Color side = start.side_to_move();
  for (const MoveNode& node : game.main.moves) {
    if (!out.empty()) out += ' ';
    append_uci(out, node.move, side, start.chess960());
    side = ~side;
  }
  out += '\n';
}

// One line per position reached, for position databases: EPD's four fields, the clocks,
// and an id naming the game and the ply.
std::string epd_lines(const Game& game, Position pos) {
  std::string out;
  int ply = 0;
  auto line = [&]() {
    std::string fen = pos.fen();
    std::size_t cut = fen.size();
    for (int spaces = 0; cut > 0 && spaces < 2; --cut)
      if (fen[cut - 1] == ' ') ++spaces;
    out += fmt::format("{} hmvc {}; fmvn {}; id \"game {} ply {}\";\n", fen.substr(0, cut), pos.halfmove_clock(),
                       pos.fullmove_number(), game.ordinal, ply);
  };
  line();
  for (const MoveNode& node : game.main.moves) {
    pos.make_move(node.move);
    ++ply;
    line();
  }
  return out;
}

std::string json_strings(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
  return out + "]";
}

std::string json_line(const Line& line, Position pos, notation::PieceOrigins origins, const notation::Codec& codec,
                      const WriteOptions& w) {
  std::string out = "[";
  bool first = true;
  for (const MoveNode& node : line.moves) {
    Position before = pos;
    notation::PieceOrigins origins_before = origins;
    std::string item = fmt::format("{{\"move\": {}, \"uci\": {}",
                                   json_string(codec.format(pos, node.move, notation::FormatOptions{&origins})),
                                   json_string(to_uci(pos, node.move)));
    origins.update(pos, node.move);
    pos.make_move(node.move);
    if (w.fen_after_each_move) item += ", \"fen\": " + json_string(pos.fen());
    if (w.nags && !node.nags.empty()) {
      item += ", \"nags\": [";
      for (std::size_t i = 0; i < node.nags.size(); ++i) item += (i ? ", " : "") + std::to_string(node.nags[i]);
      item += "]";
    }
    if (w.comments && !node.comments.empty()) item += ", \"comments\": " + json_strings(node.comments);
    if (w.variations && !node.variations.empty()) {
      item += ", \"variations\": [";
      for (std::size_t i = 0; i < node.variations.size(); ++i)
        item += (i ? ", " : "") + json_line(node.variations[i], before, origins_before, codec, w);
      item += "]";
    }
    out += (first ? "" : ", ") + item + "}";
    first = false;
  }
  return out + "]";
}

std::string jsonl(const Game& game, const Position& start, const ConvertOptions& o) {
  const notation::Codec& codec = o.write.codec ? *o.write.codec : *notation::find_codec("san");
  std::string tags = "{";
  for (std::size_t i = 0; i < game.tags.size(); ++i)
    tags += (i ? ", " : "") + json_string(game.tags[i].name) + ": " + json_string(game.tags[i].value);
  tags += "}";
  return fmt::format("{{\"game\": {}, \"tags\": {}, \"dialect\": {}, \"moves\": {}, \"result\": {}}}\n", game.ordinal,
                     tags, json_string(codec.name()),
                     json_line(game.main, start, notation::PieceOrigins(start), codec, o.write),
                     json_string(game.result ? *game.result : "*"));
}

}  // namespace

void render(Game& game, GameReport report, const ConvertOptions& options, Converted& c) {
  c.report = std::move(report);
  c.text.clear();
  if (!c.report.valid()) return;
  const Position& start = c.report.start_position();
  switch (options.format) {
    case Format::Pgn: write_pgn(game, start, options.write, c.text); break;
    case Format::Uci: uci_line(game, start, c.text); break;
    case Format::Epd: c.text = epd_lines(game, start); break;
    case Format::Jsonl: c.text = jsonl(game, start, options); break;
  }
}

}  // namespace convert
