#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>

#include "chess/movegen.h"
#include "chess/perft.h"
#include "chess/perft_suite.h"
#include "chess/uci_move.h"

using namespace chess;

namespace {

Position from(const std::string& fen, bool chess960 = false) {
  FenOptions o;
  if (chess960) o.chess960 = Chess960Mode::On;
  FenResult r = Position::from_fen(fen, o);
  INFO(fen);
  REQUIRE(r.ok());
  return r.position;
}

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
