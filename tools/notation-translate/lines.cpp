#include "notation-translate/lines.h"

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"

namespace translate {

void DialectOfInput::file_is(const std::string& file, bool& failed) {
  if (file != file_) failed |= flush(), file_ = file, settled_ = nullptr, last_.reset();
}

bool DialectOfInput::line(const std::string& file, std::size_t number, const std::string& text) {
  bool failed = false;
  file_is(file, failed);
  answers_[number];
  if (held_) {
    Waiting held = std::move(*held_);
    held_.reset();
    failed |= read(held.number, held.text, text);
  }
  return read(number, text, {}) || failed;
}

void DialectOfInput::too_long(const std::string& file, std::size_t number) {
  bool failed = false;
  file_is(file, failed);
  answers_[number].known = true;
  release();
}

bool DialectOfInput::flush() {
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

bool DialectOfInput::read(std::size_t number, const std::string& text, std::string_view next, bool may_hold) {
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

LineResult DialectOfInput::translate(std::string_view text, std::string_view next, const Continuation* from) const {
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

bool DialectOfInput::flush_block() {
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

void DialectOfInput::settle(LineResult& part) {
  if (part.failure || part.moves.empty()) last_.reset();
  else last_ = std::move(part.end);
}

bool DialectOfInput::print(std::size_t number, LineResult result) {
  // The next line may go on with this game; not after a failure, a blank line or no moves.
  if (result.failure || result.moves.empty()) last_.reset();
  else last_ = std::move(result.end);
  bool failed = result.failure.has_value();
  Answer& answer = answers_[number];
  answer.known = true;
  answer.result = std::move(result);
  release();
  return failed;
}

void DialectOfInput::release() {
  while (!answers_.empty() && answers_.begin()->second.known) {
    auto first = answers_.begin();
    printer_(file_, first->first, first->second.result ? &*first->second.result : nullptr);
    answers_.erase(first);
  }
}

}  // namespace translate
