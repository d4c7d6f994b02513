// The tag names of one game, for finding a repeated one (an error, or for Event the start
// of another game). A game has a dozen tags or so: each new name is compared with those
// before it only when its length and last letter hash to a bit that an earlier name set.
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
    const uint64_t key = uint64_t(name.size()) << 8 | (name.empty() ? 0u : static_cast<unsigned char>(name.back()));
    const uint64_t bit = uint64_t(1) << ((key * 0x9E3779B97F4A7C15ull) >> 58);
    if (bits_ & bit)
      for (std::size_t i = 0; i < count_; ++i)
        if (keys_[i] == key && std::string_view(texts_[i], name.size()) == name) return true;
    bits_ |= bit;
    keys_[count_] = key;
    texts_[count_++] = name.data();
    return false;
  }

private:
  // Left uninitialised: only the first count_ are read.
  uint64_t keys_[CAPACITY];  // length << 8 | last character
  const char* texts_[CAPACITY];
  uint64_t bits_ = 0;
  std::size_t count_ = 0;
};

}  // namespace chess::pgn
