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
//     '-' is standard input) is refused before anything is read; so is a side file (a
//     summary, rejects) naming an input, -o's file or another side file's.
// A record of over 64 MiB is written out before its end (memory stays bounded).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
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
  // A file the program also writes (--rejects, --summary-file, --duplicates-file), by its
  // option, for open() to refuse when it names an input or the file -o or another such
  // option names: the first would be lost, an input emptied before it is read. Empty: none.
  void add_side_file(const std::string& option, const std::string& path);
  // Takes over standard output (and installs the signal handlers). `inputs` are the files
  // the program reads ('-': standard input; none: it reads none). `line_by_line`: each record is written as it
  // ends (a coprocess, --line-buffered); so it is when standard output is a terminal.
  // False, said why, when the output cannot be made or names an input.
  bool open(const std::vector<std::string>& inputs, bool line_by_line = false);
  // Writes out the rest and, with -o, renames the file into place. Returns `status`, or
  // EXIT_USAGE_OR_IO (said why) when the output could not be written whole.
  int finish(int status);

  const std::string& path() const { return path_; }
  // -o's value taken away, before open(): the results go to standard output, and the
  // caller makes files of its own from it (pgn-convert's --split-*: a pattern).
  std::string take_path() { return std::exchange(path_, std::string()); }

private:
  bool refuse_side_files(const std::vector<std::string>& inputs) const;  // true: said why

  const DiagnosticPrinter& diagnostics_;
  std::string path_;  // -o FILE; empty: standard output
  std::vector<std::pair<std::string, std::string>> side_files_;  // option, path
  std::string final_path_;  // what the temporary file is renamed to (FILE, its links resolved)
  bool opened_ = false, finished_ = false;
};

// A file of results beside the main output (pgn-convert's --duplicates-file and split
// files), whole or not at all as -o's is: written to a temporary file beside it, renamed
// into place by commit(), removed if the run ends first (a signal, a write error: said once,
// status 2; an early return). A device or a pipe is written to as it is. Records are
// printed to stream() and ended with end_record(). A program with thousands of these open
// release()s the ones it has not written to lately: their descriptors are closed until
// the next write. open() needs OutputFile::open to have installed the signal handlers.
class SideFile {
public:
  explicit SideFile(const DiagnosticPrinter& diagnostics) : diagnostics_(diagnostics) {}
  ~SideFile();
  SideFile(const SideFile&) = delete;
  SideFile& operator=(const SideFile&) = delete;

  // False, said why, when the file cannot be made or is one of `inputs` ('-': standard input).
  bool open(const std::string& path, const std::vector<std::string>& inputs);
  std::FILE* stream() const { return stream_; }
  void end_record();  // what is pending is written out once there is enough of it
  void release();     // written out, and the descriptor closed until the next write
  // The rest written out and the file renamed into place; false, said why, if it failed.
  bool commit();
  const std::string& path() const { return path_; }

private:
  friend struct SideFileAccess;
  void write_out();
  const DiagnosticPrinter& diagnostics_;
  std::string path_, final_path_;
  struct TempName* temp_ = nullptr;  // in the list that a signal's handler removes
  std::string pending_;
  std::FILE* stream_ = nullptr;
  int fd_ = -1;
};

// The end of a record printed to standard output: up to here, it may be written out.
// Cheap; a no-op before OutputFile::open.
void end_record();

}  // namespace tools
