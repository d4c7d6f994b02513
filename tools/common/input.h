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

// On failure, returns an Input with a null stream and sets `error` to the reason.
Input open_input(const std::string& path, std::string& error);

// The total size of the named regular files, for progress; 0 if any is a pipe or stdin.
std::size_t total_input_size(const std::vector<std::string>& paths);

}  // namespace tools
