// pgn-convert's export (convert::render, as the program calls it): the input's valid games
// exported, the export read back (every game valid, none lost) and exported again: the same
// text. The last byte of the input chooses the dialect written (and read back), the one
// before it the layout (tags, comments, variations, NAGs, clocks, width, tag order) and
// whether the input is read in the dialect written instead of SAN. The other formats
// (JSON Lines, UCI, EPD) are rendered too, for what the sanitizers see.
#include <vector>

#include "chess/notation/registry.h"
#include "fuzz/fuzz_check.h"
#include "pgn-convert/convert.h"

using namespace chess;
using namespace chess::pgn;

namespace {

struct Exported {
  std::string text;  // the valid games' export, one after another
  std::size_t valid = 0, games = 0;
  std::string first_error;  // of the first game with errors, for the message
};

Exported export_games(std::string_view text, const convert::ConvertOptions& options) {
  ReaderOptions ro;
  ro.keep_raw = true;  // as pgn-convert reads: games with errors are passed through
  Reader reader(text, ro);
  const WriteOptions& w = options.write;
  BuildOptions keep{w.comments, w.nags, w.variations};
  Exported out;
  Game game;
  convert::Converted converted;
  for (GameReport report; read_next_game(reader, options.read, game, report, keep);) {
    ++out.games;
    bool valid = report.valid();
    if (!valid && out.first_error.empty())
      out.first_error = report.errors.front().code + " at " + std::to_string(report.errors.front().at.line) + ":" +
                        std::to_string(report.errors.front().at.column) + ": " + report.errors.front().message;
    convert::ConvertOptions other = options;
    for (convert::Format f : {convert::Format::Jsonl, convert::Format::Uci, convert::Format::Epd}) {
      other.format = f;
      convert::render(game, report, other, converted);
    }
    convert::render(game, std::move(report), options, converted);
    FUZZ_CHECK(valid != converted.text.empty(), "a valid game rendered as nothing, or a game with errors rendered");
    if (valid) ++out.valid, out.text += converted.text;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static const std::vector<std::string_view> names = notation::codec_names();
  unsigned dialect = size ? data[size - 1] : 0, layout = size > 1 ? data[size - 2] : 0;
  convert::ConvertOptions options;
  WriteOptions& w = options.write;
  w.codec = notation::find_codec(names[dialect % names.size()]);
  using Tags = WriteOptions::Tags;
  w.tags = (layout & 3) == 1 ? Tags::Roster : (layout & 3) == 2 ? Tags::None : Tags::All;
  w.comments = !(layout & 4);
  w.variations = !(layout & 8);
  w.nags = !(layout & 16);
  w.clocks = !(layout & 32);
  w.keep_tag_order = layout & 64;
  w.width = layout & 128 ? 20 + dialect % 40 : 79;
  if ((layout & 3) == 3) options.read.codec = w.codec;  // the input read in the dialect written

  Exported first = export_games(text, options);
  convert::ConvertOptions again = options;
  again.read.codec = w.codec;
  Exported second = export_games(first.text, again);
  FUZZ_CHECK(second.games == first.valid, std::to_string(first.valid) + " games exported, " +
                                              std::to_string(second.games) + " read back:\n" + first.text);
  FUZZ_CHECK(second.valid == second.games, "an exported game reads back with errors: " + second.first_error +
                                               "\n--- export:\n" + first.text);
  FUZZ_CHECK(second.text == first.text, "exported again, the games differ:\n--- first:\n" + first.text +
                                            "\n--- second:\n" + second.text);
  return 0;
}
