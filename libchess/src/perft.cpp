#include "chess/perft.h"

#include <atomic>
#include <bit>
#include <cstdlib>
#include <new>
#include <thread>

#include "chess/movegen.h"
#include "zobrist.h"

namespace chess {

// Node counts keyed by (Zobrist key, depth). Each slot stores key ^ data beside data,
// so a slot torn by two threads writing at once fails the check instead of lying.
// The memory comes from calloc: the system hands out zero pages lazily, so a large
// table costs nothing until it is used.
class PerftTable {
public:
  explicit PerftTable(std::size_t megabytes) {
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= megabytes * 1024 * 1024) buckets *= 2;
    buckets_ = static_cast<Bucket*>(std::calloc(buckets, sizeof(Bucket)));
    if (!buckets_) throw std::bad_alloc();
    mask_ = buckets - 1;
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

// Table keys also carry the castling rooks' squares: Chess960 positions with the same
// pieces and rights bits can castle with different rooks, and so have different trees.
uint64_t table_salt(const Position& pos) {
  uint64_t salt = 0;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    Square s = pos.castling_rook_square(cr);
    if (is_ok(s)) salt ^= std::rotl(zobrist::keys.piece_square[NO_PIECE][s], 16 * castling_index(cr));
  }
  return salt;
}

template <bool Hashed>
uint64_t count_nodes(Position& pos, int depth, PerftTable* table, uint64_t salt) {
  if (depth <= 1) return depth == 1 ? count_legal(pos) : 1;
  uint64_t nodes = 0;
  if constexpr (Hashed) {
    if (table->probe(pos.key() ^ salt, depth, nodes)) return nodes;
  }
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    pos.make_move(m);
    nodes += depth == 2 ? count_legal(pos) : count_nodes<Hashed>(pos, depth - 1, table, salt);
    pos.unmake_move(m);
  }
  if constexpr (Hashed) table->store(pos.key() ^ salt, depth, nodes);
  return nodes;
}

// Below this depth a tree is too small to be worth threads or the table.
constexpr int MIN_PARALLEL_DEPTH = 4;

}  // namespace

uint64_t perft(Position& pos, int depth) { return count_nodes<false>(pos, depth, nullptr, 0); }

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
  const uint64_t salt = table_salt(root);

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
      uint64_t n = table ? count_nodes<true>(local, depth - 2, table, salt)
                         : count_nodes<false>(local, depth - 2, nullptr, salt);
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
