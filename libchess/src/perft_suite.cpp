#include "chess/perft_suite.h"

#include <charconv>
#include <string_view>

namespace chess {
namespace {

// NUL and CR are stripped along with blanks: real suites carry both at line ends.
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\0' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with_word(std::string_view s, std::string_view word) {
  return s.size() > word.size() && s.substr(0, word.size()) == word && is_blank(s[word.size()]);
}

bool parse_count(std::string_view text, uint64_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

// A suite line is a FEN and a few counts; anything near this long is not a suite, and
// reading it whole would let one hostile line take all memory.
constexpr std::size_t MAX_LINE = 64 * 1024;

// Reads one line, keeping at most MAX_LINE bytes of it; `too_long` says if more was skipped.
bool read_line(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buf = in.rdbuf();
  for (;;) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty() || too_long;
    }
    if (c == '\n') return true;
    if (line.size() < MAX_LINE) line += char(c);
    else too_long = true;
  }
}

class SuiteReader {
public:
  PerftSuite read(std::istream& in) {
    bool too_long = false;
    while (read_line(in, line_, too_long)) {
      ++line_no_;
      if (too_long) {
        finish_block();
        error(line_, "line longer than " + std::to_string(MAX_LINE / 1024) + " KiB: not a perft suite line");
        continue;
      }
      std::string_view line = trim(line_);
      if (line.empty() || line.front() == '#') continue;
      if (starts_with_word(line, "id")) {
        pending_id_ = std::string(trim(line.substr(2)));
      } else if (starts_with_word(line, "epd") || starts_with_word(line, "fen")) {
        finish_block();
        std::string_view fen = trim(line.substr(3));
        block_ = PerftCase{std::move(pending_id_), std::string(fen), line_no_, column_of(fen), {}};
        pending_id_.clear();
        in_block_ = true;
      } else if (starts_with_word(line, "perft")) {
        read_block_perft(line);
      } else {
        finish_block();
        read_epd_line(line);
      }
    }
    finish_block();
    return std::move(suite_);
  }

private:
  std::size_t column_of(std::string_view part) const { return std::size_t(part.data() - line_.data()) + 1; }

  void error(std::string_view at, std::string message) {
    suite_.errors.push_back({line_no_, column_of(at), std::move(message)});
  }

  void finish_block() {
    if (!in_block_) return;
    in_block_ = false;
    if (block_ok_) suite_.cases.push_back(std::move(block_));
    block_ok_ = true;
  }

  void read_block_perft(std::string_view line) {
    std::string_view rest = trim(line.substr(5));
    if (!in_block_) {
      error(line, "'perft' line with no 'epd' line before it");
      return;
    }
    auto space = rest.find_first_of(" \t");
    std::string_view depth_text = rest.substr(0, space);
    std::string_view count_text = space == std::string_view::npos ? std::string_view() : trim(rest.substr(space));
    uint64_t depth = 0, nodes = 0;
    if (!parse_count(depth_text, depth) || depth > 63) {
      error(depth_text.empty() ? line : depth_text, "expected 'perft DEPTH NODES' with DEPTH a whole number");
      block_ok_ = false;
    } else if (!parse_count(count_text, nodes)) {
      error(count_text.empty() ? line : count_text,
            "expected a node count after 'perft " + std::string(depth_text) + "', found '" + std::string(count_text) + "'");
      block_ok_ = false;
    } else {
      block_.expected.push_back({int(depth), nodes});
    }
  }

  void read_epd_line(std::string_view line) {
    std::size_t semi = line.find(';');
    std::string_view fen = trim(line.substr(0, semi));
    PerftCase c{{}, std::string(fen), line_no_, column_of(fen), {}};
    while (semi != std::string_view::npos) {
      std::size_t next = line.find(';', semi + 1);
      std::string_view op = trim(line.substr(semi + 1, next == std::string_view::npos ? next : next - semi - 1));
      semi = next;
      if (op.empty()) continue;
      if (starts_with_word(op, "id")) {
        std::string_view id = trim(op.substr(2));
        if (id.size() >= 2 && id.front() == '"' && id.back() == '"') id = id.substr(1, id.size() - 2);
        c.id = std::string(id);
        continue;
      }
      std::size_t digits = 1;
      while (digits < op.size() && op[digits] >= '0' && op[digits] <= '9') ++digits;
      uint64_t depth = 0, nodes = 0;
      if (op[0] != 'D' || digits == 1 || !parse_count(op.substr(1, digits - 1), depth) || depth > 63) {
        error(op, "expected an operation such as 'D5 4865609', found '" + std::string(op) + "'");
        return;
      }
      std::string_view count = trim(op.substr(digits));
      if (!parse_count(count, nodes)) {
        error(count.empty() ? op : count,
              "expected a node count after 'D" + std::to_string(depth) + "', found '" + std::string(count) + "'");
        return;
      }
      for (const auto& e : c.expected)
        if (e.depth == int(depth)) {  // which count is the suite's?
          error(op, "D" + std::to_string(depth) + " given twice on the line");
          return;
        }
      c.expected.push_back({int(depth), nodes});
    }
    suite_.cases.push_back(std::move(c));
  }

  PerftSuite suite_;
  std::string line_;
  std::size_t line_no_ = 0;
  std::string pending_id_;
  PerftCase block_;
  bool in_block_ = false;
  bool block_ok_ = true;
};

}  // namespace

PerftSuite read_perft_suite(std::istream& in) { return SuiteReader().read(in); }

}  // namespace chess
