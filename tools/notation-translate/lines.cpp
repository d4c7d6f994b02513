#include "notation-translate/lines.h"

#include <fmt/core.h>

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"

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

}  // namespace

void DialectOfInput::file_is(const std::string& file, bool& failed) {
  if (file != file_) failed |= flush(), file_ = file, settled_ = nullptr, last_.reset(), stopped_.reset();
}

bool DialectOfInput::line(const std::string& file, std::size_t number, const std::string& text) {
  bool failed = false;
  file_is(file, failed);
  answers_[number];
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

void DialectOfInput::too_long(const std::string& file, std::size_t number) {
  bool failed = false;
  file_is(file, failed);
  flush_waiting();  // the lines of a game the unread line may have gone on with
  last_.reset();
  answers_[number].known = true;
  release();
}

bool DialectOfInput::flush() {
  bool failed = flush_waiting();
  for (const Waiting& w : waiting_) failed |= print(w.number, w.text, translator_.translate(w.text, nullptr));
  waiting_.clear();
  return failed;
}

bool DialectOfInput::flush_waiting() {
  bool failed = tied_.empty() ? false : release_tied(true);
  return flush_block() || failed;
}

bool DialectOfInput::read(std::size_t number, const std::string& text) {
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

bool DialectOfInput::release_tied(bool last) {
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

LineResult DialectOfInput::translate(std::string_view text, const std::vector<std::string_view>& after,
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

bool DialectOfInput::flush_block() {
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
    // Each part after the first goes on from where the game stands: one numbered otherwise
    // ("1. Nf3 Nf6 3. Nc3": a number skipped, not a second column) would be read from the
    // start position, a misreading in silence. Refused, and said where.
    if (k > 0 && !(last_ && numbered_from(split_move_text(parts[k]), last_->pos))) {
      part = LineResult{};
      std::size_t column = k < block_.size() ? 1 : block_[line_of[k]].second_at + 1;
      part.failure = Problem{"two-columns", column, 0, "", last_ ? last_->pos.fen() : "",
                             "the move numbers jump here, and what follows does not go on from where the moves "
                             "before it stopped: neither one game nor a game's halves side by side",
                             {}};
      failed_at = line_of[k], last_.reset();
      continue;
    }
    std::vector<std::string_view> after(parts.begin() + k + 1, parts.end());
    part = translate(parts[k], after, last_ ? &*last_ : nullptr);
    if (part.failure) failed_at = line_of[k], last_.reset();
    else if (!part.moves.empty()) last_ = part.end;
  }
  return print_block(left, right);
}

bool DialectOfInput::print_block(std::vector<LineResult>& left, std::vector<LineResult>& right) {
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

std::optional<LineResult> DialectOfInput::after_stopped_game(std::string_view text) {
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

LineResult DialectOfInput::stopped_result(std::size_t line, std::size_t column) const {
  LineResult r;
  r.failure = Problem{"game-stopped", column, 0, "", "",
                      fmt::format("not translated: it goes on with the game that could not be read at line {}", line),
                      {}};
  return r;
}

bool DialectOfInput::settle_and_print(std::size_t number, std::string_view text, LineResult result) {
  bool failed = false;
  if (!result.failure && !result.source.empty() && !settled_) {
    settled_ = chess::notation::find_codec(result.source);
    for (const Waiting& w : waiting_) failed |= print(w.number, w.text, translator_.translate(w.text, settled_));
    waiting_.clear();
  }
  return print(number, text, std::move(result)) || failed;
}

bool DialectOfInput::print(std::size_t number, std::string_view text, LineResult result) {
  // The next line may go on with this game; not after a failure, a blank line or no moves.
  std::optional<Continuation> game = std::move(last_);
  if (result.failure || result.moves.empty()) last_.reset();
  else last_ = std::move(result.end);
  if (result.failure && result.failure->code != "game-stopped" && !stopped_) {
    MoveText t = split_move_text(moves_of(text));
    if (!game && t.first_number > 1 && result.failure->ply > 0)  // read from the start, by default
      result.failure->message += fmt::format(
          "; the line begins at move {}, but no line before it goes on to there: it was read from the "
          "starting position (--fen, or a FEN and a tab before the moves, gives the position it starts from)",
          t.first_number);
    if (t.first_number) {
      stopped_ = Stopped{number, t.first_number, t.first_number_black};
    } else if (game) {  // a line of no numbers ("foo bar") inside a game stops it where it stood
      const chess::Position& at = game->pos;
      bool white_next = at.side_to_move() == chess::WHITE;
      stopped_ = Stopped{number, at.fullmove_number() - (white_next ? 1 : 0), white_next};
    }
  }
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
