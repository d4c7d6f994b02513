#include "pgn-convert/convert.h"

#include <charconv>
#include <optional>

#include "chess/notation/registry.h"
#include "chess/uci_move.h"
#include "common/json.h"

namespace convert {

using namespace chess;
using namespace chess::pgn;
using tools::append_json_string;

namespace {

// The main line's moves in UCI, for engines and scripts (no board needed: the sides alternate).
// A game from another position than the standard start has its FEN and a tab before them
// (as notation-translate reads a line), Chess960's with the castling rooks' files (HAha):
// without it the moves would be read, or played, from the start position.
void uci_line(const Game& game, const Position& start, std::string& out) {
  if (start.chess960() || start.key() != Position::initial().key()) {
    start.append_fen(out, {.castling = start.chess960() ? CastlingNotation::Shredder : CastlingNotation::AsRead});
    out += '\t';
  }
  // Room made once for the whole line, cut to size at the end: one string operation per
  // game, not two per move.
  const std::size_t at = out.size();
  out.resize(at + game.main.moves.size() * (UCI_MAX + 1) + 1);
  char* const begin = out.data();
  char* const first = begin + at;
  char* p = first;
  Color side = start.side_to_move();
  for (const MoveNode& node : game.main.moves) {
    if (p != first) *p++ = ' ';
    p = write_uci(p, node.move, side, start.chess960());
    side = ~side;
  }
  *p++ = '\n';
  out.resize(std::size_t(p - begin));
}

// Numbers appended without a string of their own.
void append_number(std::string& out, long long n) {
  char digits[24];
  out.append(digits, std::size_t(std::to_chars(digits, digits + sizeof digits, n).ptr - digits));
}

// One line per position reached, for position databases: EPD's four fields, the clocks,
// and an id naming the game (its number left out: number_at) and the ply.
void epd_lines(const Game& game, Position pos, std::string& out, std::vector<std::size_t>& number_at) {
  int ply = 0;
  auto line = [&]() {
    std::size_t start = out.size();
    pos.append_fen(out);
    // The FEN's first four fields: its two clocks are written as EPD operations instead.
    std::size_t cut = out.size();
    for (int spaces = 0; cut > start && spaces < 2; --cut)
      if (out[cut - 1] == ' ') ++spaces;
    out.resize(cut);
    out += " hmvc ";
    append_number(out, pos.halfmove_clock());
    out += "; fmvn ";
    append_number(out, pos.fullmove_number());
    out += "; id \"game ";
    number_at.push_back(out.size());
    out += " ply ";
    append_number(out, ply);
    out += "\";\n";
  };
  line();
  for (const MoveNode& node : game.main.moves) {
    pos.make_move_or_pass(node.move);
    ++ply;
    line();
  }
}

void append_json_strings(std::string& out, const std::vector<std::string>& items) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    append_json_string(out, items[i]);
  }
  out += ']';
}

// A line of play as a JSON array, appended to `out`: each move in the codec's dialect and
// in UCI, with what the options keep of its NAGs, comments and variations.
void append_json_line(std::string& out, const Line& line, Position pos, notation::PieceOrigins origins,
                      const notation::Codec& codec, const WriteOptions& w) {
  out += '[';
  bool first = true;
  for (const MoveNode& node : line.moves) {
    bool variations = w.variations && !node.variations.empty();
    // The position before the move, for its variations: copied only when there are some.
    std::optional<Position> before;
    std::optional<notation::PieceOrigins> origins_before;
    if (variations) before = pos, origins_before = origins;
    out += first ? "{\"move\": " : ", {\"move\": ";
    first = false;
    append_json_string(out, node.move == Move::null() ? std::string(codec.null_move())
                                                      : codec.format(pos, node.move, notation::FormatOptions{&origins}));
    out += ", \"uci\": \"";
    append_uci(out, node.move, pos.side_to_move(), pos.chess960());
    out += '"';
    origins.update(pos, node.move);
    pos.make_move_or_pass(node.move);
    if (w.fen_after_each_move) {
      out += ", \"fen\": \"";
      pos.append_fen(out);  // a FEN has nothing JSON must escape
      out += '"';
    }
    if (w.nags && !node.nags.empty()) {
      out += ", \"nags\": [";
      for (std::size_t i = 0; i < node.nags.size(); ++i) {
        if (i) out += ", ";
        append_number(out, node.nags[i]);
      }
      out += ']';
    }
    if (w.comments && !node.comments.empty()) {
      out += ", \"comments\": ";
      append_json_strings(out, node.comments);
    }
    if (variations) {
      out += ", \"variations\": [";
      for (std::size_t i = 0; i < node.variations.size(); ++i) {
        if (i) out += ", ";
        append_json_line(out, node.variations[i], *before, *origins_before, codec, w);
      }
      out += ']';
    }
    out += '}';
  }
  out += ']';
}

// A JSON object's first fields: where the game is (its number and file left out:
// number_at, file_at), then its tags (those `which` says) up to the closing brace of "tags".
void json_head(const Game& game, WriteOptions::Tags which, Converted& c) {
  std::string& out = c.text;
  out += "{\"game\": ";
  c.number_at.push_back(out.size());
  out += ", \"file\": ";
  c.file_at = out.size();
  out += ", \"line\": ";
  append_number(out, (long long)game.start.line);
  out += ", \"offset\": ";
  append_number(out, (long long)game.span.offset);
  out += ", \"length\": ";
  append_number(out, (long long)game.span.length);
  out += ", \"tags\": {";
  bool first = true;
  for (const Tag& t : game.tags) {
    if (which == WriteOptions::Tags::None || (which == WriteOptions::Tags::Roster && !in_seven_tag_roster(t.name)))
      continue;
    if (!first) out += ", ";
    first = false;
    append_json_string(out, t.name);
    out += ": ";
    append_json_string(out, t.value);
  }
  out += '}';
}

// One object per game.
void jsonl(const Game& game, const Position& start, const ConvertOptions& o, Converted& c) {
  const notation::Codec& codec = o.write.codec ? *o.write.codec : *notation::find_codec("san");
  json_head(game, WriteOptions::Tags::All, c);
  std::string& out = c.text;
  out += ", \"dialect\": ";
  append_json_string(out, codec.name());
  out += ", \"moves\": ";
  append_json_line(out, game.main, start, notation::PieceOrigins(start), codec, o.write);
  out += ", \"result\": ";
  append_json_string(out, game.result ? *game.result : "*");
  out += "}\n";
}

}  // namespace

void render(Game& game, GameReport report, const ConvertOptions& options, Converted& c) {
  c.report = std::move(report);
  c.text.clear();
  c.number_at.clear();
  c.file_at = std::string::npos;
  if (!c.report.valid()) return;
  const Position& start = c.report.start_position();
  switch (options.format) {
    case Format::Pgn: write_pgn(game, start, options.write, c.text); break;
    case Format::Uci: uci_line(game, start, c.text); break;
    case Format::Epd: epd_lines(game, start, c.text, c.number_at); break;
    case Format::Jsonl: jsonl(game, start, options, c); break;
  }
}

void render_index(const Game& game, WriteOptions::Tags which, Converted& c) {
  c.report = GameReport{};
  c.report.ordinal = game.ordinal;
  c.report.start = game.start;
  c.report.span = game.span;
  c.text.clear();
  c.number_at.clear();
  json_head(game, which, c);
  c.text += "}\n";
}

void write_converted(const Converted& c, std::size_t number, std::string_view file_json, std::FILE* out) {
  if (c.number_at.empty()) {
    std::fwrite(c.text.data(), 1, c.text.size(), out);
    return;
  }
  // Put together first, then written at once: a game's EPD has a number on every line,
  // and stdio locks the stream at every call once the program runs threads.
  thread_local std::string numbered;
  std::string number_text;  // short: no allocation
  append_number(number_text, (long long)number);
  numbered.clear();
  std::size_t from = 0;
  for (std::size_t at : c.number_at) {
    numbered.append(c.text, from, at - from);
    numbered += number_text;
    from = at;
  }
  if (c.file_at != std::string::npos) {
    numbered.append(c.text, from, c.file_at - from);
    numbered += file_json;
    from = c.file_at;
  }
  numbered.append(c.text, from);
  std::fwrite(numbered.data(), 1, numbered.size(), out);
  if (numbered.capacity() > (1 << 20)) numbered = std::string();  // not a huge game's room for good
}

}  // namespace convert
