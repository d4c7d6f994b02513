// Each codec's parse and format, on real positions. The input's first byte picks one of
// the positions below, the second a dialect, the third how many moves to play from there
// (each chosen by a byte that follows: positions a game can reach, not only the listed
// ones); the rest is move text. Asserted: every legal move there formats to text that
// reads back as that move (strictly too); text that reads is a legal move, whose own
// canonical text reads back as it; canonical SAN read by the one-pass reader is what the
// SAN writer writes; the position is left as it was.
#include <span>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation/canonical_san.h"
#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/uci_move.h"
#include "fuzz/fuzz_check.h"

using namespace chess;
using namespace chess::notation;

namespace {

// Castling both ways, promotions, e.p., pins, ambiguities of every kind, Chess960.
constexpr const char* FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "N3N3/8/N3N3/8/1R1R4/8/1Q1Q4/K6k w - - 0 1",
    "r1rk4/1P3P2/8/8/8/8/1p3p2/R1RK4 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "1rk2r2/8/8/8/8/8/8/1RK2R2 w FBfb - 0 1",
    "rk2r3/8/8/8/8/8/8/RK2R3 b EAea - 0 1",
    "8/8/3k4/8/2pPp3/8/8/4K2R b K d3 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
};
constexpr std::size_t FEN_COUNT = sizeof FENS / sizeof FENS[0];

const std::vector<Position>& positions() {
  static const std::vector<Position> list = [] {
    std::vector<Position> out;
    for (const char* fen : FENS) {
      FenResult r = Position::from_fen(fen);
      FUZZ_CHECK(r.ok(), std::string("a listed position does not read: ") + fen);
      out.push_back(r.position);
    }
    return out;
  }();
  return list;
}

std::string where(const Codec& codec, const Position& pos, Move m) {
  return std::string(codec.name()) + " at " + pos.fen() + " move " + to_uci(pos, m);
}

// parse(format(m)) == m for every legal move, as written plain and PGN-safe, read leniently
// and strictly.
void check_every_move(const Codec& codec, Position& pos, const PieceOrigins& origins, const MoveList& legal) {
  const std::string fen = pos.fen();
  for (Move m : legal) {
    for (bool pgn_safe : {false, true}) {
      FormatOptions fo{&origins, pgn_safe};
      std::string text = codec.format(pos, m, fo);
      FUZZ_CHECK(!text.empty(), "empty text for " + where(codec, pos, m));
      for (bool strict : {false, true}) {
        ParseOptions po;
        po.strict = strict;
        po.origins = &origins;
        ParseResult r = codec.parse(pos, text, po);
        FUZZ_CHECK(r.ok(), "'" + text + "' does not read back" + (strict ? " strictly" : "") + ": " + where(codec, pos, m) +
                               ": " + (r.ok() ? "" : r.error->message));
        FUZZ_CHECK(r.move == m, "'" + text + "' reads back as another move: " + where(codec, pos, r.move) +
                                    ", written for " + to_uci(pos, m));
      }
    }
    FUZZ_CHECK(pos.fen() == fen, "format or parse left the position changed: " + where(codec, pos, m));
  }
}

// What a successful reading must be: a legal move, whose canonical text reads as it.
void check_reading(const Codec& codec, Position& pos, const PieceOrigins& origins, const MoveList& legal,
                   std::string_view text, const ParseResult& r) {
  if (!r.ok()) {
    FUZZ_CHECK(!r.error->message.empty(), std::string(codec.name()) + ": an error without a message");
    for (Move c : r.error->candidates) FUZZ_CHECK(legal.contains(c), "a candidate that is no legal move");
    return;
  }
  FUZZ_CHECK(legal.contains(r.move), "'" + std::string(text) + "' read as a move that is not legal: " +
                                         where(codec, pos, r.move));
  std::string canonical = codec.format(pos, r.move, FormatOptions{&origins});
  ParseOptions po;
  po.origins = &origins;
  po.strict = true;
  ParseResult again = codec.parse(pos, canonical, po);
  FUZZ_CHECK(again.ok() && again.move == r.move, "the canonical '" + canonical + "' of '" + std::string(text) +
                                                     "' does not read back: " + where(codec, pos, r.move));
}

// The one-pass canonical SAN reader accepts exactly what the SAN writer writes.
void check_canonical_san(Position& pos, std::string_view text) {
  const Codec& san = *find_codec("san");
  const std::string fen = pos.fen();
  Move m = read_canonical_san(pos, text);
  FUZZ_CHECK(pos.fen() == fen, "read_canonical_san left the position changed");
  if (!m.is_ok()) return;
  FUZZ_CHECK(san.format(pos, m) == text, "read_canonical_san read '" + std::string(text) + "', whose SAN is '" +
                                             san.format(pos, m) + "', at " + fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  fuzz_support::Input input(data, size);
  Position pos = positions()[input.byte() % FEN_COUNT];
  static const std::vector<std::string_view> names = codec_names();
  const Codec& codec = *find_codec(names[input.byte() % names.size()]);
  PieceOrigins origins(pos);
  for (unsigned plies = input.byte() % 24; plies > 0; --plies) {
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) break;
    Move m = legal.moves[input.byte() % unsigned(legal.size())];
    origins.update(pos, m);
    pos.make_move(m);
  }
  MoveList legal;
  generate_legal(pos, legal);
  check_every_move(codec, pos, origins, legal);

  // The text as one move, leniently and strictly.
  std::string_view text = input.text;
  const std::string fen = pos.fen();
  for (bool strict : {false, true}) {
    ParseOptions po;
    po.strict = strict;
    po.origins = &origins;
    check_reading(codec, pos, origins, legal, text, codec.parse(pos, text, po));
    FUZZ_CHECK(pos.fen() == fen, std::string(codec.name()) + ": parse left the position changed");
  }
  check_canonical_san(pos, text);

  // The text as a line of moves, each read with the ones that follow it (the lookahead some
  // readers break ties with) and played.
  MoveText line = split_move_text(text);
  std::vector<std::string_view> tokens;
  for (const MoveToken& t : line.moves) {
    FUZZ_CHECK(t.column >= 1 && t.column <= text.size(), "a token's column outside the line");
    tokens.push_back(t.text);
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    MoveList here;
    generate_legal(pos, here);
    ParseOptions po;
    po.origins = &origins;
    po.following = std::span(tokens).subspan(i + 1);
    ParseResult r = codec.parse(pos, tokens[i], po);
    check_reading(codec, pos, origins, here, tokens[i], r);
    if (!r.ok()) break;
    origins.update(pos, r.move);
    pos.make_move(r.move);
  }
  return 0;
}
