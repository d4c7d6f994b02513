#include "pgn-validate/run.h"

#include "chess/pgn/reader.h"
#include "common/exit_codes.h"
#include "common/game_batches.h"
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
    Reader reader(*input.stream);
    auto report_game = [&](GameReport& report, std::size_t bytes_read) {
      output.game(input.name, report);
      if (!report.valid()) status = std::max(status, int(tools::EXIT_SOME_INVALID));
      progress.update(bytes_before + bytes_read, ++games_seen);
      return true;
    };
    if (options.jobs <= 1 && options.plain_path) {  // one pass: each game read and checked at once
      for (GameReport report; validate_next_game(reader, options.validate, report);)
        report_game(report, reader.bytes_read());
    } else {
      tools::BatchLimits limits;
      limits.plain_games = options.plain_path;
      tools::for_each_game(
          reader, options.jobs,
          [&](tools::GameItem& item) {
            return item.is_plain ? validate_plain_game(item.plain, options.validate)
                                 : validate_game(item.game, options.validate);
          },
          [&](tools::GameItem& item, GameReport& report) { return report_game(report, item.bytes_read); }, limits);
    }
    bytes_before += reader.bytes_read();
    if (input.stream->bad()) {
      diagnostics.print(tools::Severity::Error, input.name + ": read error");
      status = tools::EXIT_USAGE_OR_IO;
    }
  }
  progress.finish();
  return status;
}

}  // namespace validate
