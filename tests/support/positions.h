// A position from a FEN the test knows to be good (Chess960 castling read from it when
// asked), for the unit tests.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "chess/position.h"

namespace test_support {

inline chess::Position from(const std::string& fen, bool chess960 = false) {
  chess::FenOptions o;
  if (chess960) o.chess960 = chess::Chess960Mode::On;
  chess::FenResult r = chess::Position::from_fen(fen, o);
  INFO(fen);
  REQUIRE(r.ok());
  return r.position;
}

}  // namespace test_support
