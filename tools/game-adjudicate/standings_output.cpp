// The standings printed: one TablePrinter per format, chosen once. Text, CSV and HTML
// print the same grid (the ranking and, to its right, the crosstable: a column per
// opponent in a round robin, per round otherwise); JSON Lines the same facts as fields.
#include <fmt/core.h>

#include "common/json.h"
#include "game-adjudicate/standings.h"

namespace adjudicate {

using namespace chess::tournament;
using tools::json_string;

namespace {

std::string number(double v) { return fmt::format("{:g}", v); }

std::string glyph(double result) { return result == 1 ? "1" : result == 0.5 ? "½" : "0"; }

// A result against one opponent: 1 ½ 0 over the board, + or - for a forfeit.
std::string result_mark(const RoundResult& r) {
  if (r.kind == RoundKind::ForfeitWin) return "+";
  if (r.kind == RoundKind::ForfeitLoss) return "-";
  return glyph(r.result);
}

// The Swiss form: the opponent's row number, the colour, the result; "bye" and its points.
std::string round_cell(const RoundResult& r) {
  if (r.opponent < 0) return "bye" + glyph(r.result);
  return fmt::format("{}{}{}", r.opponent + 1, r.white ? 'w' : 'b', result_mark(r));
}

// The grid's cell of a player against another: every game between them, in round order.
std::string opponent_cell(const Player& p, int opponent) {
  std::string out;
  for (const RoundResult& r : p.rounds)
    if (r.opponent == opponent) out += result_mark(r);
  return out;
}

std::string kind_of_event(const Table& t) {
  if (!t.round_robin) return "Swiss";
  static const char* const CYCLES[] = {"", "round robin", "double round robin", "triple round robin"};
  return t.cycles < 4 ? CYCLES[t.cycles] : fmt::format("round robin of {} cycles", t.cycles);
}

std::string title(const Table& t) {
  std::string name = t.event.empty() ? "?" : t.event;
  if (!t.site.empty() && t.site != "?") name += ", " + t.site;
  return fmt::format("{}: {} players, {} rounds, {}", name, t.players.size(), t.rounds, kind_of_event(t));
}

struct Grid {
  std::vector<std::string> head;
  std::vector<std::vector<std::string>> rows;
  std::size_t name_column = 1;  // left-aligned; the rest are numbers and results
};

Grid grid_of(const Table& t) {
  Grid g;
  g.head = {"#", "Player", "Elo", "Pts", "G", "W", "D", "L", "B"};
  for (const TieBreak& tb : t.tiebreaks) g.head.push_back(tb.name());
  std::size_t columns = t.round_robin ? t.players.size() : std::size_t(t.rounds);
  for (std::size_t c = 1; c <= columns; ++c) g.head.push_back(t.round_robin ? std::to_string(c) : "R" + std::to_string(c));
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const Player& p = t.players[i];
    bool shared = (i > 0 && t.players[i - 1].rank == p.rank) || (i + 1 < t.players.size() && t.players[i + 1].rank == p.rank);
    std::vector<std::string> row = {std::to_string(p.rank) + (shared ? "=" : ""), p.name,
                                    p.elo ? std::to_string(*p.elo) : "", number(p.score), std::to_string(p.played),
                                    std::to_string(p.wins), std::to_string(p.draws), std::to_string(p.losses),
                                    std::to_string(p.black)};
    for (double v : p.tiebreaks) row.push_back(number(v));
    for (std::size_t c = 0; c < columns; ++c) {
      if (t.round_robin) {
        row.push_back(c == i ? "×" : opponent_cell(p, int(c)));
        continue;
      }
      std::string cell;
      for (const RoundResult& r : p.rounds)
        if (r.round == int(c) + 1) cell += (cell.empty() ? "" : " ") + round_cell(r);
      row.push_back(cell);
    }
    g.rows.push_back(row);
  }
  return g;
}

// What the table's numbers mean, and the choices made: the footer of every format.
std::vector<std::string> footer(const Table& t, const std::string& scored_by) {
  std::vector<std::string> lines;
  std::string tbs;
  for (std::size_t i = 0; i < t.tiebreaks.size(); ++i)
    tbs += fmt::format("{}{}. {}: {}", i ? "; " : "", i + 1, t.tiebreaks[i].name(), t.tiebreaks[i].description());
  lines.push_back("Tie-breaks (FIDE Tie-Break Regulations C.07, 2024): " + (tbs.empty() ? "none" : tbs) +
                  (t.defaulted_tiebreaks ? fmt::format(" (the default for a {})", t.round_robin ? "round robin" : "Swiss") : ""));
  lines.push_back(fmt::format("Points: win {}, draw {}, loss {}; games scored {}.", number(t.points.win),
                              number(t.points.draw), number(t.points.loss), scored_by));
  lines.push_back("Columns: Pts the score, G games played, W D L won, drawn, lost over the board, B games with Black.");
  lines.push_back(t.round_robin ? "Crosstable: the results against each row's player (1 ½ 0; + - a forfeit won or lost)."
                                : "Crosstable: per round the opponent's row, the colour (w b), the result (1 ½ 0; + - "
                                  "a forfeit won or lost); bye and its points.");
  if (!t.unplayed.empty())
    lines.push_back(t.round_robin
                        ? "Unplayed games (art. 15.2): a forfeit counts the scheduled opponent in BH and SB; a round "
                          "sat out counts nothing."
                        : "Unplayed rounds (art. 16): in BH and SB a player's unplayed round is a game against a dummy "
                          "with the player's own score (16.4); a requested bye followed only by voluntary unplayed "
                          "rounds counts as a draw in the opponents' sums (16.2.5, 16.3); a cut takes a voluntary "
                          "unplayed round first when it is worth as much as the least significant value (16.5). A "
                          "full-point bye is taken for a pairing-allocated bye, a half- or zero-point bye for a "
                          "requested one (16.1.2); direct encounter leaves forfeits out (6.1.1).");
  if (!t.spellings.empty()) {
    std::string names;
    for (const auto& [spelling, shown] : t.spellings) names += fmt::format("{}\"{}\" for {}", names.empty() ? "" : "; ", spelling, shown);
    lines.push_back("Names: one player however the case and the spaces are written: " + names + ".");
  }
  if (t.rounds_by_order) lines.push_back("Rounds: some Round tags do not tell the round; each player's games are numbered in input order.");
  if (std::any_of(t.tiebreaks.begin(), t.tiebreaks.end(), [](const TieBreak& tb) { return tb.method == Method::ARO || tb.method == Method::TPR; }))
    lines.push_back("Ratings: ARO and TPR count the games played against rated opponents.");
  return lines;
}

std::string listed_line(const Listed& l) {
  std::string round = l.round.empty() || l.round == "?" ? "" : "round " + l.round + ": ";
  return fmt::format("{}{} - {} {} ({}), {}", round, l.white, l.black, l.result, l.what, l.source);
}

std::size_t width(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;  // code points: names and ½ are UTF-8
  return n;
}

class TextTables : public TablePrinter {
public:
  explicit TextTables(std::string scored_by) : scored_by_(std::move(scored_by)) {}
  void table(const Table& t) override {
    if (!first_) fmt::print("\n");
    first_ = false;
    fmt::print("{}\n\n", title(t));
    Grid g = grid_of(t);
    std::vector<std::size_t> widths(g.head.size());
    for (std::size_t c = 0; c < g.head.size(); ++c) {
      widths[c] = width(g.head[c]);
      for (const auto& row : g.rows) widths[c] = std::max(widths[c], width(row[c]));
    }
    auto print_row = [&](const std::vector<std::string>& row) {
      std::string line;
      for (std::size_t c = 0; c < row.size(); ++c) {
        std::string pad(widths[c] - width(row[c]), ' ');
        line += (c ? "  " : "") + (c == g.name_column ? row[c] + pad : pad + row[c]);
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      fmt::print("{}\n", line);
    };
    print_row(g.head);
    for (const auto& row : g.rows) print_row(row);
    print_list("Unplayed", t.unplayed);
    print_list("Not scored", t.not_scored);
    fmt::print("\n");
    for (const std::string& line : footer(t, scored_by_)) fmt::print("{}\n", line);
  }

private:
  static void print_list(const char* what, const std::vector<Listed>& list) {
    if (list.empty()) return;
    fmt::print("\n{}:\n", what);
    for (const Listed& l : list) fmt::print("  {}\n", listed_line(l));
  }
  std::string scored_by_;
  bool first_ = true;
};

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// One header row and one row per player for each table, a blank line between tables;
// the event and site in every row, so that the rows of several tables still tell apart.
class CsvTables : public TablePrinter {
public:
  void table(const Table& t) override {
    if (!first_) fmt::print("\n");
    first_ = false;
    Grid g = grid_of(t);
    auto print_row = [&](const std::string& event, const std::string& site, const std::vector<std::string>& row) {
      std::string line = csv_field(event) + "," + csv_field(site);
      for (const std::string& field : row) line += "," + csv_field(field);
      fmt::print("{}\n", line);
    };
    print_row("Event", "Site", g.head);
    for (const auto& row : g.rows) print_row(t.event, t.site, row);
  }

private:
  bool first_ = true;
};

const char* kind_name(RoundKind k) {
  switch (k) {
    case RoundKind::Played: return "played";
    case RoundKind::ForfeitWin: return "forfeit-win";
    case RoundKind::ForfeitLoss: return "forfeit-loss";
    case RoundKind::FullBye: return "full-point-bye";
    case RoundKind::HalfBye: return "half-point-bye";
    case RoundKind::ZeroBye: return "zero-point-bye";
  }
  return "played";
}

std::string json_listed(const std::vector<Listed>& list) {
  std::string out = "[";
  for (const Listed& l : list)
    out += fmt::format("{}{{\"round\": {}, \"white\": {}, \"black\": {}, \"result\": {}, \"what\": {}, \"source\": {}}}",
                       out.size() > 1 ? ", " : "", json_string(l.round), json_string(l.white), json_string(l.black),
                       json_string(l.result), json_string(l.what), json_string(l.source));
  return out + "]";
}

std::string json_player(const Table& t, const Player& p) {
  std::string tbs, rounds;
  for (std::size_t i = 0; i < t.tiebreaks.size(); ++i)
    tbs += fmt::format("{}{}: {}", i ? ", " : "", json_string(t.tiebreaks[i].name()), number(p.tiebreaks[i]));
  for (const RoundResult& r : p.rounds)
    rounds += fmt::format("{}{{\"round\": {}, \"opponent\": {}, \"colour\": {}, \"result\": {}, \"points\": {}, \"kind\": \"{}\"}}",
                          rounds.empty() ? "" : ", ", r.round,
                          r.opponent < 0 ? "null" : json_string(t.players[std::size_t(r.opponent)].name),
                          r.opponent < 0 ? "null" : r.white ? "\"white\"" : "\"black\"", number(r.result),
                          number(r.points), kind_name(r.kind));
  return fmt::format("{{\"event\": {}, \"site\": {}, \"rank\": {}, \"player\": {}, \"key\": {}, \"elo\": {}, \"score\": {}, "
                     "\"games\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"black\": {}, \"tiebreaks\": {{{}}}, "
                     "\"rounds\": [{}]}}",
                     json_string(t.event), json_string(t.site), p.rank, json_string(p.name), json_string(p.key),
                     p.elo ? std::to_string(*p.elo) : "null", number(p.score), p.played, p.wins, p.draws, p.losses,
                     p.black, tbs, rounds);
}

// A line for the table (what it is, its tie-breaks, its unplayed and unscored games, the
// footer), then one per player in rank order.
class JsonTables : public TablePrinter {
public:
  explicit JsonTables(std::string scored_by) : scored_by_(std::move(scored_by)) {}
  void table(const Table& t) override {
    std::string tbs, notes;
    for (const TieBreak& tb : t.tiebreaks)
      tbs += fmt::format("{}{{\"name\": {}, \"description\": {}}}", tbs.empty() ? "" : ", ", json_string(tb.name()),
                         json_string(tb.description()));
    for (const std::string& line : footer(t, scored_by_)) notes += (notes.empty() ? "" : ", ") + json_string(line);
    fmt::print("{{\"table\": {{\"event\": {}, \"site\": {}, \"players\": {}, \"rounds\": {}, \"round_robin\": {}, "
               "\"cycles\": {}, \"points\": [{}, {}, {}], \"tiebreaks\": [{}], \"default_tiebreaks\": {}, "
               "\"unplayed\": {}, \"not_scored\": {}, \"footer\": [{}]}}}}\n",
               json_string(t.event), json_string(t.site), t.players.size(), t.rounds, t.round_robin, t.cycles,
               number(t.points.win), number(t.points.draw), number(t.points.loss), tbs, t.defaulted_tiebreaks,
               json_listed(t.unplayed), json_listed(t.not_scored), notes);
    for (const Player& p : t.players) fmt::print("{}\n", json_player(t, p));
  }

private:
  std::string scored_by_;
};

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

constexpr const char* HTML_HEAD = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Standings</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: right; white-space: nowrap; }
th { background: #eee; }
td.name, th.name { text-align: left; }
tbody tr:nth-child(even) { background: #f7f7f7; }
td.self { background: #ddd; }
p.footer, ul { font-size: 0.9em; color: #444; }
</style>
</head>
<body>
<h1>Standings</h1>
)";

// One page, nothing outside it (inline style, no scripts, no fonts or images to fetch).
class HtmlTables : public TablePrinter {
public:
  explicit HtmlTables(std::string scored_by) : scored_by_(std::move(scored_by)) { fmt::print("{}", HTML_HEAD); }
  void table(const Table& t) override {
    Grid g = grid_of(t);
    fmt::print("<section>\n<h2>{}</h2>\n<table>\n<thead><tr>", html_escape(title(t)));
    for (std::size_t c = 0; c < g.head.size(); ++c)
      fmt::print("<th{}>{}</th>", c == g.name_column ? " class=\"name\"" : "", html_escape(g.head[c]));
    fmt::print("</tr></thead>\n<tbody>\n");
    for (const auto& row : g.rows) {
      fmt::print("<tr>");
      for (std::size_t c = 0; c < row.size(); ++c)
        fmt::print("<td{}>{}</td>", c == g.name_column ? " class=\"name\"" : row[c] == "×" ? " class=\"self\"" : "",
                   html_escape(row[c]));
      fmt::print("</tr>\n");
    }
    fmt::print("</tbody>\n</table>\n");
    print_list("Unplayed", t.unplayed);
    print_list("Not scored", t.not_scored);
    for (const std::string& line : footer(t, scored_by_)) fmt::print("<p class=\"footer\">{}</p>\n", html_escape(line));
    fmt::print("</section>\n");
  }
  void finish() override { fmt::print("</body>\n</html>\n"); }

private:
  static void print_list(const char* what, const std::vector<Listed>& list) {
    if (list.empty()) return;
    fmt::print("<p class=\"footer\">{}:</p>\n<ul>\n", what);
    for (const Listed& l : list) fmt::print("<li>{}</li>\n", html_escape(listed_line(l)));
    fmt::print("</ul>\n");
  }
  std::string scored_by_;
};

}  // namespace

std::unique_ptr<TablePrinter> make_table_printer(TableFormat format, const std::string& scored_by) {
  switch (format) {
    case TableFormat::Csv: return std::make_unique<CsvTables>();
    case TableFormat::Jsonl: return std::make_unique<JsonTables>(scored_by);
    case TableFormat::Html: return std::make_unique<HtmlTables>(scored_by);
    default: return std::make_unique<TextTables>(scored_by);
  }
}

}  // namespace adjudicate
