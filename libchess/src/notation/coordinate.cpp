#include "notation/coordinate.h"

#include <cctype>
#include <optional>
#include <vector>

#include "chess/movegen.h"
#include "chess/uci_move.h"
#include "notation/text.h"

namespace chess::notation {
namespace {

Square king_destination(const Position& pos, Move castling) {
  return Position::castling_king_to(pos.side_to_move(), castling.to() > castling.from());
}

// In Chess960 a castling king may land where an ordinary king step also goes (king f1,
// rook h1: O-O and Kg1 both end on g1). Coordinate text naming the king's square cannot
// tell them apart, so such castling is written as king takes rook (f1h1).
bool castling_looks_like_a_step(const Position& pos, Move castling) {
  if (!pos.chess960()) return false;
  Square to = king_destination(pos, castling);
  MoveList moves;
  generate_legal_piece_to(pos, KING, to, moves);
  for (Move m : moves)
    if (m.from() == castling.from()) return true;
  return false;
}

// The square a move reaches as coordinate notations write it: the king's destination
// for castling, or the rook's where that would be taken for a king step.
Square shown_to(const Position& pos, Move m) {
  if (m.type() != MoveType::Castling) return m.to();
  return castling_looks_like_a_step(pos, m) ? m.to() : king_destination(pos, m);
}

struct CoordinateSpec {
  Square from, to;
  PieceType promotion = NO_PIECE_TYPE;
  // How castling may be named: by the king's destination, by the rook's square (king takes
  // rook), or both. UCI in Chess960 castles only by king takes rook.
  bool castle_by_king_square = true;
  // Smith's indicator: 'c'/'C' says castling, anything else says not (0: none written).
  char indicator = 0;
};

// Matches (from, to, promotion) against the legal moves; fills the error otherwise. A text
// that fits two moves (a Chess960 castling and a king step) is ambiguous, never guessed.
ParseResult resolve(const Position& pos, const CoordinateSpec& s, std::string_view text) {
  ParseResult r;
  MoveList legal;
  generate_legal(pos, legal);
  bool promotion_missing = false;
  std::vector<Move> found;
  for (Move m : legal) {
    if (m.from() != s.from) continue;
    bool castling = m.type() == MoveType::Castling;
    bool to_ok = castling ? (m.to() == s.to || (s.castle_by_king_square && king_destination(pos, m) == s.to))
                          : m.to() == s.to;
    if (!to_ok) continue;
    if (m.type() == MoveType::Promotion) {
      if (s.promotion == NO_PIECE_TYPE) {
        promotion_missing = true;
        continue;
      }
      if (m.promotion() != s.promotion) continue;
    } else if (s.promotion != NO_PIECE_TYPE) {
      continue;
    }
    found.push_back(m);
  }
  if (found.size() == 2 && s.indicator) {  // Smith: the indicator says which
    bool castle = s.indicator == 'c' || s.indicator == 'C';
    std::erase_if(found, [&](Move m) { return (m.type() == MoveType::Castling) != castle; });
  }
  if (found.size() == 2) {
    // The king's square names the king step; such a castling is written king takes rook.
    std::erase_if(found, [&](Move m) { return m.type() == MoveType::Castling && m.to() != s.to; });
  }
  if (found.size() == 1) {
    r.move = found.front();
    return r;
  }
  if (found.size() > 1) {
    r.error = NotationError{ErrorKind::Ambiguous, 1,
                            "'" + std::string(text) + "' is both castling and a king move here (Chess960): write "
                            "castling as king takes rook",
                            found};
    return r;
  }
  NotationError e{ErrorKind::Illegal, 1, "", {}};
  for (Move m : legal)
    if (m.from() == s.from) e.candidates.push_back(m);
  if (promotion_missing) {
    e.message = "'" + std::string(text) + "' reaches the last rank: the promotion piece is missing";
  } else if (pos.empty(s.from)) {
    e.message = "no piece on " + square_name(s.from);
  } else if (color_of(pos.piece_on(s.from)) != pos.side_to_move()) {
    e.message = "the piece on " + square_name(s.from) + " is not " +
                (pos.side_to_move() == WHITE ? "White's" : "Black's") + " (it is their opponent's turn)";
  } else {
    e.message = "the piece on " + square_name(s.from) + " cannot move to " + square_name(s.to);
  }
  r.error = std::move(e);
  return r;
}

bool file_char(char c) { return c >= 'a' && c <= 'h'; }
bool rank_char(char c) { return c >= '1' && c <= '8'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

NotationError unreadable(std::size_t column, std::string message) {
  return NotationError{ErrorKind::Unreadable, column, std::move(message), {}};
}

// Squares as in "e2e4". On a character that does not fit, the error names it and shows
// what the dialect's moves look like (`examples`: "e2e4 or e7e8q").
std::optional<NotationError> read_squares(std::string_view t, CoordinateSpec& s, std::string_view dialect,
                                          std::string_view examples) {
  std::size_t ok = 0;
  while (ok < 4 && ok < t.size() && (ok % 2 ? rank_char(t[ok]) : file_char(t[ok]))) ++ok;
  if (ok < 4)
    return unreadable(ok + 1, std::string("expected ") + (ok % 2 ? "a rank 1-8" : "a file a-h") + " (" +
                                  std::string(dialect) + " moves look like " + std::string(examples) + ")");
  s.from = make_square(File(t[0] - 'a'), Rank(t[1] - '1'));
  s.to = make_square(File(t[2] - 'a'), Rank(t[3] - '1'));
  return std::nullopt;
}

PieceType promotion_of(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'q': return QUEEN;
    case 'r': return ROOK;
    case 'b': return BISHOP;
    case 'n': return KNIGHT;
    default: return NO_PIECE_TYPE;
  }
}

class UciCodec final : public Codec {
public:
  std::string_view name() const override { return "uci"; }
  std::string_view null_move() const override { return "0000"; }
  bool one_list_per_line() const override { return true; }
  using Codec::format;
  std::string format(Position& pos, Move m, const FormatOptions&) const override { return to_uci(pos, m); }
  std::string move_number(int, Color) const override { return {}; }

  ParseResult parse(Position& pos, std::string_view text, const ParseOptions& options) const override {
    ParseResult r;
    std::string_view t = trim(text);
    if (t == "0000") {
      r.error = unreadable(1, "'0000' is a null move, not a move of the game");
      return r;
    }
    CoordinateSpec s;
    if ((r.error = read_squares(t, s, "UCI", "e2e4 or e7e8q"))) return r;
    if (t.size() > 5 || (t.size() == 5 && promotion_of(t[4]) == NO_PIECE_TYPE)) {
      r.error = unreadable(5, "expected nothing after the squares but a promotion letter q, r, b or n");
      return r;
    }
    if (t.size() == 5) s.promotion = promotion_of(t[4]);
    s.castle_by_king_square = !pos.chess960();
    r = resolve(pos, s, t);
    if (r.ok() && to_uci(pos, r.move) != t) {
      std::string note = non_canonical_note(t, "uci", to_uci(pos, r.move));
      if (options.strict) r.error = unreadable(1, note), r.move = Move::none();
      else r.notes.push_back({true, note});
    }
    return r;
  }
};

// ICCF numeric: files and ranks as digits 1-8, promotion as a fifth digit 1 Q, 2 R, 3 B, 4 N.
class IccfCodec final : public Codec {
public:
  std::string_view name() const override { return "iccf"; }
  std::string move_number(int fullmove, Color side) const override {
    return std::to_string(fullmove) + (side == WHITE ? "." : "...");
  }

  using Codec::format;
  std::string format(Position& pos, Move m, const FormatOptions&) const override {
    Square to = shown_to(pos, m);
    std::string out{char('1' + file_of(m.from())), char('1' + rank_of(m.from())), char('1' + file_of(to)),
                     char('1' + rank_of(to))};
    if (m.type() == MoveType::Promotion) out += digit(m.promotion());
    return out;
  }

  ParseResult parse(Position& pos, std::string_view text, const ParseOptions&) const override {
    ParseResult r;
    std::string_view t = trim(text);
    for (std::size_t i = 0; i < t.size(); ++i) {
      bool valid = i < 4 ? (t[i] >= '1' && t[i] <= '8') : (i == 4 && t[i] >= '1' && t[i] <= '4');
      if (!valid) {
        r.error = unreadable(i + 1, i < 4 ? "expected a digit 1-8 (ICCF moves look like 5254)"
                                          : "expected only a promotion digit 1-4 after the four square digits");
        return r;
      }
    }
    if (t.size() < 4) {
      r.error = unreadable(t.size() + 1, "expected four digits, file and rank of origin and destination");
      return r;
    }
    CoordinateSpec s;
    s.from = make_square(File(t[0] - '1'), Rank(t[1] - '1'));
    s.to = make_square(File(t[2] - '1'), Rank(t[3] - '1'));
    if (t.size() == 5) s.promotion = t[4] == '1' ? QUEEN : t[4] == '2' ? ROOK : t[4] == '3' ? BISHOP : KNIGHT;
    return resolve(pos, s, t);
  }

private:
  static char digit(PieceType pt) { return pt == QUEEN ? '1' : pt == ROOK ? '2' : pt == BISHOP ? '3' : '4'; }
};

// Smith: from, to, an indicator (captured piece p n b r q k, E for e.p., c / C for short /
// long castling), then the promotion piece N B R Q. Designed to be reversible.
class SmithCodec final : public Codec {
public:
  std::string_view name() const override { return "smith"; }
  std::string move_number(int, Color) const override { return {}; }

  using Codec::format;
  std::string format(Position& pos, Move m, const FormatOptions&) const override {
    Square to = shown_to(pos, m);
    std::string out = square_name(m.from()) + square_name(to);
    if (m.type() == MoveType::Castling) out += m.to() > m.from() ? 'c' : 'C';
    else if (m.type() == MoveType::EnPassant) out += 'E';
    else if (!pos.empty(m.to())) out += " pnbrqk"[type_of(pos.piece_on(m.to()))];
    if (m.type() == MoveType::Promotion) out += " PNBRQK"[m.promotion()];
    return out;
  }

  ParseResult parse(Position& pos, std::string_view text, const ParseOptions& options) const override {
    ParseResult r;
    std::string_view t = trim(text);
    CoordinateSpec s;
    if ((r.error = read_squares(t, s, "Smith", "e2e4 or e4d5p"))) return r;
    std::size_t i = 4;
    char indicator = 0;
    if (i < t.size() && std::string_view("pnbrqkEcC").find(t[i]) != std::string_view::npos) indicator = t[i++];
    s.indicator = indicator ? indicator : '-';  // no indicator: not castling
    if (i < t.size() && std::string_view("NBRQ").find(t[i]) != std::string_view::npos) s.promotion = promotion_of(t[i++]);
    if (i < t.size()) {
      r.error = unreadable(i + 1, "unexpected " + quoted_char_at(t, i) +
                                      ": expected a captured piece (p n b r q k), E, c or C, then N B R or Q");
      return r;
    }
    r = resolve(pos, s, t);
    if (r.ok()) {
      std::string canonical = format(pos, r.move);
      if (canonical != t) {
        // A written indicator that contradicts the move (e4d5n where a pawn is taken) is an
        // error; any other difference (a missing indicator, castling by the king's square)
        // is a lenient reading.
        char wanted = canonical.size() > 4 && std::string_view("pnbrqkEcC").find(canonical[4]) != std::string_view::npos
                          ? canonical[4]
                          : 0;
        bool contradicts = indicator && indicator != wanted;
        std::string note = non_canonical_note(t, "smith", canonical);
        if (contradicts) note = "'" + std::string(t) + "' does not match the move's indicator: canonical smith is '" +
                                canonical + "'";
        if (options.strict || contradicts) r.error = NotationError{ErrorKind::Illegal, 5, note, {r.move}}, r.move = Move::none();
        else r.notes.push_back({true, note});
      }
    }
    return r;
  }
};

}  // namespace

std::vector<std::unique_ptr<Codec>> make_coordinate_codecs() {
  std::vector<std::unique_ptr<Codec>> codecs;
  codecs.push_back(std::make_unique<UciCodec>());
  codecs.push_back(std::make_unique<IccfCodec>());
  codecs.push_back(std::make_unique<SmithCodec>());
  return codecs;
}

}  // namespace chess::notation
