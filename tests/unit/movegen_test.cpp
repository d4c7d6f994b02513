#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>

#include "chess/movegen.h"
#include "chess/perft.h"
#include "chess/perft_suite.h"
#include "chess/uci_move.h"
#include "perft_board.h"  // the library's private board for perft, compared here with its generator
#include "support/positions.h"

using namespace chess;

namespace {

using test_support::from;

PerftSuite fixture(const std::string& name) {
  std::ifstream in(std::string(CHESS_FIXTURES_DIR) + "/" + name);
  REQUIRE(in);
  PerftSuite suite = read_perft_suite(in);
  REQUIRE(suite.errors.empty());
  return suite;
}

}  // namespace

TEST_CASE("Perft of the well-known positions matches the published counts", "[movegen][perft]") {
  for (const char* name : {"perft-sample.epd", "perft-blocks.perft"}) {
    for (const PerftCase& c : fixture(name).cases) {
      Position pos = from(c.fen, true);
      for (const auto& e : c.expected) {
        if (e.nodes > 5'000'000) continue;  // the fen-perft CLI test runs the deep ones
        INFO(c.id << " depth " << e.depth);
        CHECK(perft(pos, e.depth) == e.nodes);
      }
    }
  }
}

TEST_CASE("Threads and the table change nothing but speed", "[perft]") {
  Position pos = from("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  PerftResult plain = chess::perft(pos, 4, PerftOptions{1, 0});
  PerftResult fast = chess::perft(pos, 4, PerftOptions{3, 16});
  CHECK(plain.nodes == 4085603);
  CHECK(fast.nodes == plain.nodes);
  REQUIRE(fast.divide.size() == 48);
  uint64_t sum = 0;
  for (std::size_t i = 0; i < fast.divide.size(); ++i) {
    CHECK(fast.divide[i].move == plain.divide[i].move);
    CHECK(fast.divide[i].nodes == plain.divide[i].nodes);
    sum += fast.divide[i].nodes;
  }
  CHECK(sum == 4085603);
  // A table reused across positions must not carry counts from one to the other.
  Perft reused(PerftOptions{2, 8});
  for (int round = 0; round < 2; ++round) {
    CHECK(reused.run(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 5).nodes == 4865609);
    CHECK(reused.run(pos, 4).nodes == 4085603);
  }
}

// Perft::run counts below the root's replies on a board of its own (perft_board.h); the
// one-argument perft() on the library's generator. They must agree move for move on
// positions random games reach: castling rights half lost, e.p. squares, promotions,
// pins and checks, in standard chess and Chess960, with and without the table.
TEST_CASE("The perft board agrees with the library's generator", "[movegen][perft]") {
  std::mt19937_64 rng(11);
  const std::pair<const char*, bool> starts[] = {
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
      {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", true},
      {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true},
  };
  Perft plain(PerftOptions{1, 0}), tabled(PerftOptions{1, 4});
  int compared = 0;
  for (auto [start, chess960] : starts)
    for (int game = 0; game < 12; ++game) {
      Position pos = from(start, chess960);
      for (int ply = 0; ply < 80; ++ply) {
        MoveList moves;
        generate_legal(pos, moves);
        INFO(pos.fen());
        REQUIRE(perft_board::count_moves(perft_board::from_position(pos)) == uint64_t(moves.size()));
        if (moves.empty()) break;
        if (ply % 4 == 0) {
          INFO(pos.fen());
          const int depth = 3 + ply % 8 / 4;  // 3 or 4: the board counts at one and two plies
          PerftResult fast = plain.run(pos, depth), kept = tabled.run(pos, depth);
          REQUIRE(fast.divide.size() == std::size_t(moves.size()));
          for (const DivideEntry& e : fast.divide) {
            Position after = pos;
            after.make_move(e.move);
            INFO(to_uci(pos, e.move));
            REQUIRE(e.nodes == perft(after, depth - 1));
          }
          CHECK(kept.nodes == fast.nodes);
          ++compared;
        }
        pos.make_move(moves.moves[rng() % moves.size()]);
      }
    }
  CHECK(compared > 200);
}

// Positions a game cannot reach but a FEN can, and the rare ones: the board must count as
// the generator does, and as worked out by hand.
TEST_CASE("The perft board on the corner cases of e.p. and Chess960 castling", "[movegen][perft]") {
  struct Case {
    const char* fen;
    bool chess960;
    uint64_t moves;
    const char* why;
  } cases[] = {
      {"8/8/8/8/3Pp3/k7/2N5/7K b - d3 0 1", false, 4,
       "checked by a knight: exd3 e.p. does not answer it; Ka2 Ka4 Kb2 Kb3"},
      {"8/8/8/8/k2Pp2Q/8/8/7K b - d3 0 1", false, 6,
       "exd3 e.p. would take both pawns off the queen's rank: Ka3 Ka5 Kb3 Kb4 Kb5 e3"},
      {"4k3/8/8/8/8/8/8/qRK5 w B - 0 1", true, 4,
       "castling b1 to d1 would uncover the queen on a1: Kc2 Kd1 Kd2 Rxa1"},
      {"4k3/8/8/8/8/8/4PPPb/4BKR1 w G - 0 1", true, 11,
       "king f1 boxed in, castling onto its rook's g1, which the bishop on h2 attacks: 4 bishop moves, Rh1, 6 pawn moves"},
      {"4k3/8/8/8/8/8/8/1R1K4 w B - 0 1", true, 15,
       "king d1, rook b1: 0-0-0 (king to c1, rook to d1), 5 king steps, 9 rook moves"},
  };
  for (const Case& c : cases) {
    INFO(c.fen << ": " << c.why);
    Position pos = from(c.fen, c.chess960);
    CHECK(count_legal(pos) == c.moves);
    CHECK(perft_board::count_moves(perft_board::from_position(pos)) == c.moves);
  }
}

TEST_CASE("Counting and listing agree; moves are unique; UCI round-trips", "[movegen]") {
  std::mt19937_64 rng(7);
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  int checked = 0;
  for (const char* start : starts)
    for (int game = 0; game < 50; ++game) {
      Position pos = from(start);
      for (int ply = 0; ply < 150; ++ply) {
        MoveList moves;
        generate_legal(pos, moves);
        INFO(pos.fen());
        REQUIRE(count_legal(pos) == uint64_t(moves.size()));
        std::set<uint16_t> unique;
        for (Move m : moves) {
          unique.insert(m.raw());
          REQUIRE(parse_uci(pos, to_uci(pos, m)) == m);
        }
        REQUIRE(unique.size() == std::size_t(moves.size()));
        ++checked;
        if (moves.empty()) break;
        pos.make_move(moves.moves[rng() % moves.size()]);
      }
    }
  CHECK(checked > 1000);
}

TEST_CASE("UCI castling: king's step in standard chess, king takes rook in Chess960", "[uci]") {
  Position pos = from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Move oo = Move::make(SQ_E1, SQ_H1, MoveType::Castling);
  CHECK(to_uci(pos, oo) == "e1g1");
  CHECK(parse_uci(pos, "e1g1") == oo);
  CHECK(parse_uci(pos, "e1h1") == oo);  // both spellings are read
  Position c960 = from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
  CHECK(to_uci(c960, oo) == "e1h1");
  CHECK(parse_uci(c960, "e1g1") == oo);
  CHECK(parse_uci(pos, "e1f1") == Move(SQ_E1, SQ_F1));
  CHECK(parse_uci(pos, "e1e3") == Move::none());
  Position promo = from("8/4P3/8/8/8/8/8/k3K3 w - - 0 1");
  CHECK(parse_uci(promo, "e7e8n") == Move::make(SQ_E7, SQ_E8, MoveType::Promotion, KNIGHT));
  CHECK(parse_uci(promo, "e7e8") == Move::none());
}

TEST_CASE("UCI written in place: a line of moves of every kind, the null move", "[uci]") {
  // (Black's castling, a promotion's letter, the null move "0000": how a whole game's line
  // is written, each move at the end of the last.)
  const Move moves[] = {Move::make(SQ_E8, SQ_H8, MoveType::Castling), Move::make(SQ_B2, SQ_A1, MoveType::Promotion, QUEEN),
                        Move::null(), Move(SQ_G1, SQ_F3)};
  const Color sides[] = {BLACK, BLACK, WHITE, WHITE};
  char room[4 * UCI_MAX];
  char* p = room;
  for (int i = 0; i < 4; ++i) p = write_uci(p, moves[i], sides[i], false);
  CHECK(std::string_view(room, std::size_t(p - room)) == "e8g8b2a1q0000g1f3");
  CHECK(std::string_view(room, std::size_t(write_uci(room, moves[0], BLACK, true) - room)) == "e8h8");
  std::string line = "x ";
  append_uci(line, moves[1], BLACK, false);
  CHECK(line == "x b2a1q");
}

TEST_CASE("Checkmate and stalemate have no legal moves", "[movegen]") {
  CHECK(count_legal(from("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")) == 0);
  CHECK(count_legal(from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")) == 0);
  CHECK(Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").position.in_check());
}

TEST_CASE("Moves to one square, worked back from it, equal the filtered full list", "[movegen]") {
  std::mt19937_64 rng(99);
  const char* starts[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
  };
  int compared = 0;
  for (const char* start : starts)
    for (int game = 0; game < 30; ++game) {
      Position pos = from(start);
      for (int ply = 0; ply < 100; ++ply) {
        MoveList all;
        generate_legal(pos, all);
        if (all.empty()) break;
        for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
          for (int sq = 0; sq < 64; ++sq) {
            MoveList some;
            generate_legal_piece_to(pos, pt, Square(sq), some);
            std::set<uint16_t> expected, got;
            for (Move m : all)
              if (m.to() == Square(sq) && m.type() != MoveType::Castling && type_of(pos.piece_on(m.from())) == pt)
                expected.insert(m.raw());
            for (Move m : some) got.insert(m.raw());
            INFO(pos.fen() << " piece " << int(pt) << " to " << square_name(Square(sq)));
            REQUIRE(got == expected);
            ++compared;
          }
        pos.make_move(all.moves[rng() % all.size()]);
      }
    }
  CHECK(compared > 100000);
}
