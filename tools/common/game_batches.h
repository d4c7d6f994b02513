// Reading games and working on them, on one thread or several, results handed over in
// input order. With several jobs it is an OrderedPipeline: a reader thread fills batches
// of games, worker threads take whole batches, and the calling thread emits finished
// batches in order. Memory stays bounded: so many batches in flight, each so many games
// or bytes. (pgn-validate reads in parallel without a serial reader: chunked_games.h.)
#pragma once

#include <vector>

#include "chess/pgn/game.h"
#include "chess/pgn/reader.h"
#include "common/ordered_pipeline.h"

namespace tools {

struct BatchLimits {
  std::size_t games = 256;
  std::size_t bytes = 512 << 10;
  // Hand plain games over as text (GameItem::plain), for a worker with a plain path.
  bool plain_games = false;
};

// One game as read: a Game read whole by the general reader, or a plain game's text.
struct GameItem {
  bool is_plain = false;
  chess::pgn::Game game;
  chess::pgn::PlainGame plain;
  std::size_t bytes_read = 0;  // how far the input was read once this game was (for progress)
};

namespace detail {

template <class Result>
struct Batch {
  std::vector<GameItem> items;  // kept from use to use: their strings keep their room
  std::vector<Result> results;
  std::size_t count = 0;  // items in use
};

// Fills `batch` with the next games; false when the input has no more.
template <class Result>
bool read_batch(chess::pgn::Reader& reader, chess::pgn::GameBuilder& builder, Batch<Result>& batch,
                const BatchLimits& limits) {
  batch.count = 0;
  std::size_t start = reader.bytes_read();
  while (batch.count < limits.games && reader.bytes_read() - start < limits.bytes) {
    if (batch.count == batch.items.size()) batch.items.emplace_back();
    GameItem& item = batch.items[batch.count];
    chess::pgn::ReadResult got = limits.plain_games ? reader.read_game_or_plain(builder, item.plain)
                                 : reader.read_game(builder)  ? chess::pgn::ReadResult::Game
                                                              : chess::pgn::ReadResult::End;
    if (got == chess::pgn::ReadResult::End) return false;
    item.is_plain = got == chess::pgn::ReadResult::Plain;
    if (!item.is_plain) item.game = std::move(builder.game());
    item.bytes_read = reader.bytes_read();
    ++batch.count;
  }
  return true;
}

}  // namespace detail

// work(GameItem&) -> Result runs on any thread; emit(GameItem&, Result&) runs on this
// one, in input order, and returns false to stop reading. Returns false if emit stopped it.
template <class Work, class Emit>
bool for_each_game(chess::pgn::Reader& reader, int jobs, Work work, Emit emit, BatchLimits limits = {}) {
  using Result = decltype(work(std::declval<GameItem&>()));
  using Batch = detail::Batch<Result>;
  chess::pgn::GameBuilder builder;

  if (jobs <= 1) {
    Batch batch;
    for (bool more = true; more;) {
      more = detail::read_batch(reader, builder, batch, limits);
      batch.results.resize(batch.count);
      for (std::size_t i = 0; i < batch.count; ++i) batch.results[i] = work(batch.items[i]);
      for (std::size_t i = 0; i < batch.count; ++i)
        if (!emit(batch.items[i], batch.results[i])) return false;
    }
    return true;
  }

  OrderedPipeline<Batch> pipeline(
      jobs, std::size_t(2 * jobs + 2),
      [&](Batch& batch) { return detail::read_batch(reader, builder, batch, limits) || batch.count > 0; },
      [&](Batch& batch) {
        batch.results.resize(batch.count);
        for (std::size_t i = 0; i < batch.count; ++i) batch.results[i] = work(batch.items[i]);
      });
  while (auto* slot = pipeline.next()) {
    Batch& batch = slot->item;
    for (std::size_t i = 0; i < batch.count; ++i)
      if (!emit(batch.items[i], batch.results[i])) return false;
    pipeline.recycle(slot);
  }
  return true;
}

}  // namespace tools
