// zstd, lichess's format: one decoder that gives the same text before damaged data however
// its input comes (StreamDecoder), and archives of many frames decoded several frames at
// once (decode_frames, for --jobs N).
#pragma once

#include <cstddef>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "common/decompress.h"

struct ZSTD_DCtx_s;

namespace tools::zstd {

// One zstd stream: frames one after another, skippable ones passed over. Each call of the
// library is given as much input as it asked for last (no more; less only where the input
// ends), and new input only once all it decoded was handed out. A call that fails on
// damaged data then had nothing decoded of its own to lose: the text before the damage is
// every block before it, whether the frames come whole, one by one, or as one stream.
class StreamDecoder {
public:
  StreamDecoder();
  ~StreamDecoder();
  StreamDecoder(const StreamDecoder&) = delete;
  StreamDecoder& operator=(const StreamDecoder&) = delete;

  // Decodes `in` from its first byte on; the library's memory is kept from input to input.
  void start(std::streambuf& in);
  // The same for bytes in memory (a frame), which must outlive the decoding.
  void start(std::string_view bytes);
  // Fills `out` with `room` bytes, or fewer at the end of the data or on an error.
  std::size_t decode(char* out, std::size_t room);
  // Empty, or why the data could not be read to its end ("corrupt zstd data: ...").
  const std::string& error() const { return error_; }

private:
  void gather(std::size_t n);
  ZSTD_DCtx_s* stream_;
  std::streambuf* in_ = nullptr;
  std::vector<char> buffer_;        // the input read from in_
  const char* data_ = nullptr;      // buffer_'s, or the bytes in memory
  std::size_t begin_ = 0, end_ = 0;  // the input read and not yet given to the library
  std::size_t want_ = 0;             // what the library asked for next
  bool in_frame_ = false, flushing_ = false, ended_ = false;
  std::string error_;
};

struct FrameLimits {
  std::size_t largest = 8 << 20;  // a frame's compressed bytes held whole: a larger frame, and all after it, stream
  std::size_t block = 1 << 20;    // the text handed on in blocks of this size
  std::size_t blocks_ahead = 4;   // decoded ahead of the reader, in each frame
};

// The text of `in` (zstd data from its first byte) decoded by `jobs` threads (8 at most),
// each taking the next frame (its size from the skippable frame pzstd writes before it, else
// found in the bytes read) when little decoded text waits, at most jobs + 1 frames at once,
// handed on in order. Where no frame can be told whole (one too large, damaged data, data
// cut short), the rest is one stream, which says what is wrong. `in` must outlive the buffer.
std::unique_ptr<DecodedBuffer> decode_frames(std::streambuf& in, int jobs, FrameLimits limits = {});

}  // namespace tools::zstd
