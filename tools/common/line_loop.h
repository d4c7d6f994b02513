// The loop of the line-based programs (notation-translate, game-adjudicate --positions):
// the files in turn ('-' is standard input), each line handed over with its number.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "chess/line_reader.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "common/input.h"
#include "common/output_file.h"

namespace tools {

struct LineLoopOptions {
  std::vector<std::string> files;  // empty: standard input
  bool interactive = false;        // standard input read a line at a time (a coprocess)
  std::size_t max_line = 1 << 20;  // a longer line is handed over as too long, not its text
};

// on_line(const std::string& file, std::size_t number, std::string& line, bool too_long)
// for every line of every input. Returns EXIT_USAGE_OR_IO if an input could not be opened
// or read, EXIT_SOME_INVALID if one was not text, else EXIT_ALL_GOOD.
template <class OnLine>
int for_each_line(const LineLoopOptions& options, const DiagnosticPrinter& diagnostics, OnLine on_line) {
  std::vector<std::string> files = options.files.empty() ? std::vector<std::string>{"-"} : options.files;
  int status = EXIT_ALL_GOOD;
  for (const std::string& path : files) {
    Input input = open_input(path, diagnostics);
    if (!input.stream) {
      status = std::max(status, int(input.refused ? EXIT_SOME_INVALID : EXIT_USAGE_OR_IO));
      continue;
    }
    chess::LineReader reader(*input.stream, options.max_line, options.interactive && path == "-");
    std::string line;
    for (bool too_long = false; reader.next(line, too_long);) {
      on_line(input.name, reader.line_number(), line, too_long);
      end_record();  // what the line printed is whole
    }
    status = std::max(status, finish_input(input, diagnostics));
  }
  return status;
}

}  // namespace tools
