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

// The lines as the program hands them over (tools::for_each_line): a line too long is
// answered by the loop, not read.
std::vector<std::string> lines_of(std::string_view text, std::vector<std::size_t>& numbers) {
  LineReader reader(text);
  std::vector<std::string> lines;
  std::string line;
  for (bool too_long = false; reader.next(line, too_long);)
    if (!too_long) lines.push_back(line), numbers.push_back(reader.line_number());
  return lines;
}

void check_every_line_answered(const Translator& translator, const std::vector<std::string>& lines,
                               const std::vector<std::size_t>& numbers, bool can_wait) {
  std::vector<std::size_t> answered;
  DialectOfInput input(
      translator, [&](const std::string&, std::size_t number, const LineResult&) { answered.push_back(number); },
      can_wait);
  for (std::size_t i = 0; i < lines.size(); ++i) input.line("fuzz", numbers[i], lines[i]);
  input.flush();
  FUZZ_CHECK(answered == numbers, std::string("the lines were not answered once each, in order") +
                                      (can_wait ? "" : " (as a coprocess)"));
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

  std::vector<std::size_t> numbers;
  std::vector<std::string> lines = lines_of(input.text, numbers);
  check_every_line_answered(forward, lines, numbers, true);
  check_every_line_answered(forward, lines, numbers, false);
  for (const std::string& line : lines) check_round_trip(forward, back, line);
  return 0;
}
