// Where a program's results go: standard output, or with -o FILE a file that appears
// whole or not at all. Every program prints its results to stdout as before; once open()
// has run, what is printed is kept in memory and written out only in whole records (a
// game, a JSON line, a position's report) as end_record() marks them, so that:
//   - a run stopped by SIGINT or SIGTERM exits 130 or 143 at once, its worker threads with
//     it, leaving on standard output whole records only (a record being written when the
//     signal came is finished first), and with -o no file at all: the results go to a
//     temporary file beside FILE, renamed over it at the end, removed when interrupted;
//   - a write error (a full disk) is said once and ends the run with status 2, the
//     temporary file removed: never a silently short output;
//   - a closed pipe (`pgn-convert big.pgn | head`) ends the program quietly, killed by
//     SIGPIPE as Unix filters are (the shell shows status 141);
//   - -o naming one of the inputs (the same file, by device and inode, whatever its name;
//     '-' is standard input) is refused before anything is read.
// A record of over 64 MiB is written out before its end (memory stays bounded).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "common/diagnostics.h"

namespace tools {

class OutputFile {
public:
  explicit OutputFile(const DiagnosticPrinter& diagnostics) : diagnostics_(diagnostics) {}
  ~OutputFile();  // an output not finished (an early return) leaves no file behind
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // -o FILE, for the program's options.
  void add_option(CLI::App& app);
  // Takes over standard output (and installs the signal handlers). `inputs` are the files
  // the program reads ('-': standard input; none: it reads none). `line_by_line`: each record is written as it
  // ends (a coprocess, --line-buffered); so it is when standard output is a terminal.
  // False, said why, when the output cannot be made or names an input.
  bool open(const std::vector<std::string>& inputs, bool line_by_line = false);
  // Writes out the rest and, with -o, renames the file into place. Returns `status`, or
  // EXIT_USAGE_OR_IO (said why) when the output could not be written whole.
  int finish(int status);

  const std::string& path() const { return path_; }

private:
  const DiagnosticPrinter& diagnostics_;
  std::string path_;  // -o FILE; empty: standard output
  std::string final_path_;  // what the temporary file is renamed to (FILE, its links resolved)
  bool opened_ = false, finished_ = false;
};

// The end of a record printed to standard output: up to here, it may be written out.
// Cheap; a no-op before OutputFile::open.
void end_record();

}  // namespace tools
