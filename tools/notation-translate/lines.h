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

// Reads the input's lines in order and hands on each one's result in order, holding lines
// back only where the input as a whole must decide:
// - With --from auto, the dialect is a property of the input, not of a line: a line that
//   reads legally in several dialects with different moves ("1. h4 h5 2. Rh3": English or
//   Finnish) is read in the one the input's other lines are in. Such lines wait (in order)
//   until a line settles the dialect; at the end of a file they are errors.
// - A line whose moves end in a tie waits for the lines of its game that follow, whose
//   moves may break it (a book's game, one move pair a line).
// - A game whose halves a book prints side by side is read when the whole block has come.
// A coprocess, answered line by line, cannot wait: there a line is judged alone.
class DialectOfInput {
public:
  DialectOfInput(const Translator& translator, LinePrinter print, bool can_wait)
      : translator_(translator), printer_(std::move(print)), can_wait_(can_wait) {}

  // Returns whether the line (or one that waited) failed.
  bool line(const std::string& file, std::size_t number, const std::string& text);
  // A line too long to be read: answered in its turn, after the lines before it; what
  // waited for the lines of its game is read without it.
  void too_long(const std::string& file, std::size_t number);
  // The lines still waiting at the end of the input: ambiguous in the input as a whole.
  bool flush();

private:
  // How a line begins, decided by the lines before it: going on with the game in last_, or
  // not; the number its first move has when the line has none before it.
  struct Start {
    bool goes_on = false;
    int number = 0;
    bool black = false;
    bool numbered = false;
    std::optional<Problem> warning;  // the line could be read either way: said which was taken
    const chess::notation::Codec* dialect = nullptr;  // read in this one (the input's), not detected
  };
  struct Waiting {
    std::size_t number;
    std::string text;
    Start start{};
  };
  // A move number left for the next line's first move: alone on its line, or at a line's end.
  struct Pending {
    int number;
    bool black;
    std::size_t line;
  };
  struct Halves {
    std::size_t number;
    std::string text;
    std::size_t second_at;  // where the second half of the game begins on the line
    int left_first;         // the move number the left half starts with
  };
  // Where a game stopped at a line that could not be translated: the lines numbered after it
  // go on from a position no one knows.
  struct Stopped {
    std::size_t line;
    int number;
    bool black;
    bool numbered = false;  // the game was numbered: a line of it without a number goes on with it too
    bool gap = false;       // a blank line has come since
  };
  // A move number at the line's end, no move after it ("1. e4 e5 2.", "7 ...", a number
  // alone on its line): the number of the next line's first move.
  static std::optional<Pending> trailing_number(std::string_view text, std::size_t line);
  static constexpr std::size_t MAX_TIED = 64;  // lines held back for one tie, at most

  // The lines held for a tie or a block, read with what has come.
  bool flush_waiting();
  bool read(std::size_t number, const std::string& text);
  // The first line held back with a tie, read again with the lines of its game after it.
  // Unless `last` (no more lines of that game will come), a tie still open waits on.
  bool release_tied(bool last);
  // A line read with what it goes on from. A tie its moves leave open is looked at again
  // with the moves of the lines after it (`after`, in the game's order), as far as they go
  // on with the game: numbered one after the other.
  LineResult translate(std::string_view text, const std::vector<std::string_view>& after, const Start& start) const;
  // A line read as it begins (`start` set to how): numbered where the game in last_ stands,
  // it goes on with it; numbered otherwise, a game of its own if its number can begin one
  // (1., or the start position's), else refused (unknown-start); with no number before its
  // first move, after a line of a game, it is read both ways and the one that reads taken,
  // with a warning where both do and nothing else tells them apart.
  LineResult begin(std::string_view text, Start& start) const;
  // begin()'s two cases: a line whose first move is numbered (`number`, Black's if `black`),
  // and one whose first move is not, after a line of a game.
  LineResult begin_numbered(std::string_view text, const chess::notation::MoveText& t, int number, bool black,
                            Start& start) const;
  LineResult begin_unnumbered(std::string_view text, const chess::notation::MoveText& t, Start& start) const;
  // A block of lines each printing two parts of a game side by side (Bird's book: moves
  // 1-30 on the left, 31-60 on the right): the left parts are read in order, then the
  // right ones from where the left ended, each with all the parts after it for a tie to
  // look into; each output line holds both, as its input did. After a part that fails,
  // the parts after it are not read (their position is not known).
  bool flush_block();
  bool print_block(std::vector<LineResult>& left, std::vector<LineResult>& right);
  // A line numbered after the line where its game stopped: not read, said so.
  std::optional<LineResult> after_stopped_game(std::string_view text);
  LineResult stopped_result(std::size_t line, std::size_t column = 1) const;
  // Settles the input's dialect by a line that read in one, and prints the line.
  bool settle_and_print(std::size_t number, std::string_view text, LineResult result);
  // A line's result is known: handed on once every line before it has been.
  bool print(std::size_t number, std::string_view text, LineResult result);
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
  std::vector<Waiting> tied_;  // a line ending in a tie, and the lines of its game after it
  std::optional<Stopped> stopped_;
  std::optional<Pending> pending_;
  bool gap_ = false;            // blank lines since the last line of the game in last_ (a page break)
  std::size_t last_line_ = 0;   // the line the game in last_ was last read on
  // Every line given and not yet handed on, by number; a result once known (none for a line
  // too long). Lines wait for a dialect, a tie or a block: those after them wait too, so
  // that the output stays in input order, line for line.
  struct Answer {
    bool known = false;
    std::optional<LineResult> result;
  };
  std::map<std::size_t, Answer> answers_;
};

}  // namespace translate
