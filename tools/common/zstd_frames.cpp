#include "common/zstd_frames.h"

#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "common/encoding.h"
#include "common/text_buffer.h"

namespace tools::zstd {

namespace {

// The input read ahead of the library: a block (128 KB at most) and its next header must
// fit whole, so that the library is given what it asked for.
constexpr std::size_t IN_BUFFER = 512 << 10;
// What a frame's first call is given: the library's own ask for a frame not begun (the
// shortest frame header, ZSTD_FRAMEHEADERSIZE_MIN, and a block header), which no frame is
// shorter than.
constexpr std::size_t FIRST_ASK = 9;

}  // namespace

StreamDecoder::StreamDecoder() : stream_(ZSTD_createDStream()) {}
StreamDecoder::~StreamDecoder() { ZSTD_freeDStream(stream_); }

void StreamDecoder::start(std::streambuf& in) {
  start(std::string_view());
  in_ = &in;
  data_ = buffer_.data();
  ended_ = false;
}

void StreamDecoder::start(std::string_view bytes) {
  in_ = nullptr;
  data_ = bytes.data();
  begin_ = 0;
  end_ = bytes.size();
  want_ = FIRST_ASK;
  in_frame_ = flushing_ = false;
  ended_ = true;
  error_.clear();
  ZSTD_DCtx_reset(stream_, ZSTD_reset_session_only);
}

// At least min(n, IN_BUFFER) bytes from begin_ on, unless the input ends first.
void StreamDecoder::gather(std::size_t n) {
  n = std::min(n, IN_BUFFER);
  if (end_ - begin_ >= n || ended_) return;
  if (buffer_.empty()) data_ = (buffer_.resize(IN_BUFFER), buffer_.data());
  if (begin_ + n > IN_BUFFER) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  while (end_ - begin_ < n && !ended_) {
    std::streamsize got = in_->sgetn(buffer_.data() + end_, std::streamsize(IN_BUFFER - end_));
    if (got > 0) end_ += std::size_t(got);
    else ended_ = true;
  }
}

std::size_t StreamDecoder::decode(char* out, std::size_t room) {
  ZSTD_outBuffer to{out, room, 0};
  while (to.pos < to.size && error_.empty()) {
    std::size_t feed = 0;
    if (!flushing_) {  // (while it is, the library is only asked for what it holds)
      gather(want_);
      feed = std::min(want_, end_ - begin_);
      if (feed == 0) {
        if (in_frame_) error_ = "truncated zstd data: the input ends inside a frame";
        break;
      }
    }
    ZSTD_inBuffer from{feed ? data_ + begin_ : nullptr, feed, 0};
    std::size_t hint = ZSTD_decompressStream(stream_, &to, &from);
    if (ZSTD_isError(hint)) {
      error_ = std::string("corrupt zstd data: ") + ZSTD_getErrorName(hint);
      break;
    }
    begin_ += from.pos;
    in_frame_ = hint != 0;
    want_ = hint ? hint : FIRST_ASK;
    flushing_ = hint != 0 && to.pos == to.size;  // it may hold decoded text that did not fit
  }
  return to.pos;
}

namespace {

constexpr std::uint32_t SKIPPABLE = 0x184D2A50, SKIPPABLE_MASK = 0xFFFFFFF0;
constexpr std::size_t LARGEST_SKIPPABLE = 1 << 20;  // a larger one is streamed past
constexpr std::size_t READ_STEP = 256 << 10;
// Threads enough to decompress faster than 8 jobs read text (one thread decompresses the
// corpus at 780 MB/s, four times as fast as pgn-validate reads it on one), and memory
// bounded whatever --jobs says.
constexpr int MOST_WORKERS = 8;

std::uint32_t le32(const char* p) {
  auto b = [p](int i) { return std::uint32_t(static_cast<unsigned char>(p[i])); };
  return b(0) | b(1) << 8 | b(2) << 16 | b(3) << 24;
}

// A frame's compressed bytes, or the rest of the input to stream; its text as decoded.
struct Job {
  std::string compressed;  // a frame, or what was read of the rest
  bool streams = false;    // the rest of the input follows `compressed`
  std::deque<chunked::Text> blocks;  // decoded, not yet handed on
  bool finished = false;             // all its text is in `blocks`
  std::string error;
};

// Cuts the input into frames (on one thread at a time).
class Splitter {
public:
  Splitter(std::streambuf& in, std::size_t largest) : in_(in), largest_(largest) {}

  // The next frame into `job`, or (job.streams) what is left of the input, to stream;
  // false at the end of the input.
  bool next(Job& job) {
    if (streaming_) return false;
    std::size_t said = 0;  // the size said by the skippable frame before it (pzstd's); 0: none
    for (;;) {
      if (!have(1)) return false;
      if (!have(8)) break;  // cut short: the stream says so
      std::uint32_t magic = le32(carry_.data());
      if ((magic & SKIPPABLE_MASK) == SKIPPABLE) {
        std::size_t size = le32(carry_.data() + 4);
        if (size > LARGEST_SKIPPABLE || !have(8 + size)) break;
        said = magic == SKIPPABLE && size == 4 ? le32(carry_.data() + 8) : 0;
        carry_.erase(0, 8 + size);
        continue;
      }
      if (magic != ZSTD_MAGICNUMBER) break;  // damaged (or a format before 0.8): the stream says which
      std::size_t size = frame_size(said);
      if (!size) break;
      job.compressed.swap(carry_);  // the frame stays where it was read; what follows it is copied
      carry_.assign(job.compressed, size);
      job.compressed.resize(size);
      job.streams = false;
      return true;
    }
    job.compressed.swap(carry_);
    carry_.clear();
    job.streams = streaming_ = true;
    return true;
  }

  std::streambuf& input() { return in_; }

private:
  // Whether carry_ holds `n` bytes, reading more if need be.
  bool have(std::size_t n) {
    // Room for the largest frame at once (address space: only the pages written are memory).
    // Grown as needed, the buffers passed between carry_ and the jobs were allocated anew
    // frame after frame, a page fault every 4 KB of each.
    std::size_t most = std::max(n, largest_) + READ_STEP;
    if (carry_.size() < n && !ended_ && carry_.capacity() < most) carry_.reserve(most);
    while (carry_.size() < n && !ended_) {
      std::size_t before = carry_.size(), want = std::max(n - before, READ_STEP);
      carry_.resize(before + want);
      std::streamsize got = in_.sgetn(carry_.data() + before, std::streamsize(want));
      carry_.resize(before + std::size_t(std::max<std::streamsize>(got, 0)));
      ended_ = got <= 0;
    }
    return carry_.size() >= n;
  }

  // The compressed size of the frame carry_ begins with, read whole into carry_; 0 if
  // it is larger than largest_, damaged in its headers or cut short.
  std::size_t frame_size(std::size_t said) {
    if (said && said <= largest_ && have(said) && ZSTD_findFrameCompressedSize(carry_.data(), said) == said)
      return said;
    for (std::size_t step = READ_STEP;; step *= 2) {
      std::size_t size = ZSTD_findFrameCompressedSize(carry_.data(), carry_.size());
      if (!ZSTD_isError(size)) return size <= largest_ ? size : 0;
      if (ZSTD_getErrorCode(size) != ZSTD_error_srcSize_wrong || carry_.size() >= largest_ || ended_) return 0;
      have(std::min(carry_.size() + step, largest_));
    }
  }

  std::streambuf& in_;
  std::size_t largest_;
  std::string carry_;  // read, not yet in a job
  bool ended_ = false, streaming_ = false;
};

// The worker that is free reads the next frame (one at a time), then decodes it: its
// compressed bytes are in that core's cache. Each frame's text waits in blocks for its
// turn, a few at most, and the reader takes them in order.
class FramesBuffer : public DecodedBuffer {
public:
  FramesBuffer(std::streambuf& in, int jobs, FrameLimits limits)
      : splitter_(in, limits.largest), limits_(limits), slots_(std::size_t(jobs) + 1) {
    for (int i = 0; i < jobs; ++i) workers_.emplace_back([this, i] { work(i == 0); });
  }
  ~FramesBuffer() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    for (std::thread& w : workers_) w.join();
  }
  std::string error() override {
    std::lock_guard lock(mutex_);
    return error_;
  }

protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    std::unique_lock lock(mutex_);
    if (current_.capacity()) spare_blocks_.emplace_back().swap(current_);
    for (;;) {
      if (stopping_ || (in_order_.empty() && read_all_)) return traits_type::eof();
      if (!in_order_.empty()) {
        Job& front = *in_order_.front();
        if (!front.blocks.empty()) {
          current_.swap(front.blocks.front());
          front.blocks.pop_front();
          --ready_;
          changed_.notify_all();  // room in the frame for another block
          setg(current_.data(), current_.data(), current_.data() + current_.size());
          return traits_type::to_int_type(*gptr());
        }
        if (front.finished) {
          if (!front.error.empty()) {  // the text after the damage is not handed on
            error_ = front.error;
            stopping_ = true;
          } else {
            spare_jobs_.push_back(std::move(in_order_.front()));
            in_order_.pop_front();
          }
          changed_.notify_all();  // a slot for the next frame, or the workers stop
          continue;
        }
      }
      changed_.wait(lock);
    }
  }

private:
  void work(bool first) {
    StreamDecoder decoder;
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return stopping_ || read_all_ || (may_read() && (first || ready_ == 0)); });
      if (stopping_ || read_all_) return;
      std::unique_ptr<Job> job;
      if (spare_jobs_.empty()) {
        job = std::make_unique<Job>();
      } else {
        job = std::move(spare_jobs_.back());
        spare_jobs_.pop_back();
      }
      reading_ = true;
      lock.unlock();
      bool more = splitter_.next(*job);
      lock.lock();
      reading_ = false;
      if (!more) {
        read_all_ = true;
        changed_.notify_all();
        return;
      }
      if (stopping_) return;
      Job& j = *job;
      j.finished = false;
      j.error.clear();
      in_order_.push_back(std::move(job));
      changed_.notify_all();  // another worker may read the next frame
      decode(j, decoder, lock);
    }
  }

  // Whether a worker may read the next frame: one at a time, a slot free, and not while
  // text enough waits; the first worker then, the others only once no text waits. Where
  // the reader is the slower (validating on every core), the first worker decodes frame
  // after frame, its memory warm, and the others take no core from the reader (on two
  // cores, frames passed from worker to worker took 7% more CPU time); where the
  // decompression is the slower, text runs out and every worker takes a frame.
  bool may_read() const { return !reading_ && in_order_.size() < slots_ && ready_ <= limits_.blocks_ahead / 2; }

  // The job's text into its blocks, never more than blocks_ahead of them waiting.
  void decode(Job& job, StreamDecoder& decoder, std::unique_lock<std::mutex>& lock) {
    lock.unlock();
    std::optional<PrefixedBuffer> rest;
    if (job.streams) decoder.start(rest.emplace(std::move(job.compressed), splitter_.input()));
    else decoder.start(job.compressed);
    lock.lock();
    for (;;) {
      chunked::Text block;
      if (!spare_blocks_.empty()) {
        block.swap(spare_blocks_.back());
        spare_blocks_.pop_back();
      }
      lock.unlock();
      block.clear();
      block.filled(decoder.decode(block.room(limits_.block), limits_.block));
      lock.lock();
      bool last = block.size() < limits_.block;
      if (block.size()) ++ready_;
      (block.size() ? job.blocks.emplace_back() : spare_blocks_.emplace_back()).swap(block);
      if (last) {
        job.error = decoder.error();
        job.finished = true;
      }
      changed_.notify_all();
      if (last) return;
      changed_.wait(lock, [&] { return stopping_ || job.blocks.size() < limits_.blocks_ahead; });
      if (stopping_) return;
    }
  }

  Splitter splitter_;
  FrameLimits limits_;
  std::size_t slots_;  // jobs in order at most
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<Job>> in_order_;
  std::vector<std::unique_ptr<Job>> spare_jobs_;
  std::vector<chunked::Text> spare_blocks_;
  chunked::Text current_;  // the block being read
  std::size_t ready_ = 0;  // blocks decoded, not yet taken, in all the frames
  bool reading_ = false, read_all_ = false, stopping_ = false;
  std::string error_;
  std::vector<std::thread> workers_;
};

}  // namespace

std::unique_ptr<DecodedBuffer> decode_frames(std::streambuf& in, int jobs, FrameLimits limits) {
  return std::make_unique<FramesBuffer>(in, std::clamp(jobs, 1, MOST_WORKERS), limits);
}

}  // namespace tools::zstd
