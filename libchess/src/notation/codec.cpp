#include "chess/notation/codec.h"

#include <charconv>
#include <cstring>

namespace chess::notation {

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Unreadable: return "unreadable-move";
    case ErrorKind::Illegal: return "illegal-move";
    case ErrorKind::Ambiguous: return "ambiguous-move";
  }
  return "unreadable-move";
}

std::string Codec::move_number(int fullmove, Color side) const {
  return std::to_string(fullmove) + (side == WHITE ? "." : "...");
}

MoveNumbers::MoveNumbers(const Codec& codec) : codec_(codec) {
  for (Color side : {WHITE, BLACK}) {
    std::string twelve = codec.move_number(12, side), seven = codec.move_number(7, side);
    if (twelve.starts_with("12") && seven.starts_with("7") && twelve.substr(2) == seven.substr(1))
      suffix_[side] = twelve.substr(2);
    if (suffix_[side] && suffix_[side]->size() <= SHORT_SUFFIX)
      std::memcpy(short_suffix_[side], suffix_[side]->data(), suffix_[side]->size());
  }
}

void MoveNumbers::append(std::string& out, int fullmove, Color side) const {
  if (!suffix_[side]) {
    out += codec_.move_number(fullmove, side);
    return;
  }
  char digits[16];
  out.append(digits, std::size_t(std::to_chars(digits, digits + sizeof digits, fullmove).ptr - digits));
  out += *suffix_[side];
}

std::string_view MoveNumbers::spilled(int fullmove, Color side, std::string& spill) const {
  spill.clear();
  append(spill, fullmove, side);
  return spill;
}

std::string non_canonical_note(std::string_view text, std::string_view dialect, std::string_view canonical) {
  // One allocation: a file in long algebraic has a note a move.
  constexpr std::string_view a = "non-canonical '", b = "', canonical ", c = " is '", d = "'";
  std::string note;
  note.reserve(a.size() + text.size() + b.size() + dialect.size() + c.size() + canonical.size() + d.size());
  note.append(a).append(text).append(b).append(dialect).append(c).append(canonical).append(d);
  return note;
}

}  // namespace chess::notation
