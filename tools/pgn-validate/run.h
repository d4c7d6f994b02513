// Reading the inputs game by game and validating them, on one thread or several (output
// order kept).
#pragma once

#include <string>
#include <vector>

#include "chess/pgn/validate.h"
#include "common/diagnostics.h"
#include "common/parts.h"
#include "pgn-validate/output.h"

namespace validate {

enum class Emit { None, Valid, Invalid };

struct RunOptions {
  std::vector<std::string> files;  // "-" for standard input
  chess::pgn::ValidateOptions validate;
  int jobs = 1;
  bool progress = false;
  Emit emit = Emit::None;  // those games written to standard output as read, for a pipe
  tools::PartOptions part;  // where the input begins in a larger one; the summary for merging
};

// Reads, validates and prints the games, then the summary (or writes it for a merge).
// Returns the exit status: 0 every game valid, 1 some game invalid, 2 an input unreadable.
int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics);

// --merge-summaries: the parts' summaries (options.files) added up and printed; the exit status a run
// over the whole would have had for its games.
int merge(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics);

}  // namespace validate
