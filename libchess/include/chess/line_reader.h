// Reading text input line by line with a bound on line length, so that no input can
// make a program hold unbounded memory. A line ends with LF, CRLF or a CR alone; a UTF-8
// BOM is dropped.
// Reads in blocks (memchr for line ends): this is the inner loop of every program.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

// The length of the line end at p (p points at a CR or an LF), as LineReader cuts lines:
// an LF; CRs and the LF after them, which make one line end ("\r\r\n" from a file
// converted twice); else a CR alone, which ends a line by itself (classic Mac OS, where
// "\r\r" before text is two line ends). 0 where the text ends among the CRs: what follows
// them decides. Every reader that finds line ends asks this, so that none counts a line
// another does not; inline, for the plain scanner asks it as it passes a game's lines.
template <class Char>
  requires(sizeof(Char) == 1)
inline std::size_t line_end_length(const Char* p, const Char* end) {
  if (*p == '\n') return 1;
  const Char* q = p + 1;
  while (q < end && *q == '\r') ++q;
  if (q == end) return 0;
  return *q == '\n' ? std::size_t(q - p) + 1 : 1;
}

class LineReader {
public:
  // `interactive`: take characters as they come (for a coprocess reading a pipe line by
  // line), instead of waiting for whole blocks.
  explicit LineReader(std::istream& in, std::size_t max_line = 1 << 20, bool interactive = false);
  // Over text already in memory, read in place (it must outlive the reader).
  explicit LineReader(std::string_view text, std::size_t max_line = 1 << 20);
  // False at end of input. `too_long` is set when the line was cut at the bound (the rest
  // of it is skipped).
  bool next(std::string& line, bool& too_long);
  // Like next, but a line longer than the bound comes in pieces of at most max_line
  // bytes: `more` says the line goes on in the next piece. Nothing is skipped; a reader
  // that can resume mid-line (a comment in PGN) loses nothing of a 100 MB line.
  bool next_piece(std::string& piece, bool& more);
  // Looking at the input directly, for readers that recognise whole records from their
  // bytes: the unread input from the start of the next line, at least `want` bytes of it
  // unless the input ends first (`ends` is then true). Not for interactive input.
  struct Window {
    std::string_view text;
    bool ends;
  };
  Window peek(std::size_t want);
  // Consumes the first `bytes` of the window, which hold `lines` whole lines.
  void skip(std::size_t bytes, std::size_t lines);
  // Whether the next byte begins a line (no line was left half read by next_piece).
  bool at_line_start() const { return !in_piece_; }
  std::size_t line_number() const { return line_no_; }
  std::size_t max_line() const { return max_; }
  std::size_t bytes_read() const { return bytes_; }
  // The input byte (from 0) where the text the last next_piece gave begins: a dropped BOM
  // and the pieces before it counted.
  std::size_t piece_start() const { return piece_start_; }
  bool read_error() const { return in_ && in_->bad(); }

  // How much is read at once (public for tests of what a block's end cuts). As long as the
  // longest plain game (MAX_PLAIN_GAME): a game the block's end cuts is scanned again from
  // its start once more is read, and an engine's game of 40 KB was cut in two blocks of
  // 64 KB in three (6% of validation's instructions on such games).
  static constexpr std::size_t BLOCK = 1 << 18;

private:
  bool refill();
  // The next LF in the block at or after pos_, or null. Kept from search to search: in a
  // file whose lines end with a CR alone, each line's search for an LF ran to the block's
  // end, and reading the block took a quarter megabyte of search per line.
  const char* next_lf();

  bool input_ends() const { return !in_ || !*in_; }

  std::istream* in_;  // null when reading text in memory
  std::size_t max_;
  bool interactive_;
  std::size_t line_no_ = 0;
  std::size_t bytes_ = 0, piece_start_ = 0;
  // BLOCK bytes, more while peek asks for more. Not zeroed when made: zeroing a quarter
  // megabyte (64 page faults) was a tenth of a program's start on a small file.
  std::unique_ptr<char[]> block_;
  std::size_t block_size_ = 0;
  const char* data_;         // what is read: the block, or the text in memory
  std::size_t pos_ = 0, end_ = 0;
  bool in_piece_ = false;  // next_piece stopped mid-line
  static constexpr std::size_t NOT_SEARCHED = std::size_t(-1), NONE = std::size_t(-2);
  std::size_t lf_ = NOT_SEARCHED;  // next_lf's answer: an index into the block, or those
};

}  // namespace chess

CHESS_PUBLIC_END
