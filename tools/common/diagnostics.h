// Diagnostics in the one format every program uses:
//   file:line:col: severity[code]: message
// coloured when standard error is a terminal.
#pragma once

#include <cstddef>
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

  // How many of one game's diagnostics are printed (--max-errors; 0: all). The rest are
  // counted in one line (see game_report.h).
  std::size_t max_per_game = 0;

private:
  std::string_view program_;
  bool colour_;
};

}  // namespace tools
