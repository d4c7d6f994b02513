#include <catch2/catch.hpp>
#include <random>

#include "chess/movegen.h"
#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/uci_move.h"
#include "support/positions.h"

using namespace chess;
using namespace chess::notation;

namespace {

using test_support::from;

const Codec& codec(std::string_view name) {
  const Codec* c = find_codec(name);
  INFO(name);
  REQUIRE(c);
  return *c;
}

// Plays the SAN moves from `start` and returns each move written in `dialect`.
std::vector<std::string> written_as(std::string_view dialect, const std::vector<std::string>& san,
                                    const std::string& start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
  Position pos = from(start);
  PieceOrigins origins(pos);
  std::vector<std::string> out;
  for (const std::string& text : san) {
    ParseResult r = codec("san").parse(pos, text);
    INFO(text);
    REQUIRE(r.ok());
    out.push_back(codec(dialect).format(pos, r.move, FormatOptions{&origins}));
    origins.update(pos, r.move);
    pos.make_move(r.move);
  }
  return out;
}

ParseResult parse(std::string_view dialect, const std::string& fen, std::string_view text, bool strict = false) {
  Position pos = from(fen);
  ParseOptions options;
  options.strict = strict;
  return codec(dialect).parse(pos, text, options);
}

std::string uci_of(std::string_view dialect, const std::string& fen, std::string_view text, bool strict = false) {
  Position pos = from(fen);
  ParseOptions options;
  options.strict = strict;
  ParseResult r = codec(dialect).parse(pos, text, options);
  INFO(dialect << " '" << text << "': " << (r.error ? r.error->message : ""));
  REQUIRE(r.ok());
  return to_uci(pos, r.move);
}

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

TEST_CASE("One line in every notation (NOTATION.md 2.8)", "[notation]") {
  const std::vector<std::string> san = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"};
  CHECK(written_as("san", san) == san);
  CHECK(written_as("lan", san) ==
        std::vector<std::string>{"e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5", "a7-a6", "Bb5xc6", "d7xc6", "O-O"});
  CHECK(written_as("uci", san) ==
        std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"});
  CHECK(written_as("iccf", san) ==
        std::vector<std::string>{"5254", "5755", "7163", "2836", "6125", "1716", "2536", "4736", "5171"});
  CHECK(written_as("smith", san) ==
        std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6n", "d7c6b", "e1g1c"});
  CHECK(written_as("fan", san) ==
        std::vector<std::string>{"e4", "e5", "♘f3", "♞c6", "♗b5", "a6", "♗xc6", "dxc6", "O-O"});
  CHECK(written_as("descriptive", san) ==
        std::vector<std::string>{"P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5", "P-QR3", "BxN", "QPxB", "O-O"});
  CHECK(written_as("san-de", san) ==
        std::vector<std::string>{"e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "Lxc6", "dxc6", "O-O"});
  CHECK(written_as("chinese", san) ==
        std::vector<std::string>{"e4", "e5", "马f3", "马c6", "象b5", "a6", "象xc6", "dxc6", "O-O"});
}

TEST_CASE("SAN disambiguates only against legal rivals (NOTATION.md 2.1)", "[notation][san]") {
  auto san_of = [](const std::string& fen, const char* uci) {
    Position pos = from(fen);
    Move m = parse_uci(pos, uci);
    REQUIRE(m != Move::none());
    return codec("san").format(pos, m);
  };
  CHECK(san_of("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "g1e2") == "Ne2");  // c3 knight is pinned
  CHECK(san_of("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1", "g1e2") == "Nge2");
  CHECK(san_of("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1", "c3e2") == "Nce2");
  CHECK(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3") == "R1a3");
  CHECK(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3") == "R5a3");
  CHECK(san_of("QQ6/Qp5k/8/8/8/8/8/7K w - - 0 1", "b8b7") == "Qbxb7+");
  CHECK(san_of("QQ6/Qp5k/8/8/8/8/8/7K w - - 0 1", "a7b7") == "Q7xb7+");
  CHECK(san_of("QQ6/Qp5k/8/8/8/8/8/7K w - - 0 1", "a8b7") == "Qa8xb7+");
  CHECK(san_of("7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q") == "e8=Q+");
  CHECK(san_of("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1", "d1d8") == "Rd8#");
}

TEST_CASE("Lenient SAN reading, and --strict naming each deviation", "[notation][san]") {
  const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(uci_of("san", castle, "0-0") == "e1g1");
  CHECK(uci_of("san", castle, "O-O-O") == "e1c1");
  CHECK(uci_of("san", castle, "o-o") == "e1g1");
  CHECK(uci_of("san", castle, "e1g1") == "e1g1");  // UCI castling inside SAN text
  const std::string promo = "8/4P3/8/8/8/8/8/k3K3 w - - 0 1";
  CHECK(uci_of("san", promo, "e8Q") == "e7e8q");
  CHECK(uci_of("san", promo, "e8=q") == "e7e8q");
  CHECK(uci_of("san", promo, "e8(N)") == "e7e8n");
  CHECK(uci_of("san", promo, "e7e8=R") == "e7e8r");
  const std::string ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  CHECK(uci_of("san", ep, "exd6") == "e5d6");
  CHECK(uci_of("san", ep, "exd6e.p.") == "e5d6");
  // The check mark before the claim, as books print it too, or after it.
  const std::string ep_check = "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1";  // exd6 e.p. gives check
  for (const char* text : {"exd6+ e.p.", "exd6+ep", "exd6+ (ep)", "exd6 e.p.+", "exd6+e.p.!"})
    CHECK(uci_of("san", ep_check, text) == "e5d6");
  CHECK(uci_of("san", ep, "ed6") == "e5d6");
  CHECK(uci_of("san", START, "Ng1f3") == "g1f3");
  CHECK(uci_of("san", START, "Ng1-f3") == "g1f3");
  CHECK(uci_of("san", START, "g1f3") == "g1f3");
  CHECK(uci_of("san", START, "e2-e4") == "e2e4");
  CHECK(uci_of("san", START, "nf3") == "g1f3");
  CHECK(uci_of("san", START, "Pe4") == "e2e4");
  CHECK(uci_of("san", START, "Nf3!?") == "g1f3");
  for (const char* mark : {"\u203C", "\u2049", "\u2048", "\u2047"})  // ‼ ⁉ ⁈ ⁇, as books print them
    CHECK(uci_of("san", START, std::string("Nf3") + mark) == "g1f3");
  CHECK(uci_of("san", START, "Nf3+") == "g1f3");  // wrong check mark: recomputed
  CHECK(uci_of("san", START, "Ｎｆ３") == "g1f3");  // full-width forms fold to ASCII

  // Lower-case b: a pawn when a pawn move fits, a bishop otherwise.
  const std::string b = "4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1";
  CHECK(uci_of("san", b, "bxc3") == "b2c3");
  CHECK(uci_of("san", "4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1", "bxc3") == "d2c3");
  // A bishop to a square on the b-file, or named from its square: no pawn move reads at all.
  const std::string italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  CHECK(uci_of("san", italian, "bb5") == "f1b5");
  CHECK(uci_of("san", italian, "bf1b5") == "f1b5");
  CHECK(uci_of("san", b, "bb4") == "b2b4");  // the pawn, where it can go

  for (const char* deviation : {"0-0", "e1g1", "O-O+"}) {
    ParseResult r = parse("san", castle, deviation, true);
    INFO(deviation);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error->message, Catch::Contains("canonical san is 'O-O'"));
  }
  CHECK_FALSE(parse("san", promo, "e8Q", true).ok());
  CHECK(parse("san", promo, "e8=Q", true).ok());
  CHECK(parse("san", START, "Nf3!", true).ok());  // annotation glyphs are not deviations
}

TEST_CASE("SAN errors: what was read, where, why, and the candidates", "[notation][san]") {
  ParseResult r = parse("san", START, "Nf5");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == ErrorKind::Illegal);
  CHECK_THAT(r.error->message, Catch::Contains("no white knight can move to f5"));
  CHECK(r.error->candidates.size() == 4);  // the knight moves there are

  r = parse("san", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == ErrorKind::Ambiguous);
  CHECK_THAT(r.error->message, Catch::Contains("Nbd2") && Catch::Contains("Nfd2"));
  CHECK(r.error->candidates.size() == 2);

  r = parse("san", START, "Zf3");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == ErrorKind::Unreadable);
  CHECK(r.error->column == 1);
  r = parse("san", START, "Nf9");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == ErrorKind::Unreadable);
  // Lower-case promotion letters, 'b' included: after the destination it is no file.
  for (auto [text, uci] : {std::pair{"d7d8b", "d7d8b"}, {"d7d8n", "d7d8n"}, {"d8b", "d7d8b"}})
    CHECK(uci_of("san", "7k/3P4/7K/8/8/8/8/8 w - - 6 55", text) == uci);
  for (const char* pass : {"--", "Z0"}) {  // null moves, as analysis programs write them
    r = parse("san", START, pass);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->kind == ErrorKind::Unreadable);
    CHECK_THAT(r.error->message, Catch::Contains("is a null move"));
  }
  r = parse("san", "8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e8");
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error->message, Catch::Contains("must promote"));
  r = parse("san", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6 e.p.");
  REQUIRE_FALSE(r.ok());  // no e.p. right in this position: d6 is empty, nothing to take
  r = parse("san", "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", "Kd2+ e.p.");
  REQUIRE_FALSE(r.ok());  // claimed after a check mark as well: still checked
  CHECK_THAT(r.error->message, Catch::Contains("is not an e.p. capture"));
}

TEST_CASE("Other languages' letters, and their clashes with English", "[notation][languages]") {
  CHECK(uci_of("san-de", START, "Sf3") == "g1f3");
  CHECK(uci_of("san-de", START, "Be4") == "e2e4");  // German B is the pawn (Bauer)
  CHECK(uci_of("san-fr", START, "Cf3") == "g1f3");
  CHECK(uci_of("san-nl", START, "Pf3") == "g1f3");  // Dutch P is the knight (paard)
  CHECK(uci_of("san-ru", START, "Кf3") == "g1f3");
  CHECK(uci_of("san-ru", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Крd2") == "e1d2");  // Кр is the king, К the knight
  CHECK(uci_of("san-fi", "rnbqkbnr/ppppppp1/8/7p/7P/8/PPPPPPP1/RNBQKBNR w KQkq - 0 2", "Rh3") == "g1h3");
  CHECK(uci_of("san", "rnbqkbnr/ppppppp1/8/7p/7P/8/PPPPPPP1/RNBQKBNR w KQkq - 0 2", "Rh3") == "h1h3");

  // "1. h4 h5 2. Rh3" is legal in English and in Finnish: auto-detection must not guess.
  std::vector<std::string_view> moves{"h4", "h5", "Rh3"};
  Detection d = detect_dialect(Position(), moves);
  CHECK(d.codec == nullptr);
  CHECK_THAT(d.message, Catch::Contains("san") && Catch::Contains("san-fi") && Catch::Contains("--from"));
  std::vector<std::string_view> german{"e4", "e5", "Sf3", "Sc6", "Lb5"};
  d = detect_dialect(Position(), german);
  REQUIRE(d.codec);
  CHECK(d.codec->name() == "san-de");
  CHECK(d.caution.empty());
  // "1. Pf3 Pf6": Dutch knights, read exactly, or SAN pawns with their letter, read leniently.
  // Dutch stands, as the reading that needs no leniency, but the other is said.
  std::vector<std::string_view> dutch_or_pawns{"Pf3", "Pf6"};
  d = detect_dialect(Position(), dutch_or_pawns);
  REQUIRE(d.codec);
  CHECK(d.codec->name() == "san-nl");
  CHECK_THAT(d.caution, Catch::StartsWith("the moves read as san-nl; as san,") && Catch::Contains("--from"));
  std::vector<std::string_view> english{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"};
  d = detect_dialect(Position(), english);
  REQUIRE(d.codec);
  CHECK(d.codec->name() == "san");
  CHECK(d.caution.empty());
}

TEST_CASE("Figurine: either colour's glyphs, variation selectors ignored", "[notation][fan]") {
  CHECK(uci_of("fan", START, "♘f3") == "g1f3");
  CHECK(uci_of("fan", START, "♞f3") == "g1f3");
  CHECK(uci_of("fan", START, "♘\xEF\xB8\x8F" "f3") == "g1f3");
  CHECK(uci_of("fan", START, "♘f3", true) == "g1f3");
  CHECK(uci_of("fan", START, "♞f3", true) == "g1f3");
}

TEST_CASE("Chinese-piece SAN: the seed's game, traditional forms, signs", "[notation][chinese]") {
  const std::vector<std::string> san = {"e4", "e5", "Bc4", "d6", "Nf3", "Nc6", "Nc3", "Bg4", "h3",
                                        "Bh5", "d3", "h6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"};
  const std::vector<std::string> chinese = {"e4", "e5", "象c4", "d6", "马f3", "马c6", "马c3", "象g4", "h3",
                                            "象h5", "d3", "h6", "马xe5", "象xd1", "象xf7+", "王e7", "马d5#"};
  CHECK(written_as("chinese", san) == chinese);
  Position pos;
  for (const auto& text : chinese) {
    ParseResult r = codec("chinese").parse(pos, text);
    INFO(text);
    REQUIRE(r.ok());
    CHECK(r.notes.empty());
    pos.make_move(r.move);
  }
  CHECK(uci_of("chinese", START, "馬f3") == "g1f3");
  CHECK(uci_of("chinese", START, "马g1-f3") == "g1f3");
  CHECK(uci_of("chinese", START, "兵e4") == "e2e4");
  CHECK(uci_of("chinese", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "長易位") == "e1c1");
  CHECK(uci_of("chinese", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "马吃d5") == "e3d5");
  CHECK(uci_of("chinese", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "马e3:d5") == "e3d5");
  CHECK(uci_of("chinese", "4k3/4P3/8/8/8/8/8/K7 b - - 0 1", "王xe7") == "e8e7");
  ParseResult queen = parse("chinese", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "後d7+");
  REQUIRE(queen.ok());
  bool warned = false;  // 後 is accepted, with a warning (not a mere spelling note)
  for (const auto& note : queen.notes) warned |= !note.spelling_only && note.message.find("後") != std::string::npos;
  CHECK(warned);
  CHECK(uci_of("chinese", "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e8=后") == "e7e8q");
}

TEST_CASE("Coordinate dialects: UCI, ICCF, Smith", "[notation][coordinate]") {
  const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(uci_of("uci", castle, "e1g1") == "e1g1");
  CHECK(uci_of("uci", castle, "e1h1") == "e1g1");
  CHECK(uci_of("iccf", castle, "5171") == "e1g1");
  CHECK(uci_of("iccf", "8/5P2/8/8/8/8/8/k3K3 w - - 0 1", "67682") == "f7f8r");
  CHECK(uci_of("smith", castle, "e1c1C") == "e1c1");
  CHECK(uci_of("smith", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6E") == "e5d6");
  ParseResult r = parse("smith", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5n");
  REQUIRE_FALSE(r.ok());  // a pawn stands on d5, not a knight
  CHECK_THAT(r.error->message, Catch::Contains("e4d5p"));
  r = parse("iccf", "8/5P2/8/8/8/8/8/k3K3 w - - 0 1", "6768");
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error->message, Catch::Contains("promotion piece is missing"));
  r = parse("uci", START, "e2e5");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == ErrorKind::Illegal);
  CHECK_THAT(r.error->message, Catch::Contains("cannot move to e5"));
  r = parse("uci", START, "e2x4");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->column == 3);
}

TEST_CASE("Every codec round-trips every legal move: parse(format(m)) == m", "[notation][roundtrip]") {
  std::mt19937_64 rng(42);
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  std::size_t checked = 0;
  for (std::string_view name : codec_names()) {
    const Codec& c = codec(name);
    for (const char* start : starts)
      for (int game = 0; game < 6; ++game) {
        Position pos = from(start);
        PieceOrigins origins(pos);
        for (int ply = 0; ply < 80; ++ply) {
          MoveList moves;
          generate_legal(pos, moves);
          if (moves.empty()) break;
          for (Move m : moves) {
            std::string text = c.format(pos, m, FormatOptions{&origins});
            ParseOptions strict;
            strict.strict = true;
            strict.origins = &origins;
            ParseResult r = c.parse(pos, text, strict);
            INFO(name << " '" << text << "' in " << pos.fen() << (r.error ? ": " + r.error->message : ""));
            REQUIRE(r.ok());
            REQUIRE(r.move == m);
            ++checked;
          }
          Move m = moves.moves[rng() % moves.size()];
          origins.update(pos, m);
          pos.make_move(m);
        }
      }
  }
  CHECK(checked > 100000);
}

TEST_CASE("Move lists: numbers, results, comments, and words that belong to a move", "[notation][movetext]") {
  auto texts = [](std::string_view line) {
    std::vector<std::string> out;
    for (const auto& t : split_move_text(line).moves) out.emplace_back(t.text);
    return out;
  };
  CHECK(texts("1. e4 e5 2.Nf3 {good} Nc6 3... a6 $1 4. Bxc6! (4. Ba4) dxc6 1-0") ==
        std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "a6", "Bxc6!", "dxc6"});
  CHECK(texts("1. e4 \u203C e5 ?! 2. Nf3 \u2047 Nc6") == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"});
  // "--": a pass where a move stands, a dash after a piece still to move.
  CHECK(texts("1. e4 -- 2. d4 -- -- e5") == std::vector<std::string>{"e4", "--", "d4", "--", "--", "e5"});
  CHECK(texts("1 P-K4 -- 2 Kt -- KB3") == std::vector<std::string>{"P-K4", "--", "Kt -- KB3"});
  MoveText t = split_move_text("1 P-K4 P-K4 2 Kt-KB3 ½-½");
  CHECK(t.numbered);
  CHECK(t.result == "1/2-1/2");
  CHECK(texts("1 P-K4 P-K4 2 Kt-KB3") == std::vector<std::string>{"P-K4", "P-K4", "Kt-KB3"});
  CHECK(texts("17 QxP ch KxQ 18 PxP e.p. Castles KR 19 R-K sq") ==
        std::vector<std::string>{"QxP ch", "KxQ", "PxP e.p.", "Castles KR", "R-K sq"});
  CHECK(texts("1. P - K 4 P - K 4 2. Kt - K B 3 2. ........ Kt - Q B 3 3. K Kt-K2") ==
        std::vector<std::string>{"P - K 4", "P - K 4", "Kt - K B 3", "Kt - Q B 3", "K Kt-K2"});
  CHECK(texts("1. P-Q 4 P-Q4") == std::vector<std::string>{"P-Q 4", "P-Q4"});
  // "to" for the dash, the square spaced: its rank joins it though it is the next number.
  CHECK(texts("1 P to K 4 P to K 4 2 Kt to K B 3 3 B to Q B 4") ==
        std::vector<std::string>{"P to K 4", "P to K 4", "Kt to K B 3", "B to Q B 4"});
  // Capablanca's Chess Fundamentals: "then R P x P, P x P" (the rook's pawn takes).
  // (commas between moves are separators: the moves come without them)
  CHECK(texts("5 R P x P, P x P 6 KBP-B3") == std::vector<std::string>{"R P x P", "P x P", "KBP-B3"});
  CHECK(texts("5 Q Kt P x P K R x P") == std::vector<std::string>{"Q Kt P x P", "K R x P"});
  // A spaced victim goes on ("P x Q P", "P x Q B P") unless the word opens the next move.
  CHECK(texts("9 P x Q P P x P") == std::vector<std::string>{"P x Q P", "P x P"});
  CHECK(texts("9 B x Q B P ch K - Q 1") == std::vector<std::string>{"B x Q B P ch", "K - Q 1"});
  CHECK(texts("9 P x Q P, Kt - K B 3") == std::vector<std::string>{"P x Q P", "Kt - K B 3"});
  CHECK(texts("9 P x Q P - K 4") == std::vector<std::string>{"P x Q", "P - K 4"});
  CHECK(texts("9 Kt x R B x Kt") == std::vector<std::string>{"Kt x R", "B x Kt"});
  CHECK(texts("9 Kt x R P-K4") == std::vector<std::string>{"Kt x R", "P-K4"});
  CHECK(texts("30 PxP e.p.+ K-B1") == std::vector<std::string>{"PxP e.p.+", "K-B1"});
  CHECK(texts("30 PxP e.p. ch K-B1") == std::vector<std::string>{"PxP e.p. ch", "K-B1"});
  CHECK(texts("7 ... R-K 8 P-Q4") == std::vector<std::string>{"R-K", "P-Q4"});
  CHECK(texts("1. 5254 5755 2. 7163") == std::vector<std::string>{"5254", "5755", "7163"});
  CHECK(texts("e2e4 e7e5 ; a comment") == std::vector<std::string>{"e2e4", "e7e5"});
  // A book's "Resigns": the side to move resigned (a result where the numbers say who), and
  // the prose after it is no move.
  CHECK(texts("33. R x B  Resigns. A fine game") == std::vector<std::string>{"R x B"});
  CHECK(split_move_text("33. R x B  Resigns.").result == "1-0");
  CHECK(split_move_text("33. R x B  K-Q2 resigns").result == "0-1");  // White, to move, resigned
  CHECK(split_move_text("R x B resigns").result.empty());
}

TEST_CASE("Annotation glyphs and the NAGs they stand for (PGN standard 10)", "[notation][movetext]") {
  CHECK(glyph_nag("!") == 1);
  CHECK(glyph_nag("?") == 2);
  CHECK(glyph_nag("!!") == 3);
  CHECK(glyph_nag("??") == 4);
  CHECK(glyph_nag("!?") == 5);
  CHECK(glyph_nag("?!") == 6);
  for (std::string_view other : {"", "!!!", "?!?", "+", "=", "!x"}) CHECK(glyph_nag(other) == 0);
}

TEST_CASE("Chess960: a castling that lands where a king step goes is written apart from it", "[notation][chess960]") {
  // King f1, rook h1: O-O puts the king on g1, as the plain step Kg1 does.
  const std::string fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
  Move castle = Move::make(SQ_F1, SQ_H1, MoveType::Castling);
  Move step(SQ_F1, SQ_G1);
  for (std::string_view name : {"uci", "iccf", "smith", "san", "lan", "descriptive"}) {
    Position pos = from(fen);
    std::string castle_text = codec(name).format(pos, castle), step_text = codec(name).format(pos, step);
    INFO(name << ": castling '" << castle_text << "', step '" << step_text << "'");
    CHECK(castle_text != step_text);
    CHECK(codec(name).parse(pos, castle_text).move == castle);
    CHECK(codec(name).parse(pos, step_text).move == step);
  }
  Position pos = from(fen);
  CHECK(codec("iccf").format(pos, castle) == "6181");  // king takes rook
  ParseResult r = parse("iccf", fen, "6171");
  REQUIRE(r.ok());
  CHECK(r.move == step);
  CHECK(uci_of("smith", fen, "f1g1c") == "f1h1");  // the indicator says castling
  CHECK(uci_of("smith", fen, "f1g1") == "f1g1");
}

TEST_CASE("Move lists in prose: commas and semicolons separate; an unclosed comment is said", "[notation][movetext]") {
  auto texts = [](std::string_view line) {
    std::vector<std::string> out;
    for (const auto& t : split_move_text(line).moves) out.emplace_back(t.text);
    return out;
  };
  CHECK(texts("1. P-K4, P-K4; 2. P-KB4, PxP; 3. Kt-KB3, P-KKt4") ==
        std::vector<std::string>{"P-K4", "P-K4", "P-KB4", "PxP", "Kt-KB3", "P-KKt4"});
  // A ';' with no move number after it is PGN's comment to the end of the line.
  MoveText comment = split_move_text("1. e4 e5 ; a comment 2. Nf3");
  CHECK(comment.moves.size() == 2);
  CHECK(comment.skipped_comments);
  CHECK(comment.unclosed_at == 0);
  MoveText open = split_move_text("1. e4 {unclosed e5 2. Nf3");
  CHECK(open.unclosed_at == 7);
  CHECK(open.unclosed == '{');
  MoveText variation = split_move_text("1. e4 (1. d4 e5 2. Nf3");
  CHECK(variation.unclosed_at == 7);
  CHECK(variation.unclosed == '(');
  CHECK(split_move_text("1. e4 {closed} (1. d4) e5").unclosed_at == 0);
}

namespace {
// Numbers that are not digits and a fixed suffix: MoveNumbers must ask for each.
class WordNumbers final : public Codec {
public:
  std::string_view name() const override { return "words"; }
  ParseResult parse(Position&, std::string_view, const ParseOptions&) const override { return {}; }
  std::string format(Position&, Move, const FormatOptions&) const override { return {}; }
  std::string move_number(int fullmove, Color side) const override {
    return (fullmove == 12 ? "twelve" : fullmove == 7 ? "seven" : "n") + std::string(side == WHITE ? "." : "...");
  }
};
}  // namespace

TEST_CASE("Move numbers as the dialect writes them, however they are built", "[notation]") {
  char room[MoveNumbers::ROOM];
  std::string spill;
  MoveNumbers san(*find_codec("san"));
  CHECK(san.text(room, 1, WHITE, spill) == "1.");
  CHECK(san.text(room, 12, BLACK, spill) == "12...");
  CHECK(san.text(room, 2147483647, BLACK, spill) == "2147483647...");
  CHECK(spill.empty());  // digits and a short suffix: nothing built
  MoveNumbers uci(*find_codec("uci"));
  CHECK(uci.text(room, 12, WHITE, spill).empty());
  WordNumbers words;
  MoveNumbers asked(words);
  CHECK(asked.text(room, 12, WHITE, spill) == "twelve.");
  CHECK(asked.text(room, 7, BLACK, spill) == "seven...");
  std::string appended = "1. e4 ";
  asked.append(appended, 12, BLACK);
  CHECK(appended == "1. e4 twelve...");
}
