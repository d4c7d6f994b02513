// Tournament standings from the games: who played whom, the scores, the ranking by
// tie-breaks (tiebreak.h), and what a crosstable needs. A layer of its own beside the
// board core: it takes one record per game (its tags and its score, however decided) and
// knows nothing of moves or of PGN.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/tournament/tiebreak.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::tournament {

// Who scored. BothLose is a double forfeit (-/-): no game, and no point for either.
enum class Outcome { WhiteWins, BlackWins, Draw, BothLose, Unscored };

// Played over the board; a forfeit (the pairing stood, one side did not play); a bye
// (no opponent: one of the names is a bye marker).
enum class Kind { Played, Forfeit, Bye };

struct Side {
  std::string name, key;  // key: what identifies the player (the name, or a FIDE id)
  std::optional<int> elo;
};

struct GameRecord {
  std::string event, site, round;  // the tags as written
  Side white, black;  // the same key is the same player, however the name is spelled
  Outcome outcome = Outcome::Unscored;
  Kind kind = Kind::Played;
  std::string source;  // where the game is, for the listings ("round3.pgn game 4")
  std::string note;    // why an unscored game is not scored
  // What tells the game's moves from another's ("41 plies"); empty when not known. A second
  // scored game of the same round tag (one that tells the round), White, Black, result and
  // moves is the same game listed again: listed, counted once.
  std::string moves;
};

// "BYE", "bye", "-" and the like: a name that stands for no player.
bool is_bye_name(std::string_view name);

// The outcome a Result tag (or termination marker) states: the four PGN results and the
// forfeit markers "+/-", "-/+", "-/-" (also with ':' or '--'); nothing for "*" or other text.
std::optional<Outcome> outcome_of(std::string_view result);

// Whether the game was played, from its result, Termination tag and names: a bye name, a
// forfeit marker, or a Termination saying "unplayed", "forfeit" (not "time forfeit": that
// game was played) or "bye". A forfeit with a bye name is a bye.
Kind kind_of(std::string_view result, std::string_view termination, std::string_view white, std::string_view black);

// "3" and "3.2" (round 3, board 2) are round 3; "?", "-" and "" are unknown (0).
int round_number(std::string_view round_tag);

// The points of a win, a draw and a loss.
struct Points {
  double win = 1, draw = 0.5, loss = 0;
};
// "3,1,0"; nothing unless three numbers with win >= draw >= loss.
std::optional<Points> parse_points(std::string_view text);

// One round of one player, as the tie-breaks see it (C.07 art. 16.2: the kinds of
// unplayed rounds; 16.2.1 a pairing-allocated or full-point bye, 16.2.2 a forfeit win,
// 16.2.4 a forfeit loss, 16.2.3 and 16.2.5 a requested bye followed or not by a round
// played).
enum class RoundKind { Played, ForfeitWin, ForfeitLoss, FullBye, HalfBye, ZeroBye };

struct RoundResult {
  int round = 0;       // from 1: the Round tag's, or the player's games in input order when a tag does not tell
  int opponent = -1;   // index in Table::players; -1 for a bye
  bool white = true;
  double result = 0;   // the game's result for the player: 1, 0.5 or 0
  double points = 0;   // the same in the table's points
  RoundKind kind = RoundKind::Played;
  bool played() const { return kind == RoundKind::Played; }
  // A voluntary unplayed round (C.07 art. 16.1.2): a requested bye or a forfeit loss. A
  // bye worth a win is taken for a pairing-allocated bye, one worth less for a requested one.
  bool voluntary() const { return kind == RoundKind::ForfeitLoss || kind == RoundKind::HalfBye || kind == RoundKind::ZeroBye; }
};

struct Player {
  std::string name, key;
  std::optional<int> elo;  // the first rating the games give
  std::vector<RoundResult> rounds;  // in round order
  double score = 0;
  int played = 0, wins = 0, draws = 0, losses = 0, black = 0;  // over the board
  std::vector<double> tiebreaks;  // one per Table::tiebreaks
  int rank = 0;                   // from 1; players still level after every tie-break share it
};

// An unplayed or unscored game, as the table lists it.
struct Listed {
  std::string round, white, black, result, what, source;
};

struct Table {
  std::string event, site;
  std::vector<Player> players;  // in rank order
  std::vector<TieBreak> tiebreaks;
  bool defaulted_tiebreaks = false;  // none asked for: default_tiebreaks()
  bool round_robin = false;  // every player met every other: the crosstable is a grid
  int cycles = 0;            // with round_robin: how many times each pair met, at most
  int rounds = 0;
  bool rounds_by_order = false;  // some Round tag did not tell: each player's games in input order
  Points points;
  std::vector<Listed> unplayed, not_scored;  // not_scored: "*" and the like, and a pairing listed twice
  // Spellings of one player's key other than the name shown: {spelling, name shown}.
  std::vector<std::pair<std::string, std::string>> spellings;
};

struct StandingsOptions {
  Points points;
  std::vector<TieBreak> tiebreaks;  // empty: default_tiebreaks()
  bool merge = false;               // one table for every event
};

// One table per event (Event and Site tags), in the order the events first appear.
std::vector<Table> standings(const std::vector<GameRecord>& games, const StandingsOptions& options);

}  // namespace chess::tournament

CHESS_PUBLIC_END
