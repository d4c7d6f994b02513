// The notation codecs: one interface, one implementation per dialect.
//
// parse() always resolves text against the legal moves of the position (never computes
// squares from text alone) and says precisely why it fails; format() writes the move in
// the dialect's canonical form. Every codec round-trips: parse(format(m)) == m.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "chess/notation/piece_origins.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::notation {

enum class ErrorKind {
  Unreadable,  // the text is not a move in this dialect at all
  Illegal,     // it reads as a move, but no legal move matches
  Ambiguous,   // several legal moves match and nothing decides between them
};

const char* to_string(ErrorKind kind);

struct NotationError {
  ErrorKind kind = ErrorKind::Unreadable;
  std::size_t column = 1;  // 1-based, in codepoints, within the move text
  std::string message;
  std::vector<Move> candidates;  // the legal moves that matched (ambiguous) or nearly matched

  // Where `column` is in the move's text, in bytes from its start (files' columns count
  // bytes: 马f9's bad 9 is 4 bytes in, though the 3rd codepoint).
  std::size_t byte_in(std::string_view text) const {
    std::size_t byte = 0;
    for (std::size_t seen = 1; byte < text.size() && seen < column; ++seen)
      do ++byte;
      while (byte < text.size() && (static_cast<unsigned char>(text[byte]) & 0xC0) == 0x80);
    return byte;
  }
};

struct ParseOptions {
  // Canonical text only: every deviation from what format() writes is an error.
  bool strict = false;
  // Descriptive notation: where each piece started (QR, KN...), when the caller tracks it.
  const PieceOrigins* origins = nullptr;
  // The moves that follow in the same line, for codecs that break ties by looking ahead.
  std::span<const std::string_view> following;
  // Report spelling variants (0-0 for O-O) as notes. Finding them means writing the
  // canonical text of every move; a caller that ignores them can skip that work.
  bool spelling_notes = true;
};

struct FormatOptions {
  // Descriptive notation names pieces by where they started; pass the same origins the
  // reader will use, so that what is written reads back as the same move.
  const PieceOrigins* origins = nullptr;
  // Inside PGN movetext, parentheses open variations: write N/Q2-B4, not N(Q2)-B4.
  bool pgn_safe = false;
  // '+', '#' or 0 when the caller knows whether the move checks or mates (it read the move
  // from canonical SAN, say); -1: the codec finds out, which means playing the move.
  int check_mark = -1;
};

// The words of the note on a spelling variant of a move, the same from every reader:
// "non-canonical 'Qg1+', canonical san is 'Qg1#'".
std::string non_canonical_note(std::string_view text, std::string_view dialect, std::string_view canonical);

// A lenient reading: the move was read, but not from the text format() would write.
struct ReadingNote {
  // True for plain spelling variants (0-0 for O-O, Ng1f3 for Nf3); false where the reader
  // had to choose (a lower-case b read as a bishop, a tie decided by the moves that
  // follow, a relaxed rule), which is always worth reporting.
  bool spelling_only;
  std::string message;
};

struct ParseResult {
  Move move = Move::none();
  std::optional<NotationError> error;
  std::vector<ReadingNote> notes;
  bool ok() const { return !error; }
};

class Codec {
public:
  virtual ~Codec() = default;
  virtual std::string_view name() const = 0;
  // The position is left as it was given (codecs may try moves on it and take them back).
  virtual ParseResult parse(Position& pos, std::string_view text, const ParseOptions& options = {}) const = 0;
  virtual std::string format(Position& pos, Move move, const FormatOptions& options) const = 0;
  std::string format(Position& pos, Move move) const { return format(pos, move, FormatOptions{}); }
  // What callers may count on, asked of the codec rather than of its name:
  // its text is PGN's canonical SAN, which the one-pass readers read and play directly;
  virtual bool writes_canonical_san() const { return false; }
  // it names pieces by where they started (descriptive), so readers and writers of a
  // line of moves keep a PieceOrigins up to date and pass it in the options.
  virtual bool uses_piece_origins() const { return false; }
  // its move lists stand one to a line, each from its position (UCI's, as "position ...
  // moves" takes them): a line without move numbers after another is a list of its own,
  // never the game of the line before going on;
  virtual bool one_list_per_line() const { return false; }
  // How a null move (a pass) is written: "--" (PGN's common extension), "0000" in UCI.
  virtual std::string_view null_move() const { return "--"; }
  // How this dialect numbers moves in a game score: "12." / "12..." or "12" / "12 ...".
  virtual std::string move_number(int fullmove, Color side) const;
};

// A dialect's move numbers for writers of whole games: the suffix for each side ("12." and
// "12...", or "12" and "12 ...") is learnt once from move_number(), and numbers are then
// written as digits, not asked for one string at a time. A dialect that numbers otherwise
// is asked each time.
class MoveNumbers {
public:
  explicit MoveNumbers(const Codec& codec);
  void append(std::string& out, int fullmove, Color side) const;
  // The number's text, written in `room` when it is digits and a short suffix (SAN's, UCI's
  // none), else in `spill`: a writer adds a number for every white move, and building a
  // string for each cost three copies.
  static constexpr std::size_t ROOM = 32;
  std::string_view text(char (&room)[ROOM], int fullmove, Color side, std::string& spill) const {
    if (!suffix_[side] || suffix_[side]->size() > SHORT_SUFFIX) return spilled(fullmove, side, spill);
    char* end = std::to_chars(room, room + ROOM - SHORT_SUFFIX, fullmove).ptr;
    std::memcpy(end, short_suffix_[side], SHORT_SUFFIX);  // all of it: a fixed-size copy, no call
    return {room, std::size_t(end - room) + suffix_[side]->size()};
  }
  const Codec& codec() const { return codec_; }

private:
  std::string_view spilled(int fullmove, Color side, std::string& spill) const;
  const Codec& codec_;
  std::optional<std::string> suffix_[COLOR_NB];
  static constexpr std::size_t SHORT_SUFFIX = 16;  // (an int's digits and this fit ROOM)
  char short_suffix_[COLOR_NB][SHORT_SUFFIX] = {};
};

}  // namespace chess::notation

CHESS_PUBLIC_END
