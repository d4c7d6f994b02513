#include "notation-translate/run.h"

#include <fmt/core.h>
#include <optional>
#include <vector>

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "common/line_loop.h"

namespace translate {

namespace {

using chess::notation::MoveText;
using chess::notation::split_move_text;

std::string_view moves_of(std::string_view text) {  // a FEN before the moves is no part of them
  std::size_t tab = text.find('\t');
  return tab == std::string_view::npos ? text : text.substr(tab + 1);
}

// Whether `next` is numbered where the moves of `line` stop (a move pair a line, or a move
// a line): the next line of the same game as a book prints it.
bool numbered_after(std::string_view line, std::string_view next) {
  if (next.find('\t') != std::string_view::npos) return false;
  MoveText a = split_move_text(moves_of(line)), b = split_move_text(next);
  if (!a.first_number || !b.first_number || a.second_column_at || b.second_column_at) return false;
  int ply = 2 * (a.first_number - 1) + a.first_number_black + int(a.moves.size());
  return b.first_number == ply / 2 + 1 && b.first_number_black == (ply % 2 == 1);
}

bool tied(const LineResult& r) { return r.failure && r.failure->code == "ambiguous-move"; }

// Reads the input's lines in order and prints each one's result in order, holding lines
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
  DialectOfInput(const Translator& translator, const Output& output, bool can_wait)
      : translator_(translator), output_(output), can_wait_(can_wait) {}

  // Returns whether the line (or one that waited) failed.
  bool line(const std::string& file, std::size_t number, const std::string& text) {
    bool failed = false;
    if (file != file_) failed |= flush(), file_ = file, settled_ = nullptr, last_.reset(), stopped_.reset();
    if (!tied_.empty()) {
      if (tied_.size() < MAX_TIED && numbered_after(tied_.back().text, text)) {
        tied_.push_back({number, text});
        // Tried again each time the lines held double: a tie the moves never break costs
        // a few tries, not one a line.
        bool again = (tied_.size() & (tied_.size() - 1)) == 0;
        return (again && release_tied(false)) || failed;
      }
      failed |= release_tied(true);
    }
    return read(number, text) || failed;
  }
  // Before a line too long to read is said to be so: whatever waits before it.
  bool before_unread_line() {
    bool failed = flush_waiting();
    last_.reset();
    return failed;
  }
  // The lines still waiting at the end of the input: ambiguous in the input as a whole.
  bool flush() {
    bool failed = flush_waiting();
    for (const Waiting& w : waiting_) failed |= print(w.number, w.text, translator_.translate(w.text, nullptr));
    waiting_.clear();
    return failed;
  }

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
  // Where a game stopped at a line that could not be translated: the lines numbered after it
  // go on from a position no one knows.
  struct Stopped {
    std::size_t line;
    int number;
    bool black;
  };
  static constexpr std::size_t MAX_TIED = 64;  // lines held back for one tie, at most

  bool flush_waiting() {
    bool failed = tied_.empty() ? false : release_tied(true);
    return flush_block() || failed;
  }

  bool read(std::size_t number, const std::string& text) {
    bool failed = false;
    if (!block_.empty()) {
      // A block goes on while the left half's numbers do: a line with both halves, or with
      // the left half alone (a left half longer than the right).
      std::size_t at = split_move_text(text).second_column_at;
      std::string_view left = std::string_view(text).substr(0, at ? at : text.size());
      if (split_move_text(left).first_number == block_.back().left_first + 1) {
        block_.push_back({number, text, at ? at : text.size(), block_.back().left_first + 1});
        return false;
      }
      failed |= flush_block();  // before this line is read: it may go on from the block's end
    }
    if (std::optional<LineResult> refused = after_stopped_game(text)) return print(number, text, *refused) || failed;
    LineResult result = translate(text, {}, waiting_.empty() && last_ ? &*last_ : nullptr);
    if (can_wait_ && tied(result)) {
      tied_.push_back({number, text});  // read again when the lines after it have come
      return failed;
    }
    if (result.second_column_at && can_wait_) {
      std::string_view left = std::string_view(text).substr(0, result.second_column_at);
      block_.push_back({number, text, result.second_column_at, split_move_text(left).first_number});
      return failed;
    }
    if (result.ambiguous_dialect && can_wait_) {
      waiting_.push_back({number, text});
      return failed;
    }
    return settle_and_print(number, text, std::move(result)) || failed;
  }

  // The first line held back with a tie, read again with the lines of its game after it.
  // Unless `last` (no more lines of that game will come), a tie still open waits on.
  bool release_tied(bool last) {
    std::vector<std::string_view> after;
    for (std::size_t i = 1; i < tied_.size(); ++i) after.push_back(tied_[i].text);
    LineResult result = translate(tied_[0].text, after, last_ ? &*last_ : nullptr);
    if (!last && tied(result)) return false;
    std::vector<Waiting> held = std::move(tied_);
    tied_.clear();
    bool failed = settle_and_print(held[0].number, held[0].text, std::move(result));
    for (std::size_t i = 1; i < held.size(); ++i) {
      if (!tied_.empty()) tied_.push_back(std::move(held[i]));  // after a later tie: it waits with it
      else failed |= read(held[i].number, held[i].text);
    }
    if (!tied_.empty() && (last || tied_.size() > 1)) failed |= release_tied(last);
    return failed;
  }

  // A line read with what it goes on from. A tie its moves leave open is looked at again
  // with the moves of the lines after it (`after`, in the game's order), as far as they go
  // on with the game: numbered one after the other.
  LineResult translate(std::string_view text, const std::vector<std::string_view>& after,
                       const Continuation* from) const {
    LineResult result = translator_.translate(text, settled_, from);
    if (!tied(result) || after.empty()) return result;
    std::vector<std::string_view> ahead;
    std::string_view previous = text;
    for (std::string_view next : after) {
      if (!numbered_after(previous, next)) break;
      for (const auto& t : split_move_text(next).moves) ahead.push_back(t.text);
      previous = next;
    }
    if (ahead.empty()) return result;
    LineResult retried = translator_.translate(text, settled_, from, ahead);
    if (!retried.failure || retried.failure->ply > result.failure->ply) return retried;
    return result;
  }

  // A block of lines each printing two parts of a game side by side (Bird's book: moves
  // 1-30 on the left, 31-60 on the right): the left parts are read in order, then the
  // right ones from where the left ended, each with all the parts after it for a tie to
  // look into; each output line holds both, as its input did. After a part that fails,
  // the parts after it are not read (their position is not known).
  bool flush_block() {
    if (block_.empty()) return false;
    std::vector<std::string> parts;  // the game's order; right halves padded, so that columns stay the line's
    std::vector<std::size_t> line_of;
    for (std::size_t i = 0; i < block_.size(); ++i) parts.push_back(block_[i].text.substr(0, block_[i].second_at));
    line_of.resize(block_.size());
    for (std::size_t i = 0; i < block_.size(); ++i) line_of[i] = i;
    for (std::size_t i = 0; i < block_.size(); ++i) {
      const Halves& h = block_[i];
      if (h.second_at >= h.text.size()) continue;  // no right half on this line
      parts.push_back(std::string(h.second_at, ' ') + h.text.substr(h.second_at));
      line_of.push_back(i);
    }
    std::vector<LineResult> left(block_.size()), right(block_.size());
    std::optional<std::size_t> failed_at;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      LineResult& part = (k < block_.size() ? left : right)[line_of[k]];
      if (failed_at) {
        part = stopped_result(block_[*failed_at].number, k < block_.size() ? 1 : block_[line_of[k]].second_at + 1);
        continue;
      }
      std::vector<std::string_view> after(parts.begin() + k + 1, parts.end());
      part = translate(parts[k], after, last_ ? &*last_ : nullptr);
      if (part.failure) failed_at = line_of[k], last_.reset();
      else if (!part.moves.empty()) last_ = part.end;
    }
    return print_block(left, right);
  }
  bool print_block(std::vector<LineResult>& left, std::vector<LineResult>& right) {
    std::optional<Continuation> end = std::move(last_);
    bool failed = false;
    for (std::size_t i = 0; i < block_.size(); ++i) {
      LineResult& both = left[i];
      for (TranslatedMove& m : right[i].moves) both.moves.push_back(std::move(m));
      for (Problem& w : right[i].warnings) both.warnings.push_back(std::move(w));
      if (!both.failure && right[i].failure) both.failure = std::move(right[i].failure);
      if (!right[i].result.empty()) both.result = right[i].result;
      failed |= print(block_[i].number, block_[i].text, std::move(both));
    }
    block_.clear();
    last_ = std::move(end);
    return failed;
  }

  // A line numbered after the line where its game stopped: not read, said so.
  std::optional<LineResult> after_stopped_game(std::string_view text) {
    if (!stopped_) return std::nullopt;
    MoveText t = split_move_text(text);
    bool goes_on = text.find('\t') == std::string_view::npos && t.first_number > 0 &&
                   (t.first_number > stopped_->number ||
                    (t.first_number == stopped_->number && t.first_number_black && !stopped_->black));
    if (!goes_on) {
      stopped_.reset();  // a blank line, a new game: what follows is read again
      return std::nullopt;
    }
    return stopped_result(stopped_->line);
  }
  LineResult stopped_result(std::size_t line, std::size_t column = 1) const {
    LineResult r;
    r.failure = Problem{"game-stopped", column, 0, "", "",
                        fmt::format("not translated: it goes on with the game that could not be read at line {}",
                                    line),
                        {}};
    return r;
  }

  // Settles the input's dialect by a line that read in one, and prints the line.
  bool settle_and_print(std::size_t number, std::string_view text, LineResult result) {
    bool failed = false;
    if (!result.failure && !result.source.empty() && !settled_) {
      settled_ = chess::notation::find_codec(result.source);
      for (const Waiting& w : waiting_) failed |= print(w.number, w.text, translator_.translate(w.text, settled_));
      waiting_.clear();
    }
    return print(number, text, std::move(result)) || failed;
  }
  bool print(std::size_t number, std::string_view text, LineResult result) {
    output_.line(file_, number, result);
    // The next line may go on with this game; not after a failure, a blank line or no moves.
    if (result.failure || result.moves.empty()) last_.reset();
    else last_ = std::move(result.end);
    if (result.failure && result.failure->code != "game-stopped" && !stopped_) {
      MoveText t = split_move_text(moves_of(text));
      if (t.first_number) stopped_ = Stopped{number, t.first_number, t.first_number_black};
    }
    return result.failure.has_value();
  }
  const Translator& translator_;
  const Output& output_;
  bool can_wait_;
  std::string file_;
  const chess::notation::Codec* settled_ = nullptr;
  std::vector<Waiting> waiting_;
  std::optional<Continuation> last_;
  std::vector<Halves> block_;
  std::vector<Waiting> tied_;  // a line ending in a tie, and the lines of its game after it
  std::optional<Stopped> stopped_;
};

}  // namespace

int translate_files(const std::vector<std::string>& files, const Translator& translator, const Output& output,
                    const tools::DiagnosticPrinter& diagnostics, bool interactive) {
  int invalid = tools::EXIT_ALL_GOOD;
  DialectOfInput dialect(translator, output, !interactive);
  // A coprocess gets its answer as soon as its line is complete.
  tools::LineLoopOptions loop{files, interactive};
  int io = tools::for_each_line(loop, diagnostics, [&](const std::string& file, std::size_t number, std::string& line,
                                                        bool too_long) {
    if (too_long) {
      dialect.before_unread_line();
      diagnostics.print(file, number, 1, tools::Severity::Error, "line-too-long",
                        fmt::format("line longer than {} bytes: not translated", loop.max_line));
      output.failed_line(number);
      invalid = tools::EXIT_SOME_INVALID;
      return;
    }
    if (dialect.line(file, number, line)) invalid = tools::EXIT_SOME_INVALID;
  });
  if (dialect.flush()) invalid = tools::EXIT_SOME_INVALID;
  return std::max(io, invalid);
}

}  // namespace translate
