// The true result of a game under a rule set, and the rule behind it: the game replayed
// position by position, every rule of the set applied where it takes effect, and what the
// record says (the result, a flag fall) judged against the laws.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "chess/rules/dead_position.h"
#include "chess/rules/rule_set.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::rules {

enum class Result { WhiteWins, BlackWins, Draw, Unfinished, Void };
std::string_view to_string(Result r);  // "1-0", "0-1", "1/2-1/2", "*"; a void game is "*" too
std::optional<Result> result_from_pgn(std::string_view text);  // the four PGN results

enum class Reason {
  Checkmate, Stalemate, DeadPosition, Threefold, Fivefold, Repetition, FiftyMoves, SeventyFiveMoves,
  NoProgress, TimeForfeit, ConsecutiveChecks, TotalChecks, Void, Resignation, Agreement, None
};
std::string_view to_string(Reason r);  // "checkmate", "dead-position", "fifty-moves", ...

// What the record says of how a game ended.
struct RecordEnd {
  Result recorded = Result::Unfinished;
  // The flag fell: from [Termination "time forfeit"] or a [%clk 0:00:00] of the side to
  // move. `flagged` is the side whose time ran out, when the record tells.
  bool flag_fall = false;
  std::optional<Color> flagged;
};

// What the record says of a game: its moves, and how it ended.
struct GameRecord : RecordEnd {
  Position start;
  std::vector<Move> moves;  // the main line, legal from `start`
};

struct Claim {
  Reason reason;
  int ply;   // the plies played when it could be claimed (with the written move: that move's ply)
  Color by;  // the player who could claim it
  bool with_written_move = false;
};

struct Adjudication {
  Result result = Result::Unfinished;
  Reason reason = Reason::None;
  std::string article;      // the rule's article in the rule set; empty for none
  int ply = 0;              // plies played when the rule took effect
  std::string explanation;  // one sentence for people
  std::vector<Claim> claimable;
  // A side that could still mate, with the line that shows it (flag fall, resignation).
  std::optional<Color> witness_side;
  std::vector<Move> witness;
  int moves_after_end = 0;        // plies recorded after the game had ended
  std::vector<std::string> notes; // what the rule set reports without scoring it
  bool agrees(Result recorded) const { return recorded == result; }
};

struct AdjudicateOptions {
  SearchBudget budget;  // for a flag fall: whether the other side could still mate
  // For whether a resigned, agreed or unfinished game had already ended in a dead position:
  // asked of every such game whose pawns are locked, so kept small (an answer not found
  // within it is "not proven dead", and the recorded result stands).
  SearchBudget ended_budget{2000};
  // Claims treated as made at once (chess.js's way, --claims automatic): the first
  // claimable draw ends the game.
  bool claims_automatic = false;
};

Adjudication adjudicate(const GameRecord& game, const RuleSet& rules, const AdjudicateOptions& options = {});

// The same judgement fed by a replay that is made anyway (the reader's, validating the
// game), so that a game is replayed once to read and judge it: start with the first
// position, then before each main-line move the position (and whether the move is a pass),
// after it the new position and the move, and at the end the last position and what the record
// says. Each position must stay unchanged for the duration of the call only. One judge
// serves game after game. (The validator feeds it directly, ValidateOptions::judge.)
class GameJudge {
public:
  explicit GameJudge(const RuleSet& rules, const AdjudicateOptions& options = {});
  ~GameJudge();
  GameJudge(GameJudge&&) noexcept;
  void start(const Position& pos);
  // Inline: at most plies no count is near its limit and no claim is in sight, and the
  // position after the last move told that already.
  void before_move(const Position& pos, bool pass = false) {
    if (attention_ || pass) look_before_move(pos, pass);
  }
  void after_move(const Position& pos, Move played);  // played: Move::null() for a pass
  Adjudication finish(const Position& end, const RecordEnd& record);
  int plies() const { return plies_; }  // the main-line moves told since start

private:
  void look_before_move(const Position& pos, bool pass);
  class Replay;
  std::unique_ptr<Replay> replay_;
  bool attention_ = true;  // the position after the last move may end the game or allow a claim
  int plies_ = 0;
};

}  // namespace chess::rules

CHESS_PUBLIC_END
