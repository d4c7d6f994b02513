#include "chess/notation/move_text.h"

#include <cctype>
#include <string>

namespace chess::notation {
namespace {

bool is_space_at(std::string_view s, std::size_t i, std::size_t& width) {
  unsigned char c = s[i];
  if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f') return width = 1, true;
  if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return width = 2, true;
  if (c == 0xE3 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
      static_cast<unsigned char>(s[i + 2]) == 0x80)
    return width = 3, true;
  return false;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  while (!out.empty() && (out.back() == '.' || out.back() == ',')) out.pop_back();
  return out;
}

// Words that only ever qualify the move before them.
bool is_suffix_word(std::string_view word) {
  std::string w = lower(word);
  return w == "ch" || w == "check" || w == "dis" || w == "dbl" || w == "mate" || w == "e.p" || w == "ep" ||
         w == "sq" || w == "(ep)" || w == "dis.ch" || w == "dbl.ch";
}

bool is_castles(std::string_view word) { return lower(word).starts_with("castle"); }
bool is_castle_side(std::string_view word) {
  std::string w = lower(word);
  return w == "kr" || w == "qr" || w == "k" || w == "q" || w == "kingside" || w == "queenside" || w == "(kr)" ||
         w == "(qr)" || w == "short" || w == "long";
}

std::string_view normalised_result(std::string_view w) {
  // Not "+-", "-+" or "=": in annotated text those are evaluations, not results.
  if (w == "1-0" || w == "1:0") return "1-0";
  if (w == "0-1" || w == "0:1") return "0-1";
  if (w == "1/2-1/2" || w == "1/2" || w == "½-½" || w == "½:½" || w == "1/2:1/2") return "1/2-1/2";
  if (w == "*") return "*";
  return {};
}

}  // namespace

MoveText split_move_text(std::string_view line) {
  MoveText out;
  std::size_t i = 0;
  while (i < line.size()) {
    std::size_t w;
    if (is_space_at(line, i, w)) {
      i += w;
      continue;
    }
    char c = line[i];
    if (c == '{' || c == '(') {  // comments and variations: not part of the main line's moves
      int depth = 0;
      char open = c, close = c == '{' ? '}' : ')';
      for (; i < line.size(); ++i) {
        if (line[i] == open) ++depth;
        else if (line[i] == close && --depth == 0) break;
      }
      ++i;
      out.skipped_comments = true;
      continue;
    }
    if (c == ';') {
      out.skipped_comments = true;
      break;
    }
    std::size_t start = i;
    while (i < line.size() && !is_space_at(line, i, w) && line[i] != '{' && line[i] != '(' && line[i] != ';') ++i;
    std::string_view word = line.substr(start, i - start);
    std::size_t column = start + 1;

    if (auto r = normalised_result(word); !r.empty()) {
      out.result = r;
      continue;
    }
    if (word[0] == '$') continue;  // NAG
    if (word.find_first_not_of("!?") == std::string_view::npos) continue;  // glyph alone
    // Move numbers: "12.", "12...", "12", "...", glued ones ("12.e4", "12...Nf6").
    std::size_t digits = 0;
    while (digits < word.size() && word[digits] >= '0' && word[digits] <= '9') ++digits;
    std::size_t dots = digits;
    while (dots < word.size() && (word[dots] == '.' || word.substr(dots).starts_with("\u2026"))) {
      dots += word[dots] == '.' ? 1 : 3;
    }
    bool bare_number = digits == word.size() && digits <= 3;  // four digits or more: an ICCF move
    if ((digits > 0 && dots > digits) || bare_number || (digits == 0 && dots == word.size())) {
      if (digits > 0) out.numbered = true;
      if (dots == word.size() || bare_number) continue;
      word.remove_prefix(dots);
      column += dots;
    }
    if (!out.moves.empty() && (is_suffix_word(word) || (is_castles(out.moves.back().text) && is_castle_side(word)))) {
      MoveToken& prev = out.moves.back();
      std::size_t prev_start = prev.column - 1;
      std::size_t end = std::size_t(word.data() - line.data()) + word.size();
      prev.text = line.substr(prev_start, end - prev_start);
      continue;
    }
    out.moves.push_back({word, column});
  }
  return out;
}

}  // namespace chess::notation
