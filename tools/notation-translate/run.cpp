#include "notation-translate/run.h"

#include <fmt/core.h>
#include <vector>

#include "common/line_loop.h"
#include "notation-translate/lines.h"

namespace translate {

int translate_files(const std::vector<std::string>& files, const Translator& translator, const Output& output,
                    const tools::DiagnosticPrinter& diagnostics, bool interactive) {
  int invalid = tools::EXIT_ALL_GOOD;
  // A coprocess gets its answer as soon as its line is complete.
  tools::LineLoopOptions loop{files, interactive};
  auto print = [&](const std::string& file, std::size_t number, const LineResult* result) {
    if (result) return output.line(file, number, *result);
    diagnostics.print(file, number, 1, tools::Severity::Error, "line-too-long",
                      fmt::format("line longer than {} bytes: not translated", loop.max_line));
    output.failed_line(number);
  };
  DialectOfInput dialect(translator, print, !interactive);
  int io = tools::for_each_line(loop, diagnostics, [&](const std::string& file, std::size_t number, std::string& line,
                                                        bool too_long) {
    if (too_long) {
      dialect.too_long(file, number);
      invalid = tools::EXIT_SOME_INVALID;
      return;
    }
    if (dialect.line(file, number, line)) invalid = tools::EXIT_SOME_INVALID;
  });
  if (dialect.flush()) invalid = tools::EXIT_SOME_INVALID;
  return std::max(io, invalid);
}

}  // namespace translate
