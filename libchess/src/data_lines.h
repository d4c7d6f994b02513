// The data files the library ships as text (rule sets, the opening table), read line by
// line, each error said as "source:line: why".
#pragma once

#include <string>
#include <string_view>

namespace chess {

class DataLines {
public:
  DataLines(std::string_view text, std::string_view source) : text_(text), source_(source) {}
  // The next line, without its '\n'; false at the end of the text.
  bool next(std::string_view& line) {
    if (text_.empty()) return false;
    std::size_t end = text_.find('\n');
    line = text_.substr(0, end);
    text_ = end == std::string_view::npos ? std::string_view() : text_.substr(end + 1);
    ++number_;
    return true;
  }
  std::size_t number() const { return number_; }
  // "source:N: why", N the line last read (or `at`, another line, 0 for the file as a whole).
  std::string error(const std::string& why) const { return error_at(number_, why); }
  std::string error_at(std::size_t at, const std::string& why) const {
    return std::string(source_) + ":" + std::to_string(at) + ": " + why;
  }

private:
  std::string_view text_, source_;
  std::size_t number_ = 0;
};

}  // namespace chess
