// --positions: one FEN or EPD per line, each judged on its own: whether the game can go on
// there, and who can still checkmate. A line may start with the class it is expected to
// have (WB, W-, -B or --, as in dead-position test vectors): a different answer is wrong.
#pragma once

#include <string>
#include <vector>

#include "chess/rules/dead_position.h"
#include "common/diagnostics.h"

namespace adjudicate {

struct PositionsOptions {
  std::vector<std::string> files;
  bool jsonl = false;
  bool witness = false;  // the helpmate lines in SAN
  chess::rules::SearchBudget budget;
};

// Exit status: 0 all read and none wrong, 1 a line unreadable or a labelled answer wrong, 2 I/O.
int run_positions(const PositionsOptions& options, const tools::DiagnosticPrinter& diagnostics);

}  // namespace adjudicate
