// English descriptive notation (P-K4, N-KB3, QxP ch, R(QR3)-Q3, PxP e.p.), read as printed
// in books and written in its shortest unambiguous form (NOTATION.md section 3).
#pragma once

#include <memory>
#include <vector>

#include "chess/notation/codec.h"

namespace chess::notation {

struct DescriptiveStyle {
  const char* name;
  bool kt;         // "Kt" for the knight (older books) instead of "N"
  bool plus_mark;  // "+" and "#" instead of " ch" and " mate"
};

std::vector<std::unique_ptr<Codec>> make_descriptive_codecs();

}  // namespace chess::notation
