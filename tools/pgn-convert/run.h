// The run loop of pgn-convert: every game read, converted where it was read, then in input
// order written, filtered out, passed through or rejected, and the closing count.
#pragma once

#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/game_loop.h"
#include "pgn-convert/convert.h"
#include "pgn-convert/positions.h"
#include "pgn-convert/select.h"

namespace convert {

struct RunOptions {
  tools::GameLoopOptions loop;
  ConvertOptions convert;
  SearchOptions search;  // --classify, --eco, --position, --material
  OnError on_error = OnError::PassThrough;
  std::string rejects;  // with OnError::Skip: where rejected games' text goes
};

// Returns the exit status: 0 every game converted, 1 some game with errors, 2 an I/O error.
int run(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics);

}  // namespace convert
