// The lines of an input read as a whole: what one line means can depend on the lines
// around it (the input's dialect, a game printed over several lines, two halves side by
// side). Each line's result is handed on, in order, once it is known.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation-translate/translator.h"

namespace translate {

// Told each line's result, in input order, each line once; null for a line too long to read.
using LinePrinter = std::function<void(const std::string& file, std::size_t number, const LineResult* result)>;

// With --from auto, the dialect is a property of the input, not of a line: a line that
// reads legally in several dialects with different moves ("1. h4 h5 2. Rh3": English or
// Finnish) is read in the one the input's other lines are in. Such lines wait (in order)
// until a line settles the dialect; at the end of a file they are errors. A coprocess,
// answered line by line, cannot wait: there a line is judged alone until one settles it.
class DialectOfInput {
public:
  DialectOfInput(const Translator& translator, LinePrinter print, bool can_wait)
      : translator_(translator), printer_(std::move(print)), can_wait_(can_wait) {}

  // Returns whether the line (or one that waited) failed.
  // A line that ends in a tie its moves leave open waits for the next line, whose moves
  // may break it when that line goes on with the game.
  bool line(const std::string& file, std::size_t number, const std::string& text);
  // A line too long to be read: answered in its turn, after the lines before it.
  void too_long(const std::string& file, std::size_t number);
  // The lines still waiting at the end of the input: ambiguous in the input as a whole.
  bool flush();

private:
  struct Waiting {
    std::size_t number;
    std::string text;
  };
  struct Halves {
    std::size_t number;
    std::string text;
    std::size_t second_at;  // where the second half of the game begins on the line
    int left_first;         // the move number the left half starts with
  };

  // `next`: the line after, when it has come; `may_hold`: the line may wait for it.
  bool read(std::size_t number, const std::string& text, std::string_view next, bool may_hold = true);
  // A line read with what it goes on from. A tie its last moves leave open is looked at
  // again with the moves of the next line, if that line goes on with the game (numbered for
  // the next move pair, or the same move's other half).
  LineResult translate(std::string_view text, std::string_view next, const Continuation* from) const;
  // A block of lines each printing two parts of a game side by side (Bird's book: moves
  // 1-30 on the left, 31-60 on the right): the left parts are read in order, then the
  // right ones from where the left ended; each output line holds both, as its input did.
  bool flush_block();
  // Follows the game through a block: the next part goes on from where this one ended.
  void settle(LineResult& part);
  // A line's result is known: handed on once every line before it has been.
  bool print(std::size_t number, LineResult result);
  void release();  // hands on the known answers at the front
  // A new file: the last one's lines are all answered first.
  void file_is(const std::string& file, bool& failed);

  const Translator& translator_;
  LinePrinter printer_;
  bool can_wait_;
  std::string file_;
  const chess::notation::Codec* settled_ = nullptr;
  std::vector<Waiting> waiting_;
  std::optional<Continuation> last_;
  std::vector<Halves> block_;
  std::optional<Waiting> held_;  // a line ending in a tie, read again with the next
  // Every line given and not yet handed on, by number; a result once known (none for a line
  // too long). Lines wait for a dialect or for the next line: those after them wait too,
  // so that the output stays in input order, line for line.
  struct Answer {
    bool known = false;
    std::optional<LineResult> result;
  };
  std::map<std::size_t, Answer> answers_;
};

}  // namespace translate
