#include "common/encoding.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "common/utf8.h"
#ifdef __SSE2__
#include <immintrin.h>
#endif

namespace tools {

namespace {

constexpr std::size_t SAMPLE = 64 << 10;

// UTF-16 in, UTF-8 out, a block at a time. A lone surrogate becomes U+FFFD.
class Utf16Buffer : public std::streambuf {
public:
  Utf16Buffer(std::unique_ptr<std::streambuf> bytes, bool big_endian)
      : bytes_(std::move(bytes)), big_endian_(big_endian) {}

protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    out_.clear();
    char raw[1 << 15];
    std::streamsize n = bytes_->sgetn(raw, sizeof raw);
    if (n <= 0 && pending_.empty()) return traits_type::eof();
    pending_.append(raw, std::size_t(std::max<std::streamsize>(n, 0)));
    std::size_t i = 0;
    for (; i + 1 < pending_.size(); i += 2) {
      unsigned a = static_cast<unsigned char>(pending_[i]), b = static_cast<unsigned char>(pending_[i + 1]);
      char32_t unit = big_endian_ ? (a << 8 | b) : (b << 8 | a);
      if (unit >= 0xD800 && unit < 0xDC00) {  // a high surrogate: its pair follows
        if (i + 3 >= pending_.size()) {
          if (n > 0) break;  // wait for the next block
          put(0xFFFD);
          continue;
        }
        unsigned c = static_cast<unsigned char>(pending_[i + 2]), d = static_cast<unsigned char>(pending_[i + 3]);
        char32_t low = big_endian_ ? (c << 8 | d) : (d << 8 | c);
        if (low >= 0xDC00 && low < 0xE000) {
          put(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
          i += 2;
        } else {
          put(0xFFFD);
        }
      } else if (unit >= 0xDC00 && unit < 0xE000) {
        put(0xFFFD);
      } else {
        put(unit);
      }
    }
    if (n <= 0 && i < pending_.size()) i = pending_.size();  // an odd byte at the end
    pending_.erase(0, i);
    if (out_.empty()) return n <= 0 ? traits_type::eof() : underflow();
    setg(out_.data(), out_.data(), out_.data() + out_.size());
    return traits_type::to_int_type(*gptr());
  }

private:
  void put(char32_t c) {
    if (c < 0x80) {
      out_ += char(c);
    } else if (c < 0x800) {
      out_ += char(0xC0 | (c >> 6));
      out_ += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out_ += char(0xE0 | (c >> 12));
      out_ += char(0x80 | ((c >> 6) & 0x3F));
      out_ += char(0x80 | (c & 0x3F));
    } else {
      out_ += char(0xF0 | (c >> 18));
      out_ += char(0x80 | ((c >> 12) & 0x3F));
      out_ += char(0x80 | ((c >> 6) & 0x3F));
      out_ += char(0x80 | (c & 0x3F));
    }
  }
  std::unique_ptr<std::streambuf> bytes_;
  bool big_endian_;
  std::string pending_, out_;
};

// Bytes no text file holds: NUL and the control characters other than tab, line feed,
// form feed and carriage return (escape is kept: some exports colour their text).
bool control(unsigned char c) { return (c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != 0x1B) || c == 0x7F; }

bool is_control(char c) { return control(static_cast<unsigned char>(c)); }

// One block of `width` bytes at `i`, as masks of its line feeds and its control bytes:
// the line feeds before the first control byte counted, `i` moved to it (true), or past
// the block (false).
bool control_in_block(uint64_t lf_mask, uint64_t bad_mask, std::size_t width, std::size_t& i, std::size_t& lines) {
  unsigned at = bad_mask ? unsigned(std::countr_zero(bad_mask)) : unsigned(width);
  lines += unsigned(std::popcount(at < 64 ? lf_mask & ((uint64_t(1) << at) - 1) : lf_mask));
  i += at;
  return bad_mask;
}

// The first control byte of [p, p + n), or n; `newlines` counts the line feeds before it.
// 64 bytes at a time where the build has AVX-512, 32 where it has AVX2, then 16 (SSE2:
// every x86-64 has it), the rest one by one. Every byte of every input passes here: the wide loop asks first only
// whether a block holds any byte below 0x20 but line feeds, or DEL, and tells the allowed
// ones (tab, form feed, carriage return, escape) apart only in a block that does.
std::size_t first_control(const char* p, std::size_t n, std::size_t* newlines = nullptr) {
  std::size_t i = 0, lines = 0;
  bool found = false;
#ifdef __AVX512BW__
  const __m512i below64 = _mm512_set1_epi8(0x1F), del64 = _mm512_set1_epi8(0x7F), lf64 = _mm512_set1_epi8('\n');
  while (!found && i + 64 <= n) {
    const __m512i v = _mm512_loadu_si512(p + i);
    const uint64_t is_lf = _mm512_cmpeq_epi8_mask(v, lf64);
    uint64_t bad = (_mm512_cmple_epu8_mask(v, below64) & ~is_lf) | _mm512_cmpeq_epi8_mask(v, del64);
    if (bad)
      bad &= ~(_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\f')) |
               _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(0x1B)));
    found = control_in_block(is_lf, bad, 64, i, lines);
  }
#endif
#ifdef __AVX2__
  const __m256i below32 = _mm256_set1_epi8(0x1F), del32 = _mm256_set1_epi8(0x7F), lf32 = _mm256_set1_epi8('\n');
  while (!found && i + 32 <= n) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
    __m256i is_lf = _mm256_cmpeq_epi8(v, lf32);
    __m256i low = _mm256_cmpeq_epi8(_mm256_max_epu8(v, below32), below32);  // v <= 0x1F
    __m256i odd = _mm256_or_si256(_mm256_andnot_si256(is_lf, low), _mm256_cmpeq_epi8(v, del32));
    uint32_t bad_mask = uint32_t(_mm256_movemask_epi8(odd));
    if (bad_mask) {
      __m256i allowed = _mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\f'))),
          _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x1B))));
      bad_mask &= ~uint32_t(_mm256_movemask_epi8(allowed));
    }
    found = control_in_block(uint32_t(_mm256_movemask_epi8(is_lf)), bad_mask, 32, i, lines);
  }
#endif
#ifdef __SSE2__
  const __m128i below = _mm_set1_epi8(0x1F), del = _mm_set1_epi8(0x7F), lf = _mm_set1_epi8('\n');
  const __m128i tab = _mm_set1_epi8('\t'), ff = _mm_set1_epi8('\f'), cr = _mm_set1_epi8('\r'), esc = _mm_set1_epi8(0x1B);
  while (!found && i + 16 <= n) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    __m128i low = _mm_cmpeq_epi8(_mm_max_epu8(v, below), below);  // v <= 0x1F
    __m128i is_lf = _mm_cmpeq_epi8(v, lf);
    __m128i allowed = _mm_or_si128(_mm_or_si128(is_lf, _mm_cmpeq_epi8(v, tab)),
                                   _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, ff), _mm_cmpeq_epi8(v, cr)),
                                                _mm_cmpeq_epi8(v, esc)));
    __m128i bad = _mm_or_si128(_mm_andnot_si128(allowed, low), _mm_cmpeq_epi8(v, del));
    found = control_in_block(uint32_t(_mm_movemask_epi8(is_lf)), uint32_t(_mm_movemask_epi8(bad)), 16, i, lines);
  }
#endif
  for (; !found && i < n; ++i) {
    if (is_control(p[i])) break;
    lines += p[i] == '\n';
  }
  if (newlines) *newlines = lines;
  return i;
}

bool any_control(const char* p, std::size_t n) { return first_control(p, n) < n; }

bool utf8_valid(const char* p, std::size_t n);

// A line no text holds: one with control bytes whose other bytes are no text either. A
// damaged line of text (a run of NULs after a game's last move, a stray control byte in a
// Latin-1 comment) is left to the reader, which reads the control bytes as spaces with a
// warning in the game they fall in: dropped here, its game lost its moves and was reported
// valid without them. Random bytes are half of them from 0x80 up and no UTF-8; a block of
// NULs has next to nothing else.
bool binary_line(const char* p, std::size_t n) {
  std::size_t bad = 0, high = 0;
  for (std::size_t i = 0; i < n; ++i) {
    bad += is_control(p[i]);
    high += static_cast<unsigned char>(p[i]) >= 0x80;
  }
  if (bad == 0) return false;
  const std::size_t rest = n - bad;
  if (rest < bad) return true;  // more control bytes than anything else
  if (high * 10 <= rest) return false;  // ASCII, or Latin-1's few accents
  std::string kept;  // UTF-8 once the control bytes are out?
  kept.reserve(rest);
  for (std::size_t i = 0; i < n; ++i)
    if (!is_control(p[i])) kept += p[i];
  return !utf8_valid(kept.data(), kept.size());
}

// A line that ends a binary stretch: text that random bytes do not make by chance, a
// dozen bytes of it or more (mostly ASCII), or a tag pair of PGN.
bool text_line(const char* p, std::size_t n) {
  if (any_control(p, n) || !utf8_valid(p, n)) return false;
  std::size_t high = 0;
  for (std::size_t i = 0; i < n; ++i) high += static_cast<unsigned char>(p[i]) >= 0x80;
  std::size_t last = n;
  while (last > 0 && (p[last - 1] == ' ' || p[last - 1] == '\r' || p[last - 1] == '\t')) --last;
  bool tag = n >= 4 && p[0] == '[' && last > 0 && p[last - 1] == ']' && high == 0;
  return tag || (n >= 12 && high * 10 <= n);
}

bool utf8_valid(const char* p, std::size_t n) {
  std::string_view s(p, n);
  for (std::size_t i = 0; i < n;) {
    std::size_t len = utf8_length(s, i);
    if (!len) return false;
    i += len;
  }
  return true;
}

// Text with its binary stretches skipped (see encoding.h): filtered a line at a time where
// a line holds control bytes, in blocks where none does. Bulk reads (xsgetn) read the
// input in blocks; reads of single characters from a pipe (an interactive reader, a
// coprocess) read it a line at a time, never past the line asked for.
class BinarySkipper : public std::streambuf {
public:
  BinarySkipper(std::unique_ptr<std::streambuf> bytes, std::shared_ptr<SkippedBinary> skipped, bool regular_file)
      : bytes_(std::move(bytes)), skipped_(std::move(skipped)), regular_file_(regular_file) {}

protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    setg(nullptr, nullptr, nullptr);
    if (out_at_ == out_.size() && !(regular_file_ ? fill(BLOCK) : fill_line())) return traits_type::eof();
    char* rest = out_.data() + out_at_;
    setg(rest, rest, out_.data() + out_.size());  // handed out through the get area
    out_at_ = out_.size();
    return traits_type::to_int_type(*gptr());
  }

  std::streamsize xsgetn(char* to, std::streamsize n) override {
    std::streamsize done = std::min<std::streamsize>(n, egptr() - gptr());
    if (done > 0) {
      std::memcpy(to, gptr(), std::size_t(done));
      gbump(int(done));
    }
    if (done < n) setg(nullptr, nullptr, nullptr);
    while (done < n) {
      if (out_at_ == out_.size() && in_.empty() && !binary_ && !ends_) {
        // Text so far, nothing held back: read straight into the reader's buffer, and
        // keep what is clean there (all of it, nearly always).
        char* at = to + done;
        std::streamsize got = bytes_->sgetn(at, n - done);
        std::size_t size = std::size_t(std::max<std::streamsize>(got, 0));
        ends_ = got < n - done;
        std::size_t lines = 0, c = first_control(at, size, &lines), keep = size;
        if (c < size) {  // from the start of that line on, filtered as held back
          const void* before = c ? ::memrchr(at, '\n', c) : nullptr;
          keep = before ? std::size_t(static_cast<const char*>(before) - at) + 1 : 0;
          in_.assign(at + keep, size - keep);
        }
        lines_ += lines;  // (those before the control byte: its own line is not kept)
        offset_ += keep;
        text_ += keep;
        done += std::streamsize(keep);
        if (size == 0) break;
        continue;
      }
      if (out_at_ == out_.size() && !fill(std::size_t(n - done))) break;
      std::size_t take = std::min(std::size_t(n - done), out_.size() - out_at_);
      std::memcpy(to + done, out_.data() + out_at_, take);
      out_at_ += take;
      done += std::streamsize(take);
    }
    return done;
  }

private:
  static constexpr std::size_t BLOCK = 64 << 10;

  // Reads on and filters into out_; false at the end of the input with nothing left.
  bool fill(std::size_t want) {
    out_.clear();
    out_at_ = 0;
    while (out_.empty()) {
      if (!ends_) {
        std::size_t had = in_.size(), ask = std::max(want, BLOCK);
        in_.resize(had + ask);
        std::streamsize got = bytes_->sgetn(in_.data() + had, std::streamsize(ask));
        in_.resize(had + std::size_t(std::max<std::streamsize>(got, 0)));
        ends_ = got < std::streamsize(ask);
      }
      if (in_.empty()) return false;
      filter();
      if (ends_ && in_.empty() && out_.empty()) return false;
    }
    return true;
  }

  // Reads on a line at a time and filters into out_; false at the end with nothing left.
  bool fill_line() {
    out_.clear();
    out_at_ = 0;
    while (out_.empty()) {
      while (!ends_ && in_.size() < BLOCK) {
        int_type c = bytes_->sbumpc();
        if (traits_type::eq_int_type(c, traits_type::eof())) {
          ends_ = true;
          break;
        }
        in_ += traits_type::to_char_type(c);
        if (c == '\n') break;
      }
      if (in_.empty()) return false;
      line_at_a_time_ = true;
      filter();
      line_at_a_time_ = false;
    }
    return true;
  }

  // Moves the whole lines of in_ (all of it at the end, or a piece of a line too long to
  // wait for) to out_, the binary ones emptied.
  void filter() {
    std::size_t at = 0;
    const char* p = in_.data();
    while (at < in_.size()) {
      if (!binary_) {
        // Text: every line up to the first one with a control byte, at once.
        const void* last_nl = ::memrchr(p + at, '\n', in_.size() - at);
        std::size_t limit = last_nl ? std::size_t(static_cast<const char*>(last_nl) - p) + 1 : in_.size();
        if (!last_nl && !ends_ && !line_at_a_time_ && in_.size() - at < BLOCK) break;  // wait for the line's end
        std::size_t c = at + first_control(p + at, limit - at);
        if (c == limit) {
          pass(at, limit);
          at = limit;
          continue;
        }
        const void* before = c > at ? ::memrchr(p + at, '\n', c - at) : nullptr;
        std::size_t line_start = before ? std::size_t(static_cast<const char*>(before) - p) + 1 : at;
        if (line_start > at) {
          pass(at, line_start);
          at = line_start;
          continue;
        }
      }
      const char* nl = static_cast<const char*>(std::memchr(p + at, '\n', in_.size() - at));
      std::size_t end = nl ? std::size_t(nl - p) + 1 : in_.size();
      if (!nl && !ends_ && !line_at_a_time_ && in_.size() - at < BLOCK) break;  // wait for the line's end
      if (!binary_) {  // a line with control bytes: a damaged line of text, or binary
        if (binary_line(p + at, end - at)) {
          start_stretch();
          skip(at, end, nl);
        } else {
          pass(at, end);
        }
        at = end;
        continue;
      }
      // In a stretch: it ends at a line of text.
      std::size_t len = end - at - (nl ? 1 : 0);
      if (!in_binary_line_ && text_line(p + at, len)) {
        binary_ = false;
        pass(at, end);
      } else {
        skip(at, end, nl);
      }
      at = end;
    }
    in_.erase(0, at);
  }

  void pass(std::size_t from, std::size_t to) {
    out_.append(in_, from, to - from);
    lines_ += std::size_t(std::count(in_.begin() + std::ptrdiff_t(from), in_.begin() + std::ptrdiff_t(to), '\n'));
    offset_ += to - from;
    text_ += to - from;
  }

  // The bytes of a binary line go; its line feed stays.
  void skip(std::size_t from, std::size_t to, bool ends_line) {
    std::size_t bytes = to - from - (ends_line ? 1 : 0);
    skipped_->bytes += bytes;
    if (bytes) skipped_->taken_out(text_, bytes);
    offset_ += to - from;
    in_binary_line_ = !ends_line;
    if (ends_line) {
      out_ += '\n';
      ++lines_;
      ++text_;
    }
  }

  void start_stretch() {
    binary_ = true;
    if (skipped_->stretches++ == 0) {
      skipped_->first_byte = offset_ + 1;
      skipped_->first_line = lines_ + 1;
    }
  }

  std::unique_ptr<std::streambuf> bytes_;
  std::shared_ptr<SkippedBinary> skipped_;
  std::string in_, out_;
  std::size_t out_at_ = 0;
  std::size_t offset_ = 0, lines_ = 0;  // input bytes and lines filtered so far
  std::size_t text_ = 0;                // bytes handed out as text so far
  bool regular_file_;
  bool ends_ = false, binary_ = false, in_binary_line_ = false, line_at_a_time_ = false;
};

}  // namespace

std::size_t SkippedBinary::input_offset(std::size_t offset) const {
  if (!any_.load(std::memory_order_acquire)) return offset;
  std::lock_guard lock(mutex_);
  auto after = std::upper_bound(cuts_.begin(), cuts_.end(), offset,
                                [](std::size_t at, const std::pair<std::size_t, std::size_t>& cut) { return at < cut.first; });
  return after == cuts_.begin() ? offset : offset + std::prev(after)->second;
}

void SkippedBinary::taken_out(std::size_t at, std::size_t bytes) {
  std::lock_guard lock(mutex_);
  std::size_t before = cuts_.empty() ? 0 : cuts_.back().second;
  if (!cuts_.empty() && at <= cuts_.back().first + 1) cuts_.back() = {at, before + bytes};
  else cuts_.emplace_back(at, before + bytes);
  any_.store(true, std::memory_order_release);
}

namespace {

Encoding judge(const std::string& s, std::size_t& binary_at) {
  if (s.size() >= 2 && static_cast<unsigned char>(s[0]) == 0xFF && static_cast<unsigned char>(s[1]) == 0xFE)
    return Encoding::Utf16LE;
  if (s.size() >= 2 && static_cast<unsigned char>(s[0]) == 0xFE && static_cast<unsigned char>(s[1]) == 0xFF)
    return Encoding::Utf16BE;
  std::size_t nul_even = 0, nul_odd = 0, bad = 0;
  binary_at = s.size();
  for (std::size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) ++(i % 2 ? nul_odd : nul_even);
    if (control(c)) {
      ++bad;
      binary_at = std::min(binary_at, i);
    }
  }
  std::size_t half = s.size() / 2;
  // ASCII text in UTF-16 without a BOM: every other byte NUL.
  if (half >= 8 && nul_odd * 10 >= half * 8 && nul_even * 20 <= half) return Encoding::Utf16LE;
  if (half >= 8 && nul_even * 10 >= half * 8 && nul_odd * 20 <= half) return Encoding::Utf16BE;
  // A few NUL bytes are a damaged text file (read, with a warning); one in ten, no text:
  // when it begins so (binary data after a line of text is skipped as it is read). The
  // first line is text only as a binary stretch's end is (`text_line`): random bytes make
  // a short line with no control byte in it one time in a few dozen.
  if (bad >= 8 && bad * 10 >= s.size()) {
    std::size_t first_line = s.find('\n');
    if (first_line == std::string::npos || binary_at < first_line || binary_line(s.data(), first_line) ||
        !text_line(s.data(), first_line))
      return Encoding::Binary;
  }
  return Encoding::Text;
}

}  // namespace

PrefixedBuffer::PrefixedBuffer(std::string prefix, std::streambuf& rest) : prefix_(std::move(prefix)), rest_(rest) {
  setg(prefix_.data(), prefix_.data(), prefix_.data() + prefix_.size());
}

// Readers of single characters are interactive ones (a line at a time from a pipe): they
// get one character at a time, never a wait for a whole block. Bulk readers go through
// xsgetn.
PrefixedBuffer::int_type PrefixedBuffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  int_type c = rest_.sbumpc();
  if (traits_type::eq_int_type(c, traits_type::eof())) return c;
  one_ = traits_type::to_char_type(c);
  setg(&one_, &one_, &one_ + 1);
  return c;
}

std::streamsize PrefixedBuffer::xsgetn(char* out, std::streamsize n) {
  std::streamsize done = 0;
  if (gptr() < egptr()) {  // what is buffered first
    done = std::min<std::streamsize>(n, egptr() - gptr());
    std::copy(gptr(), gptr() + done, out);
    gbump(int(done));
  }
  if (done < n) {
    std::streamsize more = rest_.sgetn(out + done, n - done);  // the rest straight through
    if (more > 0) done += more;
  }
  return done;
}

SniffedInput sniff_input(std::istream& in, bool first_line_only) {
  std::string sample;
  if (first_line_only) {
    for (int c; sample.size() < SAMPLE && (c = in.get()) != std::char_traits<char>::eof();) {
      sample += char(c);
      if (c == '\n') break;
    }
  } else {
    sample.resize(SAMPLE);
    in.read(sample.data(), std::streamsize(SAMPLE));
    sample.resize(std::size_t(in.gcount()));
  }
  if (in.eof()) in.clear(in.rdstate() & std::ios::badbit);  // read to the end: not an error
  SniffedInput out;
  out.encoding = judge(sample, out.binary_at);
  bool bom = (out.encoding == Encoding::Utf16LE || out.encoding == Encoding::Utf16BE) && sample.size() >= 2 &&
             (static_cast<unsigned char>(sample[0]) == 0xFF || static_cast<unsigned char>(sample[0]) == 0xFE) &&
             (static_cast<unsigned char>(sample[1]) == 0xFE || static_cast<unsigned char>(sample[1]) == 0xFF);
  if (bom) sample.erase(0, 2);
  auto bytes = std::make_unique<PrefixedBuffer>(std::move(sample), *in.rdbuf());
  if (out.encoding == Encoding::Utf16LE || out.encoding == Encoding::Utf16BE) {
    out.buffer = std::make_unique<Utf16Buffer>(std::move(bytes), out.encoding == Encoding::Utf16BE);
  } else {
    auto skipped = std::make_shared<SkippedBinary>();
    out.skipped = skipped;
    out.buffer = std::make_unique<BinarySkipper>(std::move(bytes), std::move(skipped), !first_line_only);
  }
  return out;
}

const char* to_string(Encoding e) {
  switch (e) {
    case Encoding::Utf16LE: return "UTF-16 LE";
    case Encoding::Utf16BE: return "UTF-16 BE";
    case Encoding::Binary: return "binary";
    default: return "text";
  }
}

}  // namespace tools
