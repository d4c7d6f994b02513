// Opening the inputs a program is given: a file name, or "-" for standard input.
#pragma once

#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "chess/pgn/reader.h"
#include "common/decompress.h"
#include "common/encoding.h"

namespace tools {

struct Input {
  std::string name;  // as shown in diagnostics: the path, or "<stdin>"
  std::istream* stream = nullptr;  // the text, decoded (see encoding.h)
  bool refused = false;  // with a null stream: not text (an invalid input, not an I/O error)
  // Empty, or why the input could not be read to its end: a read error, compressed data
  // cut short or corrupt (what was read before it was given as read).
  std::string failure() const;
  Compression compression() const { return decompressed ? decompressed->compression() : Compression::None; }
  std::shared_ptr<const SkippedBinary> skipped;  // binary stretches skipped (encoding.h)
  // Where the input begins in a larger one (a part of it), for the places finish_input says.
  std::size_t line_offset = 0, byte_offset = 0;

  std::istream* source = nullptr;       // the bytes as opened
  std::unique_ptr<std::istream> owned;  // null for standard input
  std::unique_ptr<DecompressedInput> decompressed;
  std::unique_ptr<std::istream> uncompressed;
  std::unique_ptr<std::streambuf> decoding;
  std::unique_ptr<std::istream> decoded;
};

class DiagnosticPrinter;

// On failure, prints the reason as an error ("PATH: No such file or directory") and
// returns an Input with a null stream: every program reports unopenable inputs alike.
// An input that is not text ("PATH: not a text file: binary data at byte N") is refused
// the same way, once, with `refused` set; UTF-16 is decoded to UTF-8, with a warning.
// Compressed inputs (zstd, gzip, bzip2, xz: decompress.h) are decompressed first, a zstd
// archive of many frames by `jobs` threads.
Input open_input(const std::string& path, const DiagnosticPrinter& diagnostics, int jobs = 1);

// The reader's options for `input`: the input's bytes for the text's, where binary data
// was taken out of it (the games' offsets are the input's; after options.byte_offset).
void locate_bytes(const Input& input, chess::pgn::ReaderOptions& options);

// Once an input is read: says what went wrong reading it (a read error; binary data
// skipped, once, with where it began and how much there was) and returns the status it
// makes: EXIT_USAGE_OR_IO, EXIT_SOME_INVALID or EXIT_ALL_GOOD.
int finish_input(const Input& input, const DiagnosticPrinter& diagnostics);

// The total size of the named regular files, for progress; 0 if any is a pipe or stdin.
std::size_t total_input_size(const std::vector<std::string>& paths);

}  // namespace tools
