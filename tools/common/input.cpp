#include "common/input.h"

#include "common/diagnostics.h"
#include "common/encoding.h"
#include "common/exit_codes.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace tools {

namespace {

// A pipe holds 64 KB by default: the writer (zstdcat, curl) and the reader then take
// turns, waking each other every 64 KB. With a megabyte (the largest an unprivileged
// process may ask for, by default) reading the corpus through a pipe took 12% less time,
// with one job and with two. Best effort: where it is refused, the pipe works as it was.
void widen_pipe(int fd) {
#ifdef F_SETPIPE_SZ
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) (void)::fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
  (void)fd;
#endif
}

// The same for a pipe given by name (a FIFO, or <(zstdcat ...) in bash, /dev/fd/63):
// the stream does not show its descriptor, so the pipe is opened once more to ask.
void widen_named_pipe(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  widen_pipe(fd);
  ::close(fd);
}

// The opened bytes judged and, where they are text, given as text.
void decode(Input& in, bool regular_file, const DiagnosticPrinter& diagnostics, int jobs) {
  in.decompressed = std::make_unique<DecompressedInput>(*in.source, jobs);
  in.uncompressed = std::make_unique<std::istream>(in.decompressed->buffer());
  // A compressed stream is no coprocess's line at a time: its text is judged as a file's.
  bool compressed = in.decompressed->compression() != Compression::None;
  SniffedInput sniffed = sniff_input(*in.uncompressed, !regular_file && !compressed);
  if (sniffed.encoding == Encoding::Binary) {
    diagnostics.print(Severity::Error,
                      in.name + ": not a text file: binary data at byte " + std::to_string(sniffed.binary_at + 1) +
                          " (NUL or control characters, one byte in ten or more of its start)",
                      "not-text");
    in.refused = true;
    return;
  }
  if (sniffed.encoding != Encoding::Text)
    diagnostics.print(Severity::Warning, in.name + ": " + to_string(sniffed.encoding) + " text, decoded to UTF-8",
                      "encoding");
  in.skipped = std::move(sniffed.skipped);
  in.decoding = std::move(sniffed.buffer);
  in.decoded = std::make_unique<std::istream>(in.decoding.get());
  in.stream = in.decoded.get();
}

}  // namespace

Input open_input(const std::string& path, const DiagnosticPrinter& diagnostics, int jobs) {
  Input in;
  if (path == "-") {
    in.name = "<stdin>";
    in.source = &std::cin;
    widen_pipe(0);
    struct stat st;
    decode(in, ::fstat(0, &st) == 0 && S_ISREG(st.st_mode), diagnostics, jobs);
    return in;
  }
  in.name = path;
  struct stat st;
  bool known = ::stat(path.c_str(), &st) == 0;
  if (known && S_ISDIR(st.st_mode)) {
    diagnostics.print(Severity::Error, path + ": is a directory");
    return in;
  }
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) {
    diagnostics.print(Severity::Error, path + ": " + std::strerror(errno));
    return in;
  }
  if (known && S_ISFIFO(st.st_mode)) widen_named_pipe(path);
  in.source = file.get();
  in.owned = std::move(file);
  decode(in, known && S_ISREG(st.st_mode), diagnostics, jobs);
  return in;
}

std::string Input::failure() const {
  if (decompressed)
    if (std::string why = decompressed->error(); !why.empty()) return why;
  return source && source->bad() ? "read error" : "";
}

void locate_bytes(const Input& input, chess::pgn::ReaderOptions& options) {
  if (!input.skipped) return;
  options.input_byte = [skipped = input.skipped, base = options.byte_offset](std::size_t text_byte) {
    return base + skipped->input_offset(text_byte - base);
  };
}

int finish_input(const Input& input, const DiagnosticPrinter& diagnostics) {
  int status = EXIT_ALL_GOOD;
  if (input.skipped && input.skipped->stretches) {
    const SkippedBinary& s = *input.skipped;
    diagnostics.print(input.name, input.line_offset + s.first_line, 1, Severity::Error, "not-text",
                      "binary data (NUL or control characters) from byte " +
                          std::to_string(input.byte_offset + s.first_byte) + ": " +
                          (s.stretches == 1 ? std::string("its lines") : std::to_string(s.stretches) + " stretches") +
                          " skipped, " + std::to_string(s.bytes) + " bytes in all");
    status = EXIT_SOME_INVALID;
  }
  if (std::string failure = input.failure(); !failure.empty()) {
    diagnostics.print(Severity::Error, input.name + ": " + failure);
    status = EXIT_USAGE_OR_IO;
  }
  return status;
}

std::size_t total_input_size(const std::vector<std::string>& paths) {
  std::size_t total = 0;
  for (const std::string& path : paths) {
    struct stat st;
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    total += std::size_t(st.st_size);
  }
  return total;
}

}  // namespace tools
