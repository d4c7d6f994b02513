// Recognising a plain game from its bytes alone: the form nearly every archive holds
// ([Name "value"] tags, one or more to a line, the moves on lines of their own, {} comments,
// NAGs, variations, the result ending its line). For such a game the general reader would
// find nothing to report while reading it but what the scan tells its sink (bytes read as
// Latin-1), and would end it exactly at its result, so it can be cut out of the input and
// checked in one pass. Anything outside that form (a ; comment, an escape line, a blank
// line among the moves, bytes that are not UTF-8 outside tag values and comments, a
// missing result...) makes the game "not plain", and the general reader takes it.
//
// The scan is a template over a sink, so that cutting games out (a sink that does
// nothing) and checking their moves (a sink that plays them) share one tokeniser.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <forward_list>
#include <functional>
#include <optional>
#include <string_view>

#include "chess/line_reader.h"
#include "chess/pgn/diagnostic.h"
#include "chess/notation/move_text.h"
#include "chess/pgn/reader.h"
#include "pgn/latin1.h"
#include "pgn/reading_notes.h"
#include "pgn/tag_names.h"

#if defined(__AVX2__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __SSSE3__
#include <tmmintrin.h>
#endif

namespace chess::pgn::plain {

enum class Outcome {
  Plain,     // a plain game, from game_begin to game_end
  NotPlain,  // the general reader must read what starts here
  NeedMore,  // the text ends before the game does: look at more of the input
  Stopped,   // the sink asked to stop
};

// Longest plain game: longer ones go to the general reader, which bounds its memory.
inline constexpr std::size_t MAX_PLAIN_GAME = 256 << 10;

// Where a move's text begins, worked out only if the sink asks: a move read cleanly never
// needs its line and column, and working them out at every move took 1% of validation.
class Place {
public:
  Place(const std::size_t& line, const unsigned char* const& line_start, const unsigned char* at)
      : line_(line), line_start_(line_start), at_(at) {}
  Location operator()() const { return {line_, std::size_t(at_ - line_start_) + 1}; }

private:
  const std::size_t& line_;
  const unsigned char* const& line_start_;
  const unsigned char* at_;
};

// A sink that only delimits games.
struct NoSink {
  // What the general reader would say of text read otherwise than written (reading_notes.h):
  // bytes read as Latin-1 (tag values and comments come as UTF-8; said once the text that
  // holds them is given), a termination marker written "1/2" (said before it).
  void diagnostic(const Diagnostic&) {}
  bool tag(std::string_view, std::string_view, Location /*at*/, Location /*value_at*/) { return true; }
  bool move(std::string_view, Place) { return true; }
  void nag(int) {}
  void comment(std::string_view /*between the braces, as written*/, Location) {}
  bool begin_variation() { return true; }
  bool end_variation() { return true; }
  void result(std::string_view, Location) {}
};

namespace detail {

enum ByteClass : unsigned char { BAD, SPACE, NEWLINE, CR, SYMBOL, OTHER_OK };

// In movetext, outside comments: the characters a plain game's tokens are made of.
constexpr std::array<unsigned char, 256> MOVETEXT = [] {
  std::array<unsigned char, 256> t{};
  for (int c = 0; c < 256; ++c) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '+' ||
        c == '#' || c == '=' || c == ':' || c == '-' || c == '/')
      t[c] = SYMBOL;
    else if (c == ' ' || c == '\t')
      t[c] = SPACE;
    else if (c == '\n')
      t[c] = NEWLINE;
    else if (c == '\r')
      t[c] = CR;
    else if (c == '{' || c == '(' || c == ')' || c == '$' || c == '!' || c == '?' || c == '.' || c == '*')
      t[c] = OTHER_OK;
    else
      t[c] = BAD;
  }
  return t;
}();

// Inside comments and tag values: bytes that need no second look (printable ASCII).
constexpr std::array<bool, 256> PLAIN_TEXT = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x7F; ++c) t[c] = true;
  t['\t'] = true;
  t['}'] = false;
  t['"'] = false;
  t['\\'] = false;
  return t;
}();

// The first byte from p that is not PLAIN_TEXT, or end. Comments and tag values are half
// of an archive's bytes (an engine's game has a comment of a hundred bytes after every
// move), so they are looked at as many at once as the machine allows: 64 with AVX-512, 32
// with AVX2, 16 with SSE2 (every x86-64).
inline const unsigned char* plain_text_end(const unsigned char* p, const unsigned char* end) {
#ifdef __AVX512BW__
  {
    const __m512i space = _mm512_set1_epi8(0x20), tab = _mm512_set1_epi8('\t'), del = _mm512_set1_epi8(0x7F),
                  brace = _mm512_set1_epi8('}'), quote = _mm512_set1_epi8('"'), backslash = _mm512_set1_epi8('\\');
    while (end - p >= 64) {
      const __m512i v = _mm512_loadu_si512(p);
      // Signed compare, as below: bytes from 0x80 up are below ' '.
      const uint64_t other = (_mm512_cmplt_epi8_mask(v, space) & ~_mm512_cmpeq_epi8_mask(v, tab)) |
                             _mm512_cmpeq_epi8_mask(v, del) | _mm512_cmpeq_epi8_mask(v, brace) |
                             _mm512_cmpeq_epi8_mask(v, quote) | _mm512_cmpeq_epi8_mask(v, backslash);
      if (other) return p + std::countr_zero(other);
      p += 64;
    }
  }
#elif defined(__AVX2__)
  {
    const __m256i space = _mm256_set1_epi8(0x20), tab = _mm256_set1_epi8('\t'), del = _mm256_set1_epi8(0x7F),
                  brace = _mm256_set1_epi8('}'), quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\');
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      __m256i other = _mm256_andnot_si256(_mm256_cmpeq_epi8(v, tab), _mm256_cmpgt_epi8(space, v));
      other = _mm256_or_si256(other, _mm256_or_si256(_mm256_cmpeq_epi8(v, del), _mm256_cmpeq_epi8(v, brace)));
      other = _mm256_or_si256(other, _mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, backslash)));
      if (const unsigned mask = unsigned(_mm256_movemask_epi8(other))) return p + std::countr_zero(mask);
      p += 32;
    }
  }
#endif
#ifdef __SSE2__
  const __m128i space = _mm_set1_epi8(0x20), tab = _mm_set1_epi8('\t'), del = _mm_set1_epi8(0x7F),
                brace = _mm_set1_epi8('}'), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  while (end - p >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compare: bytes from 0x80 up count as negative, so below ' ' with the controls.
    __m128i other = _mm_andnot_si128(_mm_cmpeq_epi8(v, tab), _mm_cmplt_epi8(v, space));
    other = _mm_or_si128(other, _mm_or_si128(_mm_cmpeq_epi8(v, del), _mm_cmpeq_epi8(v, brace)));
    other = _mm_or_si128(other, _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
    if (unsigned mask = unsigned(_mm_movemask_epi8(other))) return p + std::countr_zero(mask);
    p += 16;
  }
#endif
  while (p < end && PLAIN_TEXT[*p]) ++p;
  return p;
}

// A token of movetext at p (a SYMBOL byte): its length, and how many blanks and dots follow
// it (0 where that is not known: the caller's loop then takes them one by one). Tokens are
// two to seven bytes, and a byte-at-a-time loop pays a mispredicted exit for each; with
// SSSE3, sixteen bytes are classed at once by two table lookups on their nibbles.
struct Token {
  std::size_t length, gap;
};
// The SYMBOL bytes by their nibbles, for byte shuffles: each high nibble (2 to 7) picks a
// bit, which the low nibble's entry must have: the bits of the low-nibble table are the high
// nibbles it makes a SYMBOL byte with.
// 0x2_: # + - /   0x3_: 0-9 :   0x4_/0x6_: letters   0x5_: letters _   0x7_: letters
// Each table is written four times over, once for each 128-bit lane of a 64-byte vector (a
// shuffle looks up within its lane): the high nibbles' at [0, 64), the low nibbles' at [64, 128).
alignas(64) constexpr auto SYMBOL_NIBBLES = [] {
  constexpr unsigned char high[16] = {0, 0, 0x01, 0x02, 0x04, 0x08, 0x04, 0x10, 0, 0, 0, 0, 0, 0, 0, 0};
  constexpr unsigned char low[16] = {0x1A, 0x1E, 0x1E, 0x1F, 0x1E, 0x1E, 0x1E, 0x1E,
                                     0x1E, 0x1E, 0x1E, 0x05, 0x04, 0x07, 0x04, 0x0D};
  std::array<unsigned char, 128> t{};
  for (int i = 0; i < 64; ++i) t[i] = high[i % 16], t[64 + i] = low[i % 16];
  return t;
}();

inline Token token_at(const unsigned char* p, const unsigned char* end) {
#ifdef __SSSE3__
  if (end - p >= 16) {
    const __m128i by_high = _mm_load_si128(reinterpret_cast<const __m128i*>(SYMBOL_NIBBLES.data())),
                  by_low = _mm_load_si128(reinterpret_cast<const __m128i*>(SYMBOL_NIBBLES.data() + 64));
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i high = _mm_shuffle_epi8(by_high, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    __m128i low = _mm_shuffle_epi8(by_low, _mm_and_si128(v, nibble));
    __m128i other = _mm_cmpeq_epi8(_mm_and_si128(high, low), _mm_setzero_si128());
    unsigned symbol = ~unsigned(_mm_movemask_epi8(other)) & 0xFFFF;
    std::size_t length = std::size_t(std::countr_zero(~symbol));
    if (length < 16) {
      __m128i skip = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('.'))),
                                  _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));
      unsigned stop = ~unsigned(_mm_movemask_epi8(skip)) & (0xFFFFu << length);
      return {length, std::size_t(std::countr_zero(stop | 0x10000u)) - length};
    }
  }
#endif
  const unsigned char* q = p;
  while (q < end && MOVETEXT[*q] == SYMBOL) ++q;
  return {std::size_t(q - p), 0};
}

inline bool tag_name_char(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// The first byte from p that is no tag name's, or end. Sixteen at once: a byte at a time,
// the names of a game's dozen or more tags cost it a hundred instructions each.
inline const unsigned char* tag_name_end(const unsigned char* p, const unsigned char* end) {
#ifdef __SSE2__
  if (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));  // (a signed compare: bytes from 0x80 are below 'a')
    const __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)),
                                         _mm_cmpgt_epi8(_mm_set1_epi8('z' + 1), lower));
    const __m128i digit =
        _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('9' + 1), v));
    const __m128i name = _mm_or_si128(_mm_or_si128(letter, digit), _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
    if (const unsigned other = ~unsigned(_mm_movemask_epi8(name)) & 0xFFFF) return p + std::countr_zero(other);
    p += 16;
  }
#endif
  while (p < end && tag_name_char(*p)) ++p;
  return p;
}

// Sixty-four bytes of movetext classed at once: the bytes of tokens (SYMBOL), the blanks
// and dots between them, and digits, a bit each. A run of moves and move numbers is then
// cut into tokens by bit operations, instead of a loop and a mispredicted exit per token.
struct BlockClasses {
  uint64_t symbol = 0, quiet = 0, digit = 0;
};
inline BlockClasses classify_block(const unsigned char* p) {
  BlockClasses b;
  // SYMBOL bytes found as in token_at, by SYMBOL_NIBBLES.
#if defined(__AVX512BW__)
  const __m512i by_high = _mm512_load_si512(SYMBOL_NIBBLES.data()),
                by_low = _mm512_load_si512(SYMBOL_NIBBLES.data() + 64);
  const __m512i nibble = _mm512_set1_epi8(0x0F);
  const __m512i v = _mm512_loadu_si512(p);
  const __m512i high = _mm512_shuffle_epi8(by_high, _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble));
  const __m512i low = _mm512_shuffle_epi8(by_low, _mm512_and_si512(v, nibble));
  b.symbol = _mm512_test_epi8_mask(high, low);
  b.quiet = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('.')) |
            _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t'));
  b.digit = _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('0')), _mm512_set1_epi8(9));
#elif defined(__AVX2__)
  const __m256i by_high = _mm256_load_si256(reinterpret_cast<const __m256i*>(SYMBOL_NIBBLES.data())),
                by_low = _mm256_load_si256(reinterpret_cast<const __m256i*>(SYMBOL_NIBBLES.data() + 64));
  const __m256i nibble = _mm256_set1_epi8(0x0F), space = _mm256_set1_epi8(' '), dot = _mm256_set1_epi8('.'),
                tab = _mm256_set1_epi8('\t'), below_0 = _mm256_set1_epi8('0' - 1), above_9 = _mm256_set1_epi8('9' + 1);
  for (int i = 0; i < 2; ++i) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * i));
    const __m256i high = _mm256_shuffle_epi8(by_high, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
    const __m256i low = _mm256_shuffle_epi8(by_low, _mm256_and_si256(v, nibble));
    const __m256i other = _mm256_cmpeq_epi8(_mm256_and_si256(high, low), _mm256_setzero_si256());
    const __m256i quiet =
        _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, space), _mm256_cmpeq_epi8(v, dot)), _mm256_cmpeq_epi8(v, tab));
    const __m256i digit = _mm256_and_si256(_mm256_cmpgt_epi8(v, below_0), _mm256_cmpgt_epi8(above_9, v));
    b.symbol |= uint64_t(~uint32_t(_mm256_movemask_epi8(other))) << (32 * i);
    b.quiet |= uint64_t(uint32_t(_mm256_movemask_epi8(quiet))) << (32 * i);
    b.digit |= uint64_t(uint32_t(_mm256_movemask_epi8(digit))) << (32 * i);
  }
#elif defined(__SSSE3__)
  const __m128i by_high = _mm_load_si128(reinterpret_cast<const __m128i*>(SYMBOL_NIBBLES.data())),
                by_low = _mm_load_si128(reinterpret_cast<const __m128i*>(SYMBOL_NIBBLES.data() + 64));
  const __m128i nibble = _mm_set1_epi8(0x0F), space = _mm_set1_epi8(' '), dot = _mm_set1_epi8('.'),
                tab = _mm_set1_epi8('\t'), below_0 = _mm_set1_epi8('0' - 1), above_9 = _mm_set1_epi8('9' + 1);
  for (int i = 0; i < 4; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    const __m128i high = _mm_shuffle_epi8(by_high, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    const __m128i low = _mm_shuffle_epi8(by_low, _mm_and_si128(v, nibble));
    const __m128i other = _mm_cmpeq_epi8(_mm_and_si128(high, low), _mm_setzero_si128());
    const __m128i quiet = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, dot)), _mm_cmpeq_epi8(v, tab));
    const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, below_0), _mm_cmpgt_epi8(above_9, v));
    b.symbol |= uint64_t(~unsigned(_mm_movemask_epi8(other)) & 0xFFFF) << (16 * i);
    b.quiet |= uint64_t(unsigned(_mm_movemask_epi8(quiet))) << (16 * i);
    b.digit |= uint64_t(unsigned(_mm_movemask_epi8(digit))) << (16 * i);
  }
#else
  for (int i = 0; i < 64; ++i) {
    const unsigned char c = p[i];
    b.symbol |= uint64_t(MOVETEXT[c] == SYMBOL) << i;
    b.quiet |= uint64_t(c == ' ' || c == '.' || c == '\t') << i;
    b.digit |= uint64_t(c >= '0' && c <= '9') << i;
  }
#endif
  return b;
}

// The lines of a text the scanner read (a comment, a game), each given to `line` without
// its end, with whether one ends it (the last part has none). CRs that end the text end a
// line each: a comment's are followed by its '}', and a game's text ends with a whole line.
template <class Line>
void for_each_line(std::string_view text, Line line) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  for (;;) {
    const auto* q = p;
    while (q < end && *q != '\n' && *q != '\r') ++q;
    line(std::string_view(reinterpret_cast<const char*>(p), std::size_t(q - p)), q < end);
    if (q == end) return;
    const std::size_t n = line_end_length(q, end);
    p = q + (n ? n : 1);
  }
}

}  // namespace detail

class Scanner {
public:
  // `text` starts at the beginning of a line; `input_ends`: nothing follows it.
  // `first_line` is the line number of text's first line. A game that would meet one of
  // the reader's `limits` (variations too deep, too many moves, a comment or the game's text
  // too long) is not plain: the general reader reports it as it reports any other.
  Scanner(std::string_view text, bool input_ends, std::size_t first_line, const ReaderOptions& limits)
      : begin_(reinterpret_cast<const unsigned char*>(text.data())),
        end_(begin_ + text.size()),
        p_(begin_),
        line_start_(begin_),
        input_ends_(input_ends),
        line_(first_line),
        max_depth_(limits.max_variation_depth),
        max_moves_(limits.max_game_moves),
        max_comment_(limits.max_comment_length),
        max_bytes_(std::min(MAX_PLAIN_GAME, limits.max_raw_game_bytes)) {}

  // Where the game's text begins (after blank lines) and ends (after its result's line).
  std::size_t game_begin() const { return game_begin_; }
  std::size_t game_end() const { return game_end_; }
  // Where its last byte that counts ends (see Span): its result, or its last tag's ']'.
  std::size_t content_end() const { return content_end_; }
  std::size_t first_line() const { return game_first_line_; }
  std::size_t lines_to_end() const { return line_ - first_line_of_text_; }  // lines from text's start to game_end

  template <class Sink>
  Outcome scan(Sink& sink) {
    first_line_of_text_ = line_;
    if (Outcome o = skip_blank_lines(true); o != Outcome::Plain) return o;
    if (p_ == end_) return input_ends_ ? Outcome::NotPlain : Outcome::NeedMore;
    game_begin_ = std::size_t(p_ - begin_);
    game_first_line_ = line_;
    if (*p_ != '[') return Outcome::NotPlain;
    if (Outcome o = tags(sink); o != Outcome::Plain) return o;
    if (Outcome o = skip_blank_lines(false); o != Outcome::Plain) return o;
    // Tags and no moves (broadcasts list games before they are played): the game ends with
    // the input, or where the next one's [Event begins. Other tags after a blank line may
    // still be this game's (ChessBase writes blank lines among them): the general reader
    // weighs those.
    if (p_ == end_ ? input_ends_ : event_tag_at(p_)) {
      game_end_ = std::size_t(p_ - begin_);
      finished_ = true;
      return Outcome::Plain;
    }
    if (p_ == end_) return Outcome::NeedMore;
    if (Outcome o = new_movetext_line(); o != Outcome::Plain) return o;
    return movetext(sink);
  }

private:
  using uchar = unsigned char;

  Location here(const uchar* at) const { return {line_, std::size_t(at - line_start_) + 1}; }
  Place place(const uchar* at) const { return {line_, line_start_, at}; }

  static bool is_blank(uchar c) { return c == ' ' || c == '\t'; }

  // "[Event" as a whole tag name at p.
  bool event_tag_at(const uchar* p) const {
    constexpr std::string_view event = "[Event";
    if (std::size_t(end_ - p) <= event.size()) return false;
    return std::string_view(reinterpret_cast<const char*>(p), event.size()) == event &&
           !detail::tag_name_char(p[event.size()]);
  }

  // Advances p_ over the bytes `keep` accepts. Through a local pointer: bytes read as
  // unsigned char may alias anything, so a loop on the member would store it at every step.
  template <class Keep>
  void skip_while(Keep keep) {
    const uchar* p = p_;
    const uchar* end = end_;
    while (p < end && keep(*p)) ++p;
    p_ = p;
  }
  Outcome ran_out() const { return input_ends_ ? Outcome::NotPlain : Outcome::NeedMore; }
  bool too_long() const { return std::size_t(p_ - begin_) - game_begin_ > max_bytes_; }

  // After '\n' at p_.
  void next_line() {
    ++p_;
    ++line_;
    line_start_ = p_;
  }

  // Past the line end at p_ (a CR or an LF: see chess::line_end_length), to the next
  // line's start.
  Outcome pass_line_end() {
    if (*p_ == '\r') {
      if (p_ + 1 == end_ || p_[1] != '\n') return pass_crs();
      ++p_;  // CRLF, as most archives end lines
    }
    next_line();
    return Outcome::Plain;
  }
  // A line end of CRs without an LF right after the first.
  [[gnu::noinline]] Outcome pass_crs() {
    std::size_t n = line_end_length(p_, end_);
    if (n == 0) {
      if (!input_ends_) return Outcome::NeedMore;
      n = std::size_t(end_ - p_);  // they end the input's last line
    }
    p_ += n;
    ++line_;
    line_start_ = p_;
    return Outcome::Plain;
  }

  // The line ends here: optional spaces, then its end. Consumes it.
  Outcome end_of_line() {
    skip_while(is_blank);
    if (p_ == end_) return ran_out();
    if (*p_ != '\n' && *p_ != '\r') return Outcome::NotPlain;
    return pass_line_end();
  }

  // Lines of nothing but spaces and tabs, and between games also ; comment lines (engine
  // logs append them after the result), which the general reader skips there too.
  // Stops at the first other line, at its start.
  Outcome skip_blank_lines(bool comment_lines) {
    for (;;) {
      const uchar* q = p_;
      while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
      if (comment_lines && q < end_ && *q == ';') {
        p_ = q + 1;
        TextMarks marks;
        if (Outcome o = plain_text('\n', marks); o != Outcome::Plain) return o;
        next_line();
        continue;
      }
      if (q == end_) return q == p_ ? Outcome::Plain : ran_out();
      if (*q != '\n' && *q != '\r') return Outcome::Plain;
      p_ = q;
      if (Outcome o = pass_line_end(); o != Outcome::Plain) return o;
    }
  }

  // (Out of line: inlined into its caller, GCC no longer inlined the sink's copies of the
  // names and values, which took a call into the string library for each.)
  template <class Sink>
  [[gnu::noinline]] Outcome tags(Sink& sink) {
    TagNames names;
    while (p_ < end_ && *p_ == '[') {
      Location at = here(p_);
      ++p_;
      const uchar* name = p_;
      p_ = detail::tag_name_end(p_, end_);
      std::string_view tag_name(reinterpret_cast<const char*>(name), std::size_t(p_ - name));
      if (tag_name.empty()) return p_ == end_ ? ran_out() : Outcome::NotPlain;
      skip_while(is_blank);
      if (p_ == end_) return ran_out();
      if (*p_ != '"') return Outcome::NotPlain;
      const uchar* value = ++p_;
      Location value_at = here(value);
      TextMarks marks;
      if (Outcome o = plain_text('"', marks); o != Outcome::Plain) return o;
      std::string_view tag_value(reinterpret_cast<const char*>(value), std::size_t(p_ - value));
      if (tag_value.find('\t') != std::string_view::npos) return Outcome::NotPlain;  // said, and read as a space
      if (marks.latin1 || marks.escaped) [[unlikely]] {
        tag_value = as_read(tag_value, marks);
        if (marks.escaped) value_at = {};  // its bytes are not the value's: no place, as the general reader gives
      }
      ++p_;  // the closing quote
      skip_while(is_blank);
      if (p_ == end_) return ran_out();
      if (*p_ != ']') return Outcome::NotPlain;
      content_end_ = std::size_t(++p_ - begin_);
      // Another tag may follow on the same line (import format allows it; some exporters
      // write the whole roster on one line).
      if (Outcome o = end_of_line(); o != Outcome::Plain)
        if (o != Outcome::NotPlain || p_ == end_ || *p_ != '[') return o;
      // A repeated tag is reported (or, for Event, begins another game): not plain.
      if (names.full() || names.seen_before(tag_name)) return Outcome::NotPlain;
      if (!sink.tag(tag_name, tag_value, at, value_at)) return Outcome::Stopped;
      if (marks.latin1) [[unlikely]]
        tell_encoding(sink);
    }
    return Outcome::Plain;
  }

  // What plain_text() met that makes a text read otherwise than its bytes: bytes read as
  // Latin-1, a tag value's escapes (\" and \\).
  struct TextMarks {
    bool latin1 = false, escaped = false;
  };

  // Text of a tag value, a {} comment or a ; comment line, up to `close` (left at p_).
  // {} comments may span lines. In a value or a comment, a byte that begins no UTF-8
  // sequence is read as Latin-1, as the general reader reads it: old archives are
  // ISO-8859-1, and their names and comments would otherwise send every game that has an
  // accent to the general path, seven times slower. So are a tag value's escapes read.
  Outcome plain_text(uchar close, TextMarks& marks) {
    for (;;) {
      p_ = detail::plain_text_end(p_, end_);
      if (p_ == end_) return ran_out();
      uchar c = *p_;
      if (c == close) return Outcome::Plain;
      if (c >= 0x80) {
        std::size_t n = pgn::detail::utf8_sequence(p_, end_);
        if (n == 0) {
          if (end_ - p_ < 4 && !input_ends_) return Outcome::NeedMore;  // (a sequence the window cuts)
          if (close == '\n') return Outcome::NotPlain;  // a comment line between games: the general reader's
          if (!marks.latin1) first_latin1_ = here(p_);
          marks.latin1 = true;
          n = 1;
        }
        p_ += n;
      } else if ((c == '\n' || c == '\r') && close == '}') {
        if (Outcome o = comment_line_end(); o != Outcome::Plain) return o;
      } else if (c == '\r' && p_ + 1 < end_ && p_[1] == '\n' && close == '\n') {
        ++p_;  // a ; comment line's CRLF
      } else if (c == '\\' && close == '"') {  // \" and \\ escape; another backslash is text
        if (p_ + 1 == end_) return ran_out();
        const bool escape = p_[1] == '"' || p_[1] == '\\';
        marks.escaped |= escape;
        p_ += 1 + escape;
      } else if (c == '"' || c == '\\' || c == '}') {
        ++p_;  // text here (the closing character was handled above)
      } else {
        return p_ + 1 == end_ && c == '\r' ? ran_out() : Outcome::NotPlain;  // control characters
      }
    }
  }

  // A line's end inside a {} comment, at p_. (Out of line: inlined, the line end's cases
  // cost plain_text, which reads every comment and tag value, a dozen instructions a call.)
  [[gnu::noinline]] Outcome comment_line_end() {
    if (Outcome o = pass_line_end(); o != Outcome::Plain) return o;
    if (too_long()) return Outcome::NotPlain;
    // A line that looks like a tag ends the game in the general reader.
    const uchar* q = p_;
    while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
    if (q == end_) return ran_out();
    if (*q == '[') return Outcome::NotPlain;
    return Outcome::Plain;
  }

  // At the start of a line of movetext: what the general reader would take as the end
  // of the game (a tag line, an escape line, a blank line) is not plain.
  Outcome new_movetext_line() {
    if (too_long()) return Outcome::NotPlain;
    const uchar* q = p_;
    if (q < end_ && *q == '%') return Outcome::NotPlain;
    while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
    if (q == end_) return ran_out();
    if (*q == '[' || *q == '\n' || *q == '\r') return Outcome::NotPlain;
    return Outcome::Plain;
  }

  // (Inlined into scan() and so into the checker's caller, whose sink then lives in
  // registers: left out of line, its SAN board's work took 6% more instructions.)
  template <class Sink>
  [[gnu::always_inline]] Outcome movetext(Sink& sink) {
    std::size_t depth = 0;
    for (;;) {
      // (Only at a token: at a blank, a line's end or a comment the run would stop at once or
      // soon, as it does after every move of an engine's game, each move commented on its line.)
      if (p_ < end_ && detail::MOVETEXT[*p_] == detail::SYMBOL)
        if (std::optional<Outcome> o = run_of_moves(sink, depth)) return *o;
      if (p_ == end_) return ran_out();
      uchar c = *p_;
      switch (detail::MOVETEXT[c]) {
        case detail::SPACE:
          skip_while(is_blank);
          continue;
        case detail::NEWLINE:
        case detail::CR:
          if (Outcome o = line_end(); o != Outcome::Plain) return o;
          continue;
        case detail::BAD:
          return Outcome::NotPlain;
        case detail::OTHER_OK:
          if (Outcome o = punctuation(sink, depth); o != Outcome::Plain || finished_) return o;
          continue;
        default:
          break;
      }
      // A symbol: a move, a move number or the result.
      const uchar* word = p_;
      if ((c == 'e' || c == 'E') && p_ + 1 < end_ && p_[1] == '.') return Outcome::NotPlain;  // "e.p."
      detail::Token token = detail::token_at(p_, end_);
      p_ += token.length;
      if (p_ == end_ && !input_ends_) return Outcome::NeedMore;
      std::string_view w(reinterpret_cast<const char*>(word), token.length);
      if (c >= '0' && c <= '9') {  // a move number or a result (or a move in ICCF digits)
        if (c <= '1') {
          if (w == "1-0" || w == "0-1" || w == "1/2-1/2") return finish(sink, w, word, depth);
          // "1/2", "1:0": read as the result they mean, and said, as the general reader does
          // (in a variation it keeps one as a comment: finish() leaves that to it).
          if (std::string_view r = notation::normalised_result(w); !r.empty()) {
            if (depth == 0) sink.diagnostic(pgn::detail::result_read_as(w, r, here(word)));
            return finish(sink, r, word, depth);
          }
        }
        std::size_t digits = 0;
        while (digits < w.size() && w[digits] >= '0' && w[digits] <= '9') ++digits;
        if (digits == w.size() && digits <= 3) {
          p_ += token.gap;
          continue;
        }
      }
      if (depth == 0 && ++main_moves_ > max_moves_) return Outcome::NotPlain;
      if (!sink.move(w, place(word))) return Outcome::Stopped;
      p_ += token.gap;
    }
  }

  // The moves and move numbers from p_ on, a block at a time, up to the first byte that is
  // none of theirs and no blank or dot, or the first token the loop of movetext() must look
  // at itself: a token cut by the block's end, or one that may be something else (a result,
  // a single letter of "e.p."). Leaves p_ there. An outcome only when the game's scan ends
  // here.
  //
  // The tokens are told apart by bit operations on the whole block, not one by one: a move
  // number (one to three digits) is then passed over with no branch of its own, where a
  // branch on "number or move?" was mispredicted for one token in eight.
  //
  // A comment or a line's end is read here too, as movetext() reads it, and the run goes on
  // from the byte after it: an online game has a clock comment after every move ("1. e4
  // { [%clk 0:05:00] } 1... e5"), an engine's game a comment and a line a move, and leaving
  // the run at each of them for movetext()'s loop, then entering it again, cost lichess games
  // 360 instructions a move in the scanner, a third of validation's.
  template <class Sink>
  std::optional<Outcome> run_of_moves(Sink& sink, std::size_t depth) {
    while (end_ - p_ >= 64) {
      const uchar* base = p_;
      const detail::BlockClasses block = detail::classify_block(base);
      const uint64_t symbol = block.symbol, digit = block.digit;
      const uint64_t stop = ~(symbol | block.quiet);
      const unsigned limit = stop ? unsigned(std::countr_zero(stop)) : 64;
      // Bit i of symbolK (digitK): byte i + K is a token's (a digit).
      const uint64_t starts = symbol & ~(symbol << 1);
      const uint64_t symbol1 = symbol >> 1, symbol2 = symbol >> 2, symbol3 = symbol >> 3;
      const uint64_t digit1 = digit >> 1, digit2 = digit >> 2;
      // A token of digits alone, one to three of them: a move number.
      const uint64_t number = ~symbol1 | (digit1 & ~symbol2) | (digit1 & digit2 & ~symbol3);
      // For movetext(): a token of digits that goes on (a result, "0-0") or is longer, a
      // single letter, and a token that runs to the block's end (it may go on in the next).
      const uint64_t last_start = symbol >> 63 ? uint64_t(1) << (63 - std::countl_zero(starts)) : 0;
      const uint64_t aside = (starts & digit & ~number) | (starts & ~digit & ~symbol1) | last_start;
      const unsigned until = std::min(limit, aside ? unsigned(std::countr_zero(aside)) : 64u);
      uint64_t moves = starts & ~digit & (until == 64 ? ~uint64_t(0) : (uint64_t(1) << until) - 1);
      // Counted a block at a time (a member counted at every move was stored at every move):
      // a game whose moves pass the limit is not plain, whether or not it was played so far.
      if (depth == 0 && (main_moves_ += unsigned(std::popcount(moves))) > max_moves_) return Outcome::NotPlain;
      for (; moves; moves &= moves - 1) {
        const unsigned at = unsigned(std::countr_zero(moves));
        const unsigned length = unsigned(std::countr_one(symbol >> at));
        const uchar* word = base + at;
        if (!sink.move(std::string_view(reinterpret_cast<const char*>(word), length), place(word)))
          return Outcome::Stopped;
      }
      p_ = base + until;
      if (until == 64) continue;
      if (until < limit) return std::nullopt;  // a token for movetext()
      // A comment or a line's end, and the moves after it: read on here (see above).
      if (std::optional<Outcome> o = between_moves(sink); o != Outcome::Plain) return o;
    }
    return std::nullopt;
  }

  // At a byte of movetext that is no token's, blank or dot, in a run of moves: reads it as
  // movetext() does if it begins a comment or ends a line (Plain: the run goes on at p_);
  // else nullopt for movetext() to read it, or the game's scan ends here (its outcome).
  template <class Sink>
  std::optional<Outcome> between_moves(Sink& sink) {
    switch (*p_) {
      case '{': return comment(sink);
      case '\r':
      case '\n': return line_end();
      default: return std::nullopt;
    }
  }

  // A line's end at p_, and the checks at the start of the next line.
  Outcome line_end() {
    if (Outcome o = pass_line_end(); o != Outcome::Plain) return o;
    return new_movetext_line();
  }

  // A {} comment at p_. Most are a line's plain ASCII (an online game's clock after every
  // move, "{ [%clk 0:05:00] }"): those are read here, inline; the rest out of line.
  // (Out of line, the whole of it took 86 instructions a clock comment in callgrind, a fifth
  // of them saving and restoring registers.)
  template <class Sink>
  [[gnu::always_inline]] Outcome comment(Sink& sink) {
    const uchar* close = detail::plain_text_end(p_ + 1, end_);  // (stops at the first byte plain_text() weighs)
    const std::size_t length = std::size_t(close - p_ - 1);
    if (close < end_ && *close == '}' && length < max_comment_) [[likely]] {
      sink.comment(std::string_view(reinterpret_cast<const char*>(p_ + 1), length), here(p_));
      p_ = close + 1;
      return Outcome::Plain;
    }
    return any_comment(sink, close);
  }
  // The comment at p_, whose bytes before `close` plain_text() would pass over unweighed.
  template <class Sink>
  [[gnu::noinline]] Outcome any_comment(Sink& sink, const uchar* close) {
    const uchar* at = p_;
    Location where = here(at);  // before the comment's lines move the line count on
    p_ = close;  // (plain_text() goes on from the first byte it weighs)
    TextMarks marks;
    if (Outcome o = plain_text('}', marks); o != Outcome::Plain) return o;
    std::string_view text(reinterpret_cast<const char*>(at + 1), std::size_t(p_ - at - 1));
    if (marks.latin1) [[unlikely]]
      text = as_read(text, marks);
    if (text.size() >= max_comment_) return Outcome::NotPlain;
    sink.comment(text, where);
    if (marks.latin1) [[unlikely]]
      tell_encoding(sink);
    ++p_;
    return Outcome::Plain;
  }

  // Once a game, as the general reader says it: where its first byte read as Latin-1 is.
  template <class Sink>
  void tell_encoding(Sink& sink) {
    if (said_encoding_) return;
    sink.diagnostic(pgn::detail::latin1_warning(first_latin1_));
    said_encoding_ = true;
  }

  // `text` as the general reader reads it, kept as long as the scanner: unescaped, and its
  // bytes read as Latin-1 widened to UTF-8.
  std::string_view as_read(std::string_view text, TextMarks marks) {
    std::string out;
    if (marks.escaped) {
      out.reserve(text.size());
      for (std::size_t i = 0; i < text.size(); ++i)
        out += text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\') ? text[++i] : text[i];
    } else {
      out = text;
    }
    if (marks.latin1) {
      std::vector<std::size_t> where;
      out = pgn::detail::latin1_to_utf8(out, where);
    }
    return widened_.emplace_front(std::move(out));
  }

  template <class Sink>
  Outcome punctuation(Sink& sink, std::size_t& depth) {
    if (*p_ == '{') return comment(sink);
    const uchar* at = p_;
    switch (*p_++) {
      case '(':
        if (++depth > max_depth_) return Outcome::NotPlain;
        return sink.begin_variation() ? Outcome::Plain : Outcome::Stopped;
      case ')':
        if (depth == 0) return Outcome::NotPlain;
        --depth;
        return sink.end_variation() ? Outcome::Plain : Outcome::Stopped;
      case '$': {
        int nag = 0, digits = 0;
        while (p_ < end_ && *p_ >= '0' && *p_ <= '9' && digits < 4) nag = nag * 10 + (*p_++ - '0'), ++digits;
        if (p_ == end_ && !input_ends_) return Outcome::NeedMore;
        if (digits == 0 || digits > 3 || nag > 255) return Outcome::NotPlain;
        sink.nag(nag);
        return Outcome::Plain;
      }
      case '!':
      case '?': {
        skip_while([](uchar c) { return c == '!' || c == '?'; });
        if (p_ == end_ && !input_ends_) return Outcome::NeedMore;
        std::string_view g(reinterpret_cast<const char*>(at), std::size_t(p_ - at));
        const int nag = notation::glyph_nag(g);
        if (nag == 0) return Outcome::NotPlain;
        sink.nag(nag);
        return Outcome::Plain;
      }
      case '*':
        return finish(sink, "*", at, depth);
      default:  // '.'
        return Outcome::Plain;
    }
  }

  // The result: it must close the game's last line, outside any variation.
  template <class Sink>
  Outcome finish(Sink& sink, std::string_view result, const uchar* at, std::size_t depth) {
    if (depth != 0) return Outcome::NotPlain;
    Location where = here(at);
    content_end_ = std::size_t(p_ - begin_);
    skip_while(is_blank);
    if (p_ == end_) {
      if (!input_ends_) return Outcome::NeedMore;
      ++line_;  // the last line, without its newline
    } else if (*p_ != '\n' && *p_ != '\r') {
      return Outcome::NotPlain;
    } else if (Outcome o = pass_line_end(); o != Outcome::Plain) {
      return o;
    }
    game_end_ = std::size_t(p_ - begin_);
    finished_ = true;
    sink.result(result, where);
    return Outcome::Plain;
  }

  const uchar* begin_;
  const uchar* end_;
  const uchar* p_;
  const uchar* line_start_;
  bool input_ends_;
  std::size_t line_;
  std::size_t max_depth_, max_moves_, max_comment_, max_bytes_;
  std::size_t main_moves_ = 0;
  std::size_t first_line_of_text_ = 0;
  std::size_t game_begin_ = 0, game_end_ = 0, game_first_line_ = 0, content_end_ = 0;
  bool finished_ = false;  // the result was read
  Location first_latin1_;        // the first byte read as Latin-1 in the text plain_text() read last
  bool said_encoding_ = false;   // the sink was told where the game's first is
  // Those texts as read. A list: the views given out stay good, and an empty one costs
  // nothing (a deque allocates when it is made, once a game).
  std::forward_list<std::string> widened_;
};

}  // namespace chess::pgn::plain

namespace chess::pgn {

// The input at a game boundary, as a PlainTaker is offered it: `text` starts at a line
// start between games; `ends`: nothing follows it; `first_line`: its first line's number;
// `first_byte`: its first byte's place in the input; `ordinal`: the number the game gets.
struct PlainWindow {
  std::string_view text;
  bool ends = false;
  std::size_t first_line = 1, first_byte = 0, ordinal = 1;
  // The options of the reader offering it: its limits bound plain games too, its
  // input_byte maps the text's bytes to the input's. Null: the defaults.
  const ReaderOptions* reader = nullptr;
  const ReaderOptions& limits() const {
    static const ReaderOptions defaults;
    return reader ? *reader : defaults;
  }
  // The input's bytes of the game the scanner found in it.
  Span span(const plain::Scanner& s) const {
    std::size_t begin = first_byte + s.game_begin(), end = first_byte + s.content_end();
    if (reader && reader->input_byte) begin = reader->input_byte(begin), end = reader->input_byte(end);
    return {begin, end - begin};
  }
};

// Given the input at a game boundary, takes the plain game that starts there, if any.
class PlainTaker {
public:
  enum class Result { Taken, NotPlain, NeedMore };
  virtual ~PlainTaker() = default;
  // On Taken, `bytes` and `lines` say how much of the text the game (and what preceded
  // it) took.
  virtual Result take(const PlainWindow& window, std::size_t& bytes, std::size_t& lines) = 0;
};

}  // namespace chess::pgn
