#include "common/line_reader.h"

namespace tools {

bool LineReader::next(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buf = in_.rdbuf();
  bool any = false;
  for (;;) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in_.setstate(std::ios::eofbit);
      if (!any) return false;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < max_) line += char(c);
    else too_long = true;
  }
  ++line_no_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line_no_ == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
  return true;
}

}  // namespace tools
