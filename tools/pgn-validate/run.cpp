#include "pgn-validate/run.h"

#include <future>
#include <sys/stat.h>
#include <thread>

#include "chess/pgn/reader.h"
#include "common/exit_codes.h"
#include "common/input.h"
#include "common/progress.h"

namespace validate {

using namespace chess::pgn;

namespace {

std::size_t total_size(const std::vector<std::string>& files) {
  std::size_t total = 0;
  for (const std::string& f : files) {
    struct stat st;
    if (f == "-" || ::stat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    total += std::size_t(st.st_size);
  }
  return total;
}

// Games are read in batches and validated in parallel, then reported in input order:
// memory stays bounded by the batch (so many games, or so many bytes of input, whichever
// comes first), whatever the input size.
constexpr std::size_t BATCH_GAMES = 1024;
constexpr std::size_t BATCH_BYTES = 2 << 20;

void validate_batch(std::vector<Game>& games, std::vector<GameReport>& reports, const ValidateOptions& options,
                    int jobs) {
  reports.assign(games.size(), {});
  if (jobs <= 1 || games.size() < 2) {
    for (std::size_t i = 0; i < games.size(); ++i) reports[i] = validate_game(games[i], options);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < jobs; ++t)
    pool.emplace_back([&] {
      for (std::size_t i; (i = next.fetch_add(1)) < games.size();) reports[i] = validate_game(games[i], options);
    });
  for (auto& th : pool) th.join();
}

}  // namespace

int run(const RunOptions& options, Output& output, const tools::DiagnosticPrinter& diagnostics) {
  int status = tools::EXIT_ALL_GOOD;
  tools::Progress progress(options.progress, total_size(options.files));
  std::size_t bytes_before = 0, games_seen = 0;
  for (const std::string& path : options.files) {
    std::string error;
    tools::Input input = tools::open_input(path, error);
    if (!input.stream) {
      diagnostics.print(tools::Severity::Error, error);
      status = tools::EXIT_USAGE_OR_IO;
      continue;
    }
    Reader reader(*input.stream);
    GameBuilder builder;
    bool more = true;
    auto read_batch = [&](std::vector<Game>& batch) {
      batch.clear();
      std::size_t start = reader.bytes_read();
      while (batch.size() < BATCH_GAMES && reader.bytes_read() - start < BATCH_BYTES && more &&
             (more = reader.read_game(builder)))
        batch.push_back(std::move(builder.game()));
    };
    // With jobs, reading the next batch overlaps validating this one: the reader would
    // otherwise be the part no thread helps with.
    std::vector<Game> current, next;
    std::vector<GameReport> reports;
    read_batch(current);
    while (!current.empty()) {
      if (options.jobs > 1) {
        auto validating = std::async(std::launch::async, [&] {
          validate_batch(current, reports, options.validate, options.jobs);
        });
        read_batch(next);
        validating.get();
      } else {
        validate_batch(current, reports, options.validate, 1);
        read_batch(next);
      }
      for (const GameReport& report : reports) {
        output.game(input.name, report);
        if (!report.valid()) status = std::max(status, int(tools::EXIT_SOME_INVALID));
      }
      games_seen += current.size();
      progress.update(bytes_before + reader.bytes_read(), games_seen);
      std::swap(current, next);
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
