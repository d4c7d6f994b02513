#include "pgn-convert/part_size.h"

#include <fmt/core.h>

#include "chess/pgn/game.h"
#include "common/input.h"
#include "common/json.h"
#include "common/output_file.h"

namespace convert {

namespace {

// The parts of one input, each printed once a game has followed its end (a stretch with
// no game after the last cut stays with the part before).
class Parts {
public:
  Parts(const std::string& name, std::size_t part_size, chess::pgn::Reader::Border first)
      : file_(tools::json_string(name)), size_(part_size), first_(first.offset), begin_(first) {}
  void after_game(const chess::pgn::Reader& reader) {
    if (cut_) {
      print(cut_->offset);
      begin_ = *cut_;
      cut_.reset();
    }
    // A cut past the part's target, where the next part reads as in the whole.
    std::optional<chess::pgn::Reader::Border> border = reader.border();
    if (border && border->offset >= first_ + (part_ + 1) * size_) cut_ = border;
  }
  void print(std::size_t end) {
    fmt::print("{{\"file\": {}, \"part\": {}, \"offset\": {}, \"length\": {}, \"line\": {}, \"game\": {}}}\n", file_,
               ++part_, begin_.offset, end - begin_.offset, begin_.line, begin_.game);
    tools::end_record();
  }

private:
  std::string file_;
  std::size_t size_, first_, part_ = 0;
  chess::pgn::Reader::Border begin_;
  std::optional<chess::pgn::Reader::Border> cut_;
};

}  // namespace

int write_parts(const RunOptions& options, std::size_t part_size, const tools::DiagnosticPrinter& diagnostics) {
  std::vector<std::string> files = options.loop.files.empty() ? std::vector<std::string>{"-"} : options.loop.files;
  tools::GameLoopOptions loop = options.loop;
  options.part.apply_to(loop);
  int status = tools::EXIT_ALL_GOOD;
  for (const std::string& path : files) {
    tools::Input input = tools::open_input(path, diagnostics);
    if (!input.stream) {
      status = std::max(status, int(input.refused ? tools::EXIT_SOME_INVALID : tools::EXIT_USAGE_OR_IO));
      continue;
    }
    chess::pgn::ReaderOptions reader_options = loop.reader;
    tools::locate_bytes(input, reader_options);
    chess::pgn::Reader reader(*input.stream, reader_options);
    Parts parts(loop.input_name.empty() ? input.name : loop.input_name, part_size, *reader.border());
    for (chess::pgn::Game game; read_next_tags(reader, game);) parts.after_game(reader);
    std::size_t end = loop.reader.byte_offset + reader.bytes_read();
    parts.print(reader_options.input_byte ? reader_options.input_byte(end) : end);
    input.line_offset = loop.reader.line_offset;
    input.byte_offset = loop.reader.byte_offset;
    status = std::max(status, tools::finish_input(input, diagnostics));
  }
  return status;
}

}  // namespace convert
