#include "chess/notation/canonical_san.h"

#include "chess/movegen.h"
#include "notation/san_parts.h"
#include "notation/text.h"

namespace chess::notation {
namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

Move castling_move(const Position& pos, bool king_side) {
  CastlingRights right = castling_right(pos.side_to_move(), king_side);
  if (!pos.can_castle(right)) return Move::none();
  MoveList moves;
  generate_legal_to(pos, square_bb(pos.castling_rook_square(right)), moves);
  for (Move m : moves)
    if (m.type() == MoveType::Castling) return m;
  return Move::none();
}

// The move that `text` (check mark removed) names canonically, or Move::none().
Move canonical_move(const Position& pos, std::string_view text) {
  if (text == "O-O") return castling_move(pos, true);
  if (text == "O-O-O") return castling_move(pos, false);
  std::size_t n = text.size();
  PieceType promotion = NO_PIECE_TYPE;
  if (n >= 4 && text[n - 2] == '=') {
    promotion = english_piece(text[n - 1]);
    if (promotion == NO_PIECE_TYPE || promotion == PAWN || promotion == KING) return Move::none();
    n -= 2;
  }
  PieceType pt = n ? english_piece(text[0]) : NO_PIECE_TYPE;
  if (pt == PAWN) return Move::none();  // pawns go without a letter
  std::size_t first = pt == NO_PIECE_TYPE ? 0 : 1;
  if (pt == NO_PIECE_TYPE) pt = PAWN;
  if (n < first + 2 || !is_file(text[n - 2]) || !is_rank(text[n - 1])) return Move::none();
  if (promotion != NO_PIECE_TYPE && pt != PAWN) return Move::none();
  // A Chess960 king step may land where castling does: the general reader weighs that.
  if (pt == KING && pos.chess960()) return Move::none();
  Square to = make_square(File(text[n - 2] - 'a'), Rank(text[n - 1] - '1'));
  // Between the piece letter and the square: disambiguation, then 'x'.
  std::string_view middle = text.substr(first, n - 2 - first);
  bool capture = !middle.empty() && middle.back() == 'x';
  if (capture) middle.remove_suffix(1);
  int file = -1, rank = -1;
  if (middle.size() == 2 && is_file(middle[0]) && is_rank(middle[1])) {
    file = middle[0] - 'a';
    rank = middle[1] - '1';
  } else if (middle.size() == 1 && is_file(middle[0])) {
    file = middle[0] - 'a';
  } else if (middle.size() == 1 && is_rank(middle[0])) {
    rank = middle[0] - '1';
  } else if (!middle.empty()) {
    return Move::none();
  }
  bool occupied = !pos.empty(to);

  MoveList moves;
  generate_legal_piece_to(pos, pt, to, moves);
  if (pt == PAWN) {
    // Canonical pawn moves: "e4" straight ahead, "exd5" (file only) for every capture.
    if (rank >= 0 || capture != (file >= 0)) return Move::none();
    int from_file = capture ? file : int(file_of(to));
    Move found = Move::none();
    for (Move m : moves) {
      if (int(file_of(m.from())) != from_file) continue;
      if ((m.type() == MoveType::Promotion ? m.promotion() : NO_PIECE_TYPE) != promotion) continue;
      found = m;  // one origin per file and kind: at most one move matches
    }
    return found;
  }
  if (capture != occupied) return Move::none();
  // A piece: the disambiguation must be exactly what the legal rivals require.
  Move found = Move::none();
  int matching = 0;
  for (Move m : moves)
    if ((file < 0 || int(file_of(m.from())) == file) && (rank < 0 || int(rank_of(m.from())) == rank)) {
      found = m;
      ++matching;
    }
  if (matching != 1) return Move::none();
  bool rival = false, same_file = false, same_rank = false;
  if (pt != KING)  // the writer never disambiguates a king
    for (Move m : moves) {
      if (m == found) continue;
      rival = true;
      same_file |= file_of(m.from()) == file_of(found.from());
      same_rank |= rank_of(m.from()) == rank_of(found.from());
    }
  bool show_file = rival && (!same_file || same_rank);
  bool show_rank = rival && same_file;
  if ((file >= 0) != show_file || (rank >= 0) != show_rank) return Move::none();
  return found;
}

// The check mark a text claims ('+', '#' or 0), taken off the text.
char take_check_claim(std::string_view& text) {
  if (text.empty() || (text.back() != '+' && text.back() != '#')) return 0;
  char claim = text.back();
  text.remove_suffix(1);
  return claim;
}

// The check mark the move just played earns.
char mark_after(const Position& pos) { return pos.in_check() ? (has_legal_move(pos) ? '+' : '#') : 0; }

}  // namespace

Move play_canonical_san(Position& pos, std::string_view text) {
  char claim = take_check_claim(text);
  Move m = canonical_move(pos, text);
  if (!m.is_ok()) return Move::none();
  pos.make_move(m);
  if (mark_after(pos) != claim) {
    pos.unmake_move(m);
    return Move::none();
  }
  return m;
}

Move read_canonical_san(Position& pos, std::string_view text) {
  char claim = take_check_claim(text);
  Move m = canonical_move(pos, text);
  if (!m.is_ok()) return Move::none();
  // Most moves claim no check and plainly give none: nothing to play to be sure.
  if (int check = claim ? -1 : gives_check_quick(pos, m); check >= 0) return check ? Move::none() : m;
  pos.make_move(m);
  bool earned = mark_after(pos) == claim;
  pos.unmake_move(m);
  return earned ? m : Move::none();
}

}  // namespace chess::notation
