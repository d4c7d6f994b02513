// The plain path's SAN board (libchess/src/notation/san_board.h) against the reference,
// play_canonical_san on a Position: on every legal move of the positions random games
// reach, written canonically and in the near misses a scoresheet has (the check mark
// dropped or wrong, a disambiguation too many or too few, 'x' left out or added), the board
// must play exactly the move the reference plays and stand as the reference's Position
// then does, or decline and stand as it stood; and it must decline only the kinds of move
// it leaves to the reference.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation/canonical_san.h"
#include "chess/notation/registry.h"
#include "notation/san_board.h"  // the library's private board, compared here with the reference
#include "support/positions.h"

using namespace chess;

namespace {

using test_support::from;

// How the board stands, as a Position of the game would say it: its FEN and its key.
std::string standing(const notation::SanBoard& board, const Position& game) {
  Position p = game;
  board.store(p);
  return p.fen() + " " + std::to_string(p.key()) + " " + std::to_string(p.checkers());
}
std::string standing(const Position& p) { return p.fen() + " " + std::to_string(p.key()) + " " + std::to_string(p.checkers()); }

// The canonical SAN of `m` and the near misses of it.
std::vector<std::string> spellings(Position& pos, Move m) {
  std::string san = notation::find_codec("san")->format(pos, m, {});
  std::vector<std::string> out{san};
  std::string body = san;
  char mark = 0;
  if (body.back() == '+' || body.back() == '#') mark = body.back(), body.pop_back();
  out.push_back(body);                                    // the mark dropped
  out.push_back(body + (mark == '+' ? "#" : "+"));        // the wrong mark, or one too many
  out.push_back(san + "+");                               // two marks
  if (body[0] >= 'B' && body[0] <= 'R') {
    std::string square = body.substr(body.size() - 2), from = square_name(m.from());
    bool capture = body.find('x') != std::string::npos;
    std::string x = capture ? "x" : "";
    for (const std::string& named : {std::string(), from.substr(0, 1), from.substr(1), from})
      out.push_back(body.substr(0, 1) + named + x + square + (mark ? std::string(1, mark) : ""));
    out.push_back(body.substr(0, 1) + (capture ? "" : "x") + square);  // 'x' left out, or added
  } else if (body[0] >= 'a' && body[0] <= 'h') {
    if (body.size() == 4 && body[1] == 'x') out.push_back(body.substr(2));         // "d5" for "exd5"
    if (body.size() == 2) out.push_back(std::string(1, char(body[0] == 'a' ? 'b' : body[0] - 1)) + "x" + body);
  }
  return out;
}

// Where the random games start (a Chess960 position or not).
const std::pair<const char*, bool> STARTS[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
    {"4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1", false},  // twin knights and rooks: disambiguations
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true},
};

// Moves the board leaves to the reference.
bool declined_kind(const Position& pos, Move m) {
  if (m.type() == MoveType::Promotion || m.type() == MoveType::EnPassant) return true;
  return pos.chess960() && type_of(pos.piece_on(m.from())) == KING;
}

}  // namespace

TEST_CASE("The SAN board plays what play_canonical_san plays, the same move, or declines", "[notation][san-board]") {
  std::mt19937_64 rng(2026);
  int played = 0, declined = 0, canonical_played = 0, checks = 0, mates = 0, castlings_undone = 0;
  for (auto [start, chess960] : STARTS)
    for (int game = 0; game < 10; ++game) {
      Position pos = from(start, chess960);
      notation::SanBoard board;
      board.set(pos);
      for (int ply = 0; ply < 120; ++ply) {
        INFO(pos.fen());
        REQUIRE(standing(board, pos) == standing(pos));  // carried along the game, not set again
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        for (Move m : moves)
          for (const std::string& text : spellings(pos, m)) {
            INFO(text);
            Position reference = pos;
            const Move expected = notation::play_canonical_san(reference, text);
            notation::SanBoard tried = board;
            const Move got = tried.play(text);
            if (got.is_ok()) {
              REQUIRE(got == expected);
              REQUIRE(standing(tried, pos) == standing(reference));
              ++played;
              // Taken back (where a variation replaces it), the board stands as before, and
              // what it knows of every square is as before: the move plays the same again,
              // and after a castling taken back so does every other move.
              notation::SanBoard undone = tried;
              undone.take_back();
              REQUIRE(standing(undone, pos) == standing(pos));
              notation::SanBoard again = undone;
              REQUIRE(again.play(text) == got);
              REQUIRE(standing(again, pos) == standing(reference));
              if (got.type() == MoveType::Castling)
                for (Move other : moves) {
                  Position after = pos;
                  const std::string san = spellings(after, other)[0];
                  const Move expected_other = notation::play_canonical_san(after, san);
                  notation::SanBoard other_board = undone;
                  if (other_board.play(san).is_ok()) REQUIRE(standing(other_board, pos) == standing(after));
                  REQUIRE(expected_other.is_ok());
                  ++castlings_undone;
                }
            } else {
              REQUIRE(standing(tried, pos) == standing(pos));
              ++declined;
              // Declined, though the reference plays it: only the kinds left to it.
              if (expected.is_ok()) REQUIRE(declined_kind(pos, expected));
            }
            canonical_played += got.is_ok() && text == spellings(pos, m)[0];
          }
        // Whether the side to move has a move, here and after each move that gives check
        // (the board answers it for every check and for the game's last position).
        REQUIRE(board.has_legal_move());
        for (Move m : moves) {
          Position child = pos;
          child.make_move(m);
          if (!child.checkers()) continue;
          notation::SanBoard checked;
          checked.set(child);
          MoveList answers;
          generate_legal(child, answers);
          INFO(child.fen());
          REQUIRE(checked.has_legal_move() == !answers.empty());
          ++checks, mates += answers.empty();
        }
        const Move next = moves.moves[rng() % moves.size()];
        const std::string san = notation::find_codec("san")->format(pos, next, {});
        if (!board.play(san).is_ok()) {
          REQUIRE(declined_kind(pos, next));
          Position after = pos;
          after.make_move(next);
          board.set(after);
        }
        pos.make_move(next);
      }
    }
  CHECK(played > 20000);
  CHECK(declined > played);  // the near misses
  CHECK(canonical_played > 15000);
  CHECK(checks > 5000);
  CHECK(mates > 50);
  CHECK(castlings_undone > 100);
}

TEST_CASE("The SAN board's long algebraic: what play_nearly_canonical_san reads, the same move, or declined",
          "[notation][san-board]") {
  // The reference here is the lenient reader the plain path falls back on, which warns of
  // the spelling: each legal move in long algebraic must play on the board unless it is of
  // the kinds the board leaves to the reference; its near misses (the other separator, a
  // pawn's letter, the piece's letter changed or dropped, a wrong mark, another origin) may
  // only play as the reference reads them.
  std::mt19937_64 rng(1851);
  const notation::Codec* lan = notation::find_codec("lan");
  REQUIRE(lan);
  int played = 0, near_misses = 0, near_misses_declined = 0;
  for (auto [start, chess960] : STARTS)
    for (int game = 0; game < 6; ++game) {
      Position pos = from(start, chess960);
      notation::SanBoard board;
      board.set(pos);
      for (int ply = 0; ply < 100; ++ply) {
        INFO(pos.fen());
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        for (Move m : moves) {
          const std::string written = lan->format(pos, m, {});
          std::vector<std::string> texts{written};
          std::string body = written;
          char mark = 0;
          if (body.back() == '+' || body.back() == '#') mark = body.back(), body.pop_back();
          const std::size_t sep = body.find_first_of("-x", 1);
          if (sep != std::string::npos && sep >= 2 && body.size() >= 5) {  // (not castling)
            std::string other = body;
            other[sep] = other[sep] == 'x' ? '-' : 'x';
            texts.push_back(other + (mark ? std::string(1, mark) : ""));  // the other separator
            if (mark) texts.push_back(body);                               // the mark dropped
            texts.push_back(body + (mark == '+' ? "#" : "+"));             // a wrong one
            const bool pawn = body.size() == 5;
            texts.push_back(pawn ? "P" + written : written.substr(1));      // a pawn's letter; a piece's dropped
            if (!pawn) texts.push_back((body[0] == 'N' ? "B" : "N") + written.substr(1));  // another piece's
            std::string moved = written;
            moved[sep - 2] = char(moved[sep - 2] == 'a' ? 'b' : moved[sep - 2] - 1);  // another origin
            texts.push_back(moved);
          }
          for (const std::string& text : texts) {
            INFO(text);
            Position reference = pos;
            std::string canonical;
            const Move expected = notation::play_nearly_canonical_san(reference, text, canonical);
            notation::SanBoard tried = board;
            const Move got = tried.play_long(text);
            if (got.is_ok()) {
              REQUIRE(got == expected);
              REQUIRE(standing(tried, pos) == standing(reference));
              notation::SanBoard undone = tried;
              undone.take_back();
              REQUIRE(standing(undone, pos) == standing(pos));
              played += text == written;
            } else {
              REQUIRE(standing(tried, pos) == standing(pos));
              // The move as written declined: only the kinds left to the reference, and castling.
              if (text == written) REQUIRE((declined_kind(pos, m) || m.type() == MoveType::Castling));
              near_misses_declined += text != written;
            }
            near_misses += text != written;
          }
        }
        const Move next = moves.moves[rng() % moves.size()];
        Position after = pos;
        after.make_move(next);
        const Move got = board.play_long(lan->format(pos, next, {}));
        if (got.is_ok()) REQUIRE(standing(board, after) == standing(after));  // carried along the game
        else board.set(after);
        pos = after;
      }
    }
  CHECK(played > 15000);
  CHECK(near_misses > 4 * played);
  CHECK(near_misses_declined > 3 * played);  // (a few are other legal moves, played as the reference reads them)
}

TEST_CASE("The SAN board: a castling through check, onto an attacked square, or in Chess960", "[notation][san-board]") {
  struct Case {
    const char* fen;
    bool chess960;
    const char* san;
    bool plays;
    const char* why;
  } cases[] = {
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "O-O", true, "both sides free"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "O-O-O", true, "b1 empty, c1 and d1 safe"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", false, "O-O", false, "the right lost"},
      {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", false, "O-O", false, "f1 attacked: the king would cross it"},
      {"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", false, "O-O", false, "g1 attacked: the king would land on it"},
      {"r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", false, "O-O-O", true, "b1 attacked: only the rook crosses it"},
      {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", false, "O-O", false, "in check"},
      {"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", false, "O-O-O", false, "b1 occupied"},
      {"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", false, "O-O+", true, "the rook on f1 checks nothing, the mark is wrong"},
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", false, "O-O+", true, "the rook on f1 gives check"},
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", false, "O-O", false, "a check unmarked"},
      {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true, "O-O", false, "Chess960: left to the reference"},
  };
  for (const Case& c : cases) {
    INFO(c.fen << " " << c.san << ": " << c.why);
    Position pos = from(c.fen, c.chess960);
    Position reference = pos;
    const Move expected = notation::play_canonical_san(reference, c.san);
    notation::SanBoard board;
    board.set(pos);
    const Move got = board.play(c.san);
    // The cases say what the laws and the canonical form give; the reference must agree.
    if (std::string(c.why).find("wrong") != std::string::npos) {
      CHECK_FALSE(got.is_ok());
      CHECK_FALSE(expected.is_ok());
      continue;
    }
    if (c.chess960) {
      CHECK_FALSE(got.is_ok());
      CHECK(expected.is_ok());
      continue;
    }
    CHECK(got.is_ok() == c.plays);
    CHECK(expected.is_ok() == c.plays);
    if (got.is_ok()) CHECK(standing(board, pos) == standing(reference));
  }
}

TEST_CASE("The SAN board: whether a check can be answered, in the rare ways", "[notation][san-board]") {
  struct Case {
    const char* fen;
    bool answered;
    const char* why;
  } cases[] = {
      {"k7/8/8/r7/r6K/r7/4P3/8 w - - 0 1", true, "only e2-e4 blocks: a pawn's two steps"},
      {"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false, "the back rank"},
      {"R5k1/4rppp/8/8/8/8/8/6K1 b - - 0 1", true, "the rook steps between"},
      {"R5k1/5ppp/7n/8/8/8/8/6K1 b - - 0 1", false, "the knight reaches no square between"},
      {"R5k1/5ppp/4n3/8/8/8/8/6K1 b - - 0 1", true, "the knight steps between"},
      {"1R4k1/5ppp/8/8/8/8/1b6/6K1 b - - 0 1", false, "mate: the bishop reaches neither b8 nor the squares between"},
      {"1R4k1/5ppp/8/8/8/8/1q6/6K1 b - - 0 1", true, "the queen takes the checker along its file"},
      {"1R4k1/1q3ppp/8/8/8/8/8/6K1 b - - 0 1", true, "the queen takes it beside it"},
      {"4k3/8/8/8/8/8/3q4/3RK3 w - - 0 1", true, "the rook takes the checker beside its king"},
      {"4k3/4r3/8/8/8/8/3b4/2Q1K3 w - - 0 1", true, "a double check, but the king steps to f2"},
      {"4k3/8/8/8/8/3n4/3PP3/1B2K2r w - - 0 1", false, "a double check and no step: mate (Bxd3 is no answer)"},
  };
  for (const Case& c : cases) {
    INFO(c.fen << ": " << c.why);
    Position pos = from(c.fen, false);
    REQUIRE(pos.checkers());
    MoveList moves;
    generate_legal(pos, moves);
    notation::SanBoard board;
    board.set(pos);
    CHECK(!moves.empty() == c.answered);  // the case is what the laws give
    CHECK(board.has_legal_move() == c.answered);
  }
}

TEST_CASE("The SAN board's own geometry is the library's", "[notation][san-board]") {
  const notation::SanBoard::Geometry& g = notation::SanBoard::GEOMETRY;
  for (int a = 0; a < SQUARE_NB; ++a) {
    const Square s = Square(a);
    INFO(square_name(s));
    CHECK(g.reach[PAWN][a] == pawn_attacks(WHITE, s));
    CHECK(g.black_pawn[a] == pawn_attacks(BLACK, s));
    CHECK(g.reach[KNIGHT][a] == knight_attacks(s));
    CHECK(g.reach[BISHOP][a] == bishop_pseudo_attacks(s));
    CHECK(g.reach[ROOK][a] == rook_pseudo_attacks(s));
    CHECK(g.reach[QUEEN][a] == (bishop_pseudo_attacks(s) | rook_pseudo_attacks(s)));
    CHECK(g.reach[KING][a] == king_attacks(s));
    for (int b = 0; b < SQUARE_NB; ++b) {
      INFO(square_name(Square(b)));
      CHECK(g.between[a][b] == between_bb(s, Square(b)));
      CHECK(g.line[a][b] == line_bb(s, Square(b)));
    }
  }
}
