// The table of positions one search has seen, shared by the searches of mate_search.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace chess::rules::detail {

// Positions seen in one search, with a number each: open addressing over a table reused
// from search to search (one per thread), emptied in no time by a new generation number.
// When a neighbourhood is full an entry is overwritten: a position then forgotten is only
// searched again, which costs time but never soundness.
class SeenTable {
public:
  static SeenTable& for_this_thread() {
    thread_local SeenTable table;
    return table;
  }
  // A second one, for the walk over every reachable position, which takes turns with a
  // search that empties the first at each of its iterations.
  static SeenTable& for_the_walk() {
    thread_local SeenTable table;
    return table;
  }
  // Empties it, with room for about `positions` (all of it at most): a search of a few
  // hundred nodes, the most common, keeps to the start of the table, which stays in the
  // cache, where its probes in all of it missed the cache nearly every time (a sixth of
  // the time spent on the real positions of scripts/bench/adjudicate).
  void clear(uint64_t positions = SIZE) {
    ++generation_;
    mask_ = MIN_SIZE - 1;
    while (mask_ < SIZE - 1 && mask_ + 1 < 2 * positions) mask_ = 2 * mask_ + 1;
  }
  // The probe is a miss in the cache more often than not: started before the move
  // generation that comes first, it costs nothing.
  void prefetch(uint64_t key) const { __builtin_prefetch(&slots_[std::size_t(key) & mask_]); }
  // The number stored for the key, or nullptr after storing `value` for it.
  int* find_or_add(uint64_t key, int value) {
    std::size_t at = std::size_t(key) & mask_;
    for (std::size_t probe = 0; probe < PROBES; ++probe) {
      Entry& e = slots_[(at + probe) & mask_];
      if (e.generation != generation_) {
        e = {key, value, generation_};
        return nullptr;
      }
      if (e.key == key) return &e.value;
    }
    slots_[at] = {key, value, generation_};
    return nullptr;
  }

private:
  static constexpr std::size_t SIZE = std::size_t(1) << 18, MIN_SIZE = 1024, PROBES = 8;
  struct Entry {
    uint64_t key = 0;
    int value = 0;
    uint32_t generation = 0;
  };
  std::unique_ptr<Entry[]> slots_ = std::make_unique<Entry[]>(SIZE);
  uint32_t generation_ = 1;
  std::size_t mask_ = SIZE - 1;
};

}  // namespace chess::rules::detail
