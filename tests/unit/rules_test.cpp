// The rules layer on positions and short games built for each rule, with the near misses;
// the counts and articles are those of libchess/rules/*.rules (seeds 000 and 002 for
// online-cn, NOTATION.md section 5 for the FIDE sets).
#include <catch2/catch.hpp>
#include <cstdint>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation/registry.h"
#include "chess/rules/adjudicate.h"
#include "chess/rules/status.h"
#include "rules/static_analysis.h"
#include "support/mate_line.h"

using namespace chess;
using namespace chess::rules;

namespace {

using test_support::ends_in_mate;

Position at(const std::string& fen) {
  FenResult r = Position::from_fen(fen);
  REQUIRE(r.ok());
  return r.position;
}

GameRecord game(const std::string& fen, const std::string& san, Result recorded = Result::Unfinished) {
  GameRecord g;
  g.start = fen.empty() ? Position() : at(fen);
  g.recorded = recorded;
  Position pos = g.start;
  std::istringstream words(san);
  for (std::string w; words >> w;) {
    notation::ParseResult r = notation::find_codec("san")->parse(pos, w);
    INFO(w);
    REQUIRE(r.ok());
    g.moves.push_back(r.move);
    pos.make_move(r.move);
  }
  return g;
}

const RuleSet& set(const char* name) {
  const RuleSet* s = find_rule_set(name);
  REQUIRE(s);
  return *s;
}

RuleSet custom(const std::string& text) {
  std::string error;
  auto s = parse_rule_set(text, "test", error);
  INFO(error);
  REQUIRE(s);
  return *s;
}

bool has_claim(const Adjudication& a, Reason r, int ply, Color by, bool written) {
  for (const Claim& c : a.claimable)
    if (c.reason == r && c.ply == ply && c.by == by && c.with_written_move == written) return true;
  return false;
}


}  // namespace

TEST_CASE("every built-in rule set reads, and names its articles", "[rules]") {
  for (const char* name : {"fide2001", "fide2023", "uscf", "lichess", "online-cn"}) {
    const RuleSet& s = set(name);
    CHECK(s.checkmate.on());
    CHECK(!s.checkmate.article.empty());
  }
  CHECK(set("fide2001").threefold.mode == Mode::Claim);
  CHECK(set("fide2001").fivefold.mode == Mode::Off);
  CHECK(set("fide2023").fivefold.mode == Mode::Automatic);
  CHECK(set("online-cn").no_progress.count == 60);  // 30 moves, each side's
}

TEST_CASE("a rule set file with a mistake names its line", "[rules]") {
  std::string error;
  CHECK_FALSE(parse_rule_set("name x\nthreefold claim three art\n", "f.rules", error));
  CHECK(error.find("f.rules:2") == 0);
  CHECK_FALSE(parse_rule_set("name x\nthreefld claim 3 art\n", "f.rules", error));
  CHECK(error.find("unknown rule 'threefld'") != std::string::npos);
  CHECK_FALSE(parse_rule_set("checkmate ends art\n", "f.rules", error));
}

TEST_CASE("repetition key: an e.p. square counts only when the capture is legal", "[rules]") {
  // The e5 pawn could take d6 e.p. but is pinned by the rook on e8: the same position as without the square.
  CHECK(repetition_key(at("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2")) ==
        repetition_key(at("4r1k1/8/8/3pP3/8/8/8/4K3 w - - 0 2")));
  // Without the pin the capture is legal: another position.
  CHECK(repetition_key(at("6k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2")) !=
        repetition_key(at("6k1/8/8/3pP3/8/8/8/4K3 w - - 0 2")));
}

TEST_CASE("threefold: claimable when it occurs, and one move earlier with the move written", "[rules]") {
  GameRecord g = game("", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", Result::Draw);
  Adjudication a = adjudicate(g, set("fide2001"));
  // After 7 plies Black can write Ng8, the start position's third occurrence.
  CHECK(has_claim(a, Reason::Threefold, 8, BLACK, true));
  // After 8 plies it has occurred: White, to move, may claim.
  CHECK(has_claim(a, Reason::Threefold, 8, WHITE, false));
  CHECK(a.result == Result::Draw);
  CHECK(a.reason == Reason::Threefold);
  // Recorded unfinished: the claim is reported, the game goes on.
  g.recorded = Result::Unfinished;
  a = adjudicate(g, set("fide2001"));
  CHECK(a.result == Result::Unfinished);
  CHECK(!a.claimable.empty());
  // Six plies are not enough: no position has occurred three times, nor can.
  a = adjudicate(game("", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6"), set("fide2001"));
  CHECK(a.claimable.empty());
}

TEST_CASE("threefold: castling rights lost make another position", "[rules]") {
  // The start placement at plies 0, 8 and 12, but with both kings' rook moved at 8 and 12.
  Adjudication a = adjudicate(game("", "Nf3 Nf6 Rg1 Rg8 Rh1 Rh8 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"), set("fide2001"));
  CHECK(a.claimable.empty());
}

TEST_CASE("fifty moves: claimable at 100 plies, and one move early", "[rules]") {
  Adjudication a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 98 60", "Ra2 Kd7"), set("fide2001"));
  CHECK(has_claim(a, Reason::FiftyMoves, 2, BLACK, true));   // Black writes Kd7, the hundredth ply
  CHECK(has_claim(a, Reason::FiftyMoves, 2, WHITE, false));  // then White, to move, may claim
  CHECK(a.result == Result::Unfinished);                     // a claim, not an end
  // 99 plies at the end: White, to move, may write the hundredth and claim (art. 9.3(a)),
  // the record over or not; nothing before.
  a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 97 60", "Ra2 Kd7"), set("fide2001"));
  REQUIRE(a.claimable.size() == 1);
  CHECK(has_claim(a, Reason::FiftyMoves, 3, WHITE, true));
  a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 96 60", "Ra2 Kd7"), set("fide2001"));
  CHECK(a.claimable.empty());  // 98 plies
  // A draw recorded there is that claim's, not an agreement.
  a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 97 60", "Ra2 Kd7", Result::Draw), set("fide2001"));
  CHECK(a.reason == Reason::FiftyMoves);
}

TEST_CASE("lichess: a draw at once at halfmove clock 100, a mate on that move first", "[rules]") {
  Adjudication a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 98 60", "Ra2 Kd7 Ra3", Result::WhiteWins), set("lichess"));
  CHECK(a.result == Result::Draw);
  CHECK(a.reason == Reason::FiftyMoves);
  CHECK(a.ply == 2);
  CHECK(a.moves_after_end == 1);
  // Rh8 mates on the hundredth ply: the mate stands.
  a = adjudicate(game("k7/8/1K6/8/8/8/8/7R w - - 99 80", "Rh8#", Result::WhiteWins), set("lichess"));
  CHECK(a.reason == Reason::Checkmate);
}

TEST_CASE("fide2023: seventy-five moves automatic, a mate on the last move first", "[rules]") {
  Adjudication a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 148 90", "Ra2 Kd7", Result::WhiteWins), set("fide2023"));
  CHECK(a.reason == Reason::SeventyFiveMoves);
  CHECK(a.result == Result::Draw);
  a = adjudicate(game("k7/8/1K6/8/8/8/8/7R w - - 149 80", "Rh8#", Result::WhiteWins), set("fide2023"));
  CHECK(a.reason == Reason::Checkmate);
  // Under the 2001 laws 150 plies are only a claim: the resignation stands.
  a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 148 90", "Ra2 Kd7", Result::WhiteWins), set("fide2001"));
  CHECK(a.reason == Reason::Resignation);
}

TEST_CASE("fide2023: fivefold repetition automatic", "[rules]") {
  std::string shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
  Adjudication a = adjudicate(game("", shuffle + " e4", Result::WhiteWins), set("fide2023"));
  CHECK(a.reason == Reason::Fivefold);
  CHECK(a.ply == 16);  // the start position's fifth occurrence
  CHECK(a.moves_after_end == 1);
  a = adjudicate(game("", shuffle.substr(0, shuffle.size() - 4), Result::WhiteWins), set("fide2023"));
  CHECK(a.reason == Reason::Resignation);  // four occurrences
}

TEST_CASE("online-cn: 30 moves with no pawn move and no capture draw; 29.5 do not", "[rules]") {
  Adjudication a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 58 40", "Ra2 Kd7", Result::WhiteWins), set("online-cn"));
  CHECK(a.reason == Reason::NoProgress);
  CHECK(a.ply == 2);
  a = adjudicate(game("4k3/8/8/8/8/8/8/R3K3 w - - 57 40", "Ra2 Kd7", Result::WhiteWins), set("online-cn"));
  CHECK(a.reason == Reason::Resignation);
  // K+B+N v K: 50 moves (seed 002), so 60 plies are not enough.
  a = adjudicate(game("4k3/8/8/8/8/8/8/1NB1K3 w - - 58 40", "Bd2 Kd7", Result::WhiteWins), set("online-cn"));
  CHECK(a.reason == Reason::Resignation);
  a = adjudicate(game("4k3/8/8/8/8/8/8/1NB1K3 w - - 98 40", "Bd2 Kd7", Result::WhiteWins), set("online-cn"));
  CHECK(a.reason == Reason::NoProgress);
}

TEST_CASE("consecutive checks draw, unless the check mates", "[rules]") {
  RuleSet three = custom("name t\ncheckmate ends x\nstalemate ends x\nconsecutive-checks automatic 3 rule\n");
  std::string fen = "7k/8/8/8/8/8/Q7/6K1 w - - 0 1";
  Adjudication a = adjudicate(game(fen, "Qa8+ Kh7 Qa7+ Kh8 Qa8+ Kh7", Result::WhiteWins), three);
  CHECK(a.reason == Reason::ConsecutiveChecks);
  CHECK(a.ply == 5);
  a = adjudicate(game(fen, "Qa8+ Kh7 Qa7+ Kh8 Qb8+", Result::WhiteWins), three);
  CHECK(a.reason == Reason::ConsecutiveChecks);
  // Two checks, then a quiet move: the count starts again.
  a = adjudicate(game(fen, "Qa8+ Kh7 Qa7+ Kh8 Qb7 Kg8 Qb8+ Kh7", Result::WhiteWins), three);
  CHECK(a.reason == Reason::Resignation);
  // The counted check that mates is a mate.
  RuleSet one = custom("name t\ncheckmate ends x\nconsecutive-checks automatic 1 rule\n");
  a = adjudicate(game("7k/8/6K1/8/8/8/Q7/8 w - - 0 1", "Qa8#", Result::WhiteWins), one);
  CHECK(a.reason == Reason::Checkmate);
}

TEST_CASE("total checks received draw", "[rules]") {
  RuleSet two = custom("name t\ncheckmate ends x\ntotal-checks automatic 2 rule\n");
  Adjudication a = adjudicate(game("7k/8/8/8/8/8/Q7/6K1 w - - 0 1", "Qa8+ Kh7 Qa1 Kg8 Qa8+", Result::WhiteWins), two);
  CHECK(a.reason == Reason::TotalChecks);
  CHECK(a.ply == 5);
}

TEST_CASE("flag fall: judged by what the other side could still do", "[rules]") {
  // Black's flag falls; White has K+N, Black K+R: a mate is constructible (NOTATION.md 5.3).
  GameRecord g = game("r3k3/8/8/8/8/8/8/4K1N1 w - - 0 60", "Nf3 Kd7", Result::WhiteWins);
  g.flag_fall = true;
  Adjudication a = adjudicate(g, set("fide2001"));
  CHECK(a.result == Result::WhiteWins);  // found, or not decided within the budget: the loss stands
  CHECK(adjudicate(g, set("uscf")).result == Result::Draw);     // K+N: insufficient losing chances
  CHECK(adjudicate(g, set("lichess")).result == Result::WhiteWins);
  // With a queen against a rook the mate is found, and its line replays to mate.
  GameRecord queen = game("r3k3/8/8/8/8/8/8/3QK3 w - - 0 60", "Qd2 Kf7", Result::WhiteWins);
  queen.flag_fall = true;
  a = adjudicate(queen, set("fide2001"));
  CHECK(a.result == Result::WhiteWins);
  REQUIRE(a.witness_side == WHITE);
  Position end = queen.start;
  for (Move m : queen.moves) end.make_move(m);
  CHECK(ends_in_mate(end, a.witness, BLACK));
  // Black's flag falls against a lone king: a draw by every set of laws but the house rules.
  GameRecord bare = game("r3k3/8/8/8/8/8/8/4K3 w - - 0 60", "Kd2 Kd7", Result::WhiteWins);
  bare.flag_fall = true;
  for (const char* name : {"fide2001", "fide2023", "uscf", "lichess"}) {
    INFO(name);
    a = adjudicate(bare, set(name));
    CHECK(a.result == Result::Draw);
    CHECK(a.reason == Reason::TimeForfeit);
  }
  // online-cn: a flag fall within the first 5 moves voids the game; after them it loses.
  GameRecord early = game("", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3", Result::WhiteWins);
  early.flag_fall = true;
  CHECK(adjudicate(early, set("online-cn")).result == Result::Void);
  early = game("", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O", Result::WhiteWins);
  early.flag_fall = true;
  CHECK(adjudicate(early, set("online-cn")).result == Result::WhiteWins);
}

TEST_CASE("dead positions: a locked pawn wall; a resignation there is a draw", "[rules]") {
  Position wall = at("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
  DeadPositionAnalysis d = analyse_dead_position(wall);
  CHECK(d.classification() == "--");
  CHECK(d.dead());
  Adjudication a = adjudicate(game("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1", "Kd2 Kd7", Result::WhiteWins),
                              set("fide2001"));
  CHECK(a.result == Result::Draw);
  CHECK(a.reason == Reason::DeadPosition);
  // Material alone: K+B v K+B on one colour is dead, on opposite colours not.
  CHECK(insufficient_material(at("8/8/4k3/3b4/8/4K3/8/5B2 w - - 0 1")));
  CHECK_FALSE(insufficient_material(at("8/8/4k3/4b3/8/4K3/8/5B2 w - - 0 1")));
  DeadPositionAnalysis opposite = analyse_dead_position(at("8/8/4k3/4b3/8/4K3/8/5B2 w - - 0 1"));
  CHECK(opposite.classification() == "WB");
  CHECK(ends_in_mate(at("8/8/4k3/4b3/8/4K3/8/5B2 w - - 0 1"), opposite.white.witness, BLACK));
}

TEST_CASE("dead positions: the game ends at the ply the wall locks, whatever the record says after it", "[rules]") {
  // White's a-pawn is free until 2. a4 (ply 3) locks the wall; the kings then shuffle for
  // five plies before Black "wins" by resignation, or on White's flag.
  const std::string free_pawn = "4k3/8/1p1p1p1p/pPpPpPpP/2P1P1P1/P7/8/4K3 w - - 0 1";
  const std::string moves = "Kd2 Kd8 a4 Ke8 Ke1 Kd8 Kd2 Ke8";
  // Before the lock, Black's a-pawn may step to a4, where White's king takes it: not dead.
  REQUIRE(analyse_dead_position(at(free_pawn)).classification() == "WB");
  for (bool flag_fall : {false, true}) {
    GameRecord g = game(free_pawn, moves, Result::BlackWins);
    g.flag_fall = flag_fall;
    Adjudication a = adjudicate(g, set("fide2001"));
    INFO("flag fall: " << flag_fall);
    CHECK(a.result == Result::Draw);
    CHECK(a.reason == Reason::DeadPosition);
    CHECK(a.ply == 3);
    CHECK(a.moves_after_end == 5);
  }
}

TEST_CASE("dead positions: a lone piece mates with the loser's own men beside its king, found within the budget",
          "[rules]") {
  // From real games' last positions, each a mate that needs the loser's help for many
  // moves: a pawn promoted into a blocker (K+N v K+P), a knight beside its own king
  // (K+N v K+N), a rook driven off (K+N v K+R), a knight in the corner (K+R v K+N). The
  // cost-shaped search alone did not find the first side's mate in 100000 nodes.
  struct Case {
    const char* fen;
    Color winner;
  } cases[] = {{"8/1k6/8/8/3p4/3K1N2/8/8 b - - 0 1", WHITE},
               {"8/8/2K5/5N2/8/5n2/5k2/8 b - - 0 1", BLACK},
               {"2r5/8/4K3/1k2N3/8/8/8/8 w - - 0 1", WHITE},
               {"6nk/R7/7P/6K1/8/8/8/8 b - - 0 1", BLACK}};
  for (const Case& c : cases) {
    INFO(c.fen);
    Position pos = at(c.fen);
    MateAnswer answer = can_checkmate(pos, c.winner, SearchBudget{30000});
    REQUIRE(answer.ability == MateAbility::Possible);
    CHECK(ends_in_mate(pos, answer.witness, ~c.winner));
  }
}

namespace {

bool proven_dead(const std::string& fen, Color side) { return rules::detail::statically_cannot_mate(at(fen), side); }

// A near miss: the analysis must not claim `side` cannot mate, and the search shows a mate.
void mate_possible(const std::string& fen, Color side) {
  INFO(fen);
  CHECK_FALSE(proven_dead(fen, side));
  MateAnswer a = can_checkmate(at(fen), side, {1000000});
  REQUIRE(a.ability == MateAbility::Possible);
  CHECK(ends_in_mate(at(fen), a.witness, ~side));
}

}  // namespace

TEST_CASE("static analysis: locked fortresses are proven dead", "[rules][static]") {
  // A full wall: every pawn blocked head to head, every square in front of it guarded by
  // an enemy pawn that no man can ever take, so no pawn ever moves and neither king ever
  // crosses; a king alone never gives check.
  for (const char* fen : {"4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - -", "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 b - -"}) {
    CHECK(proven_dead(fen, WHITE));
    CHECK(proven_dead(fen, BLACK));
  }
  // The same wall with a bishop each: White's pawns all stand on light squares and so does
  // its bishop, which can neither pass nor take them (Black's pawns are on dark squares);
  // Black's dark bishop is shut in above by its own dark pawns the same way. Neither
  // bishop can ever attack a square the other king can reach.
  CHECK(proven_dead("4k3/2b5/1p1p1p1p/pPpPpPpP/P1P1P1P1/3B4/8/4K3 w - -", WHITE));
  CHECK(proven_dead("4k3/2b5/1p1p1p1p/pPpPpPpP/P1P1P1P1/3B4/8/4K3 w - -", BLACK));
  // Two rows: White's pawns on the sixth rank are blocked for good and keep Black's king on
  // the eighth; Black's lower pawns can come down to meet White's second-rank pawns on the
  // same files, but no man of either side can ever stand where a pawn could take it, so
  // no pawn ever leaves its file or passes the one facing it, and nothing promotes.
  // White's king stays below the sixth rank and never gives check.
  CHECK(proven_dead("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - -", WHITE));
  CHECK(proven_dead("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - -", BLACK));
  // Black's king is in check on a6 and must go to a7 or b7 (a5 is next to White's king);
  // from there a6 stays attacked by b5 for good, so it never comes back to the open a5,
  // and each bishop is shut in by pawns of its own colour (a dead-position vector).
  CHECK(proven_dead("8/2b5/kp1p1p2/1PpP1Pp1/K1P3P1/3B4/8/8 b - -", WHITE));
  CHECK(proven_dead("8/2b5/kp1p1p2/1PpP1Pp1/K1P3P1/3B4/8/8 b - -", BLACK));
}

namespace {

// `dead`: neither side can mate; `near_miss`, a man moved or taken away: both can, each
// mate found replayed (in fewer than `longest` plies).
void check_dead_beside_near_miss(const char* dead, const char* near_miss, std::size_t longest = SIZE_MAX) {
  Position walled = at(dead);
  CHECK(can_checkmate(walled, WHITE).ability == MateAbility::Impossible);
  CHECK(can_checkmate(walled, BLACK).ability == MateAbility::Impossible);
  Position open = at(near_miss);
  for (Color side : {WHITE, BLACK}) {
    MateAnswer a = can_checkmate(open, side);
    REQUIRE(a.ability == MateAbility::Possible);
    CHECK(ends_in_mate(open, a.witness, ~side));
    CHECK(a.witness.size() < longest);
  }
}

}  // namespace

TEST_CASE("dead position: a side left with only pawn moves runs out of them", "[rules][dead]") {
  // White's king on a3 can never move (its own pawns, and b5's guard of a4) and its b-pawns
  // are locked: White has only the d-, f- and h-pawns' few steps, one each turn, so every
  // line ends within some twenty plies, White stalemated, before any pawn can be freed and
  // promoted. The walk over every reachable position proves it for both sides.
  // The near miss: with White's king free on c1 there is time for everything, and mates.
  check_dead_beside_near_miss("k7/3p4/5p1p/1p6/1P6/KP6/PP1P1P1P/8 w - -",
                              "k7/3p4/5p1p/1p6/1P6/1P6/PP1P1P1P/2K5 w - -");
}

TEST_CASE("dead position: a mate in one is found at once, a discovered one too", "[rules][dead]") {
  // The search tries a check for a mate only where the king has no flight left that the
  // winner does not attack, as told before the move: after Ra8 the king has none (g7 and
  // h7 are its own). After a bishop move off c8 the rook's line to g8 opens, which the
  // test before the move does not see; the mate is then found by playing the move.
  // Both mate in one move, which anyone can check on a board.
  for (const char* fen : {"6k1/5ppp/8/8/8/8/8/R5K1 w - -", "R1B4k/6pp/8/8/8/8/8/6K1 w - -"}) {
    INFO(fen);
    Position pos = at(fen);
    MateAnswer a = can_checkmate(pos, WHITE, SearchBudget{100});
    REQUIRE(a.ability == MateAbility::Possible);
    CHECK(a.witness.size() == 1);
    CHECK(ends_in_mate(pos, a.witness, BLACK));
  }
}

TEST_CASE("dead position: the walk over every reachable position goes as deep as it must", "[rules][dead]") {
  // White's seven light bishops on the eight light squares of the last two ranks can only
  // change places there, and one square among the eight stays empty: every white pawn on
  // the sixth rank keeps a bishop guarding it (a6 needs b7 and c8 empty to lose both of
  // its), so Black's king never takes one, no pawn ever moves, and neither king alone can
  // mate (a dead-position vector, "--"). Some tens of thousands of positions are
  // reachable, and the depth-first walk over them goes down a path longer than the 4000
  // plies it was once cut at.
  // The near miss, without the bishop on h7 ("WB" in the vectors): with two squares empty
  // the g6 pawn can be left unguarded, Black's king takes it and both sides find a way
  // through. The walk finds them down paths of some 20000 plies; the witness keeps only
  // the shortcuts between the positions on it.
  check_dead_beside_near_miss("2B1B1B1/pBpBpBpB/P1P1P1P1/8/8/8/8/k1K5 w - -",
                              "2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - -", 1000);
}

TEST_CASE("might_be_dead: the positions adjudication asks about", "[rules][dead]") {
  // A locked structure, as before.
  CHECK(might_be_dead(at("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - -")));
  // White's only move (the king takes the queen) stalemates Black: dead, though no pawn is
  // blocked (an unwinnable-categories position).
  Position forced = at("8/8/8/8/7P/N5qK/5RP1/k7 w - -");
  CHECK(might_be_dead(forced));
  CHECK(can_checkmate(forced, WHITE, {2000}).ability == MateAbility::Impossible);
  CHECK(can_checkmate(forced, BLACK, {2000}).ability == MateAbility::Impossible);
  // White's f- and h-pawns are free to move, but the static analysis proves neither side
  // can mate.
  Position free = at("8/p7/Q7/7k/5Pp1/5KP1/7P/8 w - -");
  CHECK(might_be_dead(free));
  CHECK(can_checkmate(free, WHITE, {2000}).ability == MateAbility::Impossible);
  CHECK(can_checkmate(free, BLACK, {2000}).ability == MateAbility::Impossible);
  // Not where mates are plain, nor where the game is already over.
  CHECK_FALSE(might_be_dead(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
  CHECK_FALSE(might_be_dead(at("7k/5Q2/6K1/8/8/8/8/8 b - -")));  // stalemate now
}

TEST_CASE("static analysis: a castling right that can never be used", "[rules][static]") {
  // White keeps the right to castle short, but its bishop on f1 can never move (its own
  // bishops on e2 and g2) nor be taken (Black has only its king, shut in above the pawns),
  // and the knight on g1 neither (e2, f3 and h3 are White's): the right is never used, and
  // the position is the one without it. There all White's pieces are light bishops and
  // shut-in men, and Black has only a king and locked pawns (a dead-position vector, "--").
  CHECK(proven_dead("2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K -", WHITE));
  CHECK(proven_dead("2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K -", BLACK));
}

TEST_CASE("static analysis: a king never steps where the other side would have no move", "[rules][static]") {
  // White's king can only go between h3 and h4 and White has no other move: Black's king
  // on g5 (the only way to the h5 pawn) or h2 or g2 (to cover h3) would leave White
  // stalemated, so it never goes there; the h-pawns stay locked, Black's dark bishop alone
  // cannot cover h3, and White never gives check at all (a dead-position vector).
  CHECK(proven_dead("1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - -", WHITE));
  CHECK(proven_dead("1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - -", BLACK));
  // Black's king goes between a8 and b8 and Black has no other move: White's king taking
  // the bishop on c8 would stalemate it (from a8; next to b8 it cannot), and a8 is a square
  // no white man can ever attack, so no check is uncovered. The bishop stays, guarding b7
  // and d7, and White's dark bishops never cover the light a8 (a dead-position vector).
  CHECK(proven_dead("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", WHITE));
  CHECK(proven_dead("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", BLACK));
}

TEST_CASE("static analysis: a few forced plies played out", "[rules][static]") {
  // Black is in check and its only move is to take the queen with the rook (the king may
  // not: c5 guards a7). The fixpoint proves nothing here nor one ply on, but within three
  // plies every line reaches a position where it proves neither side can ever mate (a
  // dead-position vector).
  CHECK(proven_dead("k7/Q6r/2b5/1pBp1p1p/1P1P1P1P/KP6/1P6/8 b - -", WHITE));
  CHECK(proven_dead("k7/Q6r/2b5/1pBp1p1p/1P1P1P1P/KP6/1P6/8 b - -", BLACK));
  // The near miss: without the bishop on c5 the king takes the queen and walks out.
  mate_possible("k7/Q6r/2b5/1p1p1p1p/1P1P1P1P/KP6/1P6/8 b - -", WHITE);
  mate_possible("k7/Q6r/2b5/1p1p1p1p/1P1P1P1P/KP6/1P6/8 b - -", BLACK);
}

TEST_CASE("static analysis: near misses of the stalemate rule", "[rules][static]") {
  // Without Black's f5 pawn White's king has g4, so it is never stalemated: it gets out and
  // the pawns fall.
  mate_possible("1k6/b7/7p/7P/5p2/5PpK/6P1/8 w - -", WHITE);
  mate_possible("1k6/b7/7p/7P/5p2/5PpK/6P1/8 w - -", BLACK);
  // Without White's d6 pawn Black's d-pawn can move: taking the bishop stalemates nothing.
  mate_possible("k1b5/1p1p4/1P6/B7/8/2B5/8/K7 w - -", WHITE);
  // Black has no move but the king's and White's king steps to where Black's would have
  // none, but the step uncovers the rook's check: mate, not stalemate.
  mate_possible("R4K1k/7p/7P/8/8/8/8/8 w - -", WHITE);
}

TEST_CASE("static analysis: near misses where a mate is possible are not claimed dead", "[rules][static]") {
  // The two rows with one more white pawn, on b2: it can step to b4 and take on a5 or
  // c5, so pawns leave their files, the wall opens and a queen can be made.
  mate_possible("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/PPP1P1P1/4K3 w - -", WHITE);
  mate_possible("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/PPP1P1P1/4K3 w - -", BLACK);
  // The full wall with a bishop of the other colour than White's pawns: it passes through
  // the empty dark squares of the fourth rank and takes Black's dark pawns.
  mate_possible("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/2B1K3 w - -", WHITE);
  // A knight jumps the wall.
  mate_possible("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/3NK3 w - -", WHITE);
  // A gap: with the g- and h-files open the kings walk through and win the pawns that no
  // pawn guards (f6, f5), and a freed pawn promotes.
  mate_possible("4k3/8/1p1p1p2/pPpPpP2/P1P1P3/8/8/4K3 w - -", WHITE);
  mate_possible("4k3/8/1p1p1p2/pPpPpP2/P1P1P3/8/8/4K3 w - -", BLACK);
  // Not looked at: a castling right that might still be used (nothing between king and
  // rook), an en-passant square.
  CHECK_FALSE(proven_dead("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K2R w K - 0 1", BLACK));
  CHECK_FALSE(proven_dead("4k3/8/8/pPp5/P1P5/8/8/4K3 w - c6 0 1", BLACK));
}
