#include "common/standard_output.h"

#include <cstdio>
#include <unistd.h>

namespace tools {

void buffer_standard_output() {
  if (::isatty(STDOUT_FILENO)) return;  // a reader at a terminal sees lines as they come
  static char buffer[1 << 20];
  std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

}  // namespace tools
