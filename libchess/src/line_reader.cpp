#include "chess/line_reader.h"

#include <cstring>

namespace chess {

LineReader::LineReader(std::istream& in, std::size_t max_line, bool interactive)
    : in_(&in),
      max_(max_line),
      interactive_(interactive),
      block_(std::make_unique_for_overwrite<char[]>(BLOCK)),
      block_size_(BLOCK),
      data_(block_.get()) {}

LineReader::LineReader(std::string_view text, std::size_t max_line)
    : in_(nullptr), max_(max_line), interactive_(false), data_(text.data()), end_(text.size()) {}

bool LineReader::refill() {
  if (input_ends()) return false;
  std::istream& in = *in_;
  pos_ = 0;
  lf_ = NOT_SEARCHED;
  if (interactive_) {  // one character at a time, up to the end of the line
    end_ = 0;
    std::streambuf* buf = in.rdbuf();
    for (int c; end_ < BLOCK && (c = buf->sbumpc()) != std::char_traits<char>::eof();) {
      block_[end_++] = char(c);
      if (c == '\n') break;
    }
    if (end_ == 0) in.setstate(std::ios::eofbit);
    return end_ > 0;
  }
  in.read(block_.get(), std::streamsize(block_size_));
  end_ = std::size_t(in.gcount());
  return end_ > 0;
}

LineReader::Window LineReader::peek(std::size_t want) {
  if (end_ - pos_ < want && !input_ends()) {
    // Move what is unread to the front, make room, and fill the rest.
    std::memmove(block_.get(), block_.get() + pos_, end_ - pos_);
    end_ -= pos_;
    pos_ = 0;
    lf_ = NOT_SEARCHED;
    if (block_size_ < want) {
      auto larger = std::make_unique_for_overwrite<char[]>(want);
      std::memcpy(larger.get(), block_.get(), end_);
      block_ = std::move(larger);
      block_size_ = want;
    }
    data_ = block_.get();
    while (end_ < block_size_ && !input_ends()) {
      in_->read(block_.get() + end_, std::streamsize(block_size_ - end_));
      end_ += std::size_t(in_->gcount());
    }
  }
  return {std::string_view(data_ + pos_, end_ - pos_), input_ends()};
}

void LineReader::skip(std::size_t bytes, std::size_t lines) {
  pos_ += bytes;
  bytes_ += bytes;
  line_no_ += lines;
}

bool LineReader::next(std::string& line, bool& too_long) {
  bool more;
  if (!next_piece(line, more)) return false;
  too_long = more;
  // The rest of an over-long line is read and dropped, a piece at a time: memory stays
  // bounded by the line limit.
  std::string rest;
  while (more && next_piece(rest, more)) {
  }
  return true;
}

const char* LineReader::next_lf() {
  if (lf_ == NOT_SEARCHED || (lf_ != NONE && lf_ < pos_)) {
    const char* lf = static_cast<const char*>(std::memchr(data_ + pos_, '\n', end_ - pos_));
    lf_ = lf ? std::size_t(lf - data_) : NONE;
  }
  return lf_ == NONE ? nullptr : data_ + lf_;
}

bool LineReader::next_piece(std::string& piece, bool& more) {
  piece.clear();
  more = false;
  bool any = false;
  piece_start_ = bytes_;
  for (;;) {
    if (pos_ == end_ && !refill()) {
      if (!any && !in_piece_) return false;
      break;
    }
    any = true;
    const char* start = data_ + pos_;
    // A CR that ended the last block ended the line, unless this block goes on to an LF
    // (after more CRs or none) or ends among more CRs (the next block then decides).
    if (!piece.empty() && piece.back() == '\r' && *start != '\n' &&
        (*start != '\r' || line_end_length(start, data_ + end_) == 1))
      break;
    const char* newline = next_lf();
    std::size_t len = newline ? std::size_t(newline - start) : end_ - pos_;
    if (const char* cr = static_cast<const char*>(std::memchr(start, '\r', len));
        cr && line_end_length(cr, start + len) == 1) {
      newline = cr;  // the CRs end this line
      len = std::size_t(cr - start);
    }
    std::size_t room = max_ - piece.size();
    if (len > room) {  // the piece is full: the line continues
      piece.append(start, room);
      pos_ += room;
      bytes_ += room;
      more = true;
      break;
    }
    piece.append(start, len);
    pos_ += len + (newline ? 1 : 0);
    bytes_ += len + (newline ? 1 : 0);
    if (newline) break;
  }
  bool first_piece = !in_piece_;
  in_piece_ = more;
  if (first_piece) ++line_no_;
  while (!more && !piece.empty() && piece.back() == '\r') piece.pop_back();
  if (first_piece && line_no_ == 1 && piece.starts_with("\xEF\xBB\xBF")) {
    piece.erase(0, 3);
    piece_start_ += 3;
  }
  return true;
}

}  // namespace chess
