#include "chess/pgn/writer.h"

#include <algorithm>
#include <optional>

#include "chess/notation/registry.h"

namespace chess::pgn {
namespace {

constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

std::string roster_default(std::string_view name, const Game& game) {
  if (name == "Date") return "????.??.??";
  if (name == "Result") return game.result ? *game.result : "*";
  return "?";
}

std::string escaped(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Clock-like embedded commands ([%clk 0:01:29], [%emt 0.01]...) for --no-clocks.
std::string without_clocks(std::string_view comment) {
  std::string out;
  for (std::size_t i = 0; i < comment.size();) {
    if (comment.compare(i, 2, "[%") == 0) {
      std::size_t name_end = i + 2;
      while (name_end < comment.size() && std::isalnum(static_cast<unsigned char>(comment[name_end]))) ++name_end;
      std::string_view name = comment.substr(i + 2, name_end - i - 2);
      std::size_t close = comment.find(']', i);
      if (close != std::string_view::npos &&
          (name == "clk" || name == "emt" || name == "egt" || name == "mct" || name == "timestamp")) {
        i = close + 1;
        continue;
      }
    }
    out += comment[i++];
  }
  return out;
}

// Greedy filling of lines to the width, single spaces between tokens, written straight
// into the output.
class LineFiller {
public:
  explicit LineFiller(std::size_t width) : width_(width) {}
  void add(std::string_view token) {
    if (line_length_ && line_length_ + 1 + token.size() > width_) {
      out_ += '\n';
      line_length_ = 0;
    }
    if (line_length_) {
      out_ += ' ';
      ++line_length_;
    }
    out_ += token;
    line_length_ += token.size();
  }
  std::string finish() {
    if (line_length_) out_ += '\n';
    line_length_ = 0;
    return std::move(out_);
  }

private:
  std::size_t width_;
  std::size_t line_length_ = 0;
  std::string out_;
};

class Writer {
public:
  Writer(const WriteOptions& options) : o_(options), codec_(options.codec ? *options.codec : *notation::find_codec("san")), fill_(options.width) {}

  std::string write(const Game& game, const Position& start) {
    copy_san_ = game.canonical_san && codec_.name() == "san";  // the text is what format() would write
    std::string out = tags(game);
    out += '\n';
    Position pos = start;
    notation::PieceOrigins origins(pos);
    line(game.main, pos, origins, true);
    fill_.add(game.result ? *game.result : "*");
    out += fill_.finish();
    out += '\n';
    return out;
  }

private:
  std::string tags(const Game& game) {
    std::string out;
    if (o_.tags == WriteOptions::Tags::None) return out;
    auto tag_line = [](std::string_view name, std::string_view value) {
      return "[" + std::string(name) + " \"" + escaped(value) + "\"]\n";
    };
    for (const char* name : ROSTER) {
      const Tag* t = game.find_tag(name);
      std::string value = t ? t->value : roster_default(name, game);
      // The Result tag follows the termination marker in export format.
      if (std::string_view(name) == "Result" && game.result) value = *game.result;
      out += tag_line(name, value);
    }
    if (o_.tags == WriteOptions::Tags::Roster) return out;
    std::vector<const Tag*> others;
    for (const Tag& t : game.tags)
      if (std::find(std::begin(ROSTER), std::end(ROSTER), t.name) == std::end(ROSTER)) others.push_back(&t);
    if (!o_.keep_tag_order)
      std::stable_sort(others.begin(), others.end(), [](const Tag* a, const Tag* b) { return a->name < b->name; });
    for (const Tag* t : others) out += tag_line(t->name, t->value);
    return out;
  }

  void comment(std::string_view text) {
    std::string stripped;
    if (!o_.clocks || text.find('}') != std::string_view::npos) {  // else the text is written as it is
      stripped = o_.clocks ? std::string(text) : without_clocks(text);
      for (char& c : stripped)
        if (c == '}') c = ')';  // cannot appear inside a {} comment
      text = stripped;
    }
    // Word by word, so that long comments fill lines like moves do.
    auto space = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; };
    std::string_view b = text;
    bool opened = false;
    for (std::size_t i = 0; i < b.size();) {
      while (i < b.size() && space(b[i])) ++i;
      std::size_t j = i;
      while (j < b.size() && !space(b[j])) ++j;
      if (j > i) {
        if (!opened) fill_.add("{");
        opened = true;
        fill_.add(b.substr(i, j - i));
      }
      i = j;
    }
    if (!opened) return;
    fill_.add("}");
    after_break_ = true;
  }

  void line(const Line& l, Position pos, notation::PieceOrigins origins, bool main) {
    if (o_.comments)
      for (const std::string& c : l.leading_comments) comment(c);
    after_break_ = true;  // a line opens with its move number, "N..." for Black
    for (std::size_t i = 0; i < l.moves.size(); ++i) {
      const MoveNode& node = l.moves[i];
      Color side = pos.side_to_move();
      if (side == WHITE || after_break_) fill_.add(codec_.move_number(pos.fullmove_number(), side));
      after_break_ = false;
      if (copy_san_) fill_.add(node.text);
      else fill_.add(codec_.format(pos, node.move, notation::FormatOptions{&origins, true}));
      if (o_.nags)
        for (int nag : node.nags) fill_.add("$" + std::to_string(nag));
      if (o_.comments)
        for (const std::string& c : node.comments) comment(c);
      // Variations start from the position before this move: kept only when there are some.
      bool branches = o_.variations && !node.variations.empty();
      std::optional<Position> before;
      std::optional<notation::PieceOrigins> origins_before;
      if (branches) {
        before = pos;
        origins_before = origins;
      }
      origins.update(pos, node.move);
      pos.make_move(node.move);
      if (o_.fen_after_each_move) {
        fill_.add("{");
        fill_.add(pos.fen());
        fill_.add("}");
        after_break_ = true;
      }
      if (branches)
        for (const Line& v : node.variations) {
          fill_.add("(");
          line_variation(v, *before, *origins_before);
          fill_.add(")");
          after_break_ = true;
        }
    }
    (void)main;
  }

  void line_variation(const Line& v, const Position& pos, const notation::PieceOrigins& origins) {
    // Tokens of a variation hug its parentheses: "( 8... Qe7 9. Nc3 )" as python-chess writes.
    line(v, pos, origins, false);
  }

  const WriteOptions& o_;
  const notation::Codec& codec_;
  LineFiller fill_;
  bool after_break_ = true;
  bool copy_san_ = false;
};

}  // namespace

std::string write_pgn(const Game& game, const Position& start, const WriteOptions& options) {
  return Writer(options).write(game, start);
}

}  // namespace chess::pgn
