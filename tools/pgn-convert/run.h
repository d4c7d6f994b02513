// The run loop of pgn-convert: every game read, converted where it was read, then in input
// order written, filtered out, passed through or rejected, and the closing count.
#pragma once

#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/game_loop.h"
#include "pgn-convert/convert.h"
#include "pgn-convert/duplicates.h"
#include "pgn-convert/select.h"
#include "pgn-convert/split.h"

namespace convert {

struct RunOptions {
  tools::GameLoopOptions loop;
  ConvertOptions convert;
  OnError on_error = OnError::PassThrough;
  std::string rejects;  // with OnError::Skip: where rejected games' text goes
  bool fix = false;        // --fix (fix.h)
  bool fix_notes = false;  // and a {repaired: ...} comment
  // The --duplicates criterion, which the selection holds (null: none; it is also asked
  // of the games passed through with errors whose moves are known), and where the games
  // it drops are written (empty: nowhere).
  Duplicates* duplicates = nullptr;
  std::string duplicates_file;
  Split* split = nullptr;  // --split-every, --split-by (null: one output)
};

// Returns the exit status: 0 every game converted, 1 some game with errors, 2 an I/O error.
int run(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics);

}  // namespace convert
