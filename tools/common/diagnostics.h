// Diagnostics in the one format every program uses:
//   file:line:col: severity[code]: message
// coloured when standard error is a terminal.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace tools {

enum class Severity { Error, Warning, Note };

class DiagnosticPrinter {
public:
  // Colour when stderr is a terminal and NO_COLOR is unset.
  explicit DiagnosticPrinter(std::string_view program);
  void print(std::string_view file, std::size_t line, std::size_t column, Severity severity,
             std::string_view code, std::string_view message) const;
  // For problems with no place in an input (options, files that cannot be opened).
  void print(Severity severity, std::string_view message, std::string_view code = {}) const;

  // Prints nothing: a first pass over an input that a second pass reports on.
  bool silent = false;

  // How many of one game's diagnostics are printed (--max-errors; 0: all). The rest are
  // counted in one line (see game_report.h).
  std::size_t max_per_game = 0;

  // How many warnings of one code a run prints (0: all). Past it, one note says that the
  // rest are left out (the summary counts them): 10 million games without an Event tag
  // are not 10 million lines.
  std::size_t max_same_warning = 100;
  // Whether to print a warning of `code` (saying so, once, when it is not).
  bool take_warning(std::string_view code) const;
  // Whether no more warnings of `code` will be printed.
  bool warnings_left_out(std::string_view code) const;

private:
  mutable std::map<std::string, std::size_t, std::less<>> warnings_;
  std::string_view program_;
  bool colour_;
};

// Input quoted in a message, at most `most` bytes of it (cut at a character's start, the
// length said): a 1 MB token makes a diagnostic of one line, not of a megabyte. Control
// characters and bytes that are not UTF-8 are written \xNN.
std::string excerpt(std::string_view text, std::size_t most = 64);

}  // namespace tools
