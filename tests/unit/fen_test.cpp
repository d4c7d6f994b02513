#include <catch2/catch.hpp>

#include "chess/position.h"

using namespace chess;

namespace {

FenError error_of(const std::string& fen, FenOptions options = {}) {
  FenResult r = Position::from_fen(fen, options);
  REQUIRE_FALSE(r.ok());
  return *r.error;
}

void check_error(const std::string& fen, FenField field, std::size_t column, const std::string& fragment,
                 FenOptions options = {}) {
  INFO(fen);
  FenError e = error_of(fen, options);
  INFO(e.message);
  CHECK(e.field == field);
  CHECK(e.column == column);
  CHECK_THAT(e.message, Catch::Contains(fragment));
}

}  // namespace

TEST_CASE("FEN round trips unchanged", "[fen]") {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",  // e.p. square with no capturer
      "8/8/8/8/k2Pp3/8/8/4K3 b - d3 0 57",
      "r3k3/8/8/8/8/8/8/4K2R b Kq - 99 150",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Shredder-FEN
      "4k3/8/8/8/8/8/8/4K1RR w G - 0 1",                                   // X-FEN inner rook
  };
  for (const char* fen : fens) {
    INFO(fen);
    FenResult r = Position::from_fen(fen);
    REQUIRE(r.ok());
    CHECK(r.position.fen() == fen);
  }
}

TEST_CASE("The default position is the start position", "[fen]") {
  CHECK(Position().fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST_CASE("EPD's four fields read leniently, with clocks 0 and 1", "[fen]") {
  FenResult r = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq -");
  REQUIRE(r.ok());
  CHECK(r.position.fen() == "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  FenOptions strict;
  strict.allow_epd = false;
  check_error("r3k2r/8/8/8/8/8/8/R3K2R b KQkq -", FenField::Record, 33, "expected 6 fields", strict);
}

TEST_CASE("Chess960 castling fields: X-FEN and Shredder-FEN in and out", "[fen][chess960]") {
  FenOptions c960;
  c960.chess960 = Chess960Mode::On;
  // KQkq with king and rooks off their standard squares can only be X-FEN: read so with
  // or without Chess960 mode (as Chess960 sources write their start positions).
  const std::string xfen = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1";
  for (const FenOptions& options : {FenOptions{}, c960}) {
    FenResult read = Position::from_fen(xfen, options);
    REQUIRE(read.ok());
    CHECK(read.position.chess960());
    CHECK(read.position.castling_rook_square(WHITE_OO) == SQ_E1);
  }
  // A castled king with a right left over is a standard FEN's mistake, not Chess960.
  check_error("rnbq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQq - 0 1", FenField::Castling, 61,
              "needs the black king on e8");
  // A standard position stays standard.
  CHECK_FALSE(Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").position.chess960());
  FenResult r = Position::from_fen(xfen, c960);
  REQUIRE(r.ok());
  CHECK(r.position.chess960());
  CHECK(r.position.castling_rook_square(WHITE_OO) == SQ_E1);
  CHECK(r.position.castling_rook_square(WHITE_OOO) == SQ_A1);
  CHECK(r.position.fen() == xfen);
  CHECK(r.position.fen({CastlingNotation::Shredder}) == "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");

  // File letters switch Chess960 on by themselves, and are kept on output.
  FenResult s = Position::from_fen("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");
  REQUIRE(s.ok());
  CHECK(s.position.chess960());
  CHECK(s.position.fen() == "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");
  CHECK(s.position.fen({CastlingNotation::XFen}) == xfen);

  // An inner rook gets its file letter in X-FEN; KQkq means the outermost rook.
  FenResult inner = Position::from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
  REQUIRE(inner.ok());
  CHECK(inner.position.castling_rook_square(WHITE_OO) == SQ_G1);
  CHECK(inner.position.fen({CastlingNotation::XFen}) == "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
  FenResult outer = Position::from_fen("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", c960);
  REQUIRE(outer.ok());
  CHECK(outer.position.castling_rook_square(WHITE_OO) == SQ_H1);
  CHECK(outer.position.fen({CastlingNotation::Shredder}) == "4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
}

TEST_CASE("The e.p. field: written always, or only when a capture is legal", "[fen]") {
  // NOTATION.md 1.3: after 1.e4 here, ...dxe3 would expose the king on a4 to the rook.
  FenResult r = Position::from_fen("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
  REQUIRE(r.ok());
  Position pos = r.position;
  pos.make_move(Move(SQ_E2, SQ_E4));
  CHECK(pos.fen() == "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
  CHECK(pos.fen({CastlingNotation::AsRead, EpNotation::IfLegal}) == "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
  FenResult legal = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  REQUIRE(legal.ok());
  CHECK(legal.position.fen({CastlingNotation::AsRead, EpNotation::IfLegal}) == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

TEST_CASE("Every malformed FEN field gets its own precise error", "[fen][errors]") {
  SECTION("field count") {
    check_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", FenField::Record, 55, "found 5");
    check_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FenField::Record, 58, "found 7");
    check_error("", FenField::Record, 1, "found 0");
  }
  SECTION("placement") {
    check_error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 17,
                "rank 7 describes 7 squares, expected 8");
    check_error("rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 21,
                "rank 6 describes more than 8 squares");
    check_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 19, "unexpected '9'");
    check_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenField::Placement, 43,
                "unexpected 'X': expected a piece letter");
    check_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 42, "found 7 ranks");
    check_error("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 37,
                "more than 8 ranks");
  }
  SECTION("kings") {
    check_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", FenField::Placement, 1, "no white king");
    check_error("rnbqkbnr/pppppppp/8/8/8/3k4/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 1,
                "more than one black king");
    // Side by side: said as such, whoever is to move (it was "Black is in check (from a1)").
    check_error("8/8/8/8/8/8/8/Kk6 w - - 0 1", FenField::Placement, 1, "the kings stand side by side (a1 and b1)");
    check_error("8/8/8/8/8/8/8/Kk6 b - - 0 1", FenField::Placement, 1, "the kings stand side by side (b1 and a1)");
  }
  SECTION("pawns on the first or last rank") {
    check_error("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", FenField::Placement, 8,
                "White pawn on rank 8");
    check_error("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", FenField::Placement, 17, "Black pawn on rank 1");
  }
  SECTION("side to move") {
    check_error("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenField::SideToMove, 21, "expected 'w' or 'b'");
    check_error("4k3/8/8/8/8/8/8/4K3 W - - 0 1", FenField::SideToMove, 21, "expected 'w' or 'b'");
    check_error("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenField::SideToMove, 23,
                "Black is in check (from e1) but it is White's turn");
  }
  SECTION("castling rights that do not match king and rooks") {
    check_error("4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenField::Castling, 23, "needs a white rook on h1");
    check_error("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", FenField::Castling, 25, "needs a white rook on h1");
    // The king off e1 with a rook on its h-side: X-FEN's Chess960 right, not an error.
    CHECK(Position::from_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1").position.chess960());
    check_error("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", FenField::Castling, 30, "unexpected 'x'");
    check_error("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", FenField::Castling, 28, "repeats");
    check_error("4k3/8/8/8/8/8/8/4K3 w H - 0 1", FenField::Castling, 23, "no white rook on h1");
    check_error("4k3/8/8/8/8/8/4K3/R7 w Q - 0 1", FenField::Castling, 24, "not on its first rank");
    FenOptions c960;
    c960.chess960 = Chess960Mode::On;
    check_error("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", FenField::Castling, 24, "no white rook stands on the h-side",
                c960);
  }
  SECTION("impossible e.p. squares") {
    check_error("4k3/8/8/4pP2/8/8/8/4K3 w - e5 0 1", FenField::EnPassant, 28, "expected a square on rank 6");
    check_error("4k3/8/8/5P2/8/8/8/4K3 w - e6 0 1", FenField::EnPassant, 27, "no black pawn on e5");
    check_error("4k3/4n3/8/4pP2/8/8/8/4K3 w - e6 0 1", FenField::EnPassant, 30, "e7 is occupied");
    check_error("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenField::EnPassant, 25, "expected '-' or a square");
  }
  SECTION("clocks") {
    check_error("4k3/8/8/8/8/8/8/4K3 w - - x 1", FenField::HalfmoveClock, 27, "expected a non-negative whole number");
    check_error("4k3/8/8/8/8/8/8/4K3 w - - 0 -1", FenField::FullmoveNumber, 29, "non-negative whole number");
    check_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", FenField::FullmoveNumber, 30, "non-negative whole number");
    check_error("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", FenField::HalfmoveClock, 27, "too large");
  }
}
