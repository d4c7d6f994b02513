#include "pgn-convert/duplicates.h"

#include <cstring>
#include <fmt/core.h>

namespace convert {

namespace {

inline std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

inline std::uint64_t fmix(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

constexpr std::uint64_t C1 = 0x87c37b91114253d5ULL, C2 = 0x4cf5ad432745937fULL;

inline std::uint64_t mix1(std::uint64_t k) { return rotl(k * C1, 31) * C2; }
inline std::uint64_t mix2(std::uint64_t k) { return rotl(k * C2, 33) * C1; }

// What a game's key is made of, bytes after bytes: a text with its length first, so that
// ("ab", "c") and ("a", "bc") differ.
void append_text(std::string& out, std::string_view text) {
  auto n = std::uint32_t(text.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out.append(text);
}

}  // namespace

GameKey murmur3_128(std::string_view bytes, std::uint32_t seed) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t len = bytes.size(), blocks = len / 16;
  std::uint64_t h1 = seed, h2 = seed;
  for (std::size_t i = 0; i < blocks; ++i) {
    std::uint64_t k1, k2;
    std::memcpy(&k1, data + i * 16, 8);  // little-endian, as the reference reads its blocks on x86
    std::memcpy(&k2, data + i * 16 + 8, 8);
    h1 ^= mix1(k1);
    h1 = (rotl(h1, 27) + h2) * 5 + 0x52dce729;
    h2 ^= mix2(k2);
    h2 = (rotl(h2, 31) + h1) * 5 + 0x38495ab5;
  }
  const unsigned char* tail = data + blocks * 16;
  std::size_t rest = len & 15;
  std::uint64_t k1 = 0, k2 = 0;
  for (std::size_t i = rest; i > 8; --i) k2 ^= std::uint64_t(tail[i - 1]) << (8 * (i - 9));
  if (rest > 8) h2 ^= mix2(k2);
  for (std::size_t i = rest < 8 ? rest : 8; i > 0; --i) k1 ^= std::uint64_t(tail[i - 1]) << (8 * (i - 1));
  if (rest > 0) h1 ^= mix1(k1);
  h1 ^= len;
  h2 ^= len;
  h1 += h2;
  h2 += h1;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h1 += h2;
  h2 += h1;
  return {h2, h1};
}

// Each distinct key once, with whether it was met once or more often, in 16 bytes: open
// addressing, at most half full. Two bits of the key's high word hold the count (1: met
// once, 2: more often; 0: an empty slot), so 126 bits of the hash tell games apart: two
// different games of a billion share a key with a chance of 1 in 10^20.
class Duplicates::Table {
public:
  // How often the key had been met before, at most 2; now once more.
  int add(GameKey key) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    GameKey& slot = find(key);
    int before = count(slot);
    if (before == 0) {
      ++used_;
      slot = {(key.hi & HASH) | (std::uint64_t(1) << 62), key.lo};
    } else {
      slot.hi = (slot.hi & HASH) | (std::uint64_t(2) << 62);
    }
    return before;
  }
  // How often the key was met, at most 2.
  int met(GameKey key) { return slots_.empty() ? 0 : count(find(key)); }

private:
  static constexpr std::uint64_t HASH = (std::uint64_t(1) << 62) - 1;
  static int count(const GameKey& slot) { return int(slot.hi >> 62); }

  GameKey& find(GameKey key) {
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = key.lo & mask;; i = (i + 1) & mask) {
      GameKey& slot = slots_[i];
      if (count(slot) == 0 || (slot.lo == key.lo && (slot.hi & HASH) == (key.hi & HASH))) return slot;
    }
  }
  void grow() {
    std::vector<GameKey> old(slots_.empty() ? 1024 : 2 * slots_.size());
    old.swap(slots_);
    for (const GameKey& slot : old)
      if (count(slot)) find(slot) = slot;
  }

  std::vector<GameKey> slots_;
  std::size_t used_ = 0;
};

Duplicates::Duplicates(DuplicateMode mode, std::string by, std::vector<std::string> tags, std::shared_ptr<Table> table)
    : mode_(mode), by_(std::move(by)), tags_(std::move(tags)), table_(std::move(table)) {}
Duplicates::~Duplicates() = default;

std::unique_ptr<Duplicates> Duplicates::make(DuplicateMode mode, const std::string& by, std::string& error) {
  std::vector<std::string> tags;
  std::string_view rest = by;
  bool ok = rest.starts_with("moves");
  rest.remove_prefix(ok ? 5 : 0);
  if (ok && !rest.empty()) {
    ok = rest.starts_with("+tags:");
    rest.remove_prefix(ok ? 6 : 0);
    for (std::size_t at = 0; ok;) {  // NAME,NAME...
      std::size_t comma = rest.find(',', at);
      std::string_view name = rest.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
      ok = !name.empty() && name.find_first_of(" \t\"[]") == std::string_view::npos;
      if (ok) tags.emplace_back(name);
      if (comma == std::string_view::npos) break;
      at = comma + 1;
    }
  }
  if (!ok) {
    error = "--duplicates-by '" + by + "': expected moves, or moves+tags: and tag names with commas between "
                                       "(moves+tags:White,Black,Date)";
    return nullptr;
  }
  return std::unique_ptr<Duplicates>(new Duplicates(mode, by, std::move(tags), std::make_shared<Table>()));
}

void Duplicates::prepare(const chess::pgn::Game& game, const chess::pgn::GameReport& report, GameFacts& facts) const {
  thread_local std::string bytes;  // a game's length in bytes, reused game after game
  bytes.clear();
  // The start position without its clocks: a game from a FEN tag that gives the initial
  // position is a copy of the same game without one.
  report.start_position().append_fen(bytes);
  for (int spaces = 0; !bytes.empty() && spaces < 2; bytes.pop_back())
    if (bytes.back() == ' ') ++spaces;
  append_text(bytes, {});  // the position's end
  for (const chess::pgn::MoveNode& node : game.main.moves) {
    std::uint16_t raw = node.move.raw();
    bytes.append(reinterpret_cast<const char*>(&raw), sizeof raw);
  }
  for (const std::string& name : tags_) {
    const chess::pgn::Tag* tag = game.find_tag(name);
    append_text(bytes, tag ? std::string_view(tag->value) : std::string_view());
  }
  facts.key = murmur3_128(bytes);
  if (bytes.capacity() > (1 << 20)) bytes = std::string();
}

bool Duplicates::wants(const chess::pgn::Game&, const GameFacts& facts) {
  bool keep;
  if (counting_) {
    table_->add(facts.key);
    keep = false;
  } else if (mode_ == DuplicateMode::Drop) {
    keep = table_->met(facts.key) < 2;
  } else {
    bool copy = table_->add(facts.key) > 0;
    keep = mode_ == DuplicateMode::Only ? copy : !copy;
  }
  ++(keep ? kept_ : dropped_);
  return keep;
}

void Duplicates::count_in_first_pass(const GameFacts& facts) { table_->add(facts.key); }

std::string Duplicates::summary() const {
  static constexpr const char* MODES[] = {"keep-first", "only", "drop"};
  return fmt::format("{} by --duplicates {}{} ({} kept)", dropped_, MODES[int(mode_)],
                     by_ == "moves" ? "" : " --duplicates-by " + by_, kept_);
}

std::string Duplicates::counts_json() const { return fmt::format("[{}, {}]", kept_, dropped_); }

void Duplicates::add_counts(const tools::JsonValue& part) {
  if (part.items.size() != 2) return;
  kept_ += std::size_t(part.items[0].number);
  dropped_ += std::size_t(part.items[1].number);
}

std::unique_ptr<Criterion> Duplicates::rehearsal() const {
  auto first = std::unique_ptr<Duplicates>(new Duplicates(mode_, by_, tags_, table_));
  first->counting_ = mode_ == DuplicateMode::Drop;
  if (!first->counting_) first->table_ = std::make_shared<Table>();
  return first;
}

}  // namespace convert
