#include "common/decompress.h"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "common/encoding.h"
#include "common/zstd_frames.h"

namespace tools {

namespace {

constexpr std::size_t IN_BLOCK = 128 << 10, OUT_BLOCK = 1 << 20, BLOCKS_AHEAD = 4;

// Compressed bytes in, text out: one per format, each told where it stands when the input
// ends (a stream cut short is an error, not an end).
class Decoder {
public:
  explicit Decoder(std::streambuf& in) : in_(in) {}
  virtual ~Decoder() = default;
  // Fills `out` with up to `room` bytes; 0 at the end of the data or on an error.
  virtual std::size_t decode(char* out, std::size_t room) = 0;
  const std::string& error() const { return error_; }

protected:
  // More compressed bytes, when all of the last ones are used: false at the end of the input.
  bool refill() {
    if (buffer_.empty()) buffer_.resize(IN_BLOCK);
    std::streamsize n = in_.sgetn(buffer_.data(), std::streamsize(buffer_.size()));
    size_ = n > 0 ? std::size_t(n) : 0;
    return size_ > 0;
  }
  bool fail(std::string why) {
    error_ = std::move(why);
    return false;
  }
  std::streambuf& in_;
  std::vector<char> buffer_;
  std::size_t size_ = 0;
  std::string error_;
};

// zstd frames one after another, skippable ones (pzstd's, saying a frame's size) passed over.
class ZstdDecoder : public Decoder {
public:
  explicit ZstdDecoder(std::streambuf& in) : Decoder(in) { stream_.start(in); }
  std::size_t decode(char* out, std::size_t room) override {
    std::size_t n = stream_.decode(out, room);
    error_ = stream_.error();
    return n;
  }

private:
  zstd::StreamDecoder stream_;
};

// gzip members one after another (gzip -c a b > c, and many archive tools, write several).
class GzipDecoder : public Decoder {
public:
  explicit GzipDecoder(std::streambuf& in) : Decoder(in) { inflateInit2(&z_, 15 + 16); }
  ~GzipDecoder() override { inflateEnd(&z_); }
  std::size_t decode(char* out, std::size_t room) override {
    z_.next_out = reinterpret_cast<Bytef*>(out);
    z_.avail_out = uInt(room);
    while (z_.avail_out > 0 && error_.empty() && !ended_) {
      if (z_.avail_in == 0) {
        if (!refill()) {
          if (in_member_) fail("truncated gzip data: the input ends inside a member");
          break;
        }
        z_.next_in = reinterpret_cast<Bytef*>(buffer_.data());
        z_.avail_in = uInt(size_);
      }
      // After the last member: the zeros some tools pad with are passed over, as gzip -d
      // passes them; anything else is no gzip data (text appended to an archive, another
      // format), and not read: said, as gzip -d says "trailing garbage ignored".
      if (!in_member_ && z_.next_in[0] != 0x1F) {
        ended_ = true;
        if (!only_zeros_follow()) fail("data after the last gzip member that is no gzip member: not read");
        break;
      }
      in_member_ = true;
      int r = inflate(&z_, Z_NO_FLUSH);
      if (r == Z_STREAM_END) {
        in_member_ = false;
        inflateReset(&z_);  // another member may follow
      } else if (r != Z_OK && r != Z_BUF_ERROR) {
        fail(std::string("corrupt gzip data: ") + (z_.msg ? z_.msg : "inflate failed"));
      }
    }
    return room - z_.avail_out;
  }

private:
  // Whether the rest of the input, from z_.next_in on, is zero bytes (read to its end).
  bool only_zeros_follow() {
    for (;;) {
      const Bytef *begin = z_.next_in, *end = begin + z_.avail_in;
      if (std::find_if(begin, end, [](Bytef b) { return b != 0; }) != end) return false;
      if (!refill()) return true;
      z_.next_in = reinterpret_cast<Bytef*>(buffer_.data());
      z_.avail_in = uInt(size_);
    }
  }

  z_stream z_{};
  bool in_member_ = false, ended_ = false;
};

// bzip2 streams one after another (pbzip2 writes one per block of the input).
class Bzip2Decoder : public Decoder {
public:
  explicit Bzip2Decoder(std::streambuf& in) : Decoder(in) { BZ2_bzDecompressInit(&bz_, 0, 0); }
  ~Bzip2Decoder() override { BZ2_bzDecompressEnd(&bz_); }
  std::size_t decode(char* out, std::size_t room) override {
    bz_.next_out = out;
    bz_.avail_out = unsigned(room);
    while (bz_.avail_out > 0 && error_.empty()) {
      if (bz_.avail_in == 0) {
        if (!refill()) {
          if (in_stream_) fail("truncated bzip2 data: the input ends inside a stream");
          break;
        }
        bz_.next_in = buffer_.data();
        bz_.avail_in = unsigned(size_);
      }
      in_stream_ = true;
      int r = BZ2_bzDecompress(&bz_);
      if (r == BZ_STREAM_END) {
        in_stream_ = false;
        bz_stream left = bz_;  // where the input and the output stand, for the next stream
        BZ2_bzDecompressEnd(&bz_);
        bz_ = bz_stream{};
        BZ2_bzDecompressInit(&bz_, 0, 0);
        bz_.next_in = left.next_in;
        bz_.avail_in = left.avail_in;
        bz_.next_out = left.next_out;
        bz_.avail_out = left.avail_out;
      } else if (r != BZ_OK) {
        fail("corrupt bzip2 data (error " + std::to_string(r) + ")");
      }
    }
    return room - bz_.avail_out;
  }

private:
  bz_stream bz_{};
  bool in_stream_ = false;
};

// xz streams, concatenated ones too.
class XzDecoder : public Decoder {
public:
  explicit XzDecoder(std::streambuf& in) : Decoder(in) {
    if (lzma_stream_decoder(&xz_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) fail("xz: the decoder could not start");
  }
  ~XzDecoder() override { lzma_end(&xz_); }
  std::size_t decode(char* out, std::size_t room) override {
    xz_.next_out = reinterpret_cast<uint8_t*>(out);
    xz_.avail_out = room;
    while (xz_.avail_out > 0 && error_.empty() && !ended_) {
      lzma_action action = LZMA_RUN;
      if (xz_.avail_in == 0) {
        if (refill()) {
          xz_.next_in = reinterpret_cast<const uint8_t*>(buffer_.data());
          xz_.avail_in = size_;
        } else {
          action = LZMA_FINISH;
        }
      }
      lzma_ret r = lzma_code(&xz_, action);
      if (r == LZMA_STREAM_END) ended_ = true;
      else if (r == LZMA_BUF_ERROR && action == LZMA_FINISH) fail("truncated xz data: the input ends inside a stream");
      else if (r != LZMA_OK) fail("corrupt xz data (error " + std::to_string(int(r)) + ")");
    }
    return room - xz_.avail_out;
  }

private:
  lzma_stream xz_ = LZMA_STREAM_INIT;
  bool ended_ = false;
};

// The decoder run on a thread of its own, BLOCKS_AHEAD blocks of text ahead of the reader.
class ThreadedBuffer : public DecodedBuffer {
public:
  explicit ThreadedBuffer(std::unique_ptr<Decoder> decoder) : decoder_(std::move(decoder)) {
    worker_ = std::thread([this] { produce(); });
  }
  ~ThreadedBuffer() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    worker_.join();
  }
  std::string error() override {
    std::lock_guard<std::mutex> lock(mutex_);
    return ended_ ? decoder_->error() : std::string();
  }

protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    std::unique_lock<std::mutex> lock(mutex_);
    if (!current_.empty()) free_.push_back(std::move(current_));
    changed_.notify_all();
    changed_.wait(lock, [&] { return !ready_.empty() || ended_; });
    if (ready_.empty()) return traits_type::eof();
    current_ = std::move(ready_.front());
    ready_.pop_front();
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(*gptr());
  }

private:
  void produce() {
    for (;;) {
      std::vector<char> block;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stopping_ || ready_.size() < BLOCKS_AHEAD; });
        if (stopping_) return;
        if (!free_.empty()) block = std::move(free_.back()), free_.pop_back();
      }
      block.resize(OUT_BLOCK);
      std::size_t n = decoder_->decode(block.data(), block.size());
      block.resize(n);
      std::lock_guard<std::mutex> lock(mutex_);
      if (n > 0) ready_.push_back(std::move(block));
      if (n < OUT_BLOCK) ended_ = true;  // a decoder fills the block unless the data ended or failed
      changed_.notify_all();
      if (ended_) return;
    }
  }

  std::unique_ptr<Decoder> decoder_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<char>> ready_;
  std::vector<std::vector<char>> free_;
  std::vector<char> current_;
  bool ended_ = false, stopping_ = false;
  std::thread worker_;
};

struct Magic {
  Compression kind;
  std::string_view bytes;
};
constexpr Magic MAGICS[] = {{Compression::Zstd, "\x28\xB5\x2F\xFD"},
                            {Compression::Gzip, "\x1F\x8B"},
                            {Compression::Bzip2, "BZh"},
                            {Compression::Xz, std::string_view("\xFD" "7zXZ\0", 6)}};

// A zstd skippable frame: 0x184D2A50 to 0x184D2A5F, little-endian.
bool skippable_prefix(const std::string& head) {
  static constexpr unsigned char rest[] = {0x2A, 0x4D, 0x18};
  if (head.empty() || (static_cast<unsigned char>(head[0]) & 0xF0) != 0x50) return false;
  for (std::size_t i = 1; i < head.size() && i < 4; ++i)
    if (static_cast<unsigned char>(head[i]) != rest[i - 1]) return false;
  return true;
}

// Reads byte by byte while the bytes could still be one format's magic number, so a pipe
// that sends one line at a time (a coprocess) is never waited on for more than it sent:
// no magic number holds a line feed.
Compression peek(std::streambuf& in, std::string& head) {
  for (;;) {
    bool could_be = skippable_prefix(head) && head.size() < 4;
    if (skippable_prefix(head) && head.size() == 4) return Compression::Zstd;
    for (const Magic& m : MAGICS) {
      if (head.size() <= m.bytes.size() && m.bytes.substr(0, head.size()) == head) {
        if (head.size() == m.bytes.size()) return m.kind;
        could_be = true;
      }
    }
    if (!could_be && !head.empty()) return Compression::None;
    int c = in.sbumpc();
    if (c == std::char_traits<char>::eof()) return Compression::None;
    head += char(c);
  }
}

}  // namespace

const char* to_string(Compression c) {
  switch (c) {
    case Compression::Zstd: return "zstd";
    case Compression::Gzip: return "gzip";
    case Compression::Bzip2: return "bzip2";
    case Compression::Xz: return "xz";
    default: return "none";
  }
}

DecompressedInput::DecompressedInput(std::istream& in, int jobs) {
  std::string head;
  compression_ = peek(*in.rdbuf(), head);
  prefixed_ = std::make_unique<PrefixedBuffer>(std::move(head), *in.rdbuf());
  if (compression_ == Compression::Zstd && jobs > 1) {
    buffer_ = zstd::decode_frames(*prefixed_, jobs);
    return;
  }
  std::unique_ptr<Decoder> decoder;
  switch (compression_) {
    case Compression::Zstd: decoder = std::make_unique<ZstdDecoder>(*prefixed_); break;
    case Compression::Gzip: decoder = std::make_unique<GzipDecoder>(*prefixed_); break;
    case Compression::Bzip2: decoder = std::make_unique<Bzip2Decoder>(*prefixed_); break;
    case Compression::Xz: decoder = std::make_unique<XzDecoder>(*prefixed_); break;
    case Compression::None: break;
  }
  if (decoder) buffer_ = std::make_unique<ThreadedBuffer>(std::move(decoder));
}

// The decoding thread reads prefixed_: it is stopped first, whatever the members' order.
DecompressedInput::~DecompressedInput() { buffer_.reset(); }

std::streambuf* DecompressedInput::buffer() { return buffer_ ? buffer_.get() : prefixed_.get(); }

std::string DecompressedInput::error() const {
  return buffer_ ? buffer_->error() : std::string();
}

}  // namespace tools
