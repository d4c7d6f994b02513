// The tag names of one game, for finding a repeated one (an error, or for Event the start
// of another game). A game has a dozen tags or so: each new name is compared with those
// before it only when its length, first and last letters hash to a bit of 256 that an
// earlier name set (with 64 bits and the length and last letter alone, Date and Site,
// WhiteElo and BlackElo met, and a game's names met by chance: a compare loop, and a
// mispredicted branch, for one name in eight).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace chess::pgn {

class TagNames {
public:
  static constexpr std::size_t CAPACITY = 64;
  bool full() const { return count_ == CAPACITY; }

  // Whether `name` was added before; adds it if not. The set must not be full. (The
  // names' texts must outlive the set: it keeps where they are.)
  bool seen_before(std::string_view name) {
    const uint64_t key = name.empty() ? 0
                                      : uint64_t(name.size()) << 16 | uint64_t(static_cast<unsigned char>(name[0])) << 8 |
                                            static_cast<unsigned char>(name.back());
    const unsigned hash = unsigned((key * 0x9E3779B97F4A7C15ull) >> 56);
    uint64_t& word = bits_[hash >> 6];
    const uint64_t bit = uint64_t(1) << (hash & 63);
    if (word & bit)
      for (std::size_t i = 0; i < count_; ++i)
        if (keys_[i] == key && std::string_view(texts_[i], name.size()) == name) return true;
    word |= bit;
    keys_[count_] = key;
    texts_[count_++] = name.data();
    return false;
  }

private:
  // Left uninitialised: only the first count_ are read.
  uint64_t keys_[CAPACITY];  // length << 16 | first character << 8 | last character
  const char* texts_[CAPACITY];
  uint64_t bits_[4] = {};
  std::size_t count_ = 0;
};

}  // namespace chess::pgn
