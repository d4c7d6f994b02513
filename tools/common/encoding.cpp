#include "common/encoding.h"

#include <algorithm>
#include <vector>

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
  // A few NUL bytes are a damaged text file (read, with a warning); one in ten, no text.
  if (bad >= 8 && bad * 10 >= s.size()) return Encoding::Binary;
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
  if (out.encoding == Encoding::Utf16LE || out.encoding == Encoding::Utf16BE)
    out.buffer = std::make_unique<Utf16Buffer>(std::move(bytes), out.encoding == Encoding::Utf16BE);
  else
    out.buffer = std::move(bytes);
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
