// Reading the games and judging them, on one thread or several (output order kept).
#pragma once

#include "common/game_loop.h"
#include "common/parts.h"
#include "game-adjudicate/judge.h"
#include "game-adjudicate/output.h"

namespace adjudicate {

struct RunOptions {
  tools::GameLoopOptions loop;
  JudgeOptions judge;
  bool only_disagreements = false;
  // What makes the exit status 1: a result that differs, a game not adjudicated (--standings
  // decides for itself: a game it cannot score).
  bool judged_fails = true;
  tools::PartOptions part;  // where the input begins in a larger one; the summary for merging
};

// Exit status: 0 every recorded result agrees, 1 some differs or a game is unreadable, 2 I/O.
int run_games(const RunOptions& options, Printer& printer, const tools::DiagnosticPrinter& diagnostics);

// --merge: the parts' summaries (the input files) added up and printed by `printer`; the
// exit status a run over the whole would have had for its games.
int merge_games(const RunOptions& options, Printer& printer, const tools::DiagnosticPrinter& diagnostics);

}  // namespace adjudicate
