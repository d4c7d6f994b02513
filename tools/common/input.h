// Opening the inputs a program is given: a file name, or "-" for standard input.
#pragma once

#include <istream>
#include <memory>
#include <string>
#include <vector>

namespace tools {

struct Input {
  std::string name;  // as shown in diagnostics: the path, or "<stdin>"
  std::istream* stream = nullptr;
  std::unique_ptr<std::istream> owned;  // null for standard input
};

class DiagnosticPrinter;

// On failure, prints the reason as an error ("PATH: No such file or directory") and
// returns an Input with a null stream: every program reports unopenable inputs alike.
Input open_input(const std::string& path, const DiagnosticPrinter& diagnostics);

// The total size of the named regular files, for progress; 0 if any is a pipe or stdin.
std::size_t total_input_size(const std::vector<std::string>& paths);

}  // namespace tools
