// FEN and EPD reading: the input as one FEN under each reading option, and as a perft suite
// (EPD lines and blocks). Whatever reads must write back to text that reads as the same
// position, and must be a position the move generator and make/unmake can work in.
#include <sstream>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/perft_suite.h"
#include "chess/position.h"
#include "fuzz/fuzz_check.h"

using namespace chess;

namespace {

// The position read back from what it writes, with each writing style.
void check_written(const Position& pos, const FenOptions& read_as) {
  std::string fen = pos.fen();
  FenResult again = Position::from_fen(fen, read_as);
  FUZZ_CHECK(again.ok(), "the FEN written does not read: " + fen + ": " + again.error->message);
  FUZZ_CHECK(again.position.fen() == fen, fen + " reads back as " + again.position.fen());
  FUZZ_CHECK(again.position.key() == pos.key(), "another key after reading back " + fen);
  FUZZ_CHECK(again.position.chess960() == pos.chess960(), "Chess960 lost reading back " + fen);
  for (CastlingNotation castling : {CastlingNotation::XFen, CastlingNotation::Shredder})
    for (EpNotation ep : {EpNotation::Always, EpNotation::IfLegal}) {
      FenWriteOptions style{castling, ep};
      std::string written = pos.fen(style);
      // X-FEN's KQkq with a king on e1 means the corner rooks unless the reader is told the
      // game is Chess960 (fen.h): an inner rook's right reads back only so.
      FenOptions reread = read_as;
      if (castling == CastlingNotation::XFen && pos.chess960()) reread.chess960 = Chess960Mode::On;
      FenResult read = Position::from_fen(written, reread);
      FUZZ_CHECK(read.ok(), "the FEN written does not read: " + written + ": " + read.error->message);
      // Shredder letters make a standard position a Chess960 one; the squares are the same.
      FUZZ_CHECK(read.position.fen(FenWriteOptions{CastlingNotation::Shredder, ep}) ==
                     pos.fen(FenWriteOptions{CastlingNotation::Shredder, ep}),
                 written + " reads back as another position");
    }
}

// Every legal move made and unmade: the position after it is one a FEN can say, and
// unmaking restores it exactly.
void check_moves(Position& pos, const FenOptions& read_as) {
  MoveList moves;
  generate_legal(pos, moves);
  FUZZ_CHECK(count_legal(pos) == uint64_t(moves.size()), "count_legal disagrees with generate_legal at " + pos.fen());
  FUZZ_CHECK(has_legal_move(pos) == !moves.empty(), "has_legal_move disagrees at " + pos.fen());
  MoveList to_anywhere;
  generate_legal_to(pos, ~Bitboard(0), to_anywhere);
  FUZZ_CHECK(to_anywhere.size() == moves.size(), "generate_legal_to(all squares) disagrees at " + pos.fen());
  const std::string before = pos.fen();
  const uint64_t key = pos.key();
  for (Move m : moves) {
    pos.make_move(m);
    std::string after = pos.fen();
    FenResult read = Position::from_fen(after, read_as);
    FUZZ_CHECK(read.ok(), "after a legal move from " + before + ", the FEN " + after + " does not read: " +
                              (read.ok() ? "" : read.error->message));
    FUZZ_CHECK(read.position.key() == pos.key(), "the key made incrementally differs from the key of " + after);
    pos.unmake_move(m);
    FUZZ_CHECK(pos.fen() == before && pos.key() == key, "unmaking a move from " + before + " gave " + pos.fen());
  }
}

void check_fen(std::string_view text, const FenOptions& options) {
  FenResult r = Position::from_fen(text, options);
  if (!r.ok()) {
    FUZZ_CHECK(r.error->column >= 1 && r.error->column <= text.size() + 1, "an error column outside the text");
    FUZZ_CHECK(!r.error->message.empty(), "an error without a message");
    return;
  }
  check_written(r.position, options);
  check_moves(r.position, options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (Chess960Mode mode : {Chess960Mode::Auto, Chess960Mode::On})
    for (bool epd : {true, false}) check_fen(text, FenOptions{mode, epd});

  std::istringstream in{std::string(text)};
  PerftSuite suite = read_perft_suite(in);
  for (const PerftCase& c : suite.cases) {
    FUZZ_CHECK(c.line >= 1 && c.column >= 1, "a suite case without a place");
    check_fen(c.fen, FenOptions{});
  }
  for (const SuiteError& e : suite.errors)
    FUZZ_CHECK(e.line >= 1 && e.column >= 1 && !e.message.empty(), "a suite error without a place or a message");
  return 0;
}
