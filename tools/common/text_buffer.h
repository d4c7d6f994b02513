// Input text held in memory for the chunked readers (chunked_games.h): a buffer that a
// read fills without zeroing it first, and a fast count of its lines.
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>

#include "chess/line_reader.h"

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
  std::size_t capacity() const { return capacity_; }
  void release() {  // the memory given back
    data_.reset();
    size_ = capacity_ = 0;
  }
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
// here sixteen bytes are compared at once and each byte lane keeps its own tally (a match
// compares as -1, so subtracting counts it), summed across the lanes every 255 blocks,
// before a lane could overflow: three instructions for sixteen bytes, and no popcount,
// which a build for any x86-64 would call a library function for.
inline std::size_t count_newlines(std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  std::size_t lines = 0;
#ifdef __SSE2__
  const __m128i newline = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
  while (end - p >= 16) {
    std::size_t blocks = std::min<std::size_t>(255, std::size_t(end - p) / 16);
    __m128i tally = zero;
    for (std::size_t i = 0; i < blocks; ++i, p += 16)
      tally = _mm_sub_epi8(tally, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), newline));
    __m128i sums = _mm_sad_epu8(tally, zero);  // two 64-bit sums of eight lanes each
    lines += std::size_t(_mm_cvtsi128_si32(sums)) + std::size_t(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
  }
#endif
  return lines + std::size_t(std::count(p, end, '\n'));
}

// Whether `text` holds a CR that is not the first byte of a CRLF; `next` is the byte after
// the text (0: none known). Sixteen bytes at a time, for most text holds none.
inline bool has_cr_without_lf(std::string_view text, char next) {
  const char* p = text.data();
  const char* end = p + text.size();
#ifdef __SSE2__
  const __m128i cr = _mm_set1_epi8('\r'), lf = _mm_set1_epi8('\n');
  for (; end - p > 16; p += 16) {
    const __m128i at = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), cr);
    const __m128i before_lf = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)), lf);
    if (_mm_movemask_epi8(_mm_andnot_si128(before_lf, at))) return true;
  }
#endif
  for (; p < end; ++p)
    if (*p == '\r' && (p + 1 < end ? p[1] : next) != '\n') return true;
  return false;
}

// The line ends in `text` as LineReader finds them (chess::line_end_length). `next` is the
// byte after the text (0: none known), which decides what CRs that end it are: before an
// LF, that LF's; else a line end each.
inline std::size_t count_line_ends(std::string_view text, char next) {
  if (!has_cr_without_lf(text, next)) return count_newlines(text);
  std::size_t lines = 0;
  const char* end = text.data() + text.size();
  for (const char* p = text.data(); p < end; ++p) {
    if (*p != '\n' && *p != '\r') continue;
    const std::size_t length = chess::line_end_length(p, end);
    if (length == 0) return lines + (next == '\n' ? 0 : std::size_t(end - p));
    ++lines;
    p += length - 1;
  }
  return lines;
}

}  // namespace tools::chunked
