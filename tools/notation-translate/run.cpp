#include "notation-translate/run.h"

#include <fmt/core.h>
#include <optional>
#include <vector>

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "common/line_loop.h"

namespace translate {

namespace {

// With --from auto, the dialect is a property of the input, not of a line: a line that
// reads legally in several dialects with different moves ("1. h4 h5 2. Rh3": English or
// Finnish) is read in the one the input's other lines are in. Such lines wait (in order)
// until a line settles the dialect; at the end of a file they are errors. A coprocess,
// answered line by line, cannot wait: there a line is judged alone until one settles it.
class DialectOfInput {
public:
  DialectOfInput(const Translator& translator, const Output& output, bool can_wait)
      : translator_(translator), output_(output), can_wait_(can_wait) {}

  // Returns whether the line (or one that waited) failed.
  // A line that ends in a tie its moves leave open waits for the next line, whose moves
  // may break it when that line goes on with the game.
  bool line(const std::string& file, std::size_t number, const std::string& text) {
    bool failed = false;
    if (file != file_) failed |= flush(), file_ = file, settled_ = nullptr, last_.reset();
    if (held_) {
      Waiting held = std::move(*held_);
      held_.reset();
      failed |= read(held.number, held.text, text);
    }
    return read(number, text, {}) || failed;
  }
  // The lines still waiting at the end of the input: ambiguous in the input as a whole.
  bool flush() {
    bool failed = false;
    if (held_) {
      Waiting held = std::move(*held_);
      held_.reset();
      failed |= read(held.number, held.text, {}, false);
    }
    failed |= flush_block();
    for (const Waiting& w : waiting_) failed |= print(w.number, translator_.translate(w.text, nullptr));
    waiting_.clear();
    return failed;
  }

private:
  // `next`: the line after, when it has come; `may_hold`: the line may wait for it.
  bool read(std::size_t number, const std::string& text, std::string_view next, bool may_hold = true) {
    bool failed = false;
    if (!block_.empty()) {
      // A block goes on while the left half's numbers do: a line with both halves, or with
      // the left half alone (a left half longer than the right).
      std::size_t at = chess::notation::split_move_text(text).second_column_at;
      std::string_view left = std::string_view(text).substr(0, at ? at : text.size());
      if (chess::notation::split_move_text(left).first_number == block_.back().left_first + 1) {
        block_.push_back({number, text, at ? at : text.size(), block_.back().left_first + 1});
        return false;
      }
      failed |= flush_block();  // before this line is read: it may go on from the block's end
    }
    LineResult result = translate(text, next, waiting_.empty() && last_ ? &*last_ : nullptr);
    if (may_hold && can_wait_ && next.empty() && result.failure && result.failure->code == "ambiguous-move") {
      held_ = Waiting{number, text};  // read again when the next line has come
      return failed;
    }
    if (result.second_column_at && can_wait_) {
      std::string_view left = std::string_view(text).substr(0, result.second_column_at);
      block_.push_back({number, text, result.second_column_at, chess::notation::split_move_text(left).first_number});
      return failed;
    }
    if (result.ambiguous_dialect && can_wait_) {
      waiting_.push_back({number, text});
      return failed;
    }
    if (!result.failure && !result.source.empty() && !settled_) {
      settled_ = chess::notation::find_codec(result.source);
      for (const Waiting& w : waiting_) failed |= print(w.number, translator_.translate(w.text, settled_));
      waiting_.clear();
    }
    return print(number, std::move(result)) || failed;
  }
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

  // A line read with what it goes on from. A tie its last moves leave open is looked at
  // again with the moves of the next line, if that line goes on with the game (numbered for
  // the next move pair, or the same move's other half).
  LineResult translate(std::string_view text, std::string_view next, const Continuation* from) const {
    LineResult result = translator_.translate(text, settled_, from);
    if (!result.failure || result.failure->code != "ambiguous-move" || next.empty()) return result;
    std::size_t tab = text.find('\t');  // a FEN before the moves is no part of them
    chess::notation::MoveText here = chess::notation::split_move_text(tab == std::string_view::npos ? text : text.substr(tab + 1));
    chess::notation::MoveText after = chess::notation::split_move_text(next);
    if (!here.first_number || after.second_column_at ||
        (after.first_number != here.first_number + 1 && after.first_number != here.first_number))
      return result;
    std::vector<std::string_view> ahead;
    for (const auto& t : after.moves) ahead.push_back(t.text);
    LineResult retried = translator_.translate(text, settled_, from, ahead);
    if (!retried.failure || retried.failure->ply > result.failure->ply) return retried;
    return result;
  }

  // A block of lines each printing two parts of a game side by side (Bird's book: moves
  // 1-30 on the left, 31-60 on the right): the left parts are read in order, then the
  // right ones from where the left ended; each output line holds both, as its input did.
  bool flush_block() {
    if (block_.empty()) return false;
    std::vector<LineResult> left, right;
    auto left_half = [&](std::size_t i) { return std::string_view(block_[i].text).substr(0, block_[i].second_at); };
    auto right_half = [&](std::size_t i) { return std::string_view(block_[i].text).substr(block_[i].second_at); };
    for (std::size_t i = 0; i < block_.size(); ++i) {
      left.push_back(translate(left_half(i), i + 1 < block_.size() ? left_half(i + 1) : "", last_ ? &*last_ : nullptr));
      settle(left.back());
    }
    for (std::size_t i = 0; i < block_.size(); ++i) {  // padded, so that columns stay those of the line
      const Halves& h = block_[i];
      if (h.second_at >= h.text.size()) {
        right.emplace_back();  // no right half on this line
        continue;
      }
      std::string padded = std::string(h.second_at, ' ') + h.text.substr(h.second_at);
      right.push_back(translate(padded, i + 1 < block_.size() ? right_half(i + 1) : "", last_ ? &*last_ : nullptr));
      settle(right.back());
    }
    std::optional<Continuation> end = std::move(last_);
    bool failed = false;
    for (std::size_t i = 0; i < block_.size(); ++i) {
      LineResult& both = left[i];
      for (TranslatedMove& m : right[i].moves) both.moves.push_back(std::move(m));
      for (Problem& w : right[i].warnings) both.warnings.push_back(std::move(w));
      if (!both.failure && right[i].failure) both.failure = std::move(right[i].failure);
      if (!right[i].result.empty()) both.result = right[i].result;
      failed |= print(block_[i].number, std::move(both));
    }
    block_.clear();
    last_ = std::move(end);
    return failed;
  }
  // Follows the game through a block: the next part goes on from where this one ended.
  void settle(LineResult& part) {
    if (part.failure || part.moves.empty()) last_.reset();
    else last_ = std::move(part.end);
  }
  bool print(std::size_t number, LineResult result) {
    output_.line(file_, number, result);
    // The next line may go on with this game; not after a failure, a blank line or no moves.
    if (result.failure || result.moves.empty()) last_.reset();
    else last_ = std::move(result.end);
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
  std::optional<Waiting> held_;  // a line ending in a tie, read again with the next
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
