#include "chess/pgn/reader.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "chess/line_reader.h"
#include "chess/notation/move_text.h"
#include "pgn/latin1.h"
#include "pgn/plain_path.h"
#include "pgn/plain_scanner.h"
#include "pgn/reading_notes.h"

namespace chess::pgn {
namespace {

using detail::latin1_to_utf8;

// Where `s` stops being UTF-8 (the first byte of the first bad sequence), or npos.
std::size_t utf8_invalid_at(std::string_view s) {
  for (std::size_t i = 0, n; i < s.size(); i += n)
    if (!(n = utf8_length(s, i))) return i;
  return std::string_view::npos;
}

}  // namespace

void drop_trailing_blank_lines(std::string& raw) {
  std::size_t last = raw.find_last_not_of(" \t\r\n");
  if (last == std::string::npos) return;
  // (No line feed after it: the game ends in a piece of an over-long line, kept whole.)
  if (std::size_t end = raw.find('\n', last); end != std::string::npos) raw.resize(end + 1);
}

namespace {

// Whitespace, including NBSP and a BOM in mid-file (both seen in real files).
std::size_t space_width(std::string_view s, std::size_t i) {
  unsigned char c = s[i];
  if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r') return 1;
  if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return 2;
  if (c == 0xEF && s.substr(i, 3) == "\xEF\xBB\xBF") return 3;
  return 0;
}

// Characters of a PGN symbol (plus every byte of a UTF-8 sequence, for figurine and
// Chinese moves), as a table: this is asked for every byte of every game.
constexpr std::array<bool, 256> SYMBOL_CHARS = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80 || c == '_' ||
           c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/';
  return t;
}();

bool symbol_char(unsigned char c) { return SYMBOL_CHARS[c]; }

// `s` past the {} comments that open it, each closed on it, and the blanks after them.
std::string_view past_comments(std::string_view s) {
  while (s.starts_with('{')) {
    const std::size_t close = s.find('}');
    if (close == std::string_view::npos) break;
    s.remove_prefix(close + 1);
    s.remove_prefix(std::min(s.find_first_not_of(" \t"), s.size()));
  }
  return s;
}

// Past an HTML tag at `at` ("<br />", "</p>"), or `at` when there is none. PGN gives '<'
// and '>' no meaning outside comments and tag values, so markup there is a copy from a web
// page, not a move or a tag mangled.
std::size_t past_markup(std::string_view line, std::size_t at) {
  std::size_t i = at + 1;
  if (i < line.size() && line[i] == '/') ++i;
  if (i >= line.size() || !((line[i] >= 'a' && line[i] <= 'z') || (line[i] >= 'A' && line[i] <= 'Z'))) return at;
  std::size_t close = line.find_first_of("<>", i);
  constexpr std::size_t LONGEST = 200;  // a tag's attributes, not a page
  if (close == std::string_view::npos || line[close] != '>' || close - at > LONGEST) return at;
  return close + 1;
}

bool tag_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// A line that opens a tag pair: [Name "...  (what a new game looks like).
bool looks_like_tag_line(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  if (i >= line.size() || line[i] != '[') return false;
  std::size_t j = i + 1;
  while (j < line.size() && line[j] == ' ') ++j;
  std::size_t name = j;
  while (j < line.size() && tag_name_char(line[j])) ++j;
  if (j == name) return false;
  while (j < line.size() && line[j] == ' ') ++j;
  return j < line.size() && line[j] == '"';
}

// A termination marker and nothing else.
bool is_lone_result(std::string_view s) {
  std::size_t last = s.find_last_not_of(" \t");
  return last != std::string_view::npos && !notation::normalised_result(s.substr(0, last + 1)).empty();
}

// Whether text can begin a game's moves: a move number, a move in some notation, a result,
// or a comment. Prose between games ("#662 An agile Knight...") is not a game.
bool looks_like_movetext(std::string_view s) {
  if (s.empty()) return false;
  unsigned char c = s[0];
  if (c == '{' || c == '(' || c == ';' || c == '*') return true;
  if (c >= '0' && c <= '9') return true;  // move number, result, ICCF, 0-0
  if (c >= 0x80) return true;             // figurines, Chinese and Cyrillic pieces
  std::size_t end = 0;
  while (end < s.size() && symbol_char(static_cast<unsigned char>(s[end]))) ++end;
  std::string_view word = s.substr(0, end);
  if (word.starts_with("O-O") || word == "--" || s.starts_with("@@@@")) return true;
  // SAN-like: an optional piece letter, then a square somewhere in a short word.
  if (word.size() >= 2 && word.size() <= 8) {
    for (std::size_t i = 0; i + 1 < word.size(); ++i)
      if (word[i] >= 'a' && word[i] <= 'h' && word[i + 1] >= '1' && word[i + 1] <= '8')
        return i == 0 || (i <= 3 && word[0] >= 'A' && word[0] <= 'Z') || (i <= 3 && word[0] >= 'a' && word[0] <= 'h');
    // Descriptive: P-K4, Kt-KB3, PxP.
    if (word[0] >= 'A' && word[0] <= 'Z' && (word.find('-') != std::string_view::npos || word.find('x') != std::string_view::npos))
      return true;
  }
  return false;
}

// Where an e.p. mark starting at `at` ends ("e.p.", "e.p" before a space or the end of the
// line, and the check or mate signs after it), or `otherwise` if none starts there.
std::size_t past_en_passant_mark(std::string_view line, std::size_t at, std::size_t otherwise) {
  if (line.size() - at < 3 || (line[at] != 'e' && line[at] != 'E') || line[at + 1] != '.' ||
      (line[at + 2] != 'p' && line[at + 2] != 'P'))
    return otherwise;
  std::size_t end = at + 3;
  if (end < line.size() && line[end] == '.') ++end;
  else if (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '+' && line[end] != '#') return otherwise;
  while (end < line.size() && (line[end] == '+' || line[end] == '#')) ++end;  // "e.p.+"
  return end;
}

// Where a promotion written in parentheses right after its move ends ("e8(Q)", "P-K8(Q)",
// "e8(=Q)+", as NOTATION.md lists them), or `at` if none starts there. A variation cannot be
// a lone piece letter, so such a "(Q)" is not one.
std::size_t past_promotion_in_parentheses(std::string_view line, std::size_t at) {
  std::size_t i = at;
  if (i >= line.size() || line[i] != '(') return at;
  if (++i < line.size() && line[i] == '=') ++i;
  if (i + 1 >= line.size() || std::string_view("QRBNqrbn").find(line[i]) == std::string_view::npos || line[i + 1] != ')')
    return at;
  i += 2;
  while (i < line.size() && (line[i] == '+' || line[i] == '#')) ++i;
  return i;
}

}  // namespace

struct Reader::Impl {
  template <class Input>
  Impl(Input& in, ReaderOptions o) : lines(in, o.max_line_length), options(o), games(o.ordinal_offset) {
    lines.skip(0, o.line_offset);
  }

  LineReader lines;
  ReaderOptions options;
  std::string line;        // the current line, decoded to UTF-8
  std::size_t line_no = 0;
  std::string pending;     // a line read ahead and given back, delivered next
  // With keep_raw, the current line's bytes as read (clean_line changes `line`'s), and the
  // pending one's: a game's text, kept to be written through, is the input's bytes.
  std::string line_as_read, pending_as_read;
  std::size_t pending_no = 0;
  // Where `line` lies in the input, for the games' spans: its text from `from` on (a tag
  // line joined to the one before it begins after that) starts at input byte `byte`;
  // `widened`: where `line` holds two bytes for one of the input's (read as Latin-1).
  struct Place {
    std::size_t byte = 0, from = 0;
    std::vector<std::size_t> widened;
    // How many of those lie in [from, to) of `line`.
    std::size_t widened_in(std::size_t from_i, std::size_t to) const {
      return std::size_t(std::lower_bound(widened.begin(), widened.end(), to) -
                         std::lower_bound(widened.begin(), widened.end(), from_i));
    }
  };
  Place place, pending_place;
  std::size_t game_begin = 0, game_end = 0;  // the bytes of the game being read
  bool has_pending = false;
  bool more_of_line = false;  // the current piece of a long line is not its end
  bool continuation = false;  // the current piece continues the previous one's line
  std::size_t pos = 0;     // how much of it is consumed
  bool have_line = false;  // `line` holds unconsumed text
  bool at_eof = false;
  std::size_t games;
  bool clean = true;  // see Reader::ended_cleanly
  bool ended_at_result = false;  // the game being read ended with its termination marker
  std::string_view result_read;  // that marker, normalised

  // Per game
  Visitor* v = nullptr;
  bool game_started = false;
  std::vector<Diagnostic> early;
  // The encoding warning of the line read last, said once that line is known to be this
  // game's (the next line is read, or the game ends having read some of it): a line that
  // ends a game of tags only by beginning the next is the next game's (carried).
  std::optional<Diagnostic> held_encoding, carried_encoding;
  std::vector<Diagnostic> trailing;  // early ones with no game after them
  std::vector<std::string> tag_names;
  std::string raw;
  bool raw_cut = false;
  std::size_t raw_last_line = 0;  // where the line read last begins in raw
  bool warned_encoding = false;
  std::size_t moves_in_game = 0;  // main-line moves read so far
  int number = 0, number_dots = 0;  // the move number just read, and the dots after it
  std::size_t depth = 0;       // open variations
  std::size_t skip_depth = 0;  // inside a variation too deep to keep: parentheses counted, content skipped
  bool in_comment = false;
  std::string comment;
  Location comment_at;
  std::vector<Location> cut_comments;  // comments over the limit, said at the game's end
  // Said once a game, at the first, with how many more and where the last was (a game
  // copied from a web page has "<br />" on every line): characters no token is made of,
  // and HTML markup.
  struct Tally {
    std::optional<Diagnostic> first;
    std::size_t count = 0;
    Location last;
    // `message()` is asked for the first only: hostile input has a stray on every byte.
    template <class Message>
    void note(Severity severity, const char* code, Location at, Message message) {
      if (!first) {
        first.emplace();
        first->severity = severity;
        first->code = code;
        first->at = at;
        first->message = message();
      }
      ++count;
      last = at;
    }
  };
  Tally strays, markup;

  // Columns count the input's bytes: a byte read as Latin-1 is two bytes in `line`.
  Location here() const { return location(pos); }
  Location location(std::size_t i) const { return {line_no, i + 1 - place.widened_in(0, i)}; }

  std::size_t input_byte(std::size_t text_byte) const {
    return options.input_byte ? options.input_byte(text_byte) : text_byte;
  }

  // The text's byte at `i` in `line`.
  std::size_t byte_at(std::size_t i) const {
    i = std::max(i, place.from);
    return place.byte + (i - place.from) - place.widened_in(place.from, i);
  }

  // A line of the game's is left for the next: a game without a termination marker ends
  // with the last one that holds anything.
  void note_line_end() {
    std::size_t last = line.find_last_not_of(" \t");
    if (last != std::string::npos) game_end = std::max(game_end, byte_at(last + 1));
  }

  void report(Severity severity, std::string code, Location at, std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.at = at;
    d.message = std::move(message);
    // Problems found before the game begins (prose before it, the encoding of its first
    // line) are held and given to it once it has begun.
    if (game_started) v->diagnostic(d);
    else early.push_back(std::move(d));
  }

  // Loads the next line; false at end of input. Lines too long are reported and skipped.
  bool next_line() {
    if (game_started) note_line_end();
    if (held_encoding && !(has_pending && pending_no == held_encoding->at.line)) release_encoding();
    if (has_pending) {  // a line read ahead and given back
      line = std::move(pending);
      line_as_read = std::move(pending_as_read);
      line_no = pending_no;
      place = pending_place;
      has_pending = false;
      pos = 0;
      have_line = true;
      return true;
    }
    // Over-long lines come in pieces; a piece after the first continues its line.
    continuation = more_of_line;
    if (!lines.next_piece(line, more_of_line)) {
      at_eof = true;
      have_line = false;
      return false;
    }
    line_no = lines.line_number();
    place.byte = options.byte_offset + lines.piece_start(), place.from = 0;
    place.widened.clear();
    pos = 0;
    have_line = true;
    if (options.keep_raw) {
      line_as_read = line;
      if (v) keep_raw_line(line);
    }
    clean_line();
    return true;
  }

  void keep_raw_line(std::string_view text) {
    raw_last_line = raw.size();
    if (raw.size() + text.size() + 1 > options.max_raw_game_bytes) {
      raw_cut = true;
      return;
    }
    raw += text;
    // A line over max_line_length comes in pieces: they are one line of the input, and a
    // line feed between them would be written through as one that is not there.
    if (!more_of_line) raw += '\n';
  }

  // How many bytes of the current line, as read, come before `line`'s byte i.
  std::size_t read_bytes_before(std::size_t i) const { return byte_at(i) - place.byte; }

  // Latin-1 to UTF-8, NUL and control characters to spaces: each reported once per game,
  // at the first such byte.
  void clean_line() {
    std::size_t control = std::string::npos;
    for (std::size_t i = 0; i < line.size(); ++i)
      if (static_cast<unsigned char>(line[i]) < 0x20 && line[i] != '\t') {
        line[i] = ' ';
        control = std::min(control, i);
      }
    std::size_t not_utf8 = utf8_invalid_at(line);
    bool latin1 = not_utf8 != std::string::npos;
    if (latin1) line = latin1_to_utf8(line, place.widened);
    if ((control != std::string::npos || latin1) && v && !warned_encoding) {
      warned_encoding = true;
      std::string message = latin1 ? std::string(detail::LATIN1_WARNING)
                                   : "control characters (NUL or others) read as spaces";
      Location at{line_no, (latin1 ? not_utf8 : control) + 1};
      if (!game_started) return report(Severity::Warning, "encoding", at, std::move(message));
      held_encoding = Diagnostic{};
      held_encoding->severity = Severity::Warning;
      held_encoding->code = "encoding";
      held_encoding->at = at;
      held_encoding->message = std::move(message);
    }
  }

  void release_encoding() {
    v->diagnostic(*held_encoding);
    held_encoding.reset();
  }

  // Once the game is read: the line read last begins the next game (nothing of it was read
  // into this one), or it was this game's.
  bool line_left_for_next_game() const {
    std::size_t first = line.find_first_not_of(" \t");
    return have_line && !has_pending && !continuation && first != std::string::npos && first >= pos;
  }
  void settle_encoding() {
    if (!held_encoding) return;
    if (line_left_for_next_game() && held_encoding->at.line == line_no) {
      carried_encoding = std::move(held_encoding);
      held_encoding.reset();
    } else {
      release_encoding();
    }
  }

  void skip_space() {
    while (pos < line.size()) {
      std::size_t w = space_width(line, pos);
      if (!w) break;
      pos += w;
    }
  }

  // The next non-blank text, across lines; false at end of input. `crossed_blank` tells
  // whether an empty line was passed on the way.
  bool next_text(bool* crossed_blank = nullptr) {
    for (;;) {
      bool fresh = !have_line;
      if (fresh && !next_line()) return false;
      skip_space();
      if (pos < line.size()) return true;
      if (fresh && crossed_blank) *crossed_blank = true;  // a whole line of nothing
      have_line = false;
    }
  }

  bool read_game(Visitor& visitor) {
    v = &visitor;
    game_started = false;
    early.clear();
    raw.clear();
    raw_cut = false;
    cut_comments.clear();
    strays = {};
    markup = {};
    warned_encoding = false;
    if (carried_encoding) {
      early.push_back(std::move(*carried_encoding));
      carried_encoding.reset();
      warned_encoding = true;
    }
    depth = skip_depth = moves_in_game = 0;
    number = number_dots = 0;
    in_comment = false;
    bool just_after_result = ended_at_result;  // the last game's marker ended the line before
    ended_at_result = false;
    // Skip prose between games, with a warning for each stretch.
    for (;;) {
      bool blank = false;
      if (!next_text(&blank)) {
        if (!early.empty()) {  // problems found after the last game: no game to hold them
          clean = false;
          for (Diagnostic& d : early) trailing.push_back(std::move(d));
          early.clear();
        }
        return false;
      }
      if (pos == 0 && line[0] == '%') {  // escape line
        clean = false;  // the visitor was told of it
        v->escape(line, here());
        have_line = false;
        continue;
      }
      // A ; comment between games (engine logs append them after the result) is no game.
      if (line[pos] == ';') {
        have_line = false;
        continue;
      }
      // A marker alone on the line after a game's is that game's written twice, not a game
      // no one played, scored. (After a blank line it is a game: an empty one written
      // without tags.)
      just_after_result = just_after_result && !blank;
      if (just_after_result && is_lone_result(std::string_view(line).substr(pos))) {
        report(Severity::Warning, "unexpected-text", here(),
               "a termination marker alone on the line after game " + std::to_string(games) +
                   "'s: skipped (written twice?)");
        have_line = false;
        continue;
      }
      if (line[pos] == '[' || looks_like_movetext(std::string_view(line).substr(pos))) break;
      report(Severity::Warning, "unexpected-text", here(), "text between games that is neither tags nor moves: skipped");
      have_line = false;
    }
    if (options.keep_raw) {  // from the game's first byte: a game before it may end on this line
      raw.clear();
      std::string_view as_read = line_as_read;
      keep_raw_line(place.from == 0 ? as_read.substr(std::min(read_bytes_before(pos), as_read.size())) : as_read);
    }
    ++games;
    visitor.begin_game(games, here());
    game_begin = game_end = byte_at(pos);
    game_started = true;
    for (const Diagnostic& d : early) visitor.diagnostic(d);
    early.clear();
    // Tags, a blank line, then tags again: the first game had no moves at all.
    if (read_tags()) read_movetext();
    if (depth > 0)  // said once, however many are open
      report(Severity::Error, "unbalanced-variation", here(),
             depth == 1 ? std::string("variation not closed with ')' before the end of the game")
                        : std::to_string(depth) + " variations not closed with ')' before the end of the game");
    for (; depth > 0; --depth) v->end_variation(here());
    settle_encoding();
    report_tally(strays);
    report_tally(markup);
    report_size_limits();
    if (raw_cut) raw.clear();  // a part of the text is no text to write through: none is handed over
    else if (options.keep_raw) drop_next_games_text(), drop_trailing_blank_lines(raw);
    std::size_t begin = input_byte(game_begin), end = input_byte(game_end);
    visitor.span({begin, end - begin});
    visitor.end_game(raw);
    clean = ended_at_result && (!have_line || line.find_first_not_of(" \t", pos) == std::string::npos);
    return true;
  }

  // A plain game next in the input, taken whole by `taker`. Only between games (nothing
  // read ahead, no line half read), and only when plain games fit in a line (max_line).
  bool read_plain(PlainTaker& taker) {
    if (has_pending || !lines.at_line_start() || options.max_line_length <= plain::MAX_PLAIN_GAME) return false;
    if (have_line) {  // the rest of the line where the last game ended
      if (line.find_first_not_of(" \t", pos) != std::string::npos) return false;
      have_line = false;
    }
    for (std::size_t want = 8 << 10;; want *= 4) {
      auto [text, ends] = lines.peek(want);
      std::size_t bytes = 0, taken_lines = 0;
      PlainWindow window{text, ends, lines.line_number() + 1, options.byte_offset + lines.bytes_read(), games + 1,
                         &options};
      PlainTaker::Result r = taker.take(window, bytes, taken_lines);
      if (r == PlainTaker::Result::NeedMore && !ends && want <= plain::MAX_PLAIN_GAME) continue;
      if (r != PlainTaker::Result::Taken) return false;
      ++games;
      lines.skip(bytes, taken_lines);
      // A plain game ends with its result, and its line with it: clean. A game of tags
      // only (its last byte that is not blank closes a tag) is not: a reader of more
      // input might have found more of its tags.
      std::string_view game = text.substr(0, bytes);
      std::size_t last = game.find_last_not_of(" \t\r\n");
      clean = last == std::string_view::npos || game[last] != ']';
      ended_at_result = clean;
      return true;
    }
  }

  // The name of the tag pair that opens `line`, or "".
  static std::string_view tag_name_at(std::string_view line, std::size_t pos) {
    std::size_t i = pos + 1;
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t start = i;
    while (i < line.size() && tag_name_char(line[i])) ++i;
    return line.substr(start, i - start);
  }

  // False when the game ended with its tags: after a blank line, a tag this game already
  // has begins the next game (ChessBase puts blank lines inside one game's tags).
  bool read_tags() {
    tag_names.clear();
    bool blank = false;  // since the last tag
    for (;;) {
      if (!next_text(&blank)) return true;
      if (line[pos] == '<' && skip_markup()) continue;  // "[Event "x"]<br />"
      if (pos == 0 && line[0] == '%') {  // an escape line, among the tags as anywhere
        v->escape(line, here());
        have_line = false;
        continue;
      }
      // A comment on lines of its own among the tags (PGN lets a comment stand between any
      // two tokens) is the game's first, and the tags go on after it: else the tag after it
      // began a second game, the first of tags only. A {} comment only when it closes on its
      // line with nothing after it; else the moves begin there.
      if (line[pos] == ';' || line[pos] == '{') {
        const std::size_t close = line[pos] == ';' ? line.size() : line.find('}', pos);
        if (close == std::string::npos || line.find_first_not_of(" \t", close + 1) != std::string::npos) return true;
        v->comment(std::string_view(line).substr(pos + 1, close - pos - 1), here());
        have_line = false;
        continue;
      }
      if (line[pos] != '[') return true;
      std::string_view name = tag_name_at(line, pos);
      bool repeated = std::find(tag_names.begin(), tag_names.end(), name) != tag_names.end();
      // After a blank line, [Event or a tag this game already has begins the next game;
      // a second Event does so even without one (files joined with cat).
      bool is_event = name == "Event";
      if ((blank && (repeated || is_event)) || (repeated && is_event)) return false;
      tag_names.emplace_back(name);
      blank = false;
      std::size_t start = pos;
      if (!read_tag()) {
        // Skip to the end of this bracket, or of the line.
        std::size_t close = line.find(']', start);
        pos = close == std::string::npos ? line.size() : close + 1;
      }
    }
  }

  // [Name "value"] at pos. Unescaped inner quotes are recovered: the value ends at the
  // last quote before the closing bracket.
  // A tag pair may be broken over lines ("[ Result\n"1-0" ]"): join up to a few lines.
  bool spanned = false;
  void join_tag_lines(std::size_t from) {
    spanned = false;
    // (Not a line too long to read whole: its next piece is the same line, not the next.)
    for (int joined = 0; joined < 4 && !more_of_line && line.find(']', from) == std::string::npos; ++joined) {
      std::string kept = line;
      std::string kept_as_read = options.keep_raw ? line_as_read : std::string();
      std::size_t kept_pos = pos;
      bool had = have_line;
      std::size_t kept_no = line_no;
      Place kept_place = place;
      bool got = next_line();
      if (!got || looks_like_tag_line(line) || looks_like_movetext(line)) {  // not a continuation: give it back
        if (got) {
          pending_as_read = std::move(line_as_read);
          line_as_read = std::move(kept_as_read);
          pending = std::move(line);
          pending_no = line_no;
          pending_place = place;
          has_pending = true;
        }
        line = std::move(kept);
        line_no = kept_no;
        place = kept_place;
        pos = kept_pos;
        have_line = had;
        return;
      }
      line_no = kept_no;
      place.from = kept.size() + 1;
      for (std::size_t& w : place.widened) w += place.from;
      place.widened.insert(place.widened.begin(), kept_place.widened.begin(), kept_place.widened.end());
      line = kept + " " + line;
      pos = kept_pos;
      spanned = true;
    }
  }

  bool read_tag() {
    join_tag_lines(pos);
    Location at = here();
    std::size_t i = pos + 1;
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t name_start = i;
    while (i < line.size() && tag_name_char(line[i])) ++i;
    std::string name = line.substr(name_start, i - name_start);
    if (name.empty()) {
      report(Severity::Error, "malformed-tag", at, "expected a tag name after '['");
      return false;
    }
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size() || line[i] != '"') {
      report(Severity::Error, "malformed-tag", {at.line, i + 1},
             "tag " + name + ": expected a quoted value, as in [" + name + " \"...\"]");
      return false;
    }
    std::string value;
    bool inner_quote = false, closed = false, escaped = false;
    std::size_t j = i + 1;
    for (; j < line.size(); ++j) {
      char c = line[j];
      if (c == '\\' && j + 1 < line.size() && (line[j + 1] == '"' || line[j + 1] == '\\')) {
        value += line[++j];
        escaped = true;
        continue;
      }
      if (c == '"') {
        std::size_t k = j + 1;
        while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
        if (k < line.size() && line[k] == ']') {
          pos = k + 1;
          closed = true;
          break;
        }
        inner_quote = true;
      }
      value += c;
    }
    if (!closed && more_of_line) {  // a tag line over the line limit: the rest of it is no movetext
      while (more_of_line && next_line()) {}
      report(Severity::Error, "malformed-tag", at,
             "tag " + name + ": line longer than " + std::to_string(options.max_line_length) + " bytes: not read");
      pos = line.size();
      return true;
    }
    if (!closed) {
      report(Severity::Error, "malformed-tag", at, "tag " + name + ": value not closed with '\"]' on its line");
      pos = line.size();
      return true;
    }
    if (spanned)
      report(Severity::Warning, "malformed-tag", at, "tag " + name + " spans several lines: read as one");
    if (inner_quote)
      report(Severity::Warning, "malformed-tag", at,
             "tag " + name + ": unescaped quote inside the value, read as part of it (write \\\")");
    if (std::size_t tab = value.find('\t'); tab != std::string::npos) {  // (the columns stay the same)
      std::replace(value.begin(), value.end(), '\t', ' ');
      report(Severity::Warning, "malformed-tag", escaped || spanned ? at : location(i + 1 + tab),
             "tag " + name + ": a tab inside the value, read as a space (a PGN string holds none)");
    }
    // A value joined from lines (its columns are not one line's) or unescaped is not as written.
    Location value_at = spanned || escaped ? Location{} : location(i + 1);
    v->tag(name, value, at, value_at);
    return true;
  }

  void read_movetext() {
    bool after_blank = false;
    for (;;) {
      if (in_comment) {
        if (!continue_comment()) return;
        continue;
      }
      if (!have_line) {
        if (!next_line()) return;
        // A tag line ends the game (its result was missing, or a comment ran over).
        if (!continuation && looks_like_tag_line(line)) return;
        std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos) {
          after_blank = true;
          have_line = false;
          continue;
        }
        // After a blank line, prose, or a new game's "1." once this one has moves (after
        // comments on its line: "{Game 2} 1. Nf3"), means this game ended without its
        // termination marker.
        if (after_blank) {
          std::string_view rest = std::string_view(line).substr(first);
          std::string_view numbered = past_comments(rest);
          bool restart = moves_in_game > 0 && numbered.starts_with("1.") && !numbered.starts_with("1.5");
          if (restart || !looks_like_movetext(rest)) {
            pos = first;
            return;
          }
        }
        after_blank = false;
        if (line[0] == '%') {
          v->escape(line, here());
          have_line = false;
          continue;
        }
      }
      skip_space();
      if (pos >= line.size()) {
        have_line = false;
        continue;
      }
      if (read_token()) {  // the game's termination marker
        game_end = byte_at(pos);
        skip_repeated_results();
        take_comments_after_result();
        ended_at_result = true;
        return;
      }
    }
  }

  // One movetext token at pos. True when it was the result, which ends the game.
  bool read_token() {
    Location at = here();
    unsigned char c = line[pos];
    if (skip_depth) {  // inside a variation too deep to keep: count parentheses only
      if (c == '(') ++skip_depth;
      else if (c == ')') --skip_depth;
      else if (c == '{') return start_comment(at), false;
      ++pos;
      return false;
    }
    if (c == '%' && pos == 0) {  // escape line
      v->escape(line, at);
      pos = line.size();
      return false;
    }
    if (c == 0xE2 && line.compare(pos, 3, "\u2026") == 0) {  // an ellipsis in "12…Nf6"
      pos += 3;
      number_dots += 3;
      return false;
    }
    if (c == '*') {
      ++pos;
      return read_result("*", "*", at);
    }
    if (read_punctuation(c, at)) return false;
    return read_symbol(c, at);
  }

  // Comments, variations, NAGs, dots and a misplaced tag: true if `c` opened one of them.
  // This and read_symbol are read_token's two halves, inline in it as when they were one
  // function: the general reader's every token passes here.
  [[gnu::always_inline]] bool read_punctuation(unsigned char c, Location at) {
    switch (c) {
      case '{': start_comment(at); return true;
      case ';':
        v->comment(std::string_view(line).substr(pos + 1), at);
        pos = line.size();
        return true;
      case '(': open_variation(at); return true;
      case ')': close_variation(at); return true;
      case '$': read_nag(at); return true;
      case '!':
      case '?': read_glyph(at); return true;
      case '.':
        ++pos;
        ++number_dots;
        return true;
      case '[':
        report(Severity::Error, "malformed-tag", at, "tag pair inside the moves: a tag must start its own line");
        pos = line.find(']', pos);
        pos = pos == std::string::npos ? line.size() : pos + 1;
        return true;
      default: return false;
    }
  }

  void open_variation(Location at) {
    if (std::size_t end = draw_offer_end(); end) {
      report(Severity::Warning, "lenient-reading", at,
             "(=), the scoresheet's mark of a draw offer (FIDE C.12): kept as a comment, not read as a variation");
      v->comment("(=)", at);
      pos = end;
      return;
    }
    ++pos;
    number = 0;
    if (depth >= options.max_variation_depth) {
      report(Severity::Error, "unbalanced-variation", at,
             "variations nested deeper than " + std::to_string(options.max_variation_depth) + ": skipped");
      skip_depth = 1;
      return;
    }
    ++depth;
    v->begin_variation(at);
  }

  // Past "(=)" (spaces allowed inside) at pos, or 0: a variation holds no lone '='.
  std::size_t draw_offer_end() const {
    std::size_t i = pos + 1;
    auto blanks = [&] {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    };
    blanks();
    if (i >= line.size() || line[i] != '=') return 0;
    ++i;
    blanks();
    return i < line.size() && line[i] == ')' ? i + 1 : 0;
  }

  void close_variation(Location at) {
    ++pos;
    number = 0;
    if (depth == 0) {
      report(Severity::Error, "unbalanced-variation", at, "')' with no variation open");
      return;
    }
    --depth;
    v->end_variation(at);
  }

  void read_nag(Location at) {
    std::size_t j = pos + 1;
    int nag = 0;
    while (j < line.size() && line[j] >= '0' && line[j] <= '9' && nag < 1000) nag = nag * 10 + (line[j++] - '0');
    if (j == pos + 1 || nag > 255) report(Severity::Error, "malformed-nag", at, "expected $ and a number 0-255");
    else v->nag(nag, at);
    pos = j;
  }

  // "!", "?!" and the like standing apart from their move.
  void read_glyph(Location at) {
    std::size_t j = pos;
    while (j < line.size() && (line[j] == '!' || line[j] == '?')) ++j;
    std::string_view glyph = std::string_view(line).substr(pos, j - pos);
    if (int nag = notation::glyph_nag(glyph)) v->nag(nag, at);
    else report(Severity::Warning, "malformed-nag", at, "unknown annotation '" + std::string(glyph) + "': ignored");
    pos = j;
  }

  // A word: a move, a move number or the result (then true).
  [[gnu::always_inline]] bool read_symbol(unsigned char c, Location at) {
    // "e.p." (after a descriptive or old algebraic capture) holds dots, which end symbols.
    if (std::size_t end = past_en_passant_mark(line, pos, pos); end != pos) {
      v->move(std::string_view(line).substr(pos, end - pos), at);
      pos = end;
      return false;
    }
    if (!symbol_char(c)) {
      if (c == '<' && skip_markup()) return false;
      // Some engines' null move: a word of no symbol characters, read as the move it stands for.
      if (c == '@' && std::string_view(line).substr(pos, 4) == "@@@@") {
        v->move(std::string_view(line).substr(pos, 4), at);
        pos += 4;
        return false;
      }
      strays.note(Severity::Error, "unreadable-move", at,
                  [c] { return "unexpected character '" + std::string(1, char(c)) + "'"; });
      ++pos;
      return false;
    }
    if (std::string_view glyph = c == 0xE2 ? notation::unicode_annotation(line, pos) : ""; !glyph.empty()) {
      const int nag = notation::glyph_nag(glyph);
      report(Severity::Warning, "lenient-reading", at,
             "annotation '" + line.substr(pos, 3) + "' read as '" + std::string(glyph) + "' ($" +
                 std::to_string(nag) + "): PGN has no such character");
      v->nag(nag, at);
      pos += 3;
      return false;
    }
    std::size_t j = pos;
    while (j < line.size() && symbol_char(static_cast<unsigned char>(line[j])) && !space_width(line, j) &&
           !(line[j] == '\xE2' && !notation::unicode_annotation(line, j).empty()))
      ++j;
    if (j - pos >= 3) j = past_en_passant_mark(line, j - 1, j);  // "exd6e.p.": the mark is the move's
    j = past_promotion_in_parentheses(line, j);                  // "e8(Q)", "P-K8(Q)"
    std::string_view word = std::string_view(line).substr(pos, j - pos);
    pos = j;
    if (auto r = notation::normalised_result(word); !r.empty()) return read_result(word, r, at);
    // Move numbers: digits (then dots). Four digits with no dot after them are an ICCF
    // move ("5254"); with one, a move number ("1000.", a long game or a FEN's numbering).
    bool dotted = pos < line.size() && line[pos] == '.';
    if (word.find_first_not_of("0123456789") == std::string_view::npos &&
        (word.size() <= 3 || (dotted && word.size() <= 6))) {
      number = 0;
      for (char digit : word) number = number * 10 + (digit - '0');
      number_dots = 0;
      return false;
    }
    if (depth == 0 && ++moves_in_game > options.max_game_moves) {  // memory stays bounded
      if (moves_in_game == options.max_game_moves + 1)
        report(Severity::Error, "game-too-large", at,
               "more than " + std::to_string(options.max_game_moves) + " plies (half-moves) in the main line: the rest is not read");
      return false;
    }
    // "3." and "3" (printed books: "3 B-N5") are White's move, "3..." and "3. ..." Black's;
    // two dots say nothing.
    if (number && number_dots != 2) v->move_number(number, number_dots >= 3);
    number = 0;
    v->move(word, at);
    return false;
  }

  // A termination marker, `r` as written `word`: the game's end (true). Inside a variation,
  // where annotators end a line of analysis with its outcome ("(2... Nf6 3. Qxf7# 1-0)"), it
  // is kept as the variation's comment and the game read on (false): a game ends only on its
  // main line. (Taken for the game's end, it cut off the rest of the game.)
  bool read_result(std::string_view word, std::string_view r, Location at) {
    if (depth > 0) {
      report(Severity::Warning, "lenient-reading", at,
             "termination marker '" + std::string(word) +
                 "' inside a variation: kept as a comment there (a game ends only on its main line)");
      v->comment(word, at);
      return false;
    }
    if (word != r) {  // every lenient reading is said
      Diagnostic d = detail::result_read_as(word, r, at);
      report(d.severity, std::move(d.code), d.at, std::move(d.message));
    }
    v->result(r, at);
    result_read = r;
    return true;
  }

  // Comments that end the termination marker's line ("1-0 {White wins on time}") are the
  // game's: read as the start of another game, they made one of their own, holding nothing
  // but the comment (pgn-extract counts the game once). A comment followed by more text,
  // or running on to the next lines, may be the next game's opening words: left to it.
  // "1-0 1-0": a marker written again on its line is this game's, not a game of its own.
  void skip_repeated_results() {
    for (;;) {
      std::size_t at = pos;
      while (at < line.size() && space_width(line, at)) at += space_width(line, at);
      std::size_t end = at;
      if (at < line.size() && line[at] == '*') ++end;  // (no symbol's character, as '*' is not)
      else
        while (end < line.size() && symbol_char(static_cast<unsigned char>(line[end]))) ++end;
      std::string_view again = notation::normalised_result(std::string_view(line).substr(at, end - at));
      if (again.empty()) return;
      pos = at;
      if (again == result_read)
        report(Severity::Warning, "unexpected-text", here(), "the termination marker written twice: the second skipped");
      else
        report(Severity::Error, "result-mismatch", here(),
               "a second termination marker, " + std::string(again) + ", after " + std::string(result_read) +
                   ": which ends the game? (the first is kept)");
      pos = end;
      game_end = byte_at(pos);
    }
  }

  void take_comments_after_result() {
    std::size_t at = pos;
    for (;;) {  // only comments, closed on this line, up to its end?
      while (at < line.size() && space_width(line, at)) at += space_width(line, at);
      if (at >= line.size() || line[at] == ';') break;
      if (line[at] != '{') return;
      at = line.find('}', at);
      if (at == std::string::npos) return;
      ++at;
    }
    for (;;) {
      skip_space();
      if (pos >= line.size()) return;
      if (line[pos] == ';') {
        v->comment(std::string_view(line).substr(pos + 1), here());
        pos = line.size();
        note_line_end();
        return;
      }
      start_comment(here());
      continue_comment();
      game_end = byte_at(pos);
    }
  }

  void start_comment(Location at) {
    in_comment = true;
    comment.clear();
    comment_at = at;
    ++pos;
  }

  // Consumes comment text up to '}', across lines. False at end of input.
  bool continue_comment() {
    bool after_blank_line = false;
    for (;;) {
      if (!have_line) {
        if (!next_line()) {
          report(Severity::Error, "unterminated-comment", comment_at, "comment not closed with '}' before the end of the input");
          in_comment = false;
          return false;
        }
        // A line that opens a tag pair is the next game's, the comment left open; unless the
        // comment closes on it ("{ see\n[White "Fischer"] for details }"), or, when no blank
        // line comes before it, on a line after it before one ("{quoted:\n[Event "x"]\nend}"):
        // braces do not nest, and what is inside them is the comment's, however it looks.
        if (!continuation && looks_like_tag_line(line) && line.find('}', pos) == std::string::npos &&
            (after_blank_line || !closes_before_blank_line())) {
          report(Severity::Error, "unterminated-comment", comment_at,
                 "comment not closed with '}' before the next game's tags (line " +
                     std::to_string(line_no) + ")");
          in_comment = false;
          return false;
        }
        if (!comment.empty() && !continuation) append_comment("\n");
        after_blank_line = !continuation && line.find_first_not_of(" \t") == std::string::npos;
      }
      std::size_t close = line.find('}', pos);
      std::string_view part = std::string_view(line).substr(pos, close == std::string::npos ? std::string::npos : close - pos);
      append_comment(part);
      if (close != std::string::npos) {
        pos = close + 1;
        in_comment = false;
        if (!skip_depth) v->comment(comment, comment_at);
        return true;
      }
      have_line = false;
    }
  }

  // Whether a '}' comes in the input ahead before a blank line, within a window.
  bool closes_before_blank_line() {
    if (has_pending || !lines.at_line_start()) return false;
    constexpr std::size_t WINDOW = 64 << 10;
    std::string_view text = lines.peek(WINDOW).text.substr(0, WINDOW);
    for (std::size_t at = 0; at < text.size();) {
      std::size_t end = std::min(text.find('\n', at), text.size());
      std::string_view ahead = text.substr(at, end - at);
      if (ahead.find('}') != std::string_view::npos) return true;
      if (ahead.find_first_not_of(" \t\r") == std::string_view::npos) return false;
      at = end + 1;
    }
    return false;
  }

  void append_comment(std::string_view text) {
    if (comment.size() >= options.max_comment_length) return;
    std::size_t room = options.max_comment_length - comment.size();
    comment.append(text.substr(0, room));
    if (text.size() > room) cut_comments.push_back(comment_at);
  }

  // What is left of the line read last for the next game is its text (its raw begins with
  // it), not this one's, which would write it twice: a line read to find the end of this game
  // that begins the next (the "[Event" after a game of tags only, a tag line after a comment
  // left open), or the rest of a line two games share ("1. e4 e5 1-0 1. d4 d5 0-1").
  void drop_next_games_text() {
    if (!have_line || has_pending || continuation || more_of_line || place.from != 0 || raw_last_line >= raw.size())
      return;
    if (line.find_first_not_of(" \t", pos) == std::string::npos) return;  // none left
    std::size_t end = raw_last_line + std::min(read_bytes_before(pos), raw.size() - 1 - raw_last_line);
    while (end > raw_last_line && (raw[end - 1] == ' ' || raw[end - 1] == '\t')) --end;
    raw.resize(end);
    if (end > raw_last_line) raw += '\n';
  }

  void report_tally(Tally& tally) {
    if (!tally.first) return;
    Diagnostic& d = *tally.first;
    if (tally.count > 1)
      d.message += "; " + std::to_string(tally.count - 1) + " more in this game, the last at line " +
                   std::to_string(tally.last.line) + ", column " + std::to_string(tally.last.column) + " (all skipped)";
    report(d.severity, std::move(d.code), d.at, std::move(d.message));
    tally = {};
  }

  // HTML markup at pos, skipped whole and tallied; false when there is none.
  bool skip_markup() {
    std::size_t end = past_markup(line, pos);
    if (end == pos) return false;
    markup.note(Severity::Warning, "unexpected-text", here(), [&] {
      return "HTML markup '" + line.substr(pos, end - pos) + "' in the game's text (copied from a web page?)";
    });
    pos = end;
    return true;
  }

  // Once the game is read: each comment over the limit, and whether the game's text could be
  // kept to be written through, in one error each. A comment that long makes the text too
  // long as well (both limits are 16 MiB): that is said with the comment, not again.
  void report_size_limits() {
    std::string fate = !options.keep_raw ? ""
                       : raw_cut ? "; its text, over " + std::to_string(options.max_raw_game_bytes) +
                                       " bytes, is too large to keep whole, so it cannot be written through as read"
                                 : " (written through as read)";
    for (Location at : cut_comments)
      report(Severity::Error, "comment-too-long", at,
             "comment longer than " + std::to_string(options.max_comment_length) +
                 " bytes: not kept whole, so the game is refused" + fate);
    if (raw_cut && cut_comments.empty())
      report(Severity::Error, "game-too-large", here(),
             "game text over " + std::to_string(options.max_raw_game_bytes) +
                 " bytes: too large to keep whole, so it cannot be written through as read");
  }
};

const std::vector<Diagnostic>& Reader::trailing_diagnostics() const { return impl_->trailing; }

Reader::Reader(std::istream& in, ReaderOptions options) : impl_(std::make_unique<Impl>(in, options)) {}
Reader::Reader(std::string_view text, ReaderOptions options) : impl_(std::make_unique<Impl>(text, options)) {}
Reader::~Reader() = default;
bool Reader::read_game(Visitor& visitor) { return impl_->read_game(visitor); }

namespace {

// Cuts a plain game out as text, for a checker on another thread.
class TextTaker : public PlainTaker {
public:
  explicit TextTaker(PlainGame& out) : out_(out) {}
  Result take(const PlainWindow& window, std::size_t& bytes, std::size_t& lines) override {
    plain::Scanner scanner(window.text, window.ends, window.first_line, window.limits());
    plain::NoSink sink;
    plain::Outcome outcome = scanner.scan(sink);
    if (outcome != plain::Outcome::Plain) return outcome == plain::Outcome::NeedMore ? Result::NeedMore : Result::NotPlain;
    out_.ordinal = window.ordinal;
    out_.first_line = scanner.first_line();
    out_.span = window.span(scanner);
    out_.text.assign(window.text.substr(scanner.game_begin(), scanner.game_end() - scanner.game_begin()));
    bytes = scanner.game_end();
    lines = scanner.lines_to_end();
    return Result::Taken;
  }

private:
  PlainGame& out_;
};

}  // namespace

ReadResult detail::PlainAccess::read_game_or_plain(Reader& reader, Visitor& visitor, PlainGame& plain) {
  auto& impl_ = reader.impl_;
  TextTaker taker(plain);
  if (impl_->read_plain(taker)) return ReadResult::Plain;
  return impl_->read_game(visitor) ? ReadResult::Game : ReadResult::End;
}

bool detail::PlainAccess::read_plain_with(Reader& reader, PlainTaker& taker) { return reader.impl_->read_plain(taker); }
bool Reader::ended_cleanly() const { return impl_->clean; }

std::optional<Reader::Border> Reader::border() const {
  const Impl& i = *impl_;
  // A line read ahead and given back, or a long line read in part, is no line's end.
  if (!i.clean || i.has_pending || !i.lines.at_line_start()) return std::nullopt;
  return Border{i.input_byte(i.options.byte_offset + i.lines.bytes_read()), i.lines.line_number() + 1, i.games + 1};
}

void read_plain_game(const PlainGame& game, Visitor& visitor, ReaderOptions options) {
  options.line_offset = game.first_line - 1;
  options.ordinal_offset = game.ordinal - 1;
  options.byte_offset = game.span.offset;
  Reader reader(std::string_view(game.text), options);
  reader.read_game(visitor);
  // A plain game is one game by construction; were it ever cut wrongly, what follows
  // would be lost without a word. Say so instead.
  Visitor rest;
  if (reader.read_game(rest))
    visitor.diagnostic({Severity::Error, "internal-error", {game.first_line, 1},
                        "this game's text was cut out of the input wrongly (text after its result was not read): "
                        "please report this, with the game",
                        0, {}, {}, {}});
}
std::size_t Reader::bytes_read() const { return impl_->lines.bytes_read(); }
std::size_t Reader::games_read() const { return impl_->games; }

}  // namespace chess::pgn
