#include "pgn-validate/run.h"

#include "chess/pgn/reader.h"
#include "common/exit_codes.h"
#include "common/chunked_games.h"
#include "common/input.h"
#include "common/progress.h"

namespace validate {

using namespace chess::pgn;

int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics) {
  int status = tools::EXIT_ALL_GOOD;
  tools::Progress progress(options.progress, tools::total_input_size(options.files));
  std::size_t bytes_before = 0, games_seen = 0;
  for (const std::string& path : options.files) {
    tools::Input input = tools::open_input(path, diagnostics);
    if (!input.stream) {
      status = tools::EXIT_USAGE_OR_IO;
      continue;
    }
    auto report_game = [&](GameReport& report, std::size_t bytes_read) {
      output.game(input.name, report);
      if (!report.valid()) status = std::max(status, int(tools::EXIT_SOME_INVALID));
      progress.update(bytes_before + bytes_read, ++games_seen);
      return true;
    };
    // Each game read and checked at once: a plain game in the scan that reads it.
    auto read_one = [&](Reader& reader, GameReport& report) {
      return validate_next_game(reader, options.validate, report);
    };
    std::size_t bytes = 0;
    if (options.jobs <= 1) {
      Reader reader(*input.stream);
      for (GameReport report; read_one(reader, report);) report_game(report, reader.bytes_read());
      bytes = reader.bytes_read();
    } else {
      tools::for_each_game_chunked<GameReport>(
          *input.stream, options.jobs, {}, read_one,
          [&](GameReport& report, std::size_t ordinal_offset, std::size_t bytes_read) {
            report.ordinal += ordinal_offset;
            bytes = bytes_read;
            return report_game(report, bytes_read);
          });
    }
    bytes_before += bytes;
    if (input.stream->bad()) {
      diagnostics.print(tools::Severity::Error, input.name + ": read error");
      status = tools::EXIT_USAGE_OR_IO;
    }
  }
  progress.finish();
  return status;
}

}  // namespace validate
