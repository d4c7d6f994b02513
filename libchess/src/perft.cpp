#include "chess/perft.h"

#include <atomic>
#include <bit>
#include <cstdlib>
#include <new>
#include <thread>

#include "chess/movegen.h"
#include "perft_board.h"

namespace chess {

// Node counts keyed by (board key, depth). Each slot stores key ^ data beside data,
// so a slot torn by two threads writing at once fails the check instead of lying.
// The memory comes from calloc: the system hands out zeroed pages, which the constructor
// touches.
class PerftTable {
public:
  explicit PerftTable(std::size_t megabytes) {
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= megabytes * 1024 * 1024) buckets *= 2;
    buckets_ = static_cast<Bucket*>(std::calloc(buckets, sizeof(Bucket)));
    if (!buckets_) throw std::bad_alloc();
    mask_ = buckets - 1;
    // Each page written once now. Else a probe's read maps the shared zero page and the
    // store after it copies it, flushing the TLB of every core the threads run on: with two
    // threads and 256 MB, perft 7 of the start position spent half its time in those flushes.
    volatile char* bytes = reinterpret_cast<char*>(buckets_);
    for (std::size_t at = 0; at < buckets * sizeof(Bucket); at += 4096) bytes[at] = 0;
  }
  ~PerftTable() { std::free(buckets_); }
  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;

  bool probe(uint64_t key, int depth, uint64_t& nodes) const {
    Bucket& b = buckets_[key & mask_];
    for (Slot& s : b.slots) {
      uint64_t data = load(s.data), check = load(s.check);
      if ((check ^ data) == key && int(data & 0xFF) == depth) {
        nodes = data >> 8;
        return true;
      }
    }
    return false;
  }

  // Slot 0 keeps the deepest result seen (most work saved); slot 1 takes the latest.
  void store(uint64_t key, int depth, uint64_t nodes) {
    Bucket& b = buckets_[key & mask_];
    uint64_t data = (nodes << 8) | uint64_t(depth);
    Slot& s = depth >= int(load(b.slots[0].data) & 0xFF) ? b.slots[0] : b.slots[1];
    std::atomic_ref<uint64_t>(s.data).store(data, std::memory_order_relaxed);
    std::atomic_ref<uint64_t>(s.check).store(key ^ data, std::memory_order_relaxed);
  }

  void prefetch(uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

private:
  struct Slot {
    alignas(std::atomic_ref<uint64_t>::required_alignment) uint64_t check;
    uint64_t data;
  };
  struct Bucket {
    Slot slots[2];
  };
  static uint64_t load(uint64_t& v) { return std::atomic_ref<uint64_t>(v).load(std::memory_order_relaxed); }

  Bucket* buckets_ = nullptr;
  uint64_t mask_ = 0;
};

namespace {

// The library's generator, on Position: the reference the perft board is checked against.
uint64_t count_nodes(Position& pos, int depth) {
  if (depth <= 1) return depth == 1 ? count_legal(pos) : 1;
  uint64_t nodes = 0;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    pos.make_move(m);
    nodes += depth == 2 ? count_legal(pos) : count_nodes(pos, depth - 1);
    pos.unmake_move(m);
  }
  return nodes;
}

// A table key from the board's lanes (the occupancy is the union of the others). No side
// to move: the board is seen from the side to move, and a position and its colour-mirrored
// twin have the same tree. The castling rooks are in the lanes, so Chess960 positions that
// castle with different rooks have different keys. Products folded as wyhash folds them.
__extension__ typedef unsigned __int128 uint128;
uint64_t fold(uint64_t a, uint64_t b) {
  uint128 p = uint128(a) * b;
  return uint64_t(p) ^ uint64_t(p >> 64);
}

uint64_t table_key(const perft_board::Board& b) {
  return fold(fold(b.pawns ^ 0xa0761d6478bd642fULL, b.knights ^ 0xe7037ed1a0b428dbULL) ^
                  fold(b.kings ^ 0x8ebc6af09c88c6e3ULL, b.diagonal ^ 0x589965cc75374cc3ULL) ^
                  fold(b.orthogonal ^ 0x1d8e4e27c47d124fULL, b.ours ^ 0x9e3779b97f4a7c15ULL) ^
                  fold(b.specials ^ 0xd6e8feb86659fd93ULL, 0xc2b2ae3d27d4eb4fULL),
              0x165667b19e3779f9ULL);
}

uint64_t count_nodes(const perft_board::Board& b, int depth) {
  if (depth <= 1) return depth == 1 ? perft_board::count_moves(b) : 1;
  uint64_t nodes = 0;
  if (depth == 2) {
    // The children are made first, then counted in one loop with the counter inlined: a call
    // for each child, between the makings, took 22-25% longer with GCC (start position d7;
    // a Kiwipete without its h3 pawn at d6) and 4% with clang, though callgrind counts 1%
    // fewer instructions for it.
    perft_board::Board children[256];  // as MoveList: more than the most legal moves a position has (218)
    int count = 0;
    perft_board::for_each_child(b, [&](const perft_board::Board& child) { children[count++] = child; });
    for (int i = 0; i < count; ++i) nodes += perft_board::count_moves_inline(children[i]);
  } else {
    perft_board::for_each_child(b, [&](const perft_board::Board& child) { nodes += count_nodes(child, depth - 1); });
  }
  return nodes;
}

// With the table, from depth 2 up. The children are made first and their buckets fetched
// while the rest are made: a probe lands anywhere in the table, and waited for memory
// otherwise.
uint64_t count_nodes(const perft_board::Board& b, uint64_t key, int depth, PerftTable& table) {
  uint64_t nodes = 0;
  if (table.probe(key, depth, nodes)) return nodes;
  if (depth == 2) {
    nodes = count_nodes(b, 2);
  } else {
    struct Child {
      perft_board::Board board;
      uint64_t key;
    };
    Child children[256];  // as MoveList: more than the most legal moves a position has (218)
    int count = 0;
    perft_board::for_each_child(b, [&](const perft_board::Board& child) {
      children[count] = {child, table_key(child)};
      table.prefetch(children[count++].key);
    });
    for (int i = 0; i < count; ++i) nodes += count_nodes(children[i].board, children[i].key, depth - 1, table);
  }
  table.store(key, depth, nodes);
  return nodes;
}

// Below this depth a tree is too small to be worth threads or the table.
constexpr int MIN_PARALLEL_DEPTH = 4;

}  // namespace

uint64_t perft(Position& pos, int depth) { return count_nodes(pos, depth); }

Perft::Perft(const PerftOptions& options) : options_(options) {}
Perft::~Perft() = default;

PerftResult Perft::run(const Position& root, int depth) {
  PerftResult result;
  if (depth <= 0) {
    result.nodes = 1;
    return result;
  }
  PerftTable* table = nullptr;
  if (options_.hash_mb > 0 && depth >= MIN_PARALLEL_DEPTH) {
    if (!table_) table_ = std::make_unique<PerftTable>(options_.hash_mb);
    table = table_.get();
  }
  MoveList root_moves;
  generate_legal(root, root_moves);
  std::vector<std::atomic<uint64_t>> counts(root_moves.size());

  // Tasks are (root move, reply) pairs: a few hundred similar-sized pieces keep every
  // core busy to the end, where whole root moves would leave some idle.
  struct Task {
    int root_index;
    Move reply;
  };
  std::vector<Task> tasks;
  Position pos = root;
  for (int i = 0; i < root_moves.size(); ++i) {
    Move m = root_moves.moves[i];
    if (depth == 1) {
      counts[i] = 1;
      continue;
    }
    pos.make_move(m);
    MoveList replies;
    generate_legal(pos, replies);
    for (Move r : replies) tasks.push_back({i, r});
    pos.unmake_move(m);
  }

  std::atomic<std::size_t> next{0};
  auto worker = [&]() {
    Position local = root;
    for (std::size_t t; (t = next.fetch_add(1)) < tasks.size();) {
      Move m = root_moves.moves[tasks[t].root_index];
      local.make_move(m);
      local.make_move(tasks[t].reply);
      const perft_board::Board board = perft_board::from_position(local);
      uint64_t n = table && depth - 2 >= 2 ? count_nodes(board, table_key(board), depth - 2, *table)
                                           : count_nodes(board, depth - 2);
      counts[tasks[t].root_index] += n;
      local.unmake_move(tasks[t].reply);
      local.unmake_move(m);
    }
  };
  int threads = depth >= MIN_PARALLEL_DEPTH ? std::max(1, options_.threads) : 1;
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
    for (auto& th : pool) th.join();
  }

  for (int i = 0; i < root_moves.size(); ++i) {
    result.divide.push_back({root_moves.moves[i], counts[i].load()});
    result.nodes += counts[i].load();
  }
  return result;
}

PerftResult perft(const Position& pos, int depth, const PerftOptions& options) { return Perft(options).run(pos, depth); }

}  // namespace chess
