// Canonical SAN played on a board of bitboards alone (no mailbox, key or history), for
// the plain path, which replays millions of moves written exactly as the SAN writer prints
// them. It plays the moves nearly every game is made of (a piece's, a pawn's, castling in
// standard chess) and declines the rest (promotion, en passant, a Chess960 king's step or
// castling, and anything not canonical): the caller then plays the move on a Position with
// play_canonical_san, the reference, and carries on from there. So a move this board
// plays is one play_canonical_san plays too, the same move; tests/unit/san_board_test.cpp
// holds it to that on the moves of real and random games, and to declining the rest.
//
// A hundred bytes, copied whole where a line of play must be gone back to (a variation).
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/position.h"

namespace chess::notation {

class alignas(32) SanBoard {
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

private:
  [[gnu::always_inline]] bool legal(Square from, Square to) const;  // a man other than the king, from `from` to `to`
  bool attacked(Square s, Bitboard occupied) const;  // by the side not to move
  Move castling(bool king_side) const;
  Move castle_with(Move castling, char claim);
  template <PieceType Pt>
  [[gnu::always_inline]] static Bitboard attacks(Square s, Bitboard occupied);
  template <PieceType Pt>
  [[gnu::always_inline]] Move play_piece(const char* text, std::size_t n, Square to, bool capture, char claim);
  template <PieceType Pt>
  [[gnu::always_inline]] Move make(Square from, Square to, bool capture, char claim);
  bool has_legal_move() const;

  Bitboard by_type_[PIECE_TYPE_NB];  // [NO_PIECE_TYPE]: every man
  Bitboard by_color_[COLOR_NB];
  Bitboard castling_rooks_;  // the rooks whose castling right is held
  Bitboard checkers_;        // the men giving check to the side to move
  Square ep_;                // after every double step, as Position has it
  Color side_;
  bool chess960_;
  uint16_t rule50_;
  int game_ply_;
};

// The moves are played here, inline: the plain path plays millions of them in one loop.

template <PieceType Pt>
inline Bitboard SanBoard::attacks(Square s, Bitboard occupied) {
  if constexpr (Pt == KNIGHT) return knight_attacks(s);
  else if constexpr (Pt == BISHOP) return bishop_attacks(s, occupied);
  else if constexpr (Pt == ROOK) return rook_attacks(s, occupied);
  else if constexpr (Pt == QUEEN) return queen_attacks(s, occupied);
  else return king_attacks(s);
}

// A man other than the king may go from `from` to `to` when it answers any check (one
// checker, captured or blocked) and leaves no slider of theirs a line to the king: only a
// man on one of the king's lines can open one.
inline bool SanBoard::legal(Square from, Square to) const {
  const Square king = lsb(by_type_[KING] & by_color_[side_]);
  if (checkers_ && (more_than_one(checkers_) || !(between_bb(king, lsb(checkers_)) & square_bb(to)))) return false;
  if (!((bishop_pseudo_attacks(king) | rook_pseudo_attacks(king)) & square_bb(from))) return true;
  const Bitboard after = (by_type_[NO_PIECE_TYPE] ^ square_bb(from)) | square_bb(to);
  const Bitboard theirs = by_color_[~side_] & ~square_bb(to);
  return !(((bishop_attacks(king, after) & (by_type_[BISHOP] | by_type_[QUEEN])) |
            (rook_attacks(king, after) & (by_type_[ROOK] | by_type_[QUEEN]))) &
           theirs);
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
    // "e4" or "exd5"; a promotion or an e.p. capture is declined.
    if (relative_rank(us, to) == RANK_8 || to == ep_) return Move::none();
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
      const Bitboard origins = pawn_attacks(~us, to) & pawns & file_bb(File(pawn_file));
      if (!origins) return Move::none();
      from = lsb(origins);
    } else {
      return Move::none();
    }
    return legal(from, to) ? make<PAWN>(from, to, capture, claim) : Move::none();
  }
  switch (t[0]) {
    case 'N': return play_piece<KNIGHT>(t, n, to, capture, claim);
    case 'B': return play_piece<BISHOP>(t, n, to, capture, claim);
    case 'R': return play_piece<ROOK>(t, n, to, capture, claim);
    case 'Q': return play_piece<QUEEN>(t, n, to, capture, claim);
    case 'K': return chess960_ ? Move::none() : play_piece<KING>(t, n, to, capture, claim);
    default: return Move::none();
  }
}

// A piece: its letter, then what tells it from its legal rivals, exactly what they require
// (the file, else the rank, else both), then 'x' exactly on a capture, then the square.
template <PieceType Pt>
inline Move SanBoard::play_piece(const char* t, std::size_t n, Square to, bool capture, char claim) {
  if (n < 3) return Move::none();
  std::size_t middle = n - 3;  // the characters between the letter and the square
  if (capture != (middle && t[n - 3] == 'x')) return Move::none();
  middle -= capture;
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
  const Bitboard mine = by_type_[Pt] & by_color_[side_];
  Bitboard origins;
  if constexpr (Pt == KING) {
    origins = king_attacks(to) & mine;
    if (!origins || attacked(to, by_type_[NO_PIECE_TYPE] ^ origins)) return Move::none();  // the king lifted off
  } else {
    origins = attacks<Pt>(to, by_type_[NO_PIECE_TYPE]) & mine;
    if (more_than_one(origins)) {
      for (Bitboard b = origins; b;)
        if (Square from = pop_lsb(b); !legal(from, to)) origins ^= square_bb(from);
    } else if (!origins || !legal(lsb(origins), to)) {
      return Move::none();
    }
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
  return make<Pt>(from, to, capture, claim);
}

// The move made if it earns the check mark `claim`. The check it gives is the moved man's
// own, or a slider's behind the square it left.
template <PieceType Pt>
inline Move SanBoard::make(Square from, Square to, bool capture, char claim) {
  const Color us = side_, them = ~us;
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
  const Bitboard occupied = (by_type_[NO_PIECE_TYPE] ^ from_bb) | to_bb;
  const Bitboard ours = by_color_[us] & ~from_bb;
  const Square king = lsb(by_type_[KING] & by_color_[them]);
  Bitboard checkers = 0;
  if constexpr (Pt == PAWN) checkers = pawn_attacks(us, to) & square_bb(king) ? to_bb : 0;
  else if constexpr (Pt != KING) checkers = attacks<Pt>(to, occupied) & square_bb(king) ? to_bb : 0;
  if (bishop_pseudo_attacks(king) & from_bb)
    checkers |= bishop_attacks(king, occupied) & (by_type_[BISHOP] | by_type_[QUEEN]) & ours;
  else if (rook_pseudo_attacks(king) & from_bb)
    checkers |= rook_attacks(king, occupied) & (by_type_[ROOK] | by_type_[QUEEN]) & ours;
  if (!checkers && claim) return Move::none();
  // What a wrong mark of a check takes back.
  const Bitboard castling_rooks = castling_rooks_, checked = checkers_;
  const Square ep = ep_;
  const uint16_t rule50 = rule50_;
  PieceType taken = NO_PIECE_TYPE;
  if (capture) {
    taken = PAWN;
    while (!(by_type_[taken] & to_bb)) taken = PieceType(taken + 1);
    by_type_[taken] ^= to_bb;
    by_color_[them] ^= to_bb;
  }
  by_type_[Pt] ^= from_bb | to_bb;
  by_color_[us] ^= from_bb | to_bb;
  by_type_[NO_PIECE_TYPE] = occupied;
  castling_rooks_ &= ~(from_bb | to_bb | (Pt == KING ? rank_bb(relative_rank(us, RANK_1)) : 0));
  ep_ = Pt == PAWN && (int(from) ^ int(to)) == 16 ? from + pawn_push(us) : SQ_NONE;
  rule50_ = Pt == PAWN || capture ? 0 : rule50_ + 1;
  side_ = them;
  ++game_ply_;
  checkers_ = checkers;
  if (checkers && (has_legal_move() ? '+' : '#') != claim) {
    side_ = us;
    --game_ply_;
    by_type_[Pt] ^= from_bb | to_bb;
    by_color_[us] ^= from_bb | to_bb;
    if (taken) by_type_[taken] ^= to_bb, by_color_[them] ^= to_bb;
    by_type_[NO_PIECE_TYPE] = by_color_[WHITE] | by_color_[BLACK];
    castling_rooks_ = castling_rooks, checkers_ = checked, ep_ = ep, rule50_ = rule50;
    return Move::none();
  }
  return Move(from, to);
}

}  // namespace chess::notation
