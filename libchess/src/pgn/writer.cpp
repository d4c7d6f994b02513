#include "chess/pgn/writer.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "chess/notation/registry.h"
#include "pgn/plain_path.h"

namespace chess::pgn {
namespace {

// The tags a game's moves cannot be read without (a set-up position, Chess960), kept by
// every WriteOptions::Tags: without them the moves are another game's, or none. In the
// ASCII order the others are written in.
constexpr const char* NEEDED_TO_READ[] = {"FEN", "SetUp", "Variant"};

std::string roster_default(std::string_view name) {
  if (name == "Date") return "????.??.??";
  return "?";
}

// The termination marker, which the Result tag repeats: the game's own, or for a game that
// has none (tags only, a broadcast's game not yet played) its Result tag's if that is one.
std::string_view result_of(const Game& game) {
  if (game.result) return *game.result;
  const Tag* tag = game.find_tag("Result");
  for (std::string_view marker : {"1-0", "0-1", "1/2-1/2"})
    if (tag && tag->value == marker) return marker;
  return "*";
}

// A tag pair's line, '[Name "value"]', quotes and backslashes in the value escaped: made
// room for once and filled in place (a game has a dozen tags, and a string's append for
// each piece cost a sixth of writing a game).
void append_tag_line(std::string& out, std::string_view name, std::string_view value) {
  std::size_t escapes = 0;
  for (char c : value) escapes += c == '"' || c == '\\';
  const std::size_t at = out.size();
  out.resize(at + name.size() + value.size() + escapes + 6);
  char* p = out.data() + at;
  *p++ = '[';
  p = std::copy(name.begin(), name.end(), p);
  *p++ = ' ';
  *p++ = '"';
  if (!escapes) {
    p = std::copy(value.begin(), value.end(), p);
  } else {
    for (char c : value) {
      if (c == '"' || c == '\\') *p++ = '\\';
      *p++ = c;
    }
  }
  *p++ = '"';
  *p++ = ']';
  *p = '\n';
}

// Clock-like embedded commands ([%clk 0:01:29], [%emt 0.01]...) for --no-clocks.
std::string without_clocks(std::string_view comment) {
  std::string out;
  for (std::size_t i = 0; i < comment.size();) {
    if (comment.compare(i, 2, "[%") == 0) {
      std::size_t name_end = i + 2;
      while (name_end < comment.size() && std::isalnum(static_cast<unsigned char>(comment[name_end]))) ++name_end;
      std::string_view name = comment.substr(i + 2, name_end - i - 2);
      std::size_t close = comment.find(']', i);
      if (close != std::string_view::npos &&
          (name == "clk" || name == "emt" || name == "egt" || name == "mct" || name == "timestamp")) {
        i = close + 1;
        continue;
      }
    }
    out += comment[i++];
  }
  return out;
}

// The white space that separates a comment's words.
constexpr std::array<bool, 256> COMMENT_SPACE = [] {
  std::array<bool, 256> t{};
  for (char c : {' ', '\n', '\t', '\r', '\v', '\f'}) t[static_cast<unsigned char>(c)] = true;
  return t;
}();
bool comment_space(char c) { return COMMENT_SPACE[static_cast<unsigned char>(c)]; }

// Whether a word of a comment may begin a line: not one that would make the line read as a
// tag pair ("[Name" or "[", then '"' later: a tag line ends a comment) or an escape line.
bool may_begin_line(std::string_view word) {
  if (word[0] == '%') return false;
  if (word[0] != '[') return true;
  char c = word.size() > 1 ? word[1] : 'A';
  return !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
}

// Words between single spaces (no other white space between them), each of which may
// begin a line; `text` without the white space around them.
bool plain_words(std::string_view& text) {
  while (!text.empty() && comment_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && comment_space(text.back())) text.remove_suffix(1);
  if (text.empty() || !may_begin_line(text)) return false;
  // The bytes from i on: each space must be alone and followed by a word that may begin a
  // line; no other white space.
  auto words_from = [text](std::size_t i, std::size_t end) {
    for (; i < end; ++i)
      if (comment_space(text[i]) && (text[i] != ' ' || comment_space(text[i + 1]) || !may_begin_line(text.substr(i + 1))))
        return false;
    return true;
  };
  std::size_t i = 0;
#ifdef __SSE2__
  // Comments are nearly half of what is written: sixteen bytes at a time, one by one only
  // a block with a control byte, a space before a space, or a space before '%' or '['.
  const __m128i below = _mm_set1_epi8(0x1F), space = _mm_set1_epi8(' ');
  const __m128i percent = _mm_set1_epi8('%'), bracket = _mm_set1_epi8('[');
  for (; i + 17 <= text.size(); i += 16) {  // (the byte after the block is looked at too)
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
    __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i + 1));
    __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, below), below);
    __m128i after_space = _mm_or_si128(_mm_cmpeq_epi8(next, space),
                                       _mm_or_si128(_mm_cmpeq_epi8(next, percent), _mm_cmpeq_epi8(next, bracket)));
    __m128i odd = _mm_or_si128(control, _mm_and_si128(_mm_cmpeq_epi8(v, space), after_space));
    if (_mm_movemask_epi8(odd) && !words_from(i, i + 16)) return false;
  }
#endif
  return words_from(i, text.size());
}

// A buffer grown by doubling, kept by its owner from game to game.
struct FillBuffer {
  std::unique_ptr<char[]> data;
  std::size_t capacity = 0;
};

// What a thread's writers work in, kept from game to game: a game's text is built here and
// copied out at its exact size. Allocating room for each game afresh (and freeing it, maybe
// on another thread) cost more than the copy.
struct WriterScratch {
  std::string out;
  FillBuffer line;
  std::string braced;  // a comment between its braces
  std::optional<notation::MoveNumbers> numbers;  // for the last registered codec written in
};
WriterScratch& writer_scratch() {
  thread_local WriterScratch scratch;
  return scratch;
}

// How `codec` numbers moves, worked out once per thread for a codec of the registry (asking
// the codec for its numbers cost a conversion 1% when it was done for each game); another
// codec's, which may not outlive the game, in `own`.
const notation::MoveNumbers& move_numbers(const notation::Codec& codec, std::optional<notation::MoveNumbers>& own) {
  std::optional<notation::MoveNumbers>& kept = writer_scratch().numbers;
  if (kept && &kept->codec() == &codec) return *kept;
  // Only the registry's codecs live for the whole run: the address of another may be
  // another codec's next time.
  std::optional<notation::MoveNumbers>& numbers = notation::find_codec(codec.name()) == &codec ? kept : own;
  return numbers.emplace(codec);
}

// Greedy filling of lines to the width, single spaces between tokens. Tokens go into a
// buffer of its own, then to `out` in one piece: a game has a few hundred tokens, and
// checking a string's capacity for each byte costs more than the copying.
class LineFiller {
public:
  LineFiller(std::size_t width, std::string& out, FillBuffer& buffer)
      : width_(width), out_(out), buffer_(buffer.data), capacity_(buffer.capacity) {}
  // `may_begin_line` false: a word of a comment that must not begin a line, where it would
  // read as a tag ('[Name "', which ends the comment and the game) or an escape line ('%').
  // The line is broken before the word before it instead, or not at all.
  void add(std::string_view token, bool may_begin_line = true) {
    copy(place(token.size(), may_begin_line), token.data(), token.size());
  }
  // Words between single spaces, each of which may begin a line: what adding them one by
  // one writes, in as few pieces as the lines allow (a comment is a piece or two, where
  // word by word cost a tenth of a conversion's time).
  void add_words(std::string_view words) {
    while (!words.empty()) {
      std::size_t room = line_length_ == 0 ? width_ : width_ > line_length_ + 1 ? width_ - line_length_ - 1 : 0;
      std::size_t end = words.size() <= room ? words.size() : words.rfind(' ', room);  // the words that fit
      if (end == std::string_view::npos) end = std::min(words.find(' '), words.size());  // one word, on a line of its own
      add(words.substr(0, end));
      words.remove_prefix(std::min(end + 1, words.size()));
    }
  }
  // A token that ends its line (a ; comment): the next begins the next line.
  void add_ending_line(std::string_view token) {
    add(token);
    buffer_[size_++] = '\n';  // (place() left room for two bytes more than the token)
    line_length_ = 0;
    line_start_ = size_;
  }
  void finish() {
    out_.append(buffer_.get(), size_);
    if (line_length_) out_ += '\n';
    size_ = line_length_ = line_start_ = last_start_ = 0;
  }

private:
  // Most tokens are a few bytes (moves, numbers): copied in two overlapping fixed-size
  // pieces, which compile to loads and stores, where a call to memcpy cost more than the copy.
  static void copy(char* to, const char* from, std::size_t n) {
    if (n > 16) {
      std::memcpy(to, from, n);
    } else if (n >= 8) {
      std::memcpy(to, from, 8);
      std::memcpy(to + n - 8, from + n - 8, 8);
    } else if (n >= 4) {
      std::memcpy(to, from, 4);
      std::memcpy(to + n - 4, from + n - 4, 4);
    } else if (n >= 2) {
      std::memcpy(to, from, 2);
      to[n - 1] = from[n - 1];
    } else if (n == 1) {
      to[0] = from[0];
    }
  }

  // Where a token of `n` bytes is to be written, after the line break or the space before it.
  char* place(std::size_t n, bool may_begin_line) {
    if (size_ + n + 2 > capacity_) grow(n + 2);
    if (line_length_ && line_length_ + 1 + n > width_) {
      if (may_begin_line) {
        buffer_[size_++] = '\n';
        line_length_ = 0;
        line_start_ = size_;
      } else if (last_start_ > line_start_ && last_may_begin_) {
        buffer_[last_start_ - 1] = '\n';  // the space before the word before
        line_start_ = last_start_;
        line_length_ = size_ - last_start_;
      }
    }
    if (line_length_) {
      buffer_[size_++] = ' ';
      ++line_length_;
    }
    last_start_ = size_;
    last_may_begin_ = may_begin_line;
    char* at = buffer_.get() + size_;
    size_ += n;
    line_length_ += n;
    return at;
  }

  void grow(std::size_t at_least) {
    std::size_t capacity = std::max(2 * capacity_ + at_least, std::size_t(2048));
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_) std::memcpy(bigger.get(), buffer_.get(), size_);
    buffer_ = std::move(bigger);
    capacity_ = capacity;
  }

  std::size_t width_;
  std::size_t line_length_ = 0;
  std::size_t line_start_ = 0, last_start_ = 0;  // where the line and its last token begin
  bool last_may_begin_ = true;
  std::string& out_;
  std::unique_ptr<char[]>& buffer_;
  std::size_t& capacity_;
  std::size_t size_ = 0;
};

class Writer {
public:
  Writer(const WriteOptions& options)
      : o_(options),
        codec_(options.codec ? *options.codec : *notation::find_codec("san")),
        out_(writer_scratch().out),
        fill_(options.width, out_, writer_scratch().line),
        numbers_(move_numbers(codec_, own_numbers_)) {}

  void write(const Game& game, const Position& start, std::string& text) {
    out_.clear();
    tags(game, start.chess960());
    out_ += '\n';
    // A move's text checked to be its canonical SAN is what format() would write: copied.
    if (detail::PlainAccess::moves_are_canonical_san(game) && codec_.writes_canonical_san() && !o_.fen_after_each_move)
      line(game.main, MoveClock{start.fullmove_number(), start.side_to_move()});
    else
      line(game.main, Replay{start, notation::PieceOrigins(start)});
    fill_.add(result_of(game));
    fill_.finish();
    out_ += '\n';
    text.assign(out_);
    // A huge game's room is not kept for the rest of the run.
    if (out_.capacity() > KEPT_ROOM) out_ = std::string();
    FillBuffer& line = writer_scratch().line;
    if (line.capacity > KEPT_ROOM) line = FillBuffer{};
  }

private:
  // A Chess960 game whose tags do not say so (its FEN's castling told it: a king off the
  // e-file) gets the Variant tag: other readers take a FEN without it for standard chess,
  // and refuse its castling.
  void tags(const Game& game, bool chess960) {
    const Tag chess960_tag{"Variant", "Chess960", {}};
    const Tag* variant = chess960 && !game.find_tag("Variant") ? &chess960_tag : nullptr;
    auto tag_line = [&](std::string_view name, std::string_view value) { append_tag_line(out_, name, value); };
    if (o_.tags != WriteOptions::Tags::None)
      for (std::string_view name : SEVEN_TAG_ROSTER) {
        const Tag* t = game.find_tag(name);
        // The Result tag follows the termination marker in export format.
        if (name == "Result") tag_line(name, result_of(game));
        else if (t) tag_line(name, t->value);
        else tag_line(name, roster_default(name));
      }
    if (o_.tags != WriteOptions::Tags::All) {
      for (const char* name : NEEDED_TO_READ)
        if (const Tag* t = variant && name == std::string_view("Variant") ? variant : game.find_tag(name))
          tag_line(name, t->value);
      return;
    }
    std::vector<const Tag*> others;
    for (const Tag& t : game.tags)
      if (!in_seven_tag_roster(t.name)) others.push_back(&t);
    if (variant) others.push_back(variant);
    if (!o_.keep_tag_order)
      std::stable_sort(others.begin(), others.end(), [](const Tag* a, const Tag* b) { return a->name < b->name; });
    for (const Tag* t : others) tag_line(t->name, t->value);
  }

  void comment(std::string_view text) {
    std::string stripped;
    if (!o_.clocks) {
      stripped = without_clocks(text);
      text = stripped;
    }
    if (text.find('}') != std::string_view::npos) {
      // No {} comment can hold it (a ; comment's text can): written as one, to the line's end.
      std::string line = text.starts_with(' ') ? ";" : "; ";
      for (char c : text) line += c == '\n' || c == '\r' ? ' ' : c;
      fill_.add_ending_line(line);
      after_break_ = true;
      return;
    }
    if (plain_words(text)) {  // most are ("[%clk 0:03:00]", "ev=0.00, d=1, ...")
      braced_.assign("{ ").append(text).append(" }");
      fill_.add_words(braced_);
      after_break_ = true;
      return;
    }
    // Word by word, so that long comments fill lines like moves do.
    std::string_view b = text;
    bool opened = false;
    for (std::size_t i = 0; i < b.size();) {
      while (i < b.size() && comment_space(b[i])) ++i;
      std::size_t j = i;
      while (j < b.size() && !comment_space(b[j])) ++j;
      if (j > i) {
        if (!opened) fill_.add("{");
        opened = true;
        fill_.add(b.substr(i, j - i), may_begin_line(b.substr(i, j - i)));
      }
      i = j;
    }
    if (!opened) return;
    fill_.add("}");
    after_break_ = true;
  }

  // Where a line of play stands, as the writer needs it: the whole position, to write the
  // moves in a dialect (and FENs)...
  struct Replay {
    Position pos;
    notation::PieceOrigins origins;
    Color side() const { return pos.side_to_move(); }
    int fullmove() const { return pos.fullmove_number(); }
    void play(Move m) {
      origins.update(pos, m);
      pos.make_move_or_pass(m);
    }
  };
  // ... or only the move number, when the moves' text is copied (the plain path built the game).
  struct MoveClock {
    int number;
    Color to_move;
    Color side() const { return to_move; }
    int fullmove() const { return number; }
    void play(Move) {
      if (to_move == BLACK) ++number;
      to_move = ~to_move;
    }
  };

  void add_move_number(int fullmove, Color side) {
    char room[notation::MoveNumbers::ROOM];
    std::string_view number = numbers_.text(room, fullmove, side, number_);
    if (!number.empty()) fill_.add(number);  // a dialect with no numbers (UCI) writes none
  }

  std::string move_text(Replay& r, const MoveNode& node) {  // format() tries moves on the board, and takes them back
    if (node.move == Move::null()) return std::string(codec_.null_move());
    return codec_.format(r.pos, node.move, notation::FormatOptions{&r.origins, true});
  }
  std::string_view move_text(const MoveClock&, const MoveNode& node) { return node.text; }

  template <class State>
  void line(const Line& l, State state) {
    if (o_.comments)
      for (const std::string& c : l.leading_comments) comment(c);
    after_break_ = true;  // a line opens with its move number, "N..." for Black
    for (const MoveNode& node : l.moves) {
      Color side = state.side();
      if (side == WHITE || after_break_) add_move_number(state.fullmove(), side);
      after_break_ = false;
      fill_.add(move_text(state, node));
      if (o_.nags)
        for (int nag : node.nags) fill_.add("$" + std::to_string(nag));
      if (o_.comments)
        for (const std::string& c : node.comments) comment(c);
      // Variations start from where this move was played: kept only when there are some.
      bool branches = o_.variations && !node.variations.empty();
      std::optional<State> before;
      if (branches) before = state;
      state.play(node.move);
      if constexpr (std::is_same_v<State, Replay>)
        if (o_.fen_after_each_move) {
          fill_.add("{");
          fill_.add(state.pos.fen());
          fill_.add("}");
          after_break_ = true;
        }
      if (branches)
        for (const Line& v : node.variations) {
          // Tokens of a variation hug its parentheses: "( 8... Qe7 9. Nc3 )" as python-chess writes.
          fill_.add("(");
          line(v, *before);
          fill_.add(")");
          after_break_ = true;
        }
    }
  }

  static constexpr std::size_t KEPT_ROOM = 1 << 20;
  const WriteOptions& o_;
  const notation::Codec& codec_;
  std::string& out_;  // the thread's scratch text
  std::string& braced_ = writer_scratch().braced;
  LineFiller fill_;
  std::optional<notation::MoveNumbers> own_numbers_;  // (declared before numbers_, which may be it)
  const notation::MoveNumbers& numbers_;
  std::string number_;  // the move number being written
  bool after_break_ = true;
};

}  // namespace

void write_pgn(const Game& game, const Position& start, const WriteOptions& options, std::string& out) {
  Writer(options).write(game, start, out);
}

std::string write_pgn(const Game& game, const Position& start, const WriteOptions& options) {
  std::string out;
  write_pgn(game, start, options, out);
  return out;
}

}  // namespace chess::pgn
