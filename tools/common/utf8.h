// UTF-8 as the tools check it: JSON strings, quoted input in messages, encoding detection.
#pragma once

#include "chess/utf8.h"

namespace tools {

// The length of the well-formed UTF-8 sequence starting at s[i], or 0 if it is not one.
using chess::utf8_length;

}  // namespace tools
