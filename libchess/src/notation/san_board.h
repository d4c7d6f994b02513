// Canonical SAN played on a lean board (bitboards and the kind on each square; no key or
// history), for the plain path, which replays millions of moves written exactly as the SAN
// writer prints them. It plays the moves nearly every game is made of (a piece's, a pawn's,
// castling in standard chess) and declines the rest (promotion, en passant, a Chess960
// king's step or castling, and anything not canonical): the caller then plays the move on
// a Position with play_canonical_san, the reference, and carries on from there. So a move
// this board plays is one play_canonical_san plays too, the same move:
// tests/unit/san_board_test.cpp holds it to that on every legal move of random games,
// written canonically and in the near misses of scoresheets, and the corpus tests compare
// the plain path's reports, made on this board, with the general path's over real games.
//
// The last move played can be taken back (where a variation replaces it): a copy of the
// board before each move would cost more, its wide loads waiting on the stores just made.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "chess/position.h"
#include "notation/text.h"

namespace chess::notation {

class SanBoard {
public:
  // The position `pos` stands in.
  void set(const Position& pos);
  // `pos`, a position of the same game (it keeps the castling geometry), set to stand as
  // this board does, with no history before it.
  void store(Position& pos) const;

  // If `text` is the canonical SAN of a legal move of the kinds this board plays, with
  // exactly the check mark the move earns, plays it and returns it; otherwise returns
  // Move::none() and leaves the board as it was.
  [[gnu::always_inline]] Move play(std::string_view text);
  // The same for a move in long algebraic ("Ng1-f3", "e2-e4", "Nf3xe5": the origin's square,
  // '-', or 'x' exactly on a capture, then the square), which play_nearly_canonical_san
  // reads as the same move (a file in that notation spells every move so); the caller warns
  // of the spelling. Declines what play() declines, and any check mark but the move's own.
  Move play_long(std::string_view text);
  // The last move play() or play_long() made, taken back (once: the move before it cannot be).
  void take_back();

  Color side_to_move() const { return side_; }
  int game_ply() const { return game_ply_; }
  bool in_check() const { return checkers_; }
  bool has_legal_move() const;

  // The board's geometry, in a table of this board's own: the library's (bitboard.h) is
  // reached through the GOT and a reference, two loads before each lookup, on the path of
  // every move to its verdict (perf put the most samples of the scanner's loop on the first
  // use of a `between` lookup). Callgrind: 1.4% fewer instructions in validation.
  struct Geometry {
    Bitboard reach[PIECE_TYPE_NB][SQUARE_NB];  // what each kind reaches on an empty board; [PAWN]: White's captures
    Bitboard black_pawn[SQUARE_NB];            // Black's pawn captures
    Bitboard between[SQUARE_NB][SQUARE_NB];    // as between_bb
    Bitboard line[SQUARE_NB][SQUARE_NB];       // as line_bb
  };
  static const Geometry GEOMETRY;  // (tests/unit/san_board_test.cpp holds it to bitboard.h's)

private:
  [[gnu::always_inline]] bool legal(Square from, Square to) const;  // a man other than the king, from `from` to `to`
  bool attacked(Square s, Bitboard occupied) const;  // by the side not to move
  Move castling(bool king_side) const;
  Move castle_with(Move castling, char claim);
  [[gnu::always_inline]] static Bitboard lines(PieceType pt, Square s);
  static constexpr Geometry geometry();  // (worked out at compile time)
  [[gnu::always_inline]] static Bitboard pawn_captures(Color c, Square s) {
    return c == WHITE ? GEOMETRY.reach[PAWN][s] : GEOMETRY.black_pawn[s];
  }
  [[gnu::always_inline]] static Bitboard between(Square a, Square b) { return GEOMETRY.between[a][b]; }
  [[gnu::always_inline]] static Bitboard line(Square a, Square b) { return GEOMETRY.line[a][b]; }
  [[gnu::always_inline]] static Bitboard reaching(Square s, Bitboard lined_up, Bitboard occupied);
  [[gnu::always_inline]] Bitboard sliders(Color c, Square s) const;
  [[gnu::always_inline]] Move make(PieceType pt, Square from, Square to, Bitboard reach, bool capture, char claim);

  Bitboard by_type_[PIECE_TYPE_NB];  // [NO_PIECE_TYPE]: every man
  Bitboard by_color_[COLOR_NB];
  Bitboard castling_rooks_;  // the rooks whose castling right is held
  Bitboard checkers_;        // the men giving check to the side to move
  Square king_[COLOR_NB];    // (kept, not found from the bitboards: every move asks for both)
  PieceType on_[SQUARE_NB];  // the kind of man on each square: the one taken is looked up, not worked out
  Square ep_;                // after every double step, as Position has it
  Color side_;
  bool chess960_;
  uint16_t rule50_;
  int game_ply_;
  // What take_back() needs of the last move played.
  struct Undo {
    Bitboard castling_rooks, checkers;
    uint16_t rule50;
    Square from, to, ep;  // castling: `from` the king's square, `to` the rook's
    PieceType moved, taken;
    bool castles;
  } undo_;
};

// The moves are played here, inline: the plain path plays millions of them in one loop,
// where a branch on what the last move was (a pawn's or a piece's, which piece, a capture
// or not, one on the king's lines or not) is mispredicted as often as not: so masks are
// chosen where they can be, and branched on where they cannot.

// Of the men `lined_up` with `s` (each on a line of its own kind: a bishop or queen on a
// diagonal, a rook or queen on a rank or file), those with nothing between them and `s`.
// Sliders are found so, not by their attack tables: the rook's is 800 KB, out of the near
// caches while an archive streams through, and a lookup waits on memory.
inline Bitboard SanBoard::reaching(Square s, Bitboard lined_up, Bitboard occupied) {
  Bitboard found = 0;
  for (Bitboard b = lined_up; b;) {
    const Square x = pop_lsb(b);
    if (!((between(s, x) ^ square_bb(x)) & occupied)) found |= square_bb(x);
  }
  return found;
}

// The sliders of `c` lined up with `s`, each on a line of its own kind.
inline Bitboard SanBoard::sliders(Color c, Square s) const {
  const Bitboard queens = by_type_[QUEEN];
  return ((lines(BISHOP, s) & (by_type_[BISHOP] | queens)) | (lines(ROOK, s) & (by_type_[ROOK] | queens))) &
         by_color_[c];
}

// The squares a piece of kind `pt` (not a pawn) on `s` reaches on an empty board: one
// load, where masking the knight's, king's, bishop's and rook's tables by the kind took
// 20 instructions a piece's move.
inline Bitboard SanBoard::lines(PieceType pt, Square s) { return GEOMETRY.reach[pt][s]; }

// A man other than the king may go from `from` to `to` when it answers any check (one
// checker, captured or blocked) and leaves no slider of theirs a line to the king: only a
// man on one of the king's lines can open one (off them, `pin_line` is empty).
inline bool SanBoard::legal(Square from, Square to) const {
  const Square king = king_[side_];
  if (checkers_ && (more_than_one(checkers_) || !(between(king, lsb(checkers_)) & square_bb(to)))) return false;
  const Bitboard pin_line = line(king, from);
  const Bitboard after = (by_type_[NO_PIECE_TYPE] ^ square_bb(from)) | square_bb(to);
  return !reaching(king, sliders(~side_, king) & pin_line & ~square_bb(to), after);
}

inline Move SanBoard::play(std::string_view text) {
  const char* t = text.data();
  std::size_t n = text.size();
  char claim = 0;
  if (n && (t[n - 1] == '+' || t[n - 1] == '#')) claim = t[--n];
  if (n < 2) return Move::none();
  if (t[0] == 'O') {
    std::string_view castle(t, n);
    const Move m = castle == "O-O" ? castling(true) : castle == "O-O-O" ? castling(false) : Move::none();
    return m.is_ok() ? castle_with(m, claim) : Move::none();
  }
  const unsigned file = unsigned(t[n - 2] - 'a'), rank = unsigned(t[n - 1] - '1');
  if (file > 7 || rank > 7) return Move::none();
  const Color us = side_;
  const Square to = make_square(File(file), Rank(rank));
  const Bitboard ours = by_color_[us], to_bb = square_bb(to);
  if (ours & to_bb) return Move::none();
  const bool capture = by_color_[~us] & to_bb;
  if (const unsigned pawn_file = unsigned(t[0] - 'a'); pawn_file <= 7) {
    // "e4" or "exd5"; a promotion or an e.p. capture is declined, and a square no pawn
    // reaches (its first ranks: the square behind one is off the board).
    if (relative_rank(us, to) == RANK_8 || relative_rank(us, to) < RANK_3 || to == ep_) return Move::none();
    const Bitboard pawns = by_type_[PAWN] & ours;
    const int push = pawn_push(us);
    Square from;
    if (n == 2 && !capture) {
      if (pawns & square_bb(to - push)) from = to - push;
      else if (relative_rank(us, to) == RANK_4 && !(by_type_[NO_PIECE_TYPE] & square_bb(to - push)) &&
               (pawns & square_bb(to - 2 * push)))
        from = to - 2 * push;
      else return Move::none();
    } else if (n == 4 && t[1] == 'x' && capture && pawn_file != file) {
      const Bitboard origins = pawn_captures(~us, to) & pawns & file_bb(File(pawn_file));
      if (!origins) return Move::none();
      from = lsb(origins);
    } else {
      return Move::none();
    }
    return legal(from, to) ? make(PAWN, from, to, pawn_captures(us, to), capture, claim) : Move::none();
  }
  // A piece: its letter, then what tells it from its legal rivals, exactly what they
  // require (the file, else the rank, else both), then 'x' exactly on a capture, then the
  // square. (n >= 3 here: t[n - 3] is at worst the letter.)
  const PieceType pt = english_piece(t[0]);
  if (pt == NO_PIECE_TYPE || n < 3 || (pt == KING && chess960_)) return Move::none();
  if ((t[n - 3] == 'x') != capture) return Move::none();
  const std::size_t middle = n - 3 - capture;  // the characters between the letter and the 'x' or square
  Bitboard named = ~Bitboard(0);
  bool file_named = false, rank_named = false;
  if (middle) {
    if (middle > 2) return Move::none();
    const unsigned f = unsigned(t[1] - 'a'), r = unsigned(t[middle] - '1');
    file_named = f <= 7;
    rank_named = r <= 7 && (middle == 2 || !file_named);
    if (file_named + rank_named != int(middle)) return Move::none();
    if (file_named) named &= file_bb(File(f));
    if (rank_named) named &= rank_bb(Rank(r));
  }
  const Bitboard mine = by_type_[pt] & ours;
  const Bitboard reach = lines(pt, to);  // (the moved man's check is looked for on these too)
  const Bitboard candidates = reach & mine;
  // Knights and the king reach what they are lined up with; the sliders, with nothing between.
  Bitboard origins = pt == KNIGHT || pt == KING ? candidates : reaching(to, candidates, by_type_[NO_PIECE_TYPE]);
  if (pt == KING) {
    if (!origins || attacked(to, by_type_[NO_PIECE_TYPE] ^ origins)) return Move::none();  // the king lifted off
  } else if (more_than_one(origins)) {
    for (Bitboard b = origins; b;)
      if (Square from = pop_lsb(b); !legal(from, to)) origins ^= square_bb(from);
  } else if (!origins || !legal(lsb(origins), to)) {
    return Move::none();
  }
  const Bitboard chosen = origins & named;
  if (!chosen || more_than_one(chosen)) return Move::none();
  const Square from = lsb(chosen);
  if (const Bitboard rivals = origins ^ chosen) {
    const bool same_file = rivals & file_bb(from), same_rank = rivals & rank_bb(from);
    if (file_named != (!same_file || same_rank) || rank_named != same_file) return Move::none();
  } else if (middle) {
    return Move::none();
  }
  return make(pt, from, to, reach, capture, claim);
}

// The move made if it earns the check mark `claim`. The check it gives is the moved man's
// own (from `reach`, what it attacks from `to` on an empty board), or a slider's behind the
// square it left.
inline Move SanBoard::make(PieceType pt, Square from, Square to, Bitboard reach, bool capture, char claim) {
  const Color us = side_, them = ~us;
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to), moved = from_bb | to_bb;
  const Bitboard occupied = (by_type_[NO_PIECE_TYPE] ^ from_bb) | to_bb;
  const Square king = king_[them];
  const Bitboard king_bb = square_bb(king);
  // The moved man's check: a pawn's or a knight's by its attacks, a slider's along a line
  // clear to the king (a king gives none).
  const bool slides = pt >= BISHOP && pt <= QUEEN;
  const bool direct = (reach & king_bb) && pt != KING && !(slides && ((between(to, king) ^ king_bb) & occupied));
  const Bitboard checkers = (direct ? to_bb : 0) |
                            reaching(king, sliders(us, king) & line(king, from) & ~from_bb, occupied);
  if (!checkers && claim) return Move::none();
  const PieceType taken = on_[to];
  undo_.castling_rooks = castling_rooks_, undo_.checkers = checkers_, undo_.rule50 = rule50_;
  undo_.from = from, undo_.to = to, undo_.ep = ep_, undo_.moved = pt, undo_.taken = taken, undo_.castles = false;
  by_type_[taken] ^= to_bb;
  by_color_[them] &= ~to_bb;
  by_type_[pt] ^= moved;
  by_color_[us] ^= moved;
  by_type_[NO_PIECE_TYPE] = occupied;
  king_[us] = pt == KING ? to : king_[us];
  on_[to] = pt, on_[from] = NO_PIECE_TYPE;
  // (Masks, not conditions: these were compiled to branches, each mispredicted a move in ten.)
  castling_rooks_ &= ~(moved | (rank_bb(relative_rank(us, RANK_1)) & -Bitboard(pt == KING)));
  ep_ = pt == PAWN && (int(from) ^ int(to)) == 16 ? from + pawn_push(us) : SQ_NONE;
  rule50_ = uint16_t((rule50_ + 1) & -int(pt != PAWN && !capture));
  side_ = them;
  ++game_ply_;
  checkers_ = checkers;
  if (checkers && (has_legal_move() ? '+' : '#') != claim) return take_back(), Move::none();
  return Move(from, to);
}

}  // namespace chess::notation
