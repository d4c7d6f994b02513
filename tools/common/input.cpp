#include "common/input.h"

#include "common/diagnostics.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sys/stat.h>

namespace tools {

Input open_input(const std::string& path, const DiagnosticPrinter& diagnostics) {
  Input in;
  if (path == "-") {
    in.name = "<stdin>";
    in.stream = &std::cin;
    return in;
  }
  in.name = path;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    diagnostics.print(Severity::Error, path + ": is a directory");
    return in;
  }
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) {
    diagnostics.print(Severity::Error, path + ": " + std::strerror(errno));
    return in;
  }
  in.stream = file.get();
  in.owned = std::move(file);
  return in;
}

std::size_t total_input_size(const std::vector<std::string>& paths) {
  std::size_t total = 0;
  for (const std::string& path : paths) {
    struct stat st;
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    total += std::size_t(st.st_size);
  }
  return total;
}

}  // namespace tools
