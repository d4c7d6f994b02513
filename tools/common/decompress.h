// Archives read as they are published: zstd (lichess's .pgn.zst: many frames, skippable
// frames between them, as pzstd writes), gzip (TWIC, federations; several members one after
// another), bzip2 and xz, told by their first bytes, never by their names, so that standard
// input and a file named anything are read alike.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <streambuf>
#include <string>

namespace tools {

enum class Compression { None, Zstd, Gzip, Bzip2, Xz };
const char* to_string(Compression c);

// Decompressed text, and why it ended early.
class DecodedBuffer : public std::streambuf {
public:
  // Empty, or why the compressed data could not be read to its end: set once the text
  // before the damage was read.
  virtual std::string error() = 0;
};

// A stream's bytes as they are or decompressed. The decompression runs on a thread of its
// own a few blocks ahead of the reader, as `zstd -dc file | program` runs in a process of
// its own: reading a compressed archive costs the reader no more time than reading the
// uncompressed one (memory: a few blocks of a megabyte). With `jobs` of 2 and more, a zstd
// archive of many frames (lichess's) is decompressed by up to that many threads, a frame
// each (zstd_frames.h: at most jobs + 1 frames of 8 MB and 4 MB of their text at once).
class DecompressedInput {
public:
  // Reads the first bytes of `in` to tell the format; `in` must outlive this object.
  explicit DecompressedInput(std::istream& in, int jobs = 1);
  ~DecompressedInput();
  DecompressedInput(const DecompressedInput&) = delete;
  DecompressedInput& operator=(const DecompressedInput&) = delete;

  Compression compression() const { return compression_; }
  std::streambuf* buffer();
  // Empty, or why the compressed data could not be read to its end ("corrupt zstd data:
  // ...", "truncated gzip data"): the text up to there was given as read.
  std::string error() const;

private:
  Compression compression_ = Compression::None;
  std::unique_ptr<std::streambuf> prefixed_;  // the bytes peeked at, then the rest of `in`
  std::unique_ptr<DecodedBuffer> buffer_;
};

}  // namespace tools
