#include <catch2/catch.hpp>

#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/uci_move.h"

using namespace chess;
using namespace chess::notation;

namespace {

const Codec& descriptive() { return *find_codec("descriptive"); }

// Reads a whole descriptive move list the way notation-translate does (origins tracked,
// the following moves offered for lookahead) and returns it as SAN.
std::string to_san(std::string_view line, const std::string& fen = "") {
  Position pos = fen.empty() ? Position() : Position::from_fen(fen).position;
  PieceOrigins origins(pos);
  MoveText text = split_move_text(line);
  std::vector<std::string_view> tokens;
  for (const auto& t : text.moves) tokens.push_back(t.text);
  std::string out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    ParseOptions options;
    options.origins = &origins;
    options.following = std::span(tokens).subspan(i + 1);
    ParseResult r = descriptive().parse(pos, tokens[i], options);
    if (!r.ok())
      return out + (out.empty() ? "" : " ") + "<" + std::string(to_string(r.error->kind)) + " at " +
             std::string(tokens[i]) + ">";
    out += (out.empty() ? "" : " ") + find_codec("san")->format(pos, r.move);
    origins.update(pos, r.move);
    pos.make_move(r.move);
  }
  return out;
}

}  // namespace

TEST_CASE("The Evergreen Game, as printed, reads to the right SAN (NOTATION.md 3.3)", "[descriptive]") {
  const char* printed =
      "1 P–K4 P–K4 2 Kt–KB3 Kt–QB3 3 B–B4 B–B4 4 P–QKt4 B×KtP 5 P–B3 B–R4 6 P–Q4 P×P 7 Castles P–Q6 8 Q–Kt3 Q–B3 "
      "9 P–K5 Q–Kt3 10 R–K.Sq. KKt–K2 11 B–R3 P–Kt4 12 Q×P R–QKt.Sq. 13 Q–R4 B–Kt3 14 QKt–Q2 B–Kt2 15 Kt–K4 Q–B4 "
      "16 B×QP Q–R4 17 Kt–B6+ P×Kt 18 P×P R–Kt.Sq. 19 QR–Q.Sq. Q×Kt 20 R×Kt+ Kt×R 21 Q×P+ K×Q 22 B–B5+ K–K.Sq. "
      "23 B–Q7+ K–B.Sq. 24 B×Kt++";
  CHECK(to_san(printed) ==
        "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 Nbd2 "
        "Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#");
}

TEST_CASE("Only the check mark picks the right move (Evergreen, moves 21 and 22)", "[descriptive]") {
  // After 20...Nxe7: Q×P+ is Qxd7+ (Qxa7 also takes a pawn, without check).
  const std::string before21 = "1r2k1r1/pbppnp1p/1b3P2/8/Q7/B1PB1q2/P4PPP/3R2K1 w - - 0 21";
  Position pos = Position::from_fen(before21).position;
  ParseResult with_check = descriptive().parse(pos, "QxP ch");
  REQUIRE(with_check.ok());
  CHECK(to_uci(pos, with_check.move) == "a4d7");
  ParseResult without = descriptive().parse(pos, "QxP");
  REQUIRE(without.ok());  // a missing check mark is weak evidence: the quiet capture
  CHECK(to_uci(pos, without.move) == "a4a7");
}

TEST_CASE("Black counts ranks from its own side", "[descriptive]") {
  CHECK(to_san("1 P-K4 P-K4 2 P-Q4 P-Q3") == "e4 e5 d4 d6");
  CHECK(to_san("1 P-QB4 P-QB4") == "c4 c5");
}

TEST_CASE("Forms of printed descriptive moves", "[descriptive]") {
  CHECK(to_san("1 Kt-KB3 N-KB3 2 Kt-B3") == "Nf3 Nf6 Nc3");
  CHECK(to_san("1 P-K4 P-Q4 2 PxP QxP 3 N-QB3 Q-QR4") == "e4 d5 exd5 Qxd5 Nc3 Qa5");
  CHECK(to_san("1 P-K4 P-Q4 2 P-K5 P-KB4 3 PxP e.p.") == "e4 d5 e5 f5 exf6");
  CHECK(to_san("1 P-K4 P-K4 2 N-KB3 N-QB3 3 B-B4 N-B3 4 Castles BxP") ==
        "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O <illegal-move at BxP>");
  // Promotion, in its three printed forms.
  const std::string promo = "8/4P3/8/8/8/8/8/k3K3 w - - 0 1";
  CHECK(to_san("1 P-K8=Q", promo) == "e8=Q");
  CHECK(to_san("1 P-K8(Kt)", promo) == "e8=N");
  CHECK(to_san("1 P-K8/R", promo) == "e8=R");
  CHECK(to_san("1 PxR/Q", "3rk3/4P3/8/8/8/8/8/K7 w - - 0 1") == "exd8=Q+");
  // Origin qualifiers: N(1), R(QR3), N/Q2.
  CHECK(to_san("1 N(1)-Q2", "4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1") == "N1d2");
  CHECK(to_san("1 R(QR3)-Q3", "4k3/8/8/8/8/R6R/8/4K3 w - - 0 1") == "Rad3");
  CHECK(to_san("1 N/Q2-B4", "4k3/8/8/8/8/8/1N1N4/4K3 w - - 0 1") == "Ndc4");
  // Flank prefixes and "Sq." for the first rank.
  const std::string rooks = "8/8/1k6/8/8/8/6K1/R6R w - - 0 1";
  CHECK(to_san("1 R-K1", rooks) == "<ambiguous-move at R-K1>");
  CHECK(to_san("1 KR-K1", rooks) == "Rhe1");
  CHECK(to_san("1 QR-K.Sq.", rooks) == "Rae1");
  CHECK(to_san("1 QR-K", rooks) == "Rae1");
  CHECK(to_san("1 R-KB1", "4k3/8/8/8/8/8/8/R4K1R w - - 0 1") == "<illegal-move at R-KB1>");
}

TEST_CASE("Ambiguity is an error listing the candidates, never a guess", "[descriptive]") {
  Position pos = Position::from_fen("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1").position;
  ParseResult r = descriptive().parse(pos, "PxP");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == ErrorKind::Ambiguous);
  CHECK(r.error->candidates.size() == 2);
  // The following move decides: only after dxe5 can Black answer ...K-B2? No: after
  // dxc5 the e5 pawn still stands, so ...P-K5?? is impossible - lookahead keeps dxc5 only
  // if the next move needs it.
  CHECK(to_san("1 PxP P-K5", "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1") == "dxc5 e4");
  CHECK(to_san("1 Castles", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1") == "<ambiguous-move at Castles>");
  CHECK(to_san("1 Castles KR", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1") == "O-O");
}

TEST_CASE("Writing gives the shortest unambiguous form", "[descriptive]") {
  auto write = [](const std::string& fen, const char* uci) {
    Position pos = Position::from_fen(fen).position;
    return descriptive().format(pos, parse_uci(pos, uci));
  };
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(write(start, "e2e4") == "P-K4");
  CHECK(write(start, "a2a3") == "P-QR3");
  CHECK(write(start, "g1f3") == "N-KB3");
  CHECK(write("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", "d4c5") == "PxBP");  // only c5 stands on a B file
  CHECK(write("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5") == "PxP");
  CHECK(write("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1") == "O-O");
  CHECK(write("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == "PxP e.p.");
  CHECK(write("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8") == "R-R8 ch");
  Position initial;
  CHECK(find_codec("descriptive-kt")->format(initial, Move(SQ_G1, SQ_F3)) == "Kt-KB3");
}

TEST_CASE("Marks joined to the move, and rooks told apart by their file", "[descriptive]") {
  CHECK(to_san("1. P-K4 P-QR3 2. P-K5 P-Q4 3. PxPe.p.") == "e4 a6 e5 d5 exd6");
  CHECK(to_san("1. P-K4 P-QR3 2. P-K5 P-Q4 3. PxP e.p.") == "e4 a6 e5 d5 exd6");
  CHECK(to_san("P-Q5dis.ch", "8/8/5k2/8/3P4/8/1B6/6K1 w - - 0 1") == "d5+");
  CHECK(to_san("P-Q5 dis. ch.", "8/8/5k2/8/3P4/8/1B6/6K1 w - - 0 1") == "d5+");
  CHECK(to_san("R-R8mate", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1") == "Ra8#");
  CHECK(to_san("R-R8 mate!", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1") == "Ra8#");
  CHECK(to_san("R(QR)-Q1", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1") == "Rad1");
  CHECK(to_san("R(KR)-Q1", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1") == "Rhd1");
  CHECK(to_san("R(QKt)-Kt6", "4k3/8/8/8/8/8/8/1R3KR1 w - - 0 1") == "Rb6");
  CHECK(to_san("R(Kt)-Kt6", "4k3/8/8/8/8/8/8/1R3K1R w - - 0 1") == "Rb6");
  // Both rooks on knights' files: the file does not tell them apart.
  CHECK(to_san("R(Kt)-Kt6", "4k3/8/8/8/8/8/8/1R2K1R1 w - - 0 1") == "<ambiguous-move at R(Kt)-Kt6>");
}

TEST_CASE("Descriptive as the 19th century printed it: words, possessives, ordinals", "[descriptive]") {
  // Bird (1893): "to", "takes", "square", "en pas", and a pawn named by its file in words.
  CHECK(to_san("1 P to K4 P to QB4 2 Kt to KB3 Kt to QB3 3 P to Q4 P takes P 4 Kt takes P P to Q3") ==
        "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 d6");
  CHECK(to_san("K to R square", "4k3/8/8/8/8/8/8/6K1 w - - 0 1") == "Kh1");
  CHECK(to_san("P takes P en pas", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1") == "dxe6");
  CHECK(to_san("Kt P takes P", "4k3/8/8/5p2/6P1/8/8/4K3 w - - 0 1") == "gxf5");
  CHECK(to_san("R to B3 (ch.)", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1") != "<unreadable-move at R to B3 (ch.)>");
  // The Blue Book style: full stops, possessives, ordinals.
  CHECK(to_san("1. P. to K's 4th. P. to K's 4th. 2. K. Kt. to K. B's 3d. Q. Kt. to Q. B's 3d. "
               "3. K. B. to Q. B's 4th. K. B. to Q. B's 4th. 4. P. to Q. Kt's 4th. B. takes Kt's P.") ==
        "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4");
  // Mason-Bird, London 1892, move 26: "R to B3 B takes R". After Rc3 the bishop could take
  // only a pawn on b3, which a lenient reading would allow; only Rf3 lets it take a rook.
  CHECK(to_san("R to B3 B takes R", "1k4rr/pp6/3b4/3bqB1p/N7/1P2p1P1/P3Q2P/2R2RK1 w - - 2 26") == "Rf3 Bxf3");
}

TEST_CASE("Forms of the games printed in the books of issue 14", "[descriptive]") {
  // Edward Lasker numbers moves in parentheses: (1) P-Q4 P-Q4, and in prose (1) P-e4, P-e5; (2).
  CHECK(to_san("(1) P-Q4 P-Q4 (2) P-QB4 P-K3 (10) Kt-KB3") == "d4 d5 c4 e6 Nf3");
  MoveText parenthesised = split_move_text("(1) P-Q4, P-Q4; (2) P-QB4, P-K3");
  CHECK(parenthesised.moves.size() == 4);
  CHECK(parenthesised.first_number == 1);
  CHECK(split_move_text("(12) P-QB4 P-K3").first_number == 12);
  CHECK(split_move_text("(1)Q-f5, K-c6; (2)Q-e5").moves.size() == 3);
  CHECK(split_move_text("(1)Q-f5, K-c6; (2)Q-e5").moves[0].text == "Q-f5");
  // A rank followed by the full stop of a sentence (Capablanca: "1. P - K Kt 4.").
  CHECK(to_san("1. P - K Kt 4.") == "g4");
  CHECK(to_san("1. P - K 4 P - Q 4 2. P - K 5 P - Q B 4.") == "e4 d5 e5 c5");
  // Bird prints "take" for "takes" as well.
  CHECK(to_san("1 P to K4 P to Q4 2 P take P") == "e4 d5 exd5");
  // A piece told apart by its square, the square spaced as the move is (Capablanca), or
  // with Bird's "on" and "sq".
  CHECK(to_san("R (Q 2) - K 2", "k7/8/8/8/8/8/3R3R/4K3 w - - 0 1") == "Rde2");
  CHECK(to_san("R (Q2) - K 2", "k7/8/8/8/8/8/3R3R/4K3 w - - 0 1") == "Rde2");
  CHECK(to_san("R (K R 2) - K 2", "k7/8/8/8/8/8/3R3R/4K3 w - - 0 1") == "Rhe2");
  CHECK(to_san("Kt (B 3) x Q !", "4k3/8/8/3q4/5N2/2N5/8/4K3 w - - 0 1") == "Ncxd5");
  CHECK(to_san("Kt (on R4) to Kt2", "4k3/8/8/8/7N/4N3/8/K7 w - - 0 1") == "Nhg2");
  CHECK(to_san("R (Q sq) to Kt sq ch", "6k1/8/8/8/8/8/8/K2R3R w - - 0 1") == "Rdg1+");
  // A dash typed against the square: "Kt -Q B 3".
  CHECK(to_san("1. P - K 4 P - K 4 2. Kt - K B 3 Kt -Q B 3") == "e4 e5 Nf3 Nc6");
  // The pawn taken named by its square in parentheses (Lasker: KtxP(B3)), as with "/".
  CHECK(to_san("KtxP(B3)", "4k3/8/8/4N3/8/3p1p2/8/K7 w - - 0 1") == "Nxf3");
  CHECK(to_san("Kt x P (B 3)", "4k3/8/8/4N3/8/3p1p2/8/K7 w - - 0 1") == "Nxf3");
  CHECK(to_san("Kt takes P (KB3)", "4k3/8/8/4N3/8/3p1p2/8/K7 w - - 0 1") == "Nxf3");
  // e.p. after a comma; a castling side with a glyph.
  CHECK(to_san("PxP, e.p.", "4k3/8/2p5/3Pp3/8/8/8/4K3 w - e6 0 1") == "dxe6");
  CHECK(to_san("Castles QR!", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1") == "O-O-O");
  // "takes" and the square taken on, no piece named (Bird: 37 ... Q takes K8 ch).
  CHECK(to_san("Q takes K8 ch", "3r4/pp4kp/2p3p1/2P1P3/4N1n1/6P1/P3KR1P/4Q2q b - - 6 37") == "Qxe1+");
}

TEST_CASE("A check, mate or e.p. the text claims is part of what it says", "[descriptive]") {
  // Bird-Janowski (Edward Lasker, Chess Strategy, Diag. 87), 6 ... R-R2ch: no rook move to
  // Black's R2 checks; R-R7 ch (Ra2+) does, read with the ranks counted from White's side.
  const std::string fen = "8/7p/1Pk5/5p2/3Bp3/2P3P1/4K2P/r7 b - - 0 6";
  CHECK(to_san("R-R2ch", fen) == "Ra2+");
  Position pos = Position::from_fen(fen).position;
  CHECK_FALSE(descriptive().parse(pos, "R-R2ch").notes.empty());
  // No move named does what is claimed, and no lenient reading finds one that does: the
  // move named, with a note; an error where only the text as written will do.
  const std::string rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  CHECK(to_san("R-R7 ch", rook) == "Ra7");
  Position before = Position::from_fen(rook).position;
  std::vector<ReadingNote> notes = descriptive().parse(before, "R-R7 ch").notes;
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].message.find("read though it gives no check") != std::string::npos);
  ParseOptions strict;
  strict.strict = true;
  CHECK_FALSE(descriptive().parse(before, "R-R7 ch", strict).ok());
  // QxP ch: the pawn taken gives no check, the knight taken does; alone, the claim decides,
  // but K-B2 after it is legal only after the pawn is taken: the moves that follow decide.
  const std::string queen = "4k3/3n4/8/8/p7/8/8/3QK3 w - - 0 1";
  CHECK(to_san("QxP ch", queen) == "Qxd7+");
  CHECK(to_san("1 QxP ch K-B2", queen) == "Qxa4 Kf7");
}

TEST_CASE("A lenient reading names every relaxation it needed", "[descriptive]") {
  // Black's P-R6 reaches nothing; with the ranks from White's side it is a6, where a White
  // pawn stands: bxa6 needs the '-' taken for 'x' too. Said was only the ranks.
  Position pos = Position::from_fen("4k3/pp6/P7/8/8/8/8/4K3 b - - 0 1").position;
  ParseResult r = descriptive().parse(pos, "P-R6");
  REQUIRE(r.ok());
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].message == "'P-R6' read ignoring a wrong '-' or 'x', and with ranks counted from the other side");
  // One relaxation alone is said alone.
  pos = Position::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1").position;
  r = descriptive().parse(pos, "P-R5");
  REQUIRE(r.ok());
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].message == "'P-R5' read with ranks counted from the other side");
}

TEST_CASE("A tie is decided as far ahead as the moves go, not three plies only", "[descriptive]") {
  // 3 Kt-K2: either knight; only 7 Kt-Q5, eight plies on, shows it was the king's knight.
  CHECK(to_san("1 P-K4 P-K4 2 Kt-QB3 Kt-QB3 3 Kt-K2 Kt-B3 4 P-Q3 P-Q3 5 P-KKt3 B-K2 6 B-Kt2 Castles 7 Kt-Q5") ==
        "e4 e5 Nc3 Nc6 Nge2 Nf6 d3 d6 g3 Be7 Bg2 O-O Nd5");
  // Three pawns to take: QxKtP checks and is refuted at once (the king could not go to R2),
  // QxRP only by 4 Q-Q8 seven plies on; the candidates left at each horizon are kept.
  CHECK(to_san("1 QxP K-R2 2 K-Kt2 K-R3 3 K-B3 K-R2 4 Q-Q8", "7k/p2p2p1/8/8/3Q4/8/8/K7 w - - 0 1") ==
        "Qxd7 Kh7 Kb2 Kh6 Kc3 Kh7 Qd8");
  // Both readings go on to the end: still an error, never a guess.
  CHECK(to_san("1 QxP K-R2 2 K-Kt2 K-R3", "7k/p2p2p1/8/8/3Q4/8/8/K7 w - - 0 1") == "<ambiguous-move at QxP>");
}

TEST_CASE("Strict reading takes the PGN-safe qualifier the writer puts inside PGN", "[descriptive]") {
  // Four knights reach QB7: the one from QR6 is N(R6)-B7 in a book, N/R6-B7 inside PGN
  // (found by tests/fuzz: the strict reader refused the writer's PGN form).
  Position pos = Position::from_fen("N3N3/8/N3N3/8/1R1R4/8/1Q1Q4/K6k w - - 0 1").position;
  const Codec& plus = *find_codec("descriptive-plus");
  Move m = parse_uci(pos, "a6c7");
  FormatOptions pgn_safe;
  pgn_safe.pgn_safe = true;
  CHECK(plus.format(pos, m) == "N(R6)-B7");
  CHECK(plus.format(pos, m, pgn_safe) == "N/R6-B7");
  ParseOptions strict;
  strict.strict = true;
  for (const char* text : {"N(R6)-B7", "N/R6-B7"}) {
    ParseResult r = plus.parse(pos, text, strict);
    CHECK(r.ok());
    CHECK(r.move == m);
  }
  CHECK_FALSE(plus.parse(pos, "N(QR6)-QB7", strict).ok());  // a spelling variant is still refused
}

namespace {

// One move's whole text read by the codec (as a reader hands it over), as SAN or the error.
std::string read_one(std::string_view text, const std::string& fen = "") {
  Position pos = fen.empty() ? Position() : Position::from_fen(fen).position;
  ParseResult r = descriptive().parse(pos, text);
  if (!r.ok()) return "<" + std::string(to_string(r.error->kind)) + ">";
  return find_codec("san")->format(pos, r.move);
}

}  // namespace

TEST_CASE("The side a book names after Castles is read, however it is printed", "[descriptive]") {
  // Both castlings legal: the side named decides (the Opera game's "12. Castles (Q. R.)").
  const std::string both = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  for (const char* q : {"Castles (Q. R.)", "Castles (Q.R.)", "Castles (QR)", "Castles (Q)", "Castles, Q. R.",
                        "Castles with Q. R.", "Castles on Q side", "Castles on the Queen's side", "Castles QR",
                        "Castles queenside", "Castles (Q. R.) ch."})
    CHECK(read_one(q, both) == "O-O-O");
  for (const char* k : {"Castles (K. R.)", "Castles (K.R.)", "Castles (KR)", "Castles, K. R.", "Castles with K. R.",
                        "Castles on K side", "Castles KR", "Castles kingside"})
    CHECK(read_one(k, both) == "O-O");
  // No side named: still a tie, never a guess; a side that is no side: not castling at all.
  CHECK(read_one("Castles", both) == "<ambiguous-move>");
  CHECK(read_one("Castles (B)", both) == "<unreadable-move>");
  CHECK(read_one("Castles with Q. B.", both) == "<unreadable-move>");
  // The side named and not legal: an error, not the other castling.
  CHECK(read_one("Castles (Q. R.)", "4k3/8/8/8/8/8/8/4K2R w K - 0 1") == "<illegal-move>");
}

TEST_CASE("Ranks spelt out, the king's and queen's own files as 'his' and 'her', marks in brackets", "[descriptive]") {
  const std::string e4e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  CHECK(read_one("P. to K. fourth") == "e4");
  CHECK(read_one("P. to K. B's fourth.") == "f4");
  CHECK(read_one("Kt. to K. B's third", e4e5) == "Nf3");
  CHECK(read_one("K. to his 2d.", e4e5) == "Ke2");
  CHECK(read_one("K. to his second", e4e5) == "Ke2");
  CHECK(read_one("Q. to her 2d.", "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3") == "Qd2");
  // "his" before a file: the square the king reaches tells which B2.
  CHECK(read_one("K. to his B's 2d.", "4k3/8/8/8/8/8/8/4K3 w - - 0 1") == "Kf2");
  // Marks in brackets, as the Blue Book prints them: "(mate)", "(dis. ch.)", "(e.p.)".
  CHECK(read_one("R. to Q. 8th (mate)", "1k6/ppp5/8/8/8/8/8/3RK3 w - - 0 1") == "Rd8#");
  CHECK(read_one("P. to Q. 5th (dis. ch.)", "8/8/5k2/8/3P4/8/1B6/6K1 w - - 0 1") == "d5+");
  CHECK(read_one("P. x P. (e.p.)", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1") == "exd6");
  // "his" of a queen, or of a knight (whose side?): not read.
  CHECK(read_one("Q. to his 2d.", e4e5) == "<unreadable-move>");
  CHECK(read_one("K. Kt. to his B's 3d.", e4e5) == "<unreadable-move>");
}

namespace {

std::vector<std::string> tokens_of(std::string_view line) {
  std::vector<std::string> out;
  for (const auto& t : split_move_text(line).moves) out.emplace_back(t.text);
  return out;
}

}  // namespace

TEST_CASE("The Blue Book's ranks with no full stop after them, and its marks in brackets", "[descriptive]") {
  // The report's forms (D4): an ordinal or a digit with no full stop still ends its move.
  for (const char* text : {"1. P. to K. 4th", "1. P. to K 4th", "1. P to K 4th", "1. P to K 4", "1. P. to K. 4",
                           "1. P. to K. fourth", "1. P. to K. 4th.", "1. P to K4"})
    CHECK(to_san(text) == "e4");
  CHECK(tokens_of("1. P. to K. 4th  P. to K. 4th") == std::vector<std::string>{"P. to K. 4th", "P. to K. 4th"});
  CHECK(to_san("1. P. to K. 4th, P. to K. 4th; 2. Kt. to K. B's 3d, Kt. to Q. B's 3") == "e4 e5 Nf3 Nc6");
  CHECK(to_san("1. P to K 4 P to K 4 2. Kt. to K. B's 3rd Kt. to Q. B's third 3. P to Q 4") == "e4 e5 Nf3 Nc6 d4");
  // A check or mate in brackets is the move's, not a variation: here it decides nothing, but
  // in the Evergreen game only the mark does.
  CHECK(tokens_of("2. B. to Q. Kt's 5th (ch.)  P. to Q. B's 3d.") ==
        std::vector<std::string>{"B. to Q. Kt's 5th (ch.)", "P. to Q. B's 3d."});
  CHECK(to_san("1. P. to K. 4th P. to Q. 3d. 2. B. to Q. Kt's 5th (ch.)") == "e4 d6 Bb5+");
  CHECK(to_san("1. P to K 4 P to K 4 2. K. to his 2d. Q. to K. 2d. 3. P. to Q. 4th. Q. to her sq.") ==
        "e4 e5 Ke2 Qe7 d4 Qd8");
  // Morphy - Duke of Brunswick and Count Isouard, Paris 1858, as a 19th-century book prints it.
  CHECK(to_san("1. P. to K. 4th  P. to K. 4th 2. Kt. to K. B's 3d.  P. to Q. 3d. 3. P. to Q. 4th  B. to K. Kt's 5th "
               "4. P. x P.  B. x Kt. 5. Q. x B.  P. x P. 6. B. to Q. B's 4th  Kt. to K. B's 3d. 7. Q. to Q. Kt's 3d.  "
               "Q. to K. 2d. 8. Kt. to Q. B's 3d.  P. to Q. B's 3d. 9. B. to K. Kt's 5th  P. to Q. Kt's 4th "
               "10. Kt. x Kt's P.  P. x Kt. 11. B. x P. (ch.)  Q. Kt. to Q. 2d. 12. Castles (Q. R.)  R. to Q. sq. "
               "13. R. x Kt.  R. x R. 14. R. to Q. sq.  Q. to K. 3d. 15. B. x R. (ch.)  Kt. x B. "
               "16. Q. to Q. Kt's 8th (ch.)  Kt. x Q. 17. R. to Q. 8th (mate)") ==
        "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 "
        "Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#");
  // A variation is still a variation; a digit that is the next move's number after Bird's
  // "R to K" (his K1) is still that number.
  CHECK(tokens_of("1. e4 (1. d4 d5) e5") == std::vector<std::string>{"e4", "e5"});
  CHECK(tokens_of("3 R to K 4 P-Q4") == std::vector<std::string>{"R to K", "P-Q4"});
  CHECK(tokens_of("8 K to B      B to B4") == std::vector<std::string>{"K to B", "B to B4"});
}

TEST_CASE("The side after Castles, in brackets, after a comma or in words, is the move's", "[descriptive]") {
  const std::string both = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  CHECK(to_san("1. Castles (Q. R.)", both) == "O-O-O");
  CHECK(to_san("1. Castles (K. R.)", both) == "O-O");
  CHECK(to_san("1. Castles (QR)", both) == "O-O-O");
  CHECK(to_san("1. Castles (Q)", both) == "O-O-O");
  CHECK(to_san("1. Castles, Q. R., Castles with K. R.", both) == "O-O-O O-O");
  CHECK(to_san("1. Castles on Q side", both) == "O-O-O");
  CHECK(to_san("1. Castles QR", both) == "O-O-O");
  // Words that begin the next move's piece are not a side: Castles, then the queen's bishop,
  // rook or rook's pawn moves.
  CHECK(tokens_of("Castles, Q. B. to K. 3d.") == std::vector<std::string>{"Castles", "Q. B. to K. 3d."});
  CHECK(tokens_of("Castles Q. R. to Q. sq.") == std::vector<std::string>{"Castles", "Q. R. to Q. sq."});
  CHECK(tokens_of("Castles, Q. R. P. to Q. R's 3d.") == std::vector<std::string>{"Castles", "Q. R. P. to Q. R's 3d."});
  CHECK(tokens_of("Castles, Castles") == std::vector<std::string>{"Castles", "Castles"});
  CHECK(tokens_of("16. Castles QR     P-K4") == std::vector<std::string>{"Castles QR", "P-K4"});
}
