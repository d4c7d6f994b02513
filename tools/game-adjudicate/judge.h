// One game judged: read and validated as pgn-validate reads it, then, when its moves are
// legal, adjudicated under the rule set; with --format pgn also written back.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/pgn/validate.h"
#include "chess/rules/adjudicate.h"

namespace adjudicate {

struct JudgeOptions {
  chess::pgn::ValidateOptions read;
  const chess::rules::RuleSet* rules = nullptr;
  chess::rules::AdjudicateOptions adjudicate;
  bool write_pgn = false;  // the game written back with its adjudicated Result and Termination
};

// The tags a standings table reads (--standings): empty when absent.
struct StandingsTags {
  std::string event, site, round, termination, white_elo, black_elo, white_fide_id, black_fide_id;
};

struct Judged {
  chess::pgn::GameReport report;  // its errors are printed; a game whose moves do not all read is not adjudicated
  std::string recorded;           // the result as recorded: the termination marker, else the Result tag
  // The Result tag's, where it is a result and the marker says another: the record says two
  // things, and the adjudication disagrees with one of them.
  std::string other_recorded;
  std::optional<chess::rules::Adjudication> adjudication;
  std::vector<std::string> witness_san;  // the witness line in SAN
  std::string pgn;                       // with write_pgn: the game, or its text as read when invalid
  StandingsTags tags;
  // A record without a result says no more than '*' does: that agrees with a game that goes on.
  bool disagrees() const {
    if (!adjudication) return true;
    std::string_view judged = chess::rules::to_string(adjudication->result);
    return judged != (recorded.empty() ? std::string_view("*") : std::string_view(recorded)) ||
           (!other_recorded.empty() && judged != other_recorded);
  }
};

// Reads the next game from `reader` and judges it into `out`; false at the end of the input.
bool judge_next_game(chess::pgn::Reader& reader, const JudgeOptions& options, Judged& out);

// The flag fell, by the record: a Termination tag saying so, or a [%clk 0:00:00] after the
// last move of the side to move, unless the recorded result has that side win.
struct FlagFall {
  bool fell = false;
  std::optional<chess::Color> side;
};
FlagFall flag_fall_in(const chess::pgn::Game& game, chess::Color side_to_move_at_end, chess::rules::Result recorded);
// The same from the Termination tag and the last clock of the side to move, if any.
FlagFall flag_fall_from(std::string_view termination, std::optional<double> mover_clock,
                        chess::Color side_to_move_at_end, chess::rules::Result recorded);

}  // namespace adjudicate
