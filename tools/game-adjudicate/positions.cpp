#include "game-adjudicate/positions.h"

#include <fmt/core.h>
#include <fmt/format.h>
#include <map>

#include "chess/notation/registry.h"
#include "chess/rules/status.h"
#include "common/counted.h"
#include "common/exit_codes.h"
#include "common/line_loop.h"
#include "common/json.h"

namespace adjudicate {

using namespace chess;

namespace {

struct Line {
  std::string label;  // the expected class, if the line gave one
  std::string fen;
  std::size_t stray_at = 0;  // the column of words after the FEN that are no EPD operations (none: 0)
  std::size_t words = 0;     // how many words the line has, when stray_at is set
};

// "WB fen", "fen", "epd ops;": the label, and the FEN's fields (an EPD's four, with its
// clocks when the next two words are numbers).
Line split_line(std::string_view text) {
  Line out;
  std::string_view label_start = text;
  if (text.size() > 3 && text[2] == ' ' && (text[0] == 'W' || text[0] == '-') && (text[1] == 'B' || text[1] == '-')) {
    out.label = std::string(text.substr(0, 2));
    text.remove_prefix(3);
  }
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < text.size() && fields.size() < 6;) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  auto number = [](std::string_view f) { return !f.empty() && f.find_first_not_of("0123456789") == std::string_view::npos; };
  std::size_t keep = fields.size() >= 6 && number(fields[4]) && number(fields[5]) ? 6 : std::min<std::size_t>(4, fields.size());
  for (std::size_t i = 0; i < keep; ++i) out.fen += (i ? " " : "") + std::string(fields[i]);
  // What follows the FEN is an EPD's operations ("bm e4; id \"x\";") or nothing: a FEN of
  // 10,000 fields is no position read with its first six.
  if (!fields.empty()) {
    std::size_t end = std::size_t(fields[keep - 1].data() + fields[keep - 1].size() - text.data());
    std::string_view rest = text.substr(end);
    std::size_t first = rest.find_first_not_of(' ');
    if (first != std::string_view::npos && rest.find(';') == std::string_view::npos) {
      out.stray_at = end + first + 1 + (text.data() - label_start.data());
      out.words = keep;
      for (std::size_t i = first; i < rest.size();) {
        while (i < rest.size() && rest[i] == ' ') ++i;
        if (i < rest.size()) ++out.words;
        while (i < rest.size() && rest[i] != ' ') ++i;
      }
    }
  }
  return out;
}

std::string ability(rules::MateAbility a) {
  return a == rules::MateAbility::Possible ? "yes" : a == rules::MateAbility::Impossible ? "no" : "unknown";
}

std::vector<std::string> san_line(Position pos, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  const notation::Codec* san = notation::find_codec("san");
  for (Move m : moves) {
    out.push_back(san->format(pos, m));
    pos.make_move(m);
  }
  return out;
}

std::string json_list(const std::vector<std::string>& words) {
  std::string out = "[";
  for (std::size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + tools::json_string(words[i]);
  return out + "]";
}

// One position's answer, as text or as a JSON object.
struct Judged {
  const std::string& file;
  std::size_t number;
  const Line& line;
  std::string status, cls;
  bool wrong;
};

void print_judged(const PositionsOptions& options, const Judged& j, const Position& pos,
                  const rules::DeadPositionAnalysis& a) {
  if (options.jsonl) {
    std::string white = fmt::format("{{\"can_mate\": \"{}\"", ability(a.white.ability));
    std::string black = fmt::format("{{\"can_mate\": \"{}\"", ability(a.black.ability));
    if (options.witness && a.white.ability == rules::MateAbility::Possible) white += ", \"witness\": " + json_list(san_line(pos, a.white.witness));
    if (options.witness && a.black.ability == rules::MateAbility::Possible) black += ", \"witness\": " + json_list(san_line(pos, a.black.witness));
    fmt::print("{{\"file\": {}, \"line\": {}, \"fen\": {}, \"status\": \"{}\", \"class\": \"{}\"{}, \"white\": {}}}, "
               "\"black\": {}}}, \"nodes\": {}}}\n",
               tools::json_string(j.file), j.number, tools::json_string(j.line.fen), j.status, j.cls,
               j.line.label.empty() ? "" : fmt::format(", \"expected\": \"{}\", \"wrong\": {}", j.line.label, j.wrong),
               white, black, a.white.nodes + a.black.nodes);
    return;
  }
  std::string out = fmt::format("{}:{}: {} {}", j.file, j.number, j.status, j.cls);
  if (j.wrong) out += fmt::format(" (expected {}: WRONG)", j.line.label);
  if (options.witness) {
    if (a.white.ability == rules::MateAbility::Possible)
      out += "; White mates: " + fmt::format("{}", fmt::join(san_line(pos, a.white.witness), " "));
    if (a.black.ability == rules::MateAbility::Possible)
      out += "; Black mates: " + fmt::format("{}", fmt::join(san_line(pos, a.black.witness), " "));
  }
  fmt::print("{}\n", out);
}

}  // namespace

int run_positions(const PositionsOptions& options, const tools::DiagnosticPrinter& diagnostics) {
  int status = tools::EXIT_ALL_GOOD;
  std::size_t positions = 0, unreadable = 0, wrong = 0, labelled = 0;
  std::map<std::string, std::size_t> by_class;
  auto bad = [&](const std::string& file, std::size_t number, std::size_t column, const std::string& why) {
    ++unreadable;
    status = std::max(status, int(tools::EXIT_SOME_INVALID));
    diagnostics.print(file, number, column, tools::Severity::Error, "bad-fen", why);
  };
  auto on_line = [&](const std::string& file, std::size_t number, std::string& raw, bool too_long) {
    if (too_long) return bad(file, number, 1, "line too long for a FEN");
    std::string_view text = raw;
    while (!text.empty() && (text.back() == '\r' || text.back() == '\0' || text.back() == ' ')) text.remove_suffix(1);
    if (text.empty() || text[0] == '#') return;
    Line line = split_line(text);
    if (line.stray_at)
      return bad(file, number, line.stray_at,
                 fmt::format("record field: expected 6 fields (or an EPD's 4 and its operations, each ending in ';'), "
                             "found {}", line.words));
    FenResult fen = Position::from_fen(line.fen);
    if (!fen.ok())
      return bad(file, number, fen.error->column, std::string(to_string(fen.error->field)) + " field: " + fen.error->message);
    ++positions;
    const Position& pos = fen.position;
    rules::Status s = rules::status(pos);
    rules::DeadPositionAnalysis a = rules::analyse_dead_position(pos, options.budget);
    std::string cls = a.classification();
    std::string shown_status = s != rules::Status::Playable ? std::string(rules::to_string(s)) : a.dead() ? "dead" : "playable";
    ++by_class[cls];
    bool is_wrong = !line.label.empty() && cls != "unknown" && cls != line.label;
    if (!line.label.empty()) ++labelled;
    if (is_wrong) {
      ++wrong;
      status = std::max(status, int(tools::EXIT_SOME_INVALID));
    }
    print_judged(options, {file, number, line, shown_status, cls, is_wrong}, pos, a);
  };
  status = std::max(status, tools::for_each_line(tools::LineLoopOptions{options.files}, diagnostics, on_line));
  std::string classes;
  for (const auto& [c, n] : by_class) classes += fmt::format("{}{} {}", classes.empty() ? "" : ", ", c, n);
  if (options.jsonl)
    fmt::print("{{\"summary\": {{\"positions\": {}, \"unreadable\": {}, \"labelled\": {}, \"wrong\": {}, \"unknown\": {}}}}}\n",
               positions, unreadable, labelled, wrong, by_class["unknown"]);
  else
    fmt::print(stderr, "{}: {}; {} unreadable{}\n", tools::counted(positions, "position"), classes.empty() ? "none" : classes,
               unreadable, labelled ? fmt::format("; {} labelled, {} wrong", labelled, wrong) : "");
  return status;
}

}  // namespace adjudicate
