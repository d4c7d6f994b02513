// What an input's bytes are, judged from its first 64 KB: text (UTF-8, or a single-byte
// code page the readers decode), UTF-16 (as Windows tools export, with or without a BOM),
// or not text at all. UTF-16 is decoded to UTF-8 as it is read; binary data is refused
// once per file, where each byte would otherwise make its own error.
#pragma once

#include <istream>
#include <memory>
#include <streambuf>
#include <string>

namespace tools {

enum class Encoding { Text, Utf16LE, Utf16BE, Binary };

struct SniffedInput {
  Encoding encoding = Encoding::Text;
  std::size_t binary_at = 0;  // with Binary: the first byte that no text holds
  std::unique_ptr<std::streambuf> buffer;  // the input again from its first byte (decoded)
};

// Reads the first bytes of `in` and returns what they are and a buffer that gives the
// whole input (UTF-16 decoded to UTF-8, a UTF-16 BOM dropped). `in` must outlive it.
// A file is judged by its first 64 KB; a pipe or terminal by its first line, so that a
// program answering line by line (notation-translate as a coprocess) is not kept waiting.
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
