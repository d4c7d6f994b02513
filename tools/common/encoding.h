// What an input's bytes are, judged from its first 64 KB: text (UTF-8, or a single-byte
// code page the readers decode), UTF-16 (as Windows tools export, with or without a BOM),
// or not text at all. UTF-16 is decoded to UTF-8 as it is read; binary data is refused
// once per file, where each byte would otherwise make its own error. A text file with
// binary data further on (a download that went wrong, random bytes pasted in) is read with
// the binary stretches skipped: a line that is binary, and every line after it up to one
// of text, becomes an empty line (so line numbers hold), and the text after is read.
#pragma once

#include <atomic>
#include <istream>
#include <memory>
#include <mutex>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

namespace tools {

enum class Encoding { Text, Utf16LE, Utf16BE, Binary };

// The binary stretches skipped in a text file.
struct SkippedBinary {
  std::size_t stretches = 0, bytes = 0;
  std::size_t first_byte = 0, first_line = 0;  // where the first began (from 1)

  // The input's byte for the text's byte at `offset`, the text being the input with the
  // binary bytes taken out: the games' offsets are the input's. Safe to ask while the
  // input is read on another thread (a chunk's reader asks while the next is cut).
  std::size_t input_offset(std::size_t offset) const;
  // The skipper's: `bytes` bytes of the input taken out just before the text's byte `at`.
  void taken_out(std::size_t at, std::size_t bytes);

private:
  mutable std::mutex mutex_;
  std::atomic<bool> any_{false};
  // Where bytes were taken out, and how many in all up to there; the lines of one stretch
  // are one entry (only their line feeds are left between them, where no game begins or ends).
  std::vector<std::pair<std::size_t, std::size_t>> cuts_;
};

struct SniffedInput {
  Encoding encoding = Encoding::Text;
  std::size_t binary_at = 0;  // with Binary: the first byte that no text holds
  std::unique_ptr<std::streambuf> buffer;  // the input again from its first byte (decoded)
  std::shared_ptr<const SkippedBinary> skipped;  // with Text: filled in as the input is read
};

// Reads the first bytes of `in` and returns what they are and a buffer that gives the
// whole input (UTF-16 decoded to UTF-8, a UTF-16 BOM dropped). `in` must outlive it.
// A file is judged by its first 64 KB; a pipe or terminal by its first line, so that a
// program answering line by line (notation-translate as a coprocess) is not kept waiting.
// It is refused as binary only when the binary data begins in its first line; later on,
// binary stretches are skipped (for readers in blocks; one that reads a character at a
// time, a coprocess, gets the bytes as they are).
SniffedInput sniff_input(std::istream& in, bool first_line_only);

const char* to_string(Encoding e);

// Bytes already read from a stream (to judge it), then the rest of the stream.
class PrefixedBuffer : public std::streambuf {
public:
  PrefixedBuffer(std::string prefix, std::streambuf& rest);

protected:
  int_type underflow() override;
  std::streamsize xsgetn(char* out, std::streamsize n) override;

private:
  std::string prefix_;
  std::streambuf& rest_;
  char one_ = 0;
};

}  // namespace tools
