#include "chess/notation/codec.h"

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

}  // namespace chess::notation
