// Running perft for fen-perft: one position, or a whole suite.
#pragma once

#include <string>

#include "chess/perft.h"
#include "chess/position.h"
#include "common/diagnostics.h"
#include "fen-perft/report.h"

namespace fen_perft {

struct RunOptions {
  int threads = 1;
  std::size_t hash_mb = 0;
  bool divide = false;
  bool chess960 = false;
  int max_depth = 0;  // 0: no cap
};

chess::FenOptions fen_options(const RunOptions& options);

DepthResult run_depth(chess::Perft& perft, const chess::Position& pos, int depth, const RunOptions& options);

// Runs every position of the suite at each listed depth (up to --max-depth), reporting
// as it goes. Returns the exit status: 0 all passed, 1 a count differed, 2 unreadable input.
int run_suite(const std::string& path, const RunOptions& options, const Reporter& reporter,
              const tools::DiagnosticPrinter& diagnostics);

}  // namespace fen_perft
