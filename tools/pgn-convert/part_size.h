// --part-size: where an input can be cut into parts that read as they do in the whole
// (for scripts/parallel, or a Hadoop or Spark input format), found by reading the games'
// tags alone.
#pragma once

#include "pgn-convert/run.h"

namespace convert {

// Writes one JSON line per part of each input: {"file", "part", "offset", "length", "line",
// "game"}, a part beginning at the first place after each multiple of `part_size` bytes
// where the game before has ended cleanly (Reader::border): after its termination marker,
// at the end of that line. Given to the program with --start-offset, --start-line and
// --start-game, a part's records are the whole's. Returns the exit status (2: an input
// could not be read).
int write_parts(const RunOptions& options, std::size_t part_size, const tools::DiagnosticPrinter& diagnostics);

}  // namespace convert
