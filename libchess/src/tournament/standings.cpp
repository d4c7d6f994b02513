#include "chess/tournament/standings.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <tuple>

namespace chess::tournament {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The games of one event, and the index of each player in it.
struct Builder {
  Table table;
  std::map<std::string, int> index;
  std::vector<std::vector<int>> tag_rounds;  // per player: the Round tag's number of each round
  // The scored games whose Round tag tells the round, by round tag, White, Black, result
  // and moves: a second one is the same game listed again.
  std::map<std::tuple<std::string, std::string, std::string, std::string, std::string>, const GameRecord*> pairings;

  int player(const Side& side) {
    auto [it, added] = index.try_emplace(side.key, int(table.players.size()));
    if (added) {
      Player p;
      p.name = side.name;
      p.key = side.key;
      p.elo = side.elo;
      table.players.push_back(std::move(p));
      tag_rounds.emplace_back();
    } else {
      Player& p = table.players[std::size_t(it->second)];
      if (!p.elo) p.elo = side.elo;
      std::pair<std::string, std::string> spelling{side.name, p.name};
      if (side.name != p.name && std::find(table.spellings.begin(), table.spellings.end(), spelling) == table.spellings.end())
        table.spellings.push_back(spelling);
    }
    return it->second;
  }
  void add(int who, int tag_round, RoundResult r) {
    tag_rounds[std::size_t(who)].push_back(tag_round);
    table.players[std::size_t(who)].rounds.push_back(r);
  }
  void add_game(const GameRecord& g);
  void number_rounds();
};

double white_result(Outcome o) { return o == Outcome::WhiteWins ? 1 : o == Outcome::Draw ? 0.5 : 0; }
double black_result(Outcome o) { return o == Outcome::BlackWins ? 1 : o == Outcome::Draw ? 0.5 : 0; }

RoundKind unplayed_kind(Kind kind, double result) {
  if (kind == Kind::Bye) return result == 1 ? RoundKind::FullBye : result == 0.5 ? RoundKind::HalfBye : RoundKind::ZeroBye;
  return result == 1 ? RoundKind::ForfeitWin : result == 0.5 ? RoundKind::HalfBye : RoundKind::ForfeitLoss;
}

std::string result_text(const GameRecord& g) {
  switch (g.outcome) {
    case Outcome::WhiteWins: return g.kind == Kind::Forfeit ? "+/-" : "1-0";
    case Outcome::BlackWins: return g.kind == Kind::Forfeit ? "-/+" : "0-1";
    case Outcome::Draw: return "1/2-1/2";
    case Outcome::BothLose: return "-/-";
    case Outcome::Unscored: return "*";
  }
  return "*";
}

void Builder::add_game(const GameRecord& g) {
  Listed listed{g.round, g.white.name, g.black.name, result_text(g), "", g.source};
  if (g.outcome == Outcome::Unscored) {
    listed.what = g.note.empty() ? "not scored" : g.note;
    table.not_scored.push_back(listed);
    return;
  }
  bool white_bye = is_bye_name(g.white.name), black_bye = is_bye_name(g.black.name);
  if (white_bye && black_bye) return;
  int tag_round = round_number(g.round);
  if (tag_round > 0) {
    auto [it, added] =
        pairings.try_emplace({std::string(trimmed(g.round)), g.white.key, g.black.key, result_text(g), g.moves}, &g);
    if (!added) {
      listed.what = "the same game again, counted once: as " + (it->second->source.empty() ? "before" : it->second->source);
      table.not_scored.push_back(listed);
      return;
    }
  }
  double w = white_result(g.outcome), b = black_result(g.outcome);
  if (g.kind == Kind::Bye || white_bye || black_bye) {
    bool white_has_it = !white_bye;
    double result = white_has_it ? w : b;
    listed.what = result == 1 ? "full-point bye" : result == 0.5 ? "half-point bye" : "zero-point bye";
    table.unplayed.push_back(listed);
    add(player(white_has_it ? g.white : g.black), tag_round,
        {0, -1, white_has_it, result, 0, unplayed_kind(Kind::Bye, result)});
    return;
  }
  int white = player(g.white), black = player(g.black);
  RoundResult as_white{0, black, true, w, 0, RoundKind::Played}, as_black{0, white, false, b, 0, RoundKind::Played};
  if (g.kind == Kind::Forfeit) {
    as_white.kind = unplayed_kind(Kind::Forfeit, w);
    as_black.kind = unplayed_kind(Kind::Forfeit, b);
    listed.what = g.outcome == Outcome::BothLose ? "double forfeit" : "forfeit";
    table.unplayed.push_back(listed);
  }
  add(white, tag_round, as_white);
  add(black, tag_round, as_black);
}

// By the Round tags when every one tells and no player has two games in one round;
// otherwise each player's games in input order.
void Builder::number_rounds() {
  bool by_tags = true;
  for (auto rounds : tag_rounds) {
    std::sort(rounds.begin(), rounds.end());
    if (!rounds.empty() && rounds.front() == 0) by_tags = false;
    if (std::adjacent_find(rounds.begin(), rounds.end()) != rounds.end()) by_tags = false;
  }
  table.rounds_by_order = !by_tags;
  for (std::size_t p = 0; p < table.players.size(); ++p) {
    auto& rounds = table.players[p].rounds;
    for (std::size_t i = 0; i < rounds.size(); ++i) rounds[i].round = by_tags ? tag_rounds[p][i] : int(i) + 1;
    std::stable_sort(rounds.begin(), rounds.end(), [](const RoundResult& a, const RoundResult& b) { return a.round < b.round; });
    for (const RoundResult& r : rounds) table.rounds = std::max(table.rounds, r.round);
  }
}

void count_scores(Table& table) {
  const Points& pts = table.points;
  for (Player& p : table.players)
    for (RoundResult& r : p.rounds) {
      r.points = r.result == 1 ? pts.win : r.result == 0.5 ? pts.draw : pts.loss;
      p.score += r.points;
      if (!r.played()) continue;
      ++p.played;
      ++(r.result == 1 ? p.wins : r.result == 0.5 ? p.draws : p.losses);
      if (!r.white) ++p.black;
    }
}

// Every player met every other (a forfeit is a pairing that stood): then the crosstable is
// a grid, and the tie-breaks know each opponent of each round.
void find_round_robin(Table& table) {
  std::size_t n = table.players.size();
  std::vector<int> met(n * n, 0);
  for (std::size_t p = 0; p < n; ++p)
    for (const RoundResult& r : table.players[p].rounds)
      if (r.opponent >= 0) ++met[p * n + std::size_t(r.opponent)];
  int fewest = n > 1 ? 1 << 30 : 0, most = 0;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (a != b) fewest = std::min(fewest, met[a * n + b]), most = std::max(most, met[a * n + b]);
  table.round_robin = n > 1 && fewest > 0;
  table.cycles = table.round_robin ? most : 0;
}

using Group = std::vector<int>;

// Splits `group` by one tie-break, best first; direct encounter again within each smaller
// group still level, as art. 6 asks, the first value staying the one shown.
void split(const TieBreak& tb, const Table& table, const Group& group, std::vector<double>& shown, bool first,
           std::vector<Group>& out) {
  std::vector<std::pair<double, int>> values;
  for (int p : group) {
    double v = tiebreak_value(tb, table, p, group);
    if (first) shown[std::size_t(p)] = v;
    values.push_back({v, p});
  }
  std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < values.size();) {
    Group level;
    std::size_t j = i;
    for (; j < values.size() && values[j].first == values[i].first; ++j) level.push_back(values[j].second);
    if (tb.method == Method::DE && level.size() > 1 && level.size() < group.size()) split(tb, table, level, shown, false, out);
    else out.push_back(level);
    i = j;
  }
}

// Orders the players by score and then the tie-breaks, in turn for those still level, and
// puts the table's players in that order (opponents renumbered).
void rank(Table& table) {
  std::size_t n = table.players.size();
  Group all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = int(i);
  std::stable_sort(all.begin(), all.end(), [&](int a, int b) { return table.players[std::size_t(a)].score > table.players[std::size_t(b)].score; });
  std::vector<Group> groups;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && table.players[std::size_t(all[j])].score == table.players[std::size_t(all[i])].score) ++j;
    groups.emplace_back(all.begin() + long(i), all.begin() + long(j));
    i = j;
  }
  std::vector<std::vector<double>> values(table.tiebreaks.size(), std::vector<double>(n, 0));
  for (std::size_t t = 0; t < table.tiebreaks.size(); ++t) {
    std::vector<Group> next;
    for (const Group& g : groups) split(table.tiebreaks[t], table, g, values[t], true, next);
    groups = std::move(next);
  }
  std::vector<int> new_index(n);
  std::vector<Player> ordered;
  for (const Group& g : groups) {
    int shared_rank = int(ordered.size()) + 1;
    for (int p : g) {
      new_index[std::size_t(p)] = int(ordered.size());
      ordered.push_back(std::move(table.players[std::size_t(p)]));
      ordered.back().rank = shared_rank;
      for (const auto& v : values) ordered.back().tiebreaks.push_back(v[std::size_t(p)]);
    }
  }
  for (Player& p : ordered)
    for (RoundResult& r : p.rounds)
      if (r.opponent >= 0) r.opponent = new_index[std::size_t(r.opponent)];
  table.players = std::move(ordered);
}

}  // namespace

bool is_bye_name(std::string_view name) {
  std::string n = lower(trimmed(name));
  return n == "bye" || n == "-" || n == "--" || n == "(bye)" || n == "pairing bye" || n == "no opponent";
}

std::optional<Outcome> outcome_of(std::string_view result) {
  std::string r = lower(trimmed(result));
  if (r == "1-0") return Outcome::WhiteWins;
  if (r == "0-1") return Outcome::BlackWins;
  if (r == "1/2-1/2" || r == "½-½") return Outcome::Draw;
  for (char& c : r)
    if (c == ':') c = '/';
  if (r == "+/-" || r == "+--" || r == "1-0ff" || r == "1f-0f") return Outcome::WhiteWins;
  if (r == "-/+" || r == "--+" || r == "0f-1f") return Outcome::BlackWins;
  if (r == "-/-" || r == "---" || r == "0f-0f" || r == "0-0") return Outcome::BothLose;
  return std::nullopt;
}

Kind kind_of(std::string_view result, std::string_view termination, std::string_view white, std::string_view black) {
  if (is_bye_name(white) || is_bye_name(black)) return Kind::Bye;
  std::string r = lower(trimmed(result)), t = lower(trimmed(termination));
  if (r.find('+') != std::string::npos || r.find('f') != std::string::npos || r == "-/-" || r == "-:-" || r == "0-0")
    return Kind::Forfeit;
  if (t.find("bye") != std::string::npos) return Kind::Bye;
  bool on_time = t.find("time") != std::string::npos;
  if (t.find("unplayed") != std::string::npos || (t.find("forfeit") != std::string::npos && !on_time))
    return Kind::Forfeit;
  return Kind::Played;
}

int round_number(std::string_view round_tag) {
  round_tag = trimmed(round_tag);
  int n = 0;
  auto [end, ec] = std::from_chars(round_tag.data(), round_tag.data() + round_tag.size(), n);
  if (ec != std::errc() || n < 0) return 0;
  return end == round_tag.data() + round_tag.size() || *end == '.' ? n : 0;
}

std::optional<Points> parse_points(std::string_view text) {
  double v[3];
  for (int i = 0; i < 3; ++i) {
    std::size_t comma = text.find(',');
    std::string_view item = trimmed(text.substr(0, comma));
    auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v[i]);
    if (ec != std::errc() || end != item.data() + item.size() || (i < 2) == (comma == std::string_view::npos))
      return std::nullopt;
    text = i < 2 ? text.substr(comma + 1) : std::string_view();
  }
  if (!(v[0] >= v[1] && v[1] >= v[2])) return std::nullopt;
  return Points{v[0], v[1], v[2]};
}

std::vector<Table> standings(const std::vector<GameRecord>& games, const StandingsOptions& options) {
  std::vector<Builder> events;
  std::map<std::pair<std::string, std::string>, std::size_t> event_index;
  for (const GameRecord& g : games) {
    auto key = options.merge ? std::pair<std::string, std::string>() : std::pair(g.event, g.site);
    auto [it, added] = event_index.try_emplace(key, events.size());
    if (added) {
      events.emplace_back();
      events.back().table.event = g.event;
      events.back().table.site = g.site;
    } else if (options.merge && events[it->second].table.event.find(g.event) == std::string::npos) {
      events[it->second].table.event += " + " + g.event;
    }
    events[it->second].add_game(g);
  }
  std::vector<Table> tables;
  for (Builder& b : events) {
    Table& t = b.table;
    t.points = options.points;
    b.number_rounds();
    count_scores(t);
    find_round_robin(t);
    t.defaulted_tiebreaks = options.tiebreaks.empty();
    t.tiebreaks = t.defaulted_tiebreaks ? default_tiebreaks(t.round_robin) : options.tiebreaks;
    rank(t);
    tables.push_back(std::move(t));
  }
  return tables;
}

}  // namespace chess::tournament
