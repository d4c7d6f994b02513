#include "chess/tournament/tiebreak.h"

#include <algorithm>
#include <cmath>

#include "chess/tournament/standings.h"

namespace chess::tournament {

namespace {

struct MethodName {
  Method method;
  const char* acronym;
  const char* description;
  bool cuttable;  // art. 14's modifiers apply
};

constexpr MethodName METHODS[] = {
    {Method::DE, "DE", "direct encounter (art. 6)", false},
    {Method::WIN, "WIN", "number of wins, unplayed ones included (art. 7.1)", false},
    {Method::WON, "WON", "number of games won over the board (art. 7.2)", false},
    {Method::BPG, "BPG", "number of games played with Black (art. 7.3)", false},
    {Method::BWG, "BWG", "number of games won with Black (art. 7.4)", false},
    {Method::PS, "PS", "sum of progressive scores (art. 7.5)", true},
    {Method::BH, "BH", "Buchholz (art. 8.1)", true},
    {Method::SB, "SB", "Sonneborn-Berger (art. 9.1)", true},
    {Method::KS, "KS", "Koya, points against opponents with 50% or more (art. 9.2)", false},
    {Method::ARO, "ARO", "average rating of opponents (art. 10.1)", true},
    {Method::TPR, "TPR", "tournament performance rating (art. 10.2)", false},
};

const MethodName& method_name(Method m) {
  for (const MethodName& n : METHODS)
    if (n.method == m) return n;
  return METHODS[0];
}

// FIDE Rating Regulations (Handbook B.02) art. 8.1(a), the table of dp for p = 0.50 .. 1.00
// in hundredths (1.00 gives 800, 0.99 677);
// below 0.50, dp(p) = -dp(1 - p).
constexpr int DP_FROM_HALF[51] = {0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,
                                  95,  102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
                                  202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
                                  351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

// One round's part in a Buchholz-like sum: the opponent's score and what the round adds.
struct Contribution {
  double score = 0, value = 0;
  bool voluntary = false;
};

// The sum once art. 14's cuts are made: the least significant value is the lowest opponent
// score (the lowest contribution among equals, art. 14.1.1); against it stands the lowest
// contribution of a voluntary unplayed round, and the one cut is whichever is worth more
// (art. 16.5.1), again for each further cut (16.5.2). The lowest are cut first, then the
// highest (14.3, 14.4), these without the exception.
double cut_sum(std::vector<Contribution> parts, int low, int high) {
  auto by_score = [](const Contribution& a, const Contribution& b) {
    return a.score != b.score ? a.score < b.score : a.value < b.value;
  };
  for (int i = 0; i < low && !parts.empty(); ++i) {
    auto least = std::min_element(parts.begin(), parts.end(), by_score);
    auto unplayed = parts.end();
    for (auto it = parts.begin(); it != parts.end(); ++it)
      if (it->voluntary && (unplayed == parts.end() || it->value < unplayed->value)) unplayed = it;
    parts.erase(unplayed != parts.end() && unplayed->value >= least->value ? unplayed : least);
  }
  for (int i = 0; i < high && !parts.empty(); ++i) parts.erase(std::max_element(parts.begin(), parts.end(), by_score));
  double sum = 0;
  for (const Contribution& c : parts) sum += c.value;
  return sum;
}

// A player's score as their opponents' tie-breaks count it. In a Swiss, a requested bye
// followed only by voluntary unplayed rounds (the player left, or sat out to the end; art.
// 16.2.5) counts as a draw (16.3); every other round counts what it gave, a requested bye
// the player came back from too (16.2.3). A round robin counts the score as it is (art. 16
// is for Swiss events).
double adjusted_score(const Table& table, const Player& p) {
  if (table.round_robin) return p.score;
  double sum = 0;
  for (std::size_t i = 0; i < p.rounds.size(); ++i) {
    const RoundResult& r = p.rounds[i];
    bool requested_bye = r.kind == RoundKind::HalfBye || r.kind == RoundKind::ZeroBye;
    bool rest_voluntary = std::all_of(p.rounds.begin() + long(i) + 1, p.rounds.end(),
                                      [](const RoundResult& later) { return later.voluntary(); });
    sum += requested_bye && rest_voluntary ? table.points.draw : r.points;
  }
  return sum;
}

// The rounds of a player for Buchholz (value: the opponent's score) or Sonneborn-Berger
// (value: that score times the result). In a Swiss, an unplayed round (bye or forfeit) is a
// game against a dummy opponent whose score is the player's own final score (art. 16.4). In
// a round robin, whose pairings were set in advance, a forfeit is a game against the
// scheduled opponent (art. 15.2); a round sat out counts nothing.
std::vector<Contribution> opponent_scores(const Table& table, const Player& p, bool weighted) {
  std::vector<Contribution> parts;
  for (const RoundResult& r : p.rounds) {
    Contribution c;
    if (table.round_robin) {
      if (r.opponent < 0) continue;
      c.score = table.players[std::size_t(r.opponent)].score;
    } else if (r.played()) {
      c.score = adjusted_score(table, table.players[std::size_t(r.opponent)]);
    } else {
      c.score = p.score;
      c.voluntary = r.voluntary();
    }
    c.value = weighted ? c.score * r.result : c.score;
    parts.push_back(c);
  }
  return parts;
}

// Art. 7.5: the sum of the player's score after each round. Cut-1 drops the score after the
// first round (14.1.1), the lowest of them when no round loses points.
double progressive(const Player& p, int low, int high) {
  std::vector<Contribution> running;
  double sum = 0;
  for (const RoundResult& r : p.rounds) {
    sum += r.points;
    running.push_back({sum, sum, false});
  }
  return cut_sum(running, low, high);
}

// Art. 9.2: the points scored against the opponents who finished with 50% or more of the
// maximum possible score: a win in each game a player had to play, so that a round robin's
// round sat out (an odd number of players) is no game.
double koya(const Table& table, const Player& p) {
  long most = 0;
  for (const Player& q : table.players)
    most = std::max(most, long(std::count_if(q.rounds.begin(), q.rounds.end(),
                                             [](const RoundResult& r) { return r.opponent >= 0; })));
  double half = table.points.win * double(most) / 2;
  double sum = 0;
  for (const RoundResult& r : p.rounds)
    if (r.opponent >= 0 && table.players[std::size_t(r.opponent)].score >= half) sum += r.points;
  return sum;
}

// The ratings of the opponents met over the board; unrated ones are left out.
std::vector<int> opponent_ratings(const Table& table, const Player& p, double* score) {
  std::vector<int> ratings;
  for (const RoundResult& r : p.rounds) {
    if (!r.played()) continue;
    const std::optional<int>& elo = table.players[std::size_t(r.opponent)].elo;
    if (!elo) continue;
    ratings.push_back(*elo);
    if (score) *score += r.result;
  }
  return ratings;
}

// Rounded half up, as art. 10.1 rounds.
double average_rating(std::vector<int> ratings, int low, int high) {
  std::sort(ratings.begin(), ratings.end());
  long from = std::min<long>(low, long(ratings.size())), to = std::max<long>(from, long(ratings.size()) - high);
  if (to <= from) return 0;
  double sum = 0;
  for (long i = from; i < to; ++i) sum += ratings[std::size_t(i)];
  return std::floor(sum / double(to - from) + 0.5);
}

double performance(const Table& table, const Player& p) {
  double score = 0;
  std::vector<int> ratings = opponent_ratings(table, p, &score);
  if (ratings.empty()) return 0;
  return average_rating(ratings, 0, 0) + rating_difference(score / double(ratings.size()));
}

// Art. 6.1, the games among the players of a group: each one's points against the others,
// an opponent met more than once counting the average of those games (6.1.2), and how many
// of the others each one never met. A forfeit is no encounter in a Swiss (6.1.1); a round
// robin's pairings were set in advance, and there a forfeit counts as a game (art. 15.2).
struct MiniTable {
  std::vector<double> score;
  std::vector<int> unmet;
};

MiniTable mini_table(const Table& table, const std::vector<int>& group) {
  MiniTable m{std::vector<double>(group.size(), 0), std::vector<int>(group.size(), 0)};
  for (std::size_t i = 0; i < group.size(); ++i)
    for (int other : group) {
      if (other == group[i]) continue;
      double sum = 0;
      int games = 0;
      for (const RoundResult& r : table.players[std::size_t(group[i])].rounds)
        if (r.opponent == other && (r.played() || table.round_robin)) sum += r.points, ++games;
      if (games) m.score[i] += sum / games;
      else ++m.unmet[i];
    }
  return m;
}

// Art. 6: the points scored against the others of the group. When every two of them met,
// those points rank them (6.2; split() applies it again to those still level). When some
// did not meet (a Swiss), it ranks first only a player whom no result of the games not
// played could catch: more points than any other could reach with a win in each game that
// other did not play in the group; then again among the rest (6.3). A player so placed
// shows the points of the group in which they were placed; the others stay level, at 0.
double direct_encounter(const Table& table, int player, const std::vector<int>& tied) {
  if (tied.size() < 2) return 0;
  std::vector<int> group = tied;
  for (bool first = true;; first = false) {
    MiniTable m = mini_table(table, group);
    std::size_t me = std::size_t(std::find(group.begin(), group.end(), player) - group.begin());
    if (first && std::all_of(m.unmet.begin(), m.unmet.end(), [](int n) { return n == 0; })) return m.score[me];
    std::size_t ahead = group.size();
    for (std::size_t c = 0; c < group.size() && ahead == group.size(); ++c) {
      bool uncatchable = true;
      for (std::size_t o = 0; o < group.size(); ++o)
        if (o != c && m.score[c] <= m.score[o] + m.unmet[o] * table.points.win) uncatchable = false;
      if (uncatchable) ahead = c;
    }
    if (ahead == group.size()) return 0;
    if (ahead == me) return m.score[me];
    group.erase(group.begin() + long(ahead));
    if (group.size() < 2) return 0;
  }
}

int count(const Player& p, bool (*counts)(const RoundResult&)) {
  return int(std::count_if(p.rounds.begin(), p.rounds.end(), counts));
}

}  // namespace

std::string TieBreak::name() const {
  std::string out = method_name(method).acronym;
  if (cut_low && cut_low == cut_high) out += ":M" + std::to_string(cut_low);
  else if (cut_low) out += ":C" + std::to_string(cut_low);
  return out;
}

std::string TieBreak::description() const {
  std::string text = method_name(method).description;
  // Art. 14.1 Cut-1, 14.2 Cut-2, 14.3 Median-1, 14.4 Median-2; more is the same taken further.
  std::string n = std::to_string(cut_low);
  if (cut_low && cut_low == cut_high) text += ", median-" + n + (cut_low <= 2 ? " (art. 14." + std::to_string(cut_low + 2) + ")" : " (art. 14.3, 14.4)");
  else if (cut_low) text += ", cut-" + n + (cut_low <= 2 ? " (art. 14." + n + ")" : " (art. 14.1, 14.2)");
  return text;
}

std::optional<std::vector<TieBreak>> parse_tiebreaks(std::string_view list, std::string& error) {
  std::vector<TieBreak> out;
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    std::size_t colon = item.find_first_of(":-");
    std::string_view acronym = item.substr(0, colon), modifier = colon == std::string_view::npos ? "" : item.substr(colon + 1);
    const MethodName* found = nullptr;
    for (const MethodName& n : METHODS)
      if (acronym == n.acronym) found = &n;
    if (!found) return error = "unknown tie-break '" + std::string(item) + "'", std::nullopt;
    TieBreak tb{found->method};
    if (!modifier.empty()) {
      bool well_formed = found->cuttable && modifier.size() == 2 && (modifier[0] == 'C' || modifier[0] == 'M') &&
                         modifier[1] >= '1' && modifier[1] <= '9';
      if (!well_formed) return error = "tie-break '" + std::string(item) + "': " + (found->cuttable ? "the modifiers are C1, C2, M1, M2" : "takes no modifier"), std::nullopt;
      tb.cut_low = modifier[1] - '0';
      tb.cut_high = modifier[0] == 'M' ? tb.cut_low : 0;
    }
    out.push_back(tb);
  }
  return out;
}

std::vector<TieBreak> default_tiebreaks(bool round_robin) {
  if (round_robin) return {{Method::DE}, {Method::WIN}, {Method::SB}, {Method::KS}};
  return {{Method::BH, 1, 0}, {Method::BH}, {Method::DE}, {Method::WIN}, {Method::SB}};
}

int rating_difference(double p) {
  int hundredths = int(std::lround(std::clamp(p, 0.0, 1.0) * 100));
  return hundredths >= 50 ? DP_FROM_HALF[hundredths - 50] : -DP_FROM_HALF[50 - hundredths];
}

double tiebreak_value(const TieBreak& tb, const Table& table, int player, const std::vector<int>& tied) {
  const Player& p = table.players[std::size_t(player)];
  switch (tb.method) {
    case Method::DE: return direct_encounter(table, player, tied);
    case Method::WIN: return count(p, [](const RoundResult& r) { return r.result == 1; });
    case Method::WON: return count(p, [](const RoundResult& r) { return r.played() && r.result == 1; });
    case Method::BPG: return count(p, [](const RoundResult& r) { return r.played() && !r.white; });
    case Method::BWG: return count(p, [](const RoundResult& r) { return r.played() && !r.white && r.result == 1; });
    case Method::PS: return progressive(p, tb.cut_low, tb.cut_high);
    case Method::BH: return cut_sum(opponent_scores(table, p, false), tb.cut_low, tb.cut_high);
    case Method::SB: return cut_sum(opponent_scores(table, p, true), tb.cut_low, tb.cut_high);
    case Method::KS: return koya(table, p);
    case Method::ARO: return average_rating(opponent_ratings(table, p, nullptr), tb.cut_low, tb.cut_high);
    case Method::TPR: return performance(table, p);
  }
  return 0;
}

}  // namespace chess::tournament
