#include "notation-translate/lines.h"

#include <algorithm>
#include <cstring>
#include <fmt/core.h>

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"

namespace translate {

namespace {

using chess::notation::MoveText;
using chess::notation::split_move_text;

std::string_view moves_of(std::string_view text) {  // a FEN before the moves is no part of them
  std::size_t tab = fen_tab(text);
  return tab == std::string_view::npos ? text : text.substr(tab + 1);
}

// Whether `next` is numbered where the moves of `line` stop (a move pair a line, or a move
// a line): the next line of the same game as a book prints it.
bool numbered_after(std::string_view line, std::string_view next) {
  if (fen_tab(next) != std::string_view::npos) return false;
  MoveText a = split_move_text(moves_of(line)), b = split_move_text(next);
  if (!a.first_number || !b.first_number || a.second_column_at || b.second_column_at) return false;
  int ply = a.plies_at_end();
  return b.first_number == ply / 2 + 1 && b.first_number_black == (ply % 2 == 1);
}

bool tied(const LineResult& r) { return r.failure && r.failure->code == "ambiguous-move"; }

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r") == std::string_view::npos; }

// Whether the line may have a move number before its first move: only if it begins with one,
// a comment, a NAG or a glyph (a move first: no number, and no need to split the line here).
bool may_begin_numbered(std::string_view text) {
  std::size_t i = text.find_first_not_of(" \t");
  return i != std::string_view::npos && std::strchr("0123456789({$!?;,.", text[i]) && text[i] != '\0';
}

// The line's last word, and where it begins (spaces at the end skipped).
std::string_view last_word(std::string_view text, std::size_t& at) {
  std::size_t end = text.find_last_not_of(" \t\r");
  if (end == std::string_view::npos) return {};
  std::size_t begin = text.find_last_of(" \t", end);
  at = begin == std::string_view::npos ? 0 : begin + 1;
  return text.substr(at, end + 1 - at);
}

}  // namespace

// A move number at the line's end, no move after it ("1. e4 e5 2.", "7 ...", a number alone
// on its line): the number of the next line's first move.
std::optional<DialectOfInput::Pending> DialectOfInput::trailing_number(std::string_view text, std::size_t line) {
  text = moves_of(text);
  std::size_t at = 0;
  std::string_view word = last_word(text, at);
  bool black = false;
  if (!word.empty() && (word.find_first_not_of('.') == std::string_view::npos || word == "\u2026")) {
    if (word.size() < 3 && word != "\u2026") return std::nullopt;
    black = true;  // "7 ...": Black's move comes next
    word = last_word(text.substr(0, at), at);
  }
  if (word.size() >= 3 && word.front() == '(' && word.back() == ')') word = word.substr(1, word.size() - 2);
  std::size_t digits = 0;
  while (digits < word.size() && word[digits] >= '0' && word[digits] <= '9') ++digits;
  if (digits == 0 || digits > 3) return std::nullopt;  // four digits: an ICCF move
  std::string_view dots = word.substr(digits);
  if (dots.find_first_not_of('.') != std::string_view::npos && dots != "\u2026") return std::nullopt;
  black = black || dots.size() >= 3 || dots == "\u2026";
  // The number is no move's part ("P - K 4": the rank of a spaced move).
  MoveText t = split_move_text(text);
  if (!t.moves.empty() && t.moves.back().column - 1 + t.moves.back().text.size() > at) return std::nullopt;
  int number = 0;
  for (std::size_t k = 0; k < digits; ++k) number = number * 10 + (word[k] - '0');
  if (number == 0) return std::nullopt;
  return Pending{number, black, line};
}

void DialectOfInput::file_is(const std::string& file, bool& failed) {
  if (file != file_)
    failed |= flush(), file_ = file, settled_ = nullptr, last_.reset(), stopped_.reset(), pending_.reset(), gap_ = false;
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
  pending_.reset();
  gap_ = false;
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
  Start start;
  LineResult result = begin(text, start);
  if (can_wait_ && tied(result)) {
    tied_.push_back({number, text, std::move(start)});  // read again when the lines after it have come
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
  LineResult result = translate(tied_[0].text, after, tied_[0].start);
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
                                     const Start& start) const {
  LineStart from{start.goes_on && last_ ? &*last_ : nullptr, start.number, start.black, start.numbered};
  LineResult result = translator_.translate_from(text, settled_, from, {}, start.dialect);
  if (start.warning && !result.failure) result.warnings.insert(result.warnings.begin(), *start.warning);
  if (!tied(result) || after.empty()) return result;
  std::vector<std::string_view> ahead;
  std::string_view previous = text;
  for (std::string_view next : after) {
    if (!numbered_after(previous, next)) break;
    for (const auto& t : split_move_text(next).moves) ahead.push_back(t.text);
    previous = next;
  }
  if (ahead.empty()) return result;
  LineResult retried = translator_.translate_from(text, settled_, from, ahead, start.dialect);
  if (start.warning && !retried.failure) retried.warnings.insert(retried.warnings.begin(), *start.warning);
  if (!retried.failure || retried.failure->ply > result.failure->ply) return retried;
  return result;
}

LineResult DialectOfInput::begin(std::string_view text, Start& start) const {
  start = Start{};
  // A FEN before the moves begins a game; a line waiting for the dialect is read alone.
  if (fen_tab(text) != std::string_view::npos || !waiting_.empty()) return translate(text, {}, start);
  bool numbered_first = may_begin_numbered(text);
  if (!numbered_first && !last_ && !pending_) return translate(text, {}, start);  // moves from the start
  MoveText t = split_move_text(text);
  if (t.moves.empty()) return translate(text, {}, start);  // blank, a number alone, a comment
  int number = t.first_number;
  bool black = t.first_number_black;
  if (!number && pending_) {  // the number alone on a line before, or at its end
    number = start.number = pending_->number;
    black = start.black = pending_->black;
    start.numbered = true;
  }
  if (number) return begin_numbered(text, t, number, black, start);
  if (!last_ || gap_) return translate(text, {}, start);  // after a blank line: a game of its own
  return begin_unnumbered(text, t, start);
}

LineResult DialectOfInput::begin_numbered(std::string_view text, const MoveText& t, int number, bool black,
                                          Start& start) const {
  if (last_ && number == last_->pos.fullmove_number() && black == (last_->pos.side_to_move() == chess::BLACK)) {
    start.goes_on = true;
    return translate(text, {}, start);
  }
  const TranslatorOptions& options = translator_.options();
  const chess::Position& initial = options.start;
  bool can_begin = number == 1 || options.start_given ||
                   (number == initial.fullmove_number() && black == (initial.side_to_move() == chess::BLACK));
  if (can_begin) return translate(text, {}, start);
  // Read from the start position it would be another game, renumbered in silence: refused.
  LineResult refused;
  std::size_t column = t.first_number ? text.find_first_of("0123456789") + 1 : t.moves[0].column;
  std::string where = t.first_number ? std::string()
                                     : fmt::format(" (the number {}{} ends line {})", number, black ? "..." : ".",
                                                   pending_->line);
  std::string before = last_ ? fmt::format("the game before it stands at move {}{}", last_->pos.fullmove_number(),
                                           last_->pos.side_to_move() == chess::BLACK ? " (Black's)" : "")
                             : "no line before it goes on to there";
  refused.failure = Problem{"unknown-start", column, 0, "", "",
                            fmt::format("the line begins at move {}{}{}, but {}: not read from the starting "
                                        "position, where it would be another game (--fen, or a FEN and a tab "
                                        "before the moves, gives the position it starts from)",
                                        number, black ? " (Black's)" : "", where, before),
                            {}};
  return refused;
}

// No number before its first move, after a line of a game: it goes on with the game, or it
// is a game of its own. Both are read; the one that reads is taken.
LineResult DialectOfInput::begin_unnumbered(std::string_view text, const MoveText& t, Start& start) const {
  // Unnumbered lines of UCI one after another: a list of move lists (pgn-convert --format uci
  // writes a game to a line), which went on with each other wherever the moves allowed.
  if (!last_->numbered && !t.numbered && settled_ && settled_->one_list_per_line()) return translate(text, {}, start);
  Start on;
  on.goes_on = true;
  on.numbered = last_->numbered;
  bool black_next = last_->pos.side_to_move() == chess::BLACK;
  if (t.numbered) {  // numbers further on ("Nc6 3. Bb5"): the first move's is where the game stands
    on.number = last_->pos.fullmove_number();
    on.black = black_next;
    on.numbered = true;
  }
  auto reads = [](const LineResult& r) { return !r.failure || tied(r); };
  // Certain when the game is numbered and the line before stopped after White's move: a new
  // game would begin with a number, and with White.
  bool certain = last_->numbered && black_next;
  // Read in the input's dialect first, once it is settled (a reading that fails costs a
  // detection over every dialect); detected as any line is if neither reads in it.
  LineResult going_on, own;
  const chess::notation::Codec* dialects[] = {settled_, nullptr};
  for (int k = settled_ ? 0 : 1; k < 2; ++k) {
    on.dialect = start.dialect = dialects[k];
    going_on = translate(text, {}, on);
    if (certain && reads(going_on)) {
      start = std::move(on);
      return going_on;
    }
    own = translate(text, {}, start);
    if (reads(going_on) || reads(own)) break;
  }
  // Of two readings, one read to its end as written beats one with a tie left to the lines
  // after it, or with a lenient reading ('P-K4' with the ranks counted from the other side).
  auto lenient = [](const LineResult& r) {
    return std::any_of(r.warnings.begin(), r.warnings.end(), [](const Problem& w) { return w.code == "lenient-reading"; });
  };
  auto as_written = [&](const LineResult& r) { return !r.failure && !lenient(r); };
  bool take_on;
  if (reads(going_on) != reads(own)) {
    take_on = reads(going_on);
  } else if (!reads(going_on)) {  // the error of the reading that got further
    int on_ply = going_on.failure->ply ? going_on.failure->ply - last_->plies : 0, own_ply = own.failure->ply;
    take_on = on_ply != own_ply ? on_ply > own_ply : last_->numbered;
  } else if (as_written(going_on) != as_written(own)) {
    take_on = as_written(going_on);
  } else {
    take_on = true;  // not certain (above): said, with the other reading
    LineResult shown = going_on;
    shown.numbered = true;
    std::string theirs = translator_.render(shown), mine = translator_.render(own);
    on.warning = Problem{"continued-line", t.moves[0].column, 0, "", last_->pos.fen(),
                         fmt::format("the line has no move number: read as going on with the game of line {} ({}); "
                                     "from the starting position it reads too, as another game ({}): a move number, "
                                     "or a blank line before it, says which",
                                     last_line_, theirs, mine),
                         {}};
  }
  if (!take_on) return own;
  start = std::move(on);
  if (start.warning && !going_on.failure) going_on.warnings.insert(going_on.warnings.begin(), *start.warning);
  return going_on;
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
    Start start;
    start.goes_on = k > 0;  // numbered where the game stands (checked above)
    if (k == 0) part = begin(parts[k], start);  // the block's first line begins as any line does
    if (k > 0 || (tied(part) && !after.empty())) part = translate(parts[k], after, start);
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
  if (blank(text)) {  // a page break: a line numbered after it still goes on with the game
    stopped_->gap = true;
    return std::nullopt;
  }
  MoveText t = split_move_text(text);
  bool fen = fen_tab(text) != std::string_view::npos;
  if (t.moves.empty() && t.result.empty() && !fen) return std::nullopt;  // a number alone, a comment
  int number = t.first_number;
  bool black = t.first_number_black;
  if (!number && pending_) number = pending_->number, black = pending_->black;
  // A line of a numbered game with no number before its first move, right after the line that
  // stopped it, goes on with it too ("3 Kt-K2" ambiguous, then "Kt-B3 4 P-Q3").
  bool unnumbered = !number && !fen && stopped_->numbered && !stopped_->gap;
  bool goes_on = !fen && (unnumbered || (number > 0 && (number > stopped_->number ||
                                                          (number == stopped_->number && black && !stopped_->black))));
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
  if (result.failure) {
    last_.reset(), pending_.reset(), gap_ = false;
  } else if (!result.moves.empty()) {
    // A result ends the game; a number at the line's end is the next line's.
    if (result.result.empty()) last_ = std::move(result.end), last_line_ = number;
    else last_.reset();
    pending_ = trailing_number(text, number);
    gap_ = false;
  } else if (blank(text)) {  // a page break: the game goes on if the next line is numbered so
    last_ = std::move(game), pending_.reset(), gap_ = true;
  } else if (std::optional<Pending> alone = trailing_number(text, number); alone && result.result.empty()) {
    last_ = std::move(game), pending_ = alone;  // a number alone: the next line's first move's
  } else {
    last_.reset(), pending_.reset(), gap_ = false;
  }
  if (result.failure && result.failure->code != "game-stopped" && !stopped_) {
    // (A line numbered where nothing goes on to is refused before it is read: unknown-start.)
    MoveText t = split_move_text(moves_of(text));
    if (t.first_number) {
      stopped_ = Stopped{number, t.first_number, t.first_number_black, true};
    } else if (game) {  // a line of no numbers ("foo bar") inside a game stops it where it stood
      const chess::Position& at = game->pos;
      bool white_next = at.side_to_move() == chess::WHITE;
      stopped_ = Stopped{number, at.fullmove_number() - (white_next ? 1 : 0), white_next, game->numbered};
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
