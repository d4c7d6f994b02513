// --fix: the repairs whose result is certain, of the faults the validator reports, and
// never of a move:
//   - a Date written in another form that says the same (pgn_date_form: 2024.1.5 is
//     2024.01.05, 1957 is 1957.??.??);
//   - a Result tag spelt otherwise (1/2 is 1/2-1/2, 1:0 is 1-0);
//   - a Result tag or termination marker that contradicts a mate or a stalemate on the
//     board: both are set to the board's result;
//   - a termination marker missing after the moves: the Result tag's is written;
//   - an unescaped quote inside a tag value, which the reader takes as part of the value
//     (a warning, not an error) and the export format writes escaped: listed as a repair.
// A game is repaired only if that leaves it without errors (validated again): a game with
// another fault is written through as read, as without --fix.
#pragma once

#include <string>
#include <vector>

#include "chess/pgn/validate.h"

namespace convert {

struct Repair {
  chess::pgn::Location at;
  std::string what;  // "Date '2024.1.5' written as '2024.01.05'"
};

// Whether the game's errors are all in its Date or Result tag or its termination marker,
// every move of its main line read: its start position and moves are known (for --fix,
// and for --duplicates, to which such a game is a copy or an original as any other is).
bool faults_only_in_tags(const chess::pgn::Game& game, const chess::pgn::GameReport& report);

// Repairs `game` if it can be made valid so (then `report` is its new one): the repairs
// made, or none (the game and report left as they were). Call on any thread.
std::vector<Repair> repair(chess::pgn::Game& game, chess::pgn::GameReport& report,
                           const chess::pgn::ValidateOptions& read);

// --fix-notes: the repairs in a comment before the first move ({repaired: ...}).
void add_repair_note(chess::pgn::Game& game, const std::vector<Repair>& repairs);

}  // namespace convert
