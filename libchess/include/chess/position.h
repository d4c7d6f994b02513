// Position: the board, side to move, castling rights, e.p. square and clocks,
// with make/unmake and an incrementally updated Zobrist key.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/bitboard.h"
#include "chess/fen.h"
#include "chess/types.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess {

namespace detail {
// How the library's own boards (src/position_access.h) write a position back: not exported.
struct [[gnu::visibility("hidden")]] PositionAccess;
}  // namespace detail

// What make_move must remember to unmake: everything that cannot be recomputed from the move.
struct StateInfo {
  uint64_t key = 0;
  Square ep_square = SQ_NONE;  // set after every double step, as the PGN standard's FEN does
  uint8_t castling = NO_CASTLING;
  uint16_t rule50 = 0;
  Piece captured = NO_PIECE;
  Bitboard checkers = 0;  // pieces giving check to the side to move: every reader of a move asks
};

class Position {
public:
  // The standard starting position.
  Position();
  static const Position& initial();  // the same, to copy from without building it
  // The same as a Chess960 position (no. 518): castling is the king taking the rook.
  static const Position& initial_chess960();
  // Copies keep room for a game's worth of history: positions are copied to replay lines
  // of moves, and regrowing the history move by move would cost more than the moves.
  Position(const Position& other);
  Position& operator=(const Position& other);
  // This position as `other` stands, without the moves that led to it (none of them can be
  // unmade here): a long game's history is kilobytes, copied again by every later copy.
  void assign_current(const Position& other);
  Position(Position&&) noexcept = default;
  Position& operator=(Position&&) noexcept = default;

  // Strict FEN (6 fields) or EPD (4 fields) reading; see fen.h for what is rejected.
  static FenResult from_fen(std::string_view fen, const FenOptions& options = {});
  std::string fen(const FenWriteOptions& options = {}) const;
  void append_fen(std::string& out, const FenWriteOptions& options = {}) const;  // the same, appended

  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  Color side_to_move() const { return side_; }
  Square ep_square() const { return state().ep_square; }
  CastlingRights castling_rights() const { return CastlingRights(state().castling); }
  bool can_castle(CastlingRights cr) const { return state().castling & cr; }
  int halfmove_clock() const { return state().rule50; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == BLACK)) / 2; }
  int game_ply() const { return game_ply_; }
  uint64_t key() const { return state().key; }
  bool chess960() const { return chess960_; }

  // Chess960-aware castling geometry, for the move generator and the notation codecs.
  Square castling_rook_square(CastlingRights single) const { return castling_rook_[castling_index(single)]; }
  Bitboard castling_path(CastlingRights single) const { return castling_path_[castling_index(single)]; }
  Bitboard castling_king_path(CastlingRights single) const { return castling_king_path_[castling_index(single)]; }
  // Where king and rook land: g/c and f/d files of the mover's first rank, as in every variant.
  static Square castling_king_to(Color c, bool king_side) { return relative_square(c, king_side ? SQ_G1 : SQ_C1); }
  static Square castling_rook_to(Color c, bool king_side) { return relative_square(c, king_side ? SQ_F1 : SQ_D1); }

  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return checkers() != 0; }
  // True when the side to move could capture e.p. at all (ignoring pins): the test for
  // whether the e.p. square belongs in the hash key and in an X-FEN style FEN.
  bool ep_capturable() const;

  // The move must be legal in this position (from the move generator or a codec).
  void make_move(Move m);
  void unmake_move(Move m);
  void make_null_move();
  void unmake_null_move();
  // A move or Move::null() (a pass, as null moves in annotated games are read): for lines
  // of play that may hold one, outside the hot paths.
  void make_move_or_pass(Move m) { m == Move::null() ? make_null_move() : make_move(m); }

  // Moves played since this position was set up (for repetition and for undo).
  int plies_since_setup() const { return int(history_.size()) - 1; }

private:
  friend class FenReader;
  friend struct detail::PositionAccess;
  struct Blank {};
  explicit Position(Blank) {}

  const StateInfo& state() const { return history_.back(); }
  StateInfo& state() { return history_.back(); }

  void clear();
  void copy_from(const Position& other, std::size_t states);  // with the last `states` of its history
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_castling_right(Color c, Square rook_from);
  void compute_key();
  void compute_checkers() { state().checkers = attackers_to(king_square(side_)) & pieces(~side_); }
  void do_castling(Color us, Square king_from, Square rook_from, bool undo);

  Piece board_[SQUARE_NB];
  Bitboard by_type_[PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Color side_ = WHITE;
  int game_ply_ = 0;
  bool chess960_ = false;
  bool shredder_castling_ = false;  // the castling field was read with file letters (HAha)
  uint8_t castling_mask_[SQUARE_NB];  // rights lost when a piece leaves or enters the square
  Square castling_rook_[4];
  Bitboard castling_path_[4];       // must be empty, except for the castling king and rook
  Bitboard castling_king_path_[4];  // must not be attacked: the king's from, to, and between
  std::vector<StateInfo> history_;
};

}  // namespace chess

namespace chess {

// A Position, or why the text is not one. `ok()` tells which.
struct FenResult {
  Position position;
  std::optional<FenError> error;
  bool ok() const { return !error; }
};

}  // namespace chess

CHESS_PUBLIC_END
