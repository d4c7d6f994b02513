// A program of someone else's, built against the installed library: reads a FEN, counts
// perft, reads and writes SAN, validates a PGN game, names an opening. Prints what it found; the test that
// builds it compares that with known answers.
#include <chess/fen.h>
#include <chess/notation/registry.h>
#include <chess/openings/eco.h>
#include <chess/perft.h>
#include <chess/pgn/reader.h>
#include <chess/pgn/validate.h>
#include <chess/position.h>

#include <iostream>
#include <sstream>

int main() {
  chess::FenResult kiwipete =
      chess::Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  if (!kiwipete.ok()) return 3;
  std::cout << "perft 3: " << chess::perft(kiwipete.position, 3) << "\n";
  const chess::notation::Codec* san = chess::notation::find_codec("san");
  chess::Position pos = chess::Position::initial();
  chess::notation::ParseResult e4 = san->parse(pos, "e4");
  std::cout << "e4 read as: " << (e4.ok() ? san->format(pos, e4.move) : "nothing") << "\n";
  std::istringstream text("[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Ke3 *\n");
  chess::pgn::Reader reader(text);
  chess::pgn::GameReport report;
  int valid = 0, invalid = 0;
  while (chess::pgn::validate_next_game(reader, {}, report)) (report.valid() ? valid : invalid)++;
  std::cout << "games: " << valid << " valid, " << invalid << " invalid\n";
  pos.make_move(e4.move);
  pos.make_move(san->parse(pos, "c5").move);
  const chess::openings::Opening* opening = chess::openings::lichess_openings().find(pos);
  std::cout << "opening: " << (opening ? opening->eco + " " + opening->name : "none") << "\n";
}
