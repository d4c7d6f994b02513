#include <catch2/catch.hpp>
#include <random>

#include "chess/movegen.h"
#include "chess/position.h"

using namespace chess;

namespace {

const char* PLAYOUT_STARTS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
};

// Plays random legal moves, checking at every ply that the incrementally updated key
// equals the key of the same position read afresh from its FEN, then unmakes them all
// and checks that the start came back exactly.
void playout(const char* start, std::mt19937_64& rng) {
  FenResult r = Position::from_fen(start);
  REQUIRE(r.ok());
  Position pos = r.position;
  std::vector<Move> played;
  std::vector<std::string> fens{pos.fen()};
  for (int ply = 0; ply < 120; ++ply) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) break;
    Move m = moves.moves[rng() % moves.size()];
    pos.make_move(m);
    played.push_back(m);
    fens.push_back(pos.fen());
    FenResult again = Position::from_fen(pos.fen());
    INFO(pos.fen());
    REQUIRE(again.ok());
    REQUIRE(again.position.key() == pos.key());
    REQUIRE(again.position.fen() == pos.fen());
  }
  while (!played.empty()) {
    pos.unmake_move(played.back());
    played.pop_back();
    fens.pop_back();
    REQUIRE(pos.fen() == fens.back());
  }
  CHECK(pos.key() == r.position.key());
}

}  // namespace

TEST_CASE("make/unmake keep the key incremental and restore the position", "[position]") {
  std::mt19937_64 rng(20261130);
  for (const char* start : PLAYOUT_STARTS)
    for (int game = 0; game < 40; ++game) playout(start, rng);
}

TEST_CASE("Keys tell apart side, castling rights and usable e.p. squares only", "[position]") {
  auto key = [](const char* fen) {
    FenResult r = Position::from_fen(fen);
    REQUIRE(r.ok());
    return r.position.key();
  };
  CHECK(key("4k3/8/8/8/8/8/8/4K3 w - - 0 1") != key("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
  CHECK(key("r3k3/8/8/8/8/8/8/4K3 b q - 0 1") != key("r3k3/8/8/8/8/8/8/4K3 b - - 0 1"));
  // No black pawn can take on e3: the e.p. square changes nothing.
  CHECK(key("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1") == key("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"));
  CHECK(key("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1") != key("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
  // Clocks are not part of the position.
  CHECK(key("4k3/8/8/8/8/8/8/4K3 w - - 0 1") == key("4k3/8/8/8/8/8/8/4K3 w - - 37 80"));
}

TEST_CASE("Clocks: halfmove resets on pawn moves and captures, fullmove after Black", "[position]") {
  Position pos;
  pos.make_move(Move(SQ_G1, SQ_F3));
  CHECK(pos.halfmove_clock() == 1);
  CHECK(pos.fullmove_number() == 1);
  pos.make_move(Move(SQ_E7, SQ_E5));
  CHECK(pos.halfmove_clock() == 0);
  CHECK(pos.fullmove_number() == 2);
  pos.make_move(Move(SQ_F3, SQ_E5));
  CHECK(pos.halfmove_clock() == 0);
  CHECK(pos.fen() == "rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 2");
}

TEST_CASE("Castling where king and rook swap or stay (Chess960)", "[position][chess960]") {
  // King f1, rook g1: O-O puts the king on g1 and the rook on f1 - each on the other's square.
  FenResult r = Position::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
  REQUIRE(r.ok());
  Position pos = r.position;
  Move castle = Move::make(SQ_F1, SQ_G1, MoveType::Castling);
  MoveList moves;
  generate_legal(pos, moves);
  REQUIRE(moves.contains(castle));
  pos.make_move(castle);
  CHECK(pos.fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  pos.unmake_move(castle);
  CHECK(pos.fen() == "4k3/8/8/8/8/8/8/5KR1 w G - 0 1");

  // King already on g1: O-O only moves the rook.
  FenResult g = Position::from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1");
  REQUIRE(g.ok());
  pos = g.position;
  castle = Move::make(SQ_G1, SQ_H1, MoveType::Castling);
  generate_legal(pos, moves);
  REQUIRE(moves.contains(castle));
  pos.make_move(castle);
  CHECK(pos.fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

  // The castling rook shields the king's destination: b1 rook, enemy rook on a1.
  FenResult shield = Position::from_fen("4k3/8/8/8/8/8/8/rR4K1 w B - 0 1");
  REQUIRE(shield.ok());
  generate_legal(shield.position, moves);
  CHECK_FALSE(moves.contains(Move::make(SQ_G1, SQ_B1, MoveType::Castling)));
}

TEST_CASE("Null moves flip the side and clear the e.p. square", "[position]") {
  FenResult r = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  REQUIRE(r.ok());
  Position pos = r.position;
  uint64_t before = pos.key();
  pos.make_null_move();
  CHECK(pos.fen() == "4k3/8/8/8/3pP3/8/8/4K3 w - - 1 2");
  CHECK(pos.key() == Position::from_fen(pos.fen()).position.key());
  pos.unmake_null_move();
  CHECK(pos.key() == before);
}

TEST_CASE("assign_current copies the position as it stands, not the moves that led to it", "[position]") {
  // A Chess960 position (castling with rooks off the corners), then a double step that
  // leaves an e.p. capture (b2-b4 beside the pawn on c4): everything a later move depends
  // on must come along.
  FenResult r = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  REQUIRE(r.ok());
  Position game = r.position;
  for (const char* uci : {"e2e4", "c5c4", "b2b4"}) {
    MoveList moves;
    generate_legal(game, moves);
    Move found = Move::none();
    for (Move m : moves)
      if (square_name(m.from()) + square_name(m.to()) == uci) found = m;
    REQUIRE(found.is_ok());
    game.make_move(found);
  }
  Position copy;
  copy.assign_current(game);
  CHECK(copy.fen() == game.fen());
  CHECK(copy.key() == game.key());
  CHECK(copy.game_ply() == game.game_ply());
  CHECK(game.plies_since_setup() == 3);
  CHECK(copy.plies_since_setup() == 0);  // no move of the game can be unmade on the copy
  CHECK(copy.ep_square() == SQ_B3);
  MoveList from_game, from_copy;
  generate_legal(game, from_game);
  generate_legal(copy, from_copy);
  REQUIRE(from_copy.size() == from_game.size());
  for (Move m : from_game) {
    CHECK(from_copy.contains(m));
    copy.make_move(m);
    game.make_move(m);
    CHECK(copy.fen() == game.fen());
    CHECK(copy.key() == game.key());
    copy.unmake_move(m);
    game.unmake_move(m);
  }
}
