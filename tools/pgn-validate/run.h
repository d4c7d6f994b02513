// Reading the inputs game by game and validating them, on one thread or several (output
// order kept).
#pragma once

#include <string>
#include <vector>

#include "chess/pgn/validate.h"
#include "common/diagnostics.h"
#include "pgn-validate/output.h"

namespace validate {

enum class Emit { None, Valid, Invalid };

struct RunOptions {
  std::vector<std::string> files;  // "-" for standard input
  chess::pgn::ValidateOptions validate;
  int jobs = 1;
  bool progress = false;
  Emit emit = Emit::None;  // those games written to standard output as read, for a pipe
};

// Returns the exit status: 0 every game valid, 1 some game invalid, 2 an input unreadable.
int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics);

}  // namespace validate
