// Reading text input line by line with a bound on line length, so that no input can
// make a program hold unbounded memory. CR before LF and a UTF-8 BOM are dropped.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace tools {

class LineReader {
public:
  explicit LineReader(std::istream& in, std::size_t max_line = 1 << 20) : in_(in), max_(max_line) {}
  // False at end of input. `too_long` is set when the line was cut at the bound (the rest
  // of it is skipped).
  bool next(std::string& line, bool& too_long);
  std::size_t line_number() const { return line_no_; }
  std::size_t max_line() const { return max_; }

private:
  std::istream& in_;
  std::size_t max_;
  std::size_t line_no_ = 0;
};

}  // namespace tools
