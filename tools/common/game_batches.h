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
  // Hand plain games over as text (GameItem::plain), for a worker with a plain path.
  bool plain_games = false;
};

// One game as read: a Game read whole by the general reader, or a plain game's text.
struct GameItem {
  bool is_plain = false;
  chess::pgn::Game game;
  chess::pgn::PlainGame plain;
};

// work(GameItem&) -> Result runs on any thread; emit(GameItem&, Result&) runs on this
// one, in input order, and returns false to stop reading. Returns false if emit stopped it.
template <class Work, class Emit>
bool for_each_game(chess::pgn::Reader& reader, int jobs, Work work, Emit emit, BatchLimits limits = {}) {
  using Result = decltype(work(std::declval<GameItem&>()));
  chess::pgn::GameBuilder builder;
  bool more = true;
  // Items are kept from batch to batch (their strings keep their room): `count` are in use.
  struct Batch {
    std::vector<GameItem> items;
    std::vector<Result> results;
    std::size_t count = 0;
  };
  auto read_batch = [&](Batch& batch) {
    batch.count = 0;
    std::size_t start = reader.bytes_read();
    while (more && batch.count < limits.games && reader.bytes_read() - start < limits.bytes) {
      if (batch.count == batch.items.size()) batch.items.emplace_back();
      GameItem& item = batch.items[batch.count];
      chess::pgn::ReadResult got = limits.plain_games ? reader.read_game_or_plain(builder, item.plain)
                                   : reader.read_game(builder)  ? chess::pgn::ReadResult::Game
                                                                : chess::pgn::ReadResult::End;
      if (got == chess::pgn::ReadResult::End) {
        more = false;
        break;
      }
      item.is_plain = got == chess::pgn::ReadResult::Plain;
      if (!item.is_plain) item.game = std::move(builder.game());
      ++batch.count;
    }
  };
  auto work_batch = [&](Batch& batch) {
    batch.results.resize(batch.count);
    if (jobs <= 1 || batch.count < 2) {
      for (std::size_t i = 0; i < batch.count; ++i) batch.results[i] = work(batch.items[i]);
      return;
    }
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < jobs; ++t)
      pool.emplace_back([&] {
        for (std::size_t i; (i = next.fetch_add(1)) < batch.count;) batch.results[i] = work(batch.items[i]);
      });
    for (auto& th : pool) th.join();
  };
  Batch current, next;
  read_batch(current);
  while (current.count) {
    if (jobs > 1) {
      auto working = std::async(std::launch::async, [&] { work_batch(current); });
      read_batch(next);
      working.get();
    } else {
      work_batch(current);
      read_batch(next);
    }
    for (std::size_t i = 0; i < current.count; ++i)
      if (!emit(current.items[i], current.results[i])) return false;
    std::swap(current, next);
  }
  return true;
}

}  // namespace tools
