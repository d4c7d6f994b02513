// The coordinate family: UCI, ICCF numeric and Smith notation. Each names the origin
// and destination squares outright, so reading is matching (from, to, promotion).
#pragma once

#include <memory>
#include <vector>

#include "chess/notation/codec.h"

namespace chess::notation {

std::vector<std::unique_ptr<Codec>> make_coordinate_codecs();

}  // namespace chess::notation
