// The PGN reader and validator, both ways: the plain fast path and the general reader must
// agree on every input (the same games, reports, diagnostics with their codes and places,
// moves, comments, variations), read from memory or from a stream, one game at a time
// (validate_next_game) or built for a writer (read_next_game); every game is numbered in
// turn. The input's last byte chooses the options (so that the text itself is whole PGN):
// strict, null moves, a stream reader, small limits, the dialect detected per game.
#include <sstream>
#include <vector>

#include "chess/pgn/validate.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/pgn_text.h"
#include "support/report_text.h"

using namespace chess::pgn;
using fuzz_support::game_text;
using test_support::report_text;

namespace {

struct Variant {
  ValidateOptions validate;
  ReaderOptions reader;
  bool stream = false;  // read through std::istream (LineReader's blocks), not in place
  bool auto_dialect = false;
};

Variant variant_of(unsigned char byte) {
  Variant v;
  v.validate.strict = byte & 1;
  v.validate.allow_null_moves = byte & 2;
  v.stream = byte & 4;
  v.reader.keep_raw = byte & 8;
  if (byte & 16) {  // limits met by small inputs
    v.reader.max_variation_depth = 3;
    v.reader.max_comment_length = 40;
    v.reader.max_raw_game_bytes = 600;
    v.reader.max_game_moves = 30;
  }
  v.auto_dialect = (byte & 0xE0) == 0xE0;  // costly (every dialect tried on each game): sometimes
  return v;
}

// A reader over the text, in place or from a stream (kept alive beside it).
struct Source {
  Source(std::string_view text, const Variant& v) : in(std::string(text)) {
    reader = v.stream ? std::make_unique<Reader>(in, v.reader) : std::make_unique<Reader>(text, v.reader);
  }
  std::istringstream in;
  std::unique_ptr<Reader> reader;
};

std::string trailing_text(const Reader& reader) {
  std::string out = "games " + std::to_string(reader.games_read()) + " clean " + std::to_string(reader.ended_cleanly()) +
                    "\n";
  for (const Diagnostic& d : reader.trailing_diagnostics())
    out += "trailing " + d.code + " " + std::to_string(d.at.line) + ":" + std::to_string(d.at.column) + " " + d.message +
           "\n";
  return out;
}

// Each game's report, one after another, and what the reader says at the end.
std::string validated(std::string_view text, const Variant& v, const ValidateOptions& options) {
  Source source(text, v);
  std::string out;
  std::size_t expected = 1;
  for (GameReport report; validate_next_game(*source.reader, options, report); ++expected) {
    FUZZ_CHECK(report.ordinal == expected, "game " + std::to_string(expected) + " numbered " +
                                               std::to_string(report.ordinal));
    out += report_text(report);
  }
  return out + trailing_text(*source.reader);
}

// Each game built for a writer: its report and everything in it.
std::string built(std::string_view text, const Variant& v, const ValidateOptions& options, std::string* reports) {
  Source source(text, v);
  std::string out;
  Game game;
  for (GameReport report; read_next_game(*source.reader, options, game, report, BuildOptions{});) {
    FUZZ_CHECK(game.ordinal == report.ordinal, "a game and its report numbered apart");
    *reports += report_text(report);
    // The fast path keeps the text of a game with errors only (what writers pass through).
    out += report_text(report) + game_text(game, !report.valid() && v.reader.keep_raw);
  }
  *reports += trailing_text(*source.reader);
  return out + trailing_text(*source.reader);
}

void check_same(const std::string& a, const std::string& b, const std::string& what) {
  if (a == b) return;
  std::size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  std::size_t from = at > 300 ? at - 300 : 0;
  FUZZ_CHECK(false, what + " differ here:\n--- first:\n" + a.substr(from, 800) + "\n--- second:\n" +
                        b.substr(from, 800));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  Variant v = variant_of(size ? data[size - 1] : 0);
  ValidateOptions fast = v.validate, general = v.validate;
  fast.plain_path = true;
  general.plain_path = false;

  std::string fast_reports = validated(text, v, fast);
  check_same(fast_reports, validated(text, v, general), "validate_next_game, the fast path and the general one,");

  std::string built_reports;
  std::string fast_games = built(text, v, fast, &built_reports);
  std::string general_reports;
  check_same(fast_games, built(text, v, general, &general_reports), "read_next_game, the fast path and the general one,");
  // Building a game says of it what validating it says.
  check_same(built_reports, fast_reports, "the reports of read_next_game and validate_next_game");

  if (v.auto_dialect) {  // the general path only: no crash, no leak, in time
    ValidateOptions detect = v.validate;
    detect.auto_dialect = true;
    validated(text, v, detect);
  }
  return 0;
}
