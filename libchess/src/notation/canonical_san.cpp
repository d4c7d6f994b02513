#include "chess/notation/canonical_san.h"

#include <algorithm>

#include "chess/movegen.h"
#include "notation/san_parts.h"
#include "notation/text.h"

namespace chess::notation {
namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

Move castling_move(const Position& pos, bool king_side) {
  CastlingRights right = castling_right(pos.side_to_move(), king_side);
  if (!castling_is_legal(pos, right)) return Move::none();
  return Move::make(pos.king_square(pos.side_to_move()), pos.castling_rook_square(right), MoveType::Castling);
}

// The move that `text` (check mark removed) names canonically, or Move::none(). With
// `respelled`, a piece's origin may also be named with more than its rivals require
// ("Ng1f3", "Ngf3" where one knight reaches f3), a pawn's by its square ("e2e4"), and a
// hyphen may follow it ("Ng1-f3", "e2-e4"), as scoresheets and programs that write long
// algebraic do; `respelled` then receives the canonical text (else it is left empty).
Move canonical_move(const Position& pos, std::string_view text, std::string* respelled = nullptr) {
  std::size_t n = text.size();
  if (n < 2) return Move::none();
  PieceType pt = PAWN;  // pawns go without a letter
  std::size_t first = 0;
  if (!is_file(text[0])) {
    if (text[0] == 'O') {
      if (text == "O-O") return castling_move(pos, true);
      if (text == "O-O-O") return castling_move(pos, false);
      return Move::none();
    }
    pt = english_piece(text[0]);
    if (pt == NO_PIECE_TYPE || pt == PAWN) return Move::none();
    first = 1;
  }
  PieceType promotion = NO_PIECE_TYPE;
  if (pt == PAWN && n >= 4 && text[n - 2] == '=') {
    promotion = english_piece(text[n - 1]);
    if (promotion == NO_PIECE_TYPE || promotion == PAWN || promotion == KING) return Move::none();
    n -= 2;
  }
  if (n < first + 2 || !is_file(text[n - 2]) || !is_rank(text[n - 1])) return Move::none();
  // A Chess960 king step may land where castling does: the general reader weighs that.
  if (pt == KING && pos.chess960()) return Move::none();
  Square to = make_square(File(text[n - 2] - 'a'), Rank(text[n - 1] - '1'));
  // Between the piece letter and the square: disambiguation, then 'x'.
  std::string_view middle = text.substr(first, n - 2 - first);
  bool capture = !middle.empty() && middle.back() == 'x';
  if (capture) middle.remove_suffix(1);
  const bool fuller = respelled;
  if (fuller && !capture && middle.size() > 1 && middle.back() == '-') middle.remove_suffix(1);
  Bitboard named = ~Bitboard(0);  // the origins the disambiguation allows
  bool file_named = false, rank_named = false;
  if (middle.size() == 2 && is_file(middle[0]) && is_rank(middle[1])) {
    named = file_bb(File(middle[0] - 'a')) & rank_bb(Rank(middle[1] - '1'));
    file_named = rank_named = true;
  } else if (middle.size() == 1 && is_file(middle[0])) {
    named = file_bb(File(middle[0] - 'a'));
    file_named = true;
  } else if (middle.size() == 1 && is_rank(middle[0])) {
    named = rank_bb(Rank(middle[0] - '1'));
    rank_named = true;
  } else if (!middle.empty()) {
    return Move::none();
  }

  Bitboard origins = legal_origins(pos, pt, to);
  if (pt == PAWN) {
    // Canonical pawn moves: "e4" straight ahead, "exd5" (file only, another file) for every
    // capture. Respelled, the origin square may come first ("e2e4", "e2-e4", "e4xd5").
    const bool from_square = fuller && rank_named;
    if (from_square ? !file_named : (rank_named || capture != file_named)) return Move::none();
    Bitboard from = origins & named & (capture ? ~file_bb(to) : file_bb(to));  // one origin per file at most
    if (!from) return Move::none();
    bool promotes = relative_rank(pos.side_to_move(), to) == RANK_8;
    if (promotes != (promotion != NO_PIECE_TYPE)) return Move::none();
    if (from_square) *respelled = (capture ? std::string{middle[0], 'x'} : std::string()) + std::string(text.substr(n - 2));
    if (promotes) return Move::make(lsb(from), to, MoveType::Promotion, promotion);
    return to == pos.ep_square() ? Move::make(lsb(from), to, MoveType::EnPassant) : Move(lsb(from), to);
  }
  if (capture == pos.empty(to)) return Move::none();
  // A piece: the disambiguation must be exactly what the legal rivals require (the writer
  // never disambiguates a king, which has none).
  Bitboard chosen = origins & named;
  if (!chosen || more_than_one(chosen)) return Move::none();
  Square from = lsb(chosen);
  Bitboard rivals = origins ^ chosen;
  bool same_file = rivals & file_bb(from), same_rank = rivals & rank_bb(from);
  bool show_file = rivals && (!same_file || same_rank);
  bool show_rank = rivals && same_file;
  if (!fuller) return file_named == show_file && rank_named == show_rank ? Move(from, to) : Move::none();
  respelled->assign(1, text[0]);
  if (show_file) *respelled += char('a' + file_of(from));
  if (show_rank) *respelled += char('1' + rank_of(from));
  if (capture) *respelled += 'x';
  respelled->append(text.substr(n - 2, 2));
  return Move(from, to);
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

Move play_nearly_canonical_san(Position& pos, std::string_view text, std::string& canonical) {
  take_check_claim(text);
  std::string letters;
  if (text.starts_with("0-0")) {  // castling in zeros
    letters.assign(text);
    std::replace(letters.begin(), letters.end(), '0', 'O');
    text = letters;
  }
  canonical.clear();
  Move m = canonical_move(pos, text, &canonical);
  if (!m.is_ok()) return Move::none();
  if (canonical.empty()) canonical = text;  // (it was canonical)
  pos.make_move(m);
  if (char mark = mark_after(pos)) canonical += mark;
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
