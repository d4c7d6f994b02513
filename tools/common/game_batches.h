// Reading games in batches and working on them in parallel, results handed over in input
// order. The next batch is read while this one is worked on; memory stays bounded by the
// batch (so many games, or so many bytes, whichever comes first).
#pragma once

#include <atomic>
#include <future>
#include <thread>
#include <vector>

#include "chess/pgn/game.h"
#include "chess/pgn/reader.h"

namespace tools {

struct BatchLimits {
  std::size_t games = 1024;
  std::size_t bytes = 2 << 20;
};

// work(Game&) -> Result runs on any thread; emit(Game&, Result&) runs on this one, in input
// order, and returns false to stop reading. Returns false if emit stopped it.
template <class Work, class Emit>
bool for_each_game(chess::pgn::Reader& reader, int jobs, Work work, Emit emit, BatchLimits limits = {}) {
  using Result = decltype(work(std::declval<chess::pgn::Game&>()));
  chess::pgn::GameBuilder builder;
  bool more = true;
  auto read_batch = [&](std::vector<chess::pgn::Game>& batch) {
    batch.clear();
    std::size_t start = reader.bytes_read();
    while (batch.size() < limits.games && reader.bytes_read() - start < limits.bytes && more &&
           (more = reader.read_game(builder)))
      batch.push_back(std::move(builder.game()));
  };
  auto work_batch = [&](std::vector<chess::pgn::Game>& batch, std::vector<Result>& results) {
    results.resize(batch.size());
    if (jobs <= 1 || batch.size() < 2) {
      for (std::size_t i = 0; i < batch.size(); ++i) results[i] = work(batch[i]);
      return;
    }
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < jobs; ++t)
      pool.emplace_back([&] {
        for (std::size_t i; (i = next.fetch_add(1)) < batch.size();) results[i] = work(batch[i]);
      });
    for (auto& th : pool) th.join();
  };
  std::vector<chess::pgn::Game> current, next;
  std::vector<Result> results;
  read_batch(current);
  while (!current.empty()) {
    if (jobs > 1) {
      auto working = std::async(std::launch::async, [&] { work_batch(current, results); });
      read_batch(next);
      working.get();
    } else {
      work_batch(current, results);
      read_batch(next);
    }
    for (std::size_t i = 0; i < current.size(); ++i)
      if (!emit(current[i], results[i])) return false;
    std::swap(current, next);
  }
  return true;
}

}  // namespace tools
