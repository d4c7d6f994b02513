// notation-translate's line reader: the input's lines read as the program reads a file
// (DialectOfInput: the input's dialect, games over several lines, halves side by side) and
// as a coprocess reads them (each line judged at once). The first three bytes choose the
// dialect written, the dialect read (or auto) and the options. Asserted: every line is
// answered once, in order; each line translated alone reads back, from what was written,
// as the same moves.
#include <vector>

#include "chess/line_reader.h"
#include "chess/notation/registry.h"
#include "fuzz/fuzz_check.h"
#include "notation-translate/lines.h"

using namespace chess;
using namespace translate;

namespace {

const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> list = notation::codec_names();
  return list;
}

// The lines as the program hands them over (tools::for_each_line), with a bound small
// enough for fuzz inputs to reach: a line too long is not read, but answered in its turn.
struct Lines {
  std::vector<std::string> text;  // empty for a line too long
  std::vector<std::size_t> numbers;
  std::vector<bool> too_long;
};

Lines lines_of(std::string_view text) {
  LineReader reader(text, 300);
  Lines lines;
  std::string line;
  for (bool too_long = false; reader.next(line, too_long);) {
    lines.text.push_back(too_long ? std::string() : line);
    lines.numbers.push_back(reader.line_number());
    lines.too_long.push_back(too_long);
  }
  return lines;
}

void check_every_line_answered(const Translator& translator, const Lines& lines, bool can_wait) {
  std::vector<std::size_t> answered;
  DialectOfInput input(
      translator, [&](const std::string&, std::size_t number, const LineResult*) { answered.push_back(number); },
      can_wait);
  for (std::size_t i = 0; i < lines.text.size(); ++i)
    if (lines.too_long[i]) input.too_long("fuzz", lines.numbers[i]);
    else input.line("fuzz", lines.numbers[i], lines.text[i]);
  input.flush();
  const std::vector<std::size_t>& numbers = lines.numbers;
  auto list = [](const std::vector<std::size_t>& v) {
    std::string out;
    for (std::size_t n : v) out += " " + std::to_string(n);
    return out;
  };
  FUZZ_CHECK(answered == numbers, std::string("the lines were not answered once each, in order") +
                                      (can_wait ? "" : " (as a coprocess)") + ": lines" + list(numbers) +
                                      ", answered" + list(answered));
}

// A line translated, and what was written read back from the dialect written: the same moves.
void check_round_trip(const Translator& forward, const Translator& back, const std::string& line) {
  LineResult there = forward.translate(line);
  if (there.failure || there.moves.empty()) return;
  std::string written = forward.render(there);
  LineResult again = back.translate(written);
  FUZZ_CHECK(!again.failure, "'" + line + "' was written as '" + written + "', which does not read back: " +
                                 (again.failure ? again.failure->code + ": " + again.failure->message : ""));
  FUZZ_CHECK(again.moves.size() == there.moves.size(), "'" + written + "' reads back as another number of moves");
  for (std::size_t i = 0; i < there.moves.size(); ++i)
    FUZZ_CHECK(again.moves[i].uci == there.moves[i].uci, "'" + line + "' was written as '" + written +
                                                             "', whose move " + std::to_string(i + 1) + " reads back as " +
                                                             again.moves[i].uci + ", not " + there.moves[i].uci);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  fuzz_support::Input input(data, size);
  TranslatorOptions options;
  options.to = notation::find_codec(names()[input.byte() % names().size()]);
  unsigned from = input.byte() % (names().size() + 1);  // 0: auto
  options.from = from ? notation::find_codec(names()[from - 1]) : nullptr;
  unsigned flags = input.byte();
  options.strict = flags & 1;
  options.chess960 = flags & 2;
  using Numbers = TranslatorOptions::Numbers;
  options.numbers = flags & 4 ? Numbers::Always : flags & 8 ? Numbers::Never : Numbers::AsInput;
  options.with_uci = true;  // the round trip compares moves in UCI
  Translator forward(options);
  TranslatorOptions reverse = options;
  reverse.from = options.to;
  reverse.strict = true;  // what is written is the target's canonical text
  reverse.to = notation::find_codec("uci");
  Translator back(reverse);

  Lines lines = lines_of(input.text);
  check_every_line_answered(forward, lines, true);
  check_every_line_answered(forward, lines, false);
  for (std::size_t i = 0; i < lines.text.size(); ++i)
    if (!lines.too_long[i]) check_round_trip(forward, back, lines.text[i]);
  return 0;
}
