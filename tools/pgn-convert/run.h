// The run loop of pgn-convert: every game read, converted where it was read, then in input
// order written, filtered out, passed through or rejected, and the closing count.
#pragma once

#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/game_loop.h"
#include "common/parts.h"
#include "pgn-convert/convert.h"
#include "pgn-convert/duplicates.h"
#include "pgn-convert/positions.h"
#include "pgn-convert/select.h"
#include "pgn-convert/split.h"

namespace convert {

struct RunOptions {
  tools::GameLoopOptions loop;
  ConvertOptions convert;
  SearchOptions search;  // --classify, --eco, --position, --material
  OnError on_error = OnError::PassThrough;
  std::string rejects;  // with OnError::Skip: where rejected games' text goes
  bool index = false;   // --offsets: an index of the games, their moves not read
  tools::PartOptions part;  // where the input begins in a larger one; the summary for merging
  bool fix = false;        // --fix (fix.h)
  bool fix_notes = false;  // and a {repaired: ...} comment
  // The --duplicates criterion, which the selection holds (null: none; it is also asked
  // of the games passed through with errors whose moves are known), and where the games
  // it drops are written (empty: nowhere).
  Duplicates* duplicates = nullptr;
  std::string duplicates_file;
  Split* split = nullptr;  // --split-every, --split-by (null: one output)
};

// The options the command line gives as words, and their meaning set in `run` (false,
// said, for an unknown dialect).
struct Words {
  std::string from = "san", to = "san", format = "pgn", tags = "all", on_error = "pass";
  bool no_comments = false, no_variations = false, no_nags = false, no_clocks = false;
};
bool apply(const Words& words, RunOptions& run, const tools::DiagnosticPrinter& diagnostics);

struct SelectionCommandLine;  // select_options.h

// Options that do not go together, said: --rejects without --on-error skip; with --offsets
// (no moves read), --plies, the searches in positions, --rejects and a --format other than jsonl.
bool check_options(const RunOptions& options, const SelectionCommandLine& select, bool format_given,
                   const tools::DiagnosticPrinter& diagnostics);

// After ArchiveOptions::apply: with --offsets (no moves read), no --duplicates and no --fix;
// false, said, if one is given.
bool check_archive_options(const RunOptions& options, const tools::DiagnosticPrinter& diagnostics);

// After the selection is made: --stop-early, which leaves games refused unbuilt and unread to
// their end, not with --rejects, --fix or a criterion on tags; false, said, if so.
bool check_stop_early(const RunOptions& options, const Selection& selection, const tools::DiagnosticPrinter& diagnostics);

// Returns the exit status: 0 every game converted, 1 some game with errors, 2 an I/O error.
int run(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics);

// --merge-summaries: the parts' summaries (the input files) added up and printed as run() prints its
// own; the exit status a run over the whole would have had for its games.
int merge(const RunOptions& options, Selection& selection, const tools::DiagnosticPrinter& diagnostics);

}  // namespace convert
