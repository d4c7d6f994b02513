// The tournament layer on two events built by hand: a four-player round robin and a
// five-player Swiss with a pairing-allocated bye, a forfeit and requested byes. Every
// number expected is worked out in the comments from the definitions of FIDE's
// Tie-Break Regulations (C.07, 2024), not taken from the program.
#include <catch2/catch.hpp>
#include <array>
#include <map>

#include "chess/tournament/standings.h"

using namespace chess::tournament;

namespace {

const std::map<std::string, int> ELO = {{"A", 2400}, {"B", 2300}, {"C", 2200}, {"D", 2100}, {"P", 2000},
                                        {"Q", 1900}, {"R", 1800}, {"S", 1700}, {"T", 1600}};

Side side(const std::string& name) {
  auto it = ELO.find(name);
  return {name, name, it == ELO.end() ? std::nullopt : std::optional<int>(it->second)};
}

GameRecord game(const std::string& round, const std::string& white, const std::string& black,
                const std::string& result, const std::string& termination = "", const std::string& event = "E") {
  GameRecord g;
  g.event = event;
  g.site = "S";
  g.round = round;
  g.white = side(white);
  g.black = side(black);
  g.outcome = outcome_of(result).value_or(Outcome::Unscored);
  g.kind = kind_of(result, termination, white, black);
  return g;
}

// A B C D, one cycle:        A   B   C   D   score
//   R1 A-D 1/2, B-C 1/2   A  .   ½   1   ½   2
//   R2 C-A 0-1, D-B 0-1   B  ½   .   ½   1   2
//   R3 A-B 1/2, C-D 1-0   C  0   ½   .   1   1.5
//                         D  ½   0   0   .   0.5
std::vector<GameRecord> round_robin() {
  return {game("1.1", "A", "D", "1/2-1/2"), game("1.2", "B", "C", "1/2-1/2"), game("2.1", "C", "A", "0-1"),
          game("2.2", "D", "B", "0-1"),     game("3.1", "A", "B", "1/2-1/2"), game("3.2", "C", "D", "1-0")};
}

// P Q R S T, three rounds, one of them out each round:
//   R1 P-Q 1-0, R-S 1-0, T gets the pairing-allocated bye (a full point)
//   R2 S-P 0-1, Q-T won by Q on forfeit (T's forfeit loss: a voluntary unplayed round),
//      R takes a half-point bye (requested: voluntary)
//   R3 P-R 1/2, T-S 0-1, Q takes a zero-point bye (requested, and the last round)
// Scores: P 1+1+½ = 2.5, Q 0+1+0 = 1, R 1+½+½ = 2, S 0+0+1 = 1, T 1+0+0 = 1.
std::vector<GameRecord> swiss() {
  return {game("1", "P", "Q", "1-0"), game("1", "R", "S", "1-0"),     game("1", "T", "BYE", "1-0"),
          game("2", "S", "P", "0-1"), game("2", "Q", "T", "+/-"),     game("2", "R", "bye", "1/2-1/2"),
          game("3", "P", "R", "1/2-1/2"), game("3", "T", "S", "0-1"), game("3", "Q", "BYE", "0-1")};
}

std::vector<TieBreak> tiebreaks(const std::string& list) {
  std::string error;
  auto parsed = parse_tiebreaks(list, error);
  INFO(error);
  REQUIRE(parsed);
  return *parsed;
}

Table table_of(const std::vector<GameRecord>& games, const std::string& list, Points points = {}) {
  StandingsOptions options;
  options.tiebreaks = tiebreaks(list);
  options.points = points;
  auto tables = standings(games, options);
  REQUIRE(tables.size() == 1);
  return tables[0];
}

const Player& named(const Table& t, const std::string& name) {
  for (const Player& p : t.players)
    if (p.name == name) return p;
  FAIL("no player " << name);
  return t.players[0];
}

std::string order(const Table& t) {
  std::string out;
  for (const Player& p : t.players) out += p.name;
  return out;
}

}  // namespace

TEST_CASE("game records: byes, forfeits, rounds, points", "[standings]") {
  CHECK(kind_of("1-0", "", "A", "BYE") == Kind::Bye);
  CHECK(kind_of("+/-", "", "A", "B") == Kind::Forfeit);
  CHECK(kind_of("1-0", "forfeit", "A", "B") == Kind::Forfeit);
  CHECK(kind_of("0-1", "Unplayed", "A", "B") == Kind::Forfeit);
  // A flag fall is a game played and lost on time, whatever its Termination says.
  CHECK(kind_of("1-0", "time forfeit", "A", "B") == Kind::Played);
  CHECK(kind_of("1-0", "normal", "A", "B") == Kind::Played);
  CHECK(outcome_of("-/+") == Outcome::BlackWins);
  CHECK(outcome_of("+:-") == Outcome::WhiteWins);
  CHECK(outcome_of("-/-") == Outcome::BothLose);
  CHECK(!outcome_of("*"));
  CHECK(round_number("3.2") == 3);
  CHECK(round_number("12") == 12);
  CHECK(round_number("?") == 0);
  CHECK(round_number("3a") == 0);
  auto football = parse_points("3,1,0");
  REQUIRE(football);
  CHECK((football->win == 3 && football->draw == 1 && football->loss == 0));
  CHECK(!parse_points("3,1"));
  CHECK(!parse_points("0,1,3"));
  std::string error;
  CHECK(!parse_tiebreaks("XX", error));
  CHECK(error.find("unknown tie-break") != std::string::npos);
  CHECK(!parse_tiebreaks("WIN:C1", error));
  CHECK(tiebreaks("BH:M1,SB:C1,ARO")[0].name() == "BH:M1");
  // The modifiers' articles: 14.1 Cut-1, 14.2 Cut-2, 14.3 Median-1, 14.4 Median-2.
  CHECK(tiebreaks("BH:C1")[0].description() == "Buchholz (art. 8.1), cut-1 (art. 14.1)");
  CHECK(tiebreaks("BH:C2")[0].description() == "Buchholz (art. 8.1), cut-2 (art. 14.2)");
  CHECK(tiebreaks("BH:M1")[0].description() == "Buchholz (art. 8.1), median-1 (art. 14.3)");
  CHECK(tiebreaks("BH:M2")[0].description() == "Buchholz (art. 8.1), median-2 (art. 14.4)");
}

TEST_CASE("round robin: scores, grid, and the tie-breaks", "[standings]") {
  Table t = table_of(round_robin(), "DE,WIN,SB,KS,BH,BH:C1,BH:M1,PS,PS:C1,BPG,ARO,TPR");
  CHECK(t.round_robin);
  CHECK(t.cycles == 1);
  CHECK(t.rounds == 3);
  // A and B have 2: they drew each other (DE ½ each) and won once each (WIN 1 each).
  // SB (art. 9.1): A = C's 1.5 (won) + ½·B's 2 + ½·D's 0.5 = 2.75;
  //                B = ½·A's 2 + ½·C's 1.5 + D's 0.5 = 2.25. A is first on SB.
  CHECK(order(t) == "ABCD");
  const Player &a = named(t, "A"), &b = named(t, "B"), &c = named(t, "C"), &d = named(t, "D");
  CHECK(a.score == 2);
  CHECK((a.wins == 1 && a.draws == 2 && a.losses == 0 && a.played == 3));
  CHECK(a.rank == 1);
  CHECK(b.rank == 2);
  CHECK(a.tiebreaks[0] == 0.5);   // DE
  CHECK(b.tiebreaks[0] == 0.5);
  CHECK(a.tiebreaks[1] == 1);     // WIN
  CHECK(a.tiebreaks[2] == 2.75);  // SB
  CHECK(b.tiebreaks[2] == 2.25);
  // KS (art. 9.2): 50% of the 3 points possible is 1.5: A, B and C count.
  // A: ½ against B + 1 against C = 1.5; B: ½ against A + ½ against C = 1.
  CHECK(a.tiebreaks[3] == 1.5);
  CHECK(b.tiebreaks[3] == 1);
  // BH (art. 8.1): A = 2 + 1.5 + 0.5 = 4; Cut-1 drops D's 0.5: 3.5; Median-1 drops 0.5
  // and 2: 1.5.
  CHECK(a.tiebreaks[4] == 4);
  CHECK(a.tiebreaks[5] == 3.5);
  CHECK(a.tiebreaks[6] == 1.5);
  // PS (art. 7.5): A after each round ½, 1½, 2: 4; Cut-1 drops the first: 3.5.
  CHECK(a.tiebreaks[7] == 4);
  CHECK(a.tiebreaks[8] == 3.5);
  CHECK(d.tiebreaks[9] == 2);  // BPG: D had Black in rounds 1 and 3
  // ARO (art. 10.1): A met 2300, 2200, 2100: 2200. B met 2400, 2200, 2100: 2233.33 -> 2233.
  CHECK(a.tiebreaks[10] == 2200);
  CHECK(b.tiebreaks[10] == 2233);
  CHECK(c.tiebreaks[10] == 2267);  // 2400, 2300, 2100: 2266.67
  // TPR (art. 10.2): ARO + dp(p). A: 2/3 = 0.67 -> dp 125: 2325. C: 0.5 -> 0: 2267.
  // D: 0.5/3 = 0.17 -> dp -273: 2300 - 273 = 2027.
  CHECK(a.tiebreaks[11] == 2325);
  CHECK(c.tiebreaks[11] == 2267);
  CHECK(d.tiebreaks[11] == 2027);
}

TEST_CASE("round robin: default tie-breaks and football points", "[standings]") {
  auto tables = standings(round_robin(), {});
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].defaulted_tiebreaks);
  REQUIRE(tables[0].tiebreaks.size() == 4);
  CHECK(tables[0].tiebreaks[0].name() == "DE");
  // 3, 1, 0: A and B 3+1+1 = 5, C 3+1 = 4, D 1. SB: A = C's 4 + ½·5 + ½·1 = 7;
  // B = ½·5 + ½·4 + 1 = 5.5 (the result weighs the opponent's points, art. 9.1).
  Table t = table_of(round_robin(), "SB", Points{3, 1, 0});
  CHECK(named(t, "A").score == 5);
  CHECK(named(t, "C").score == 4);
  CHECK(named(t, "A").tiebreaks[0] == 7);
  CHECK(named(t, "B").tiebreaks[0] == 5.5);
}

TEST_CASE("direct encounter: among the players level, again among those still level", "[standings]") {
  // A cycle: X beat Y, Y beat Z, Z beat X, and all three beat W. X, Y and Z have 2 each
  // and 1 each in the games among them: DE leaves them level, sharing first place.
  std::vector<GameRecord> games = {game("1", "X", "Y", "1-0"), game("2", "Y", "Z", "1-0"), game("3", "Z", "X", "1-0"),
                                   game("1", "W", "Z", "0-1"), game("2", "X", "W", "1-0"), game("3", "W", "Y", "0-1")};
  Table t = table_of(games, "DE");
  CHECK(named(t, "X").tiebreaks[0] == 1);
  CHECK(named(t, "X").rank == 1);
  CHECK(named(t, "Y").rank == 1);  // still level: they share the place
  CHECK(named(t, "W").rank == 4);
  // Now Y also beats X a second time: X 2, Y 3, Z 2 — X and Z level at 2; they met once,
  // Z won: DE Z 1, X 0.
  games.push_back(game("4", "Y", "X", "1-0"));
  t = table_of(games, "DE");
  CHECK(order(t).substr(0, 3) == "YZX");
  CHECK(named(t, "Z").tiebreaks[0] == 1);
  CHECK(named(t, "X").tiebreaks[0] == 0);
}

TEST_CASE("swiss: byes, a forfeit, and the unplayed rounds of art. 16", "[standings]") {
  Table t = table_of(swiss(), "BH:C1,BH,BH:M1,SB,DE,WIN,WON,BPG,PS,ARO,ARO:C1,TPR");
  CHECK(!t.round_robin);
  CHECK(t.rounds == 3);
  REQUIRE(t.unplayed.size() == 4);  // T's bye, the forfeit, R's and Q's byes
  CHECK(t.unplayed[0].what == "full-point bye");
  CHECK(t.unplayed[1].what == "forfeit");
  const Player &p = named(t, "P"), &q = named(t, "Q"), &r = named(t, "R"), &s = named(t, "S"), &tt = named(t, "T");
  CHECK((p.score == 2.5 && q.score == 1 && r.score == 2 && s.score == 1 && tt.score == 1));
  CHECK(q.played == 1);  // the forfeit and the bye are not games played
  // For opponents, Q's zero-point bye in the last round counts as a draw (art. 16.3):
  // Q counts 1.5 in their sums. T's forfeit loss is not a requested bye: T counts 1.
  // BH (art. 8.1, an unplayed round against a dummy with the player's own score, 16.4):
  //   P: Q 1.5 + S 1 + R 2 = 4.5
  //   Q: P 2.5 + dummy 1 (forfeit win) + dummy 1 (zero-point bye) = 4.5
  //   R: S 1 + dummy 2 (half-point bye) + P 2.5 = 5.5
  //   S: R 2 + P 2.5 + T 1 = 5.5
  //   T: dummy 1 (pairing bye) + dummy 1 (forfeit loss) + S 1 = 3
  CHECK(p.tiebreaks[1] == 4.5);
  CHECK(q.tiebreaks[1] == 4.5);
  CHECK(r.tiebreaks[1] == 5.5);
  CHECK(s.tiebreaks[1] == 5.5);
  CHECK(tt.tiebreaks[1] == 3);
  // Cut-1 (art. 14.1) with the exception of art. 16.5: R's least significant value is S's
  // 1, but the voluntary unplayed round (the half-point bye, 2) is worth more and is cut
  // instead: 1 + 2.5 = 3.5 (a plain cut would leave 4.5). P: 4.5 - 1 = 3.5; S: 5.5 - 1 =
  // 4.5; Q: the bye's 1 is cut: 3.5; T: 3 - 1 = 2.
  CHECK(r.tiebreaks[0] == 3.5);
  CHECK(p.tiebreaks[0] == 3.5);
  CHECK(s.tiebreaks[0] == 4.5);
  CHECK(q.tiebreaks[0] == 3.5);
  CHECK(tt.tiebreaks[0] == 2);
  // Median-1: R drops the bye's 2 and then the highest, P's 2.5: 1. P drops 1 and 2: 1.5.
  CHECK(r.tiebreaks[2] == 1);
  CHECK(p.tiebreaks[2] == 1.5);
  // SB (art. 9.1, the dummy weighted by the round's result):
  //   P: 1.5·1 + 1·1 + 2·½ = 3.5;  Q: 2.5·0 + 1·1 + 1·0 = 1;  R: 1·1 + 2·½ + 2.5·½ = 3.25
  CHECK(p.tiebreaks[3] == 3.5);
  CHECK(q.tiebreaks[3] == 1);
  CHECK(r.tiebreaks[3] == 3.25);
  // DE: Q, S and T are level at 1 but Q and S never met: it separates nobody.
  CHECK(q.tiebreaks[4] == 0);
  // WIN counts the forfeit win and the pairing bye (art. 7.1), WON only games won (7.2).
  CHECK(q.tiebreaks[5] == 1);
  CHECK(tt.tiebreaks[5] == 1);
  CHECK(q.tiebreaks[6] == 0);
  CHECK(p.tiebreaks[6] == 2);
  // BPG: S had Black in rounds 1 and 3; T none (the forfeit was not played).
  CHECK(s.tiebreaks[7] == 2);
  CHECK(tt.tiebreaks[7] == 0);
  // PS: P 1, 2, 2.5: 5.5; T 1, 1, 1: 3.
  CHECK(p.tiebreaks[8] == 5.5);
  CHECK(tt.tiebreaks[8] == 3);
  // ARO over games played: P met 1900, 1700, 1800: 1800; Cut-1 drops 1700: 1850.
  // R met 1700 and 2000: 1850. TPR: P 2.5/3 = 0.83 -> dp 273: 2073; R 1.5/2 = 0.75 ->
  // 193: 2043; T lost its one game, to 1700: 1700 - 800 = 900.
  CHECK(p.tiebreaks[9] == 1800);
  CHECK(p.tiebreaks[10] == 1850);
  CHECK(r.tiebreaks[9] == 1850);
  CHECK(p.tiebreaks[11] == 2073);
  CHECK(r.tiebreaks[11] == 2043);
  CHECK(tt.tiebreaks[11] == 900);
  // Order: P 2.5, R 2, then at 1 by BH:C1: S 4.5, Q 3.5, T 2.
  CHECK(order(t) == "PRSQT");
}

TEST_CASE("swiss: the default tie-breaks, and the rounds when the tags do not tell", "[standings]") {
  auto tables = standings(swiss(), {});
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].tiebreaks[0].name() == "BH:C1");
  CHECK(order(tables[0]) == "PRSQT");
  std::vector<GameRecord> games = swiss();
  for (GameRecord& g : games) g.round = "?";
  tables = standings(games, {});
  CHECK(tables[0].rounds_by_order);
  CHECK(named(tables[0], "Q").rounds.back().kind == RoundKind::ZeroBye);
}

TEST_CASE("a file of several events: one table each, or one merged", "[standings]") {
  std::vector<GameRecord> games = round_robin();
  for (GameRecord& g : swiss()) games.push_back(g), games.back().event = "Open";
  games.push_back(game("1", "A", "B", "*"));
  games.back().note = "unfinished";
  auto tables = standings(games, {});
  REQUIRE(tables.size() == 2);
  CHECK(tables[0].event == "E");
  CHECK(tables[1].event == "Open");
  CHECK(tables[0].players.size() == 4);
  REQUIRE(tables[0].not_scored.size() == 1);
  CHECK(tables[0].not_scored[0].what == "unfinished");
  StandingsOptions merged;
  merged.merge = true;
  tables = standings(games, merged);
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].players.size() == 9);
  CHECK(tables[0].event == "E + Open");
}

namespace {

// FIDE's tie-break exercise for the 2024 regulations (FIDE Technical Commission,
// tec.fide.com, 18 March 2024; the Arbiters' Commission's "Exercises in Tie-Breaking" by
// IA Mario Held works it through): a five-round Swiss of 16 players. Each row is one
// player's rounds: + = - the result, W B the colour and the opponent, F a forfeit, BYE a
// bye (+BYE pairing-allocated, =BYE a requested half point), -- not paired (fed here as a
// zero-point bye: no opponent, no point, voluntary).
const char* const FIDE_EXERCISE[16][5] = {
    {"+W9", "=B13", "=W2", "+B15", "=W4"},  {"+B10", "+W7", "=B1", "+W16", "=B3"},
    {"=W11", "+B6", "+W8", "=B4", "=W2"},   {"+B12", "=BYE", "+W13", "=W3", "=B1"},
    {"-W13", "-B15", "+W11", "=B7", "+W10"}, {"-B14", "-W3", "+BYE", "+W10", "+B8"},
    {"+W15", "-B2", "-B16", "=W5", "-B11"},  {"=B16", "+W14", "-B3", "+W13", "-W6"},
    {"-B1", "-W10", "=BYE", "-F11", "+BYE"}, {"-W2", "+B9", "-W15", "-B6", "-B5"},
    {"=B3", "-W16", "-B5", "+F9", "+W7"},    {"-W4", "+BYE", "+F14", "--", "--"},
    {"+B5", "=W1", "-B4", "-B8", "-W14"},    {"+W6", "-B8", "-F12", "--", "+B13"},
    {"-B7", "+W5", "+B10", "-W1", "-B16"},   {"=W8", "+B11", "+W7", "-B2", "+W15"}};

std::vector<GameRecord> fide_exercise() {
  std::vector<GameRecord> games;
  for (int p = 0; p < 16; ++p)
    for (int r = 0; r < 5; ++r) {
      std::string cell = FIDE_EXERCISE[p][r], me = std::to_string(p + 1), round = std::to_string(r + 1);
      char result = cell[0];
      if (cell == "--") {
        games.push_back(game(round, me, "BYE", "0-1"));
      } else if (cell.substr(1) == "BYE") {
        games.push_back(game(round, me, "BYE", result == '+' ? "1-0" : "1/2-1/2"));
      } else {
        int opponent = std::stoi(cell.substr(2));
        if (opponent < p + 1) continue;  // the game is in the opponent's row already
        bool white = cell[1] != 'B', forfeit = cell[1] == 'F';
        std::string score = result == '=' ? "1/2-1/2"
                            : (result == '+') == white ? (forfeit ? "+/-" : "1-0")
                                                       : (forfeit ? "-/+" : "0-1");
        std::string other = std::to_string(opponent);
        games.push_back(white ? game(round, me, other, score) : game(round, other, me, score));
      }
    }
  return games;
}

}  // namespace

TEST_CASE("swiss: FIDE's 2024 tie-break exercise, against its published answers", "[standings]") {
  Table t = table_of(fide_exercise(), "BH,BH:C1,SB");
  CHECK(!t.round_robin);
  CHECK(t.rounds == 5);
  // Scores: 2 has 4; 1, 3, 4 and 16 3.5; 6 3; 12 and 14 2 (each with unplayed rounds).
  CHECK(named(t, "2").score == 4);
  CHECK(named(t, "4").score == 3.5);
  CHECK(named(t, "12").score == 2);
  CHECK(named(t, "9").score == 1.5);
  std::map<std::string, std::array<double, 3>> expected = {
      // BH, BH:C1, SB as the exercise's solution gives them (where it gives them).
      {"1", {12.5, 11, 8}}, {"2", {13, -1, 9.5}}, {"3", {15.5, 13, 10.5}}, {"4", {15, 11.5, 9.75}},
      {"5", {8.5, 7.5, 4.25}}, {"6", {-1, -1, 6.5}}, {"7", {-1, 12.5, 3.25}}, {"8", {13.5, 12, 5.25}},
      {"9", {-1, 7.5, -1}}, {"10", {-1, -1, 1.5}}, {"11", {13.5, 12, 5.75}}, {"12", {-1, 9.5, 4}},
      {"13", {-1, 12, 4.25}}, {"14", {-1, 9, 4.5}}, {"15", {-1, 11, 3.5}}, {"16", {12.5, 11, 7.25}}};
  for (const auto& [name, values] : expected)
    for (std::size_t i = 0; i < 3; ++i)
      if (values[i] >= 0) {
        INFO("player " << name << ", " << t.tiebreaks[i].name());
        CHECK(named(t, name).tiebreaks[i] == values[i]);
      }
  // Worked by hand, art. 16:
  // 12 (score 2) was not paired in rounds 4 and 5: requested byes followed by nothing
  // but voluntary unplayed rounds (16.2.5), so in the opponents' sums 12 counts
  // 0 + 1 + 1 + ½ + ½ = 3 (16.3). 4 met 12 in round 1, so 4's BH is
  //   12's 3 + dummy 3.5 (4's own score, the half-point bye of round 2, 16.4)
  //   + 13's 1.5 + 3's 3.5 + 1's 3.5 = 15,
  // and Cut-1 cuts the bye's 3.5 rather than 13's 1.5 (16.5): 11.5.
  // SB of 4: 3·1 + 3.5·½ + 1.5·1 + 3.5·½ + 3.5·½ = 9.75.
  // 14 (score 2): 6's 3 + 8's 2.5 + dummy 2 (forfeit loss) + dummy 2 (not paired in
  // round 4, but it played round 5: 16.2.3, counted as given) + 13's 1.5 = 11; Cut-1 takes
  // a voluntary unplayed round's 2 before 13's 1.5: 9.
  // 11 (score 2.5) won round 4 by forfeit: dummy 2.5 (not voluntary) + 3's 3.5 + 16's
  // 3.5 + 5's 2.5 + 7's 1.5 = 13.5; Cut-1 drops 7's 1.5: 12.
}

TEST_CASE("direct encounter: repeated games averaged, forfeits no encounter, the player none can catch", "[standings]") {
  // Art. 6.1.2: A beat B twice, C beat A, B beat C; W beat A and lost to B and C.
  //   R1 A-B 1-0, C-W 1-0;  R2 B-A 0-1;  R3 C-A 1-0, B-W 1-0;  R4 B-C 1-0, W-A 1-0
  // A, B and C have 2 each. Among them, A has 1 (the average of the two wins over B) + 0
  // against C = 1; B 0 + 1 = 1; C 1 + 0 = 1. Level: DE separates nobody (the sum of A's
  // games, 2, would have put A first).
  std::vector<GameRecord> games = {game("1", "A", "B", "1-0"), game("1", "C", "W", "1-0"), game("2", "B", "A", "0-1"),
                                   game("3", "C", "A", "1-0"), game("3", "B", "W", "1-0"), game("4", "B", "C", "1-0"),
                                   game("4", "W", "A", "1-0")};
  Table t = table_of(games, "DE");
  CHECK(named(t, "A").score == 2);
  CHECK(named(t, "A").tiebreaks[0] == 1);
  CHECK(named(t, "B").tiebreaks[0] == 1);
  CHECK(named(t, "C").tiebreaks[0] == 1);
  CHECK(named(t, "A").rank == 1);
  CHECK(named(t, "B").rank == 1);
  CHECK(named(t, "C").rank == 1);

  // Art. 6.1.1, a Swiss: X won against Y by forfeit. R1 X-Y +/-, Z-V 1-0; R2 X-Z 0-1,
  // Y-V 1-0. X and Y have 1 each; the forfeit is no encounter, and neither can be sure to
  // be ahead (each could have won the game): level.
  games = {game("1", "X", "Y", "+/-"), game("1", "Z", "V", "1-0"), game("2", "X", "Z", "0-1"), game("2", "Y", "V", "1-0")};
  t = table_of(games, "DE");
  CHECK(!t.round_robin);
  CHECK(named(t, "X").tiebreaks[0] == 0);
  CHECK(named(t, "Y").tiebreaks[0] == 0);
  CHECK(named(t, "X").rank == named(t, "Y").rank);

  // Art. 6.3, a Swiss where not all of the group met: A beat B and C, who never met.
  //   R1 A-B 1-0, C-E 1-0;  R2 C-A 0-1, B-E 1-0;  R3 A-D 0-1, B-F 1-0, C-G 1-0
  // A, B and C have 2 each. Among them A has 2; B and C 0, and at most 0 + 1 with the game
  // they did not play: A is ahead whatever it would have been, and first. B and C stay level.
  games = {game("1", "A", "B", "1-0"), game("1", "C", "E", "1-0"), game("2", "C", "A", "0-1"),
           game("2", "B", "E", "1-0"), game("3", "A", "D", "0-1"), game("3", "B", "F", "1-0"),
           game("3", "C", "G", "1-0")};
  t = table_of(games, "DE");
  CHECK(!t.round_robin);
  CHECK(order(t).substr(0, 1) == "A");
  CHECK(named(t, "A").tiebreaks[0] == 2);
  CHECK(named(t, "A").rank == 1);
  CHECK(named(t, "B").rank == 2);
  CHECK(named(t, "C").rank == 2);
  CHECK(named(t, "B").tiebreaks[0] == 0);
}

TEST_CASE("Koya in a round robin of three with the byes recorded", "[standings]") {
  // A beat B, drew C; B beat C; each sat out one round, recorded as a zero-point bye.
  // Scores: A 1.5, B 1, C 0.5. The most anyone could score is 2 (two games each, the round
  // sat out is no game): 50% is 1, and A and B reach it. KS (art. 9.2): A 1 (against B),
  // B 0 (lost to A), C ½ (the draw with A).
  std::vector<GameRecord> games = {game("1", "A", "B", "1-0"), game("1", "C", "BYE", "0-1"), game("2", "C", "A", "1/2-1/2"),
                                   game("2", "B", "BYE", "0-1"), game("3", "B", "C", "1-0"), game("3", "A", "BYE", "0-1")};
  Table t = table_of(games, "KS");
  CHECK(t.round_robin);
  CHECK(named(t, "A").tiebreaks[0] == 1);
  CHECK(named(t, "B").tiebreaks[0] == 0);
  CHECK(named(t, "C").tiebreaks[0] == 0.5);
}

TEST_CASE("a game listed twice counts once; one key, two spellings", "[standings]") {
  // The round robin with its round 1, board 1 game (A-D ½) in the file a second time:
  // listed, not counted. Scores stay A 2, D 0.5.
  std::vector<GameRecord> games = round_robin();
  games[0].source = "first";
  games.push_back(game("1.1", "A", "D", "1/2-1/2"));
  Table t = table_of(games, "SB");
  CHECK(named(t, "A").score == 2);
  CHECK(named(t, "D").score == 0.5);
  REQUIRE(t.not_scored.size() == 1);
  CHECK(t.not_scored[0].what == "the same game again, counted once: as first");
  CHECK(!t.rounds_by_order);
  // Another result, or other moves, is another game: counted, and then A has two games in
  // round 1, which the table says by numbering each player's games in input order.
  games.back() = game("1.1", "A", "D", "1-0");
  t = table_of(games, "SB");
  CHECK(named(t, "A").score == 3);
  CHECK(t.not_scored.empty());
  CHECK(t.rounds_by_order);
  games.back() = game("1.1", "A", "D", "1/2-1/2");
  games[0].moves = "80 plies", games.back().moves = "81 plies";
  CHECK(table_of(games, "SB").not_scored.empty());
  // Unknown rounds tell nothing: two games of A and D with "?" are two games.
  games = {game("?", "A", "D", "1-0"), game("?", "A", "D", "1-0")};
  CHECK(table_of(games, "SB").players[0].score == 2);
  // The key makes the player: "a" with A's key is A, and the table names the spelling.
  games = round_robin();
  games[5].black.name = "d";  // round 3, C-D: D's key, another spelling
  t = table_of(games, "SB");
  CHECK(t.players.size() == 4);
  REQUIRE(t.spellings.size() == 1);
  CHECK(t.spellings[0] == std::pair<std::string, std::string>{"d", "D"});
}
