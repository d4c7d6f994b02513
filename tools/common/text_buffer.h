// Input text held in memory for the chunked readers (chunked_games.h): a buffer that a
// read fills without zeroing it first, and a fast count of its lines.
#pragma once

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <string_view>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace tools::chunked {

// Text read from the input. Like a std::string, but the room a read is about to fill is
// not zeroed first, and its size only grows when needed: chunks are reused.
class Text {
public:
  std::string_view view() const { return {data_.get(), size_}; }
  char* data() { return data_.get(); }
  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }
  void shrink_to(std::size_t size) { size_ = size; }
  void append(std::string_view more) {
    if (more.empty()) return;  // memcpy must not be given the null pointer of an empty Text
    std::memcpy(room(more.size()), more.data(), more.size());
    size_ += more.size();
  }
  // Room for `more` bytes past the end, not initialised; then filled() with what was written.
  char* room(std::size_t more) {
    if (size_ + more > capacity_) {
      std::size_t capacity = std::max(size_ + more, 2 * capacity_);
      auto data = std::make_unique_for_overwrite<char[]>(capacity);
      if (size_) std::memcpy(data.get(), data_.get(), size_);
      data_ = std::move(data);
      capacity_ = capacity;
    }
    return data_.get() + size_;
  }
  void filled(std::size_t written) { size_ += written; }
  void swap(Text& other) noexcept {
    data_.swap(other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

private:
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// The number of line feeds in `text`. std::count widens its tally to 64 bits every 32 bytes;
// here sixteen bytes are compared at once and the hits counted from a bit mask.
inline std::size_t count_newlines(std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  std::size_t lines = 0;
#ifdef __SSE2__
  const __m128i newline = _mm_set1_epi8('\n');
  for (; end - p >= 16; p += 16)
    lines += std::size_t(std::popcount(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), newline)))));
#endif
  return lines + std::size_t(std::count(p, end, '\n'));
}

}  // namespace tools::chunked
