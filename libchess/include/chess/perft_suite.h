// Perft suites: positions with their published node counts, in the two formats in use:
//   EPD lines      FEN ;D1 20 ;D2 400 ...      (also "FEN; D1 20; D2 400")
//   blocks         id NAME / epd FEN / perft DEPTH NODES ...
// Either may carry '#' comment lines; both may be mixed in one file.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

struct PerftExpectation {
  int depth;
  uint64_t nodes;
};

struct PerftCase {
  std::string id;    // from an "id" line, or empty
  std::string fen;   // as written (4 or 6 fields); validated when run
  std::size_t line;    // 1-based line of the FEN
  std::size_t column;  // 1-based column where the FEN starts on that line
  std::vector<PerftExpectation> expected;
};

struct SuiteError {
  std::size_t line;
  std::size_t column;
  std::string message;
};

struct PerftSuite {
  std::vector<PerftCase> cases;
  std::vector<SuiteError> errors;  // lines that could not be read; their cases are left out
};

PerftSuite read_perft_suite(std::istream& in);

}  // namespace chess

CHESS_PUBLIC_END
