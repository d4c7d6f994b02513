// Running perft for fen-perft: one position, or a whole suite.
#pragma once

#include <string>
#include <vector>

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

// What the command line asks for: one position to a depth, or a suite.
struct Request {
  std::vector<std::string> fen_words;  // the FEN as one argument or as its words
  std::string fen_option;
  std::string epd_path;
  std::string format = "text";
  int depth = -1;
  RunOptions run;
};

// Runs what was asked; the exit status.
int run(const Request& request, const tools::DiagnosticPrinter& diagnostics);

chess::FenOptions fen_options(const RunOptions& options);

DepthResult run_depth(chess::Perft& perft, const chess::Position& pos, int depth, const RunOptions& options);

// Runs every position of the suite at each listed depth (up to --max-depth), reporting
// as it goes. Returns the exit status: 0 all passed, 1 a count differed, 2 unreadable input.
int run_suite(const std::string& path, const RunOptions& options, const Reporter& reporter,
              const tools::DiagnosticPrinter& diagnostics);

}  // namespace fen_perft
