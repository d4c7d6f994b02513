#include "chess/position.h"

#include <algorithm>
#include <cstring>

#include "position_access.h"
#include "zobrist.h"

namespace chess {

namespace {
constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

Position::Position() { *this = initial(); }

const Position& Position::initial() {
  static const Position start = from_fen(START_FEN).position;  // parsed once
  return start;
}

const Position& Position::initial_chess960() {
  static const Position start = from_fen(START_FEN, {.chess960 = Chess960Mode::On}).position;
  return start;
}

namespace {
// Room for 40 states (960 bytes) is within what glibc hands out from its per-thread cache
// (1032 bytes), without a lock or a search of its bins; a game of any length regrows it
// a few times at most.
constexpr std::size_t HISTORY_ROOM = 40;
static_assert(HISTORY_ROOM * sizeof(StateInfo) <= 1032, "glibc's thread cache serves requests up to 1032 bytes");
}

Position::Position(const Position& other) { *this = other; }

Position& Position::operator=(const Position& other) {
  if (this != &other) copy_from(other, other.history_.size());
  return *this;
}

void Position::assign_current(const Position& other) {
  if (this != &other) copy_from(other, 1);
}

void Position::copy_from(const Position& other, std::size_t states) {
  std::memcpy(board_, other.board_, sizeof board_);
  std::memcpy(by_type_, other.by_type_, sizeof by_type_);
  std::memcpy(by_color_, other.by_color_, sizeof by_color_);
  side_ = other.side_;
  game_ply_ = other.game_ply_;
  chess960_ = other.chess960_;
  shredder_castling_ = other.shredder_castling_;
  std::memcpy(castling_mask_, other.castling_mask_, sizeof castling_mask_);
  std::memcpy(castling_rook_, other.castling_rook_, sizeof castling_rook_);
  std::memcpy(castling_path_, other.castling_path_, sizeof castling_path_);
  std::memcpy(castling_king_path_, other.castling_king_path_, sizeof castling_king_path_);
  history_.clear();
  history_.reserve(std::max(HISTORY_ROOM, states + HISTORY_ROOM - 1));
  history_.insert(history_.end(), other.history_.end() - std::ptrdiff_t(states), other.history_.end());
}

void Position::clear() {
  std::memset(board_, 0, sizeof board_);
  std::memset(by_type_, 0, sizeof by_type_);
  std::memset(by_color_, 0, sizeof by_color_);
  std::memset(castling_mask_, 0, sizeof castling_mask_);
  for (auto& s : castling_rook_) s = SQ_NONE;
  std::memset(castling_path_, 0, sizeof castling_path_);
  std::memset(castling_king_path_, 0, sizeof castling_king_path_);
  side_ = WHITE;
  game_ply_ = 0;
  chess960_ = false;
  shredder_castling_ = false;
  history_.clear();
  history_.reserve(HISTORY_ROOM);
  history_.emplace_back();
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard both = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= both;
  by_color_[color_of(p)] ^= both;
  board_[from] = NO_PIECE;
  board_[to] = p;
}

void Position::set_castling_right(Color c, Square rook_from) {
  Square king_from = king_square(c);
  bool king_side = rook_from > king_from;
  CastlingRights cr = castling_right(c, king_side);
  int i = castling_index(cr);
  state().castling |= cr;
  castling_mask_[king_from] |= cr;
  castling_mask_[rook_from] |= cr;
  castling_rook_[i] = rook_from;
  Square king_to = castling_king_to(c, king_side);
  Square rook_to = castling_rook_to(c, king_side);
  castling_path_[i] = (between_bb(rook_from, rook_to) | between_bb(king_from, king_to)) &
                      ~(square_bb(king_from) | square_bb(rook_from));
  castling_king_path_[i] = between_bb(king_from, king_to) | square_bb(king_from);
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks(s) & pieces(KNIGHT)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
         (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (king_attacks(s) & pieces(KING));
}

bool Position::ep_capturable() const {
  Square ep = state().ep_square;
  return ep != SQ_NONE && (pawn_attacks(~side_, ep) & pieces(side_, PAWN));
}

void Position::compute_key() {
  uint64_t k = 0;
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::keys.piece_square[board_[s]][s];
  }
  k ^= zobrist::keys.castling[state().castling];
  if (ep_capturable()) k ^= zobrist::keys.ep_file[file_of(state().ep_square)];
  if (side_ == BLACK) k ^= zobrist::keys.side;
  state().key = k;
}

void Position::do_castling(Color us, Square king_from, Square rook_from, bool undo) {
  bool king_side = rook_from > king_from;
  Square king_to = castling_king_to(us, king_side);
  Square rook_to = castling_rook_to(us, king_side);
  // Remove both first: in Chess960 the king and rook may land on each other's squares.
  remove_piece(undo ? king_to : king_from);
  remove_piece(undo ? rook_to : rook_from);
  put_piece(make_piece(us, KING), undo ? king_from : king_to);
  put_piece(make_piece(us, ROOK), undo ? rook_from : rook_to);
}

void Position::make_move(Move m) {
  const auto& z = zobrist::keys;
  history_.push_back(history_.back());
  StateInfo& st = history_.back();
  Color us = side_, them = ~us;
  Square from = m.from(), to = m.to();
  Piece pc = board_[from];
  uint64_t k = st.key ^ z.side;
  if (st.ep_square != SQ_NONE) {
    if (pawn_attacks(them, st.ep_square) & pieces(us, PAWN)) k ^= z.ep_file[file_of(st.ep_square)];
    st.ep_square = SQ_NONE;
  }
  ++st.rule50;
  st.captured = NO_PIECE;

  if (m.type() == MoveType::Castling) {
    bool king_side = to > from;
    Square king_to = castling_king_to(us, king_side), rook_to = castling_rook_to(us, king_side);
    Piece rook = board_[to];
    k ^= z.piece_square[pc][from] ^ z.piece_square[pc][king_to] ^ z.piece_square[rook][to] ^
         z.piece_square[rook][rook_to];
    do_castling(us, from, to, false);
  } else {
    Square cap_sq = m.type() == MoveType::EnPassant ? to - pawn_push(us) : to;
    if (Piece captured = board_[cap_sq]) {
      st.captured = captured;
      k ^= z.piece_square[captured][cap_sq];
      remove_piece(cap_sq);
      st.rule50 = 0;
    }
    move_piece(from, to);
    k ^= z.piece_square[pc][from] ^ z.piece_square[pc][to];
    if (type_of(pc) == PAWN) {
      st.rule50 = 0;
      if ((int(to) ^ int(from)) == 16) {
        st.ep_square = from + pawn_push(us);
        if (pawn_attacks(us, st.ep_square) & pieces(them, PAWN)) k ^= z.ep_file[file_of(st.ep_square)];
      } else if (m.type() == MoveType::Promotion) {
        Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= z.piece_square[pc][to] ^ z.piece_square[promoted][to];
      }
    }
  }
  if (uint8_t lost = st.castling & (castling_mask_[from] | castling_mask_[to])) {
    k ^= z.castling[st.castling];
    st.castling &= ~lost;
    k ^= z.castling[st.castling];
  }
  st.key = k;
  side_ = them;
  ++game_ply_;
  // Only the mover's pieces can check, and never its king: four lookups, not seven.
  Square ksq = king_square(them);
  Bitboard occupied = pieces();
  st.checkers = ((pawn_attacks(them, ksq) & pieces(us, PAWN)) | (knight_attacks(ksq) & pieces(us, KNIGHT)) |
                 (bishop_attacks(ksq, occupied) & pieces(us, BISHOP, QUEEN)) |
                 (rook_attacks(ksq, occupied) & pieces(us, ROOK, QUEEN)));
}

void Position::unmake_move(Move m) {
  side_ = ~side_;
  --game_ply_;
  Color us = side_;
  Square from = m.from(), to = m.to();
  if (m.type() == MoveType::Castling) {
    do_castling(us, from, to, true);
  } else {
    if (m.type() == MoveType::Promotion) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (Piece captured = state().captured)
      put_piece(captured, m.type() == MoveType::EnPassant ? to - pawn_push(us) : to);
  }
  history_.pop_back();
}

void Position::make_null_move() {
  const auto& z = zobrist::keys;
  history_.push_back(history_.back());
  StateInfo& st = history_.back();
  if (st.ep_square != SQ_NONE) {
    if (pawn_attacks(~side_, st.ep_square) & pieces(side_, PAWN)) st.key ^= z.ep_file[file_of(st.ep_square)];
    st.ep_square = SQ_NONE;
  }
  st.key ^= z.side;
  ++st.rule50;
  st.captured = NO_PIECE;
  side_ = ~side_;
  ++game_ply_;
  compute_checkers();
}

void Position::unmake_null_move() {
  side_ = ~side_;
  --game_ply_;
  history_.pop_back();
}

void detail::PositionAccess::assign(Position& pos, const Bitboard (&by_color)[COLOR_NB],
                                    const Bitboard (&by_type)[PIECE_TYPE_NB], Color side, uint8_t castling, Square ep,
                                    int rule50, int game_ply) {
  std::memset(pos.board_, 0, sizeof pos.board_);
  std::memcpy(pos.by_color_, by_color, sizeof pos.by_color_);
  std::memcpy(pos.by_type_, by_type, sizeof pos.by_type_);
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      for (Bitboard b = by_type[pt] & by_color[c]; b;) pos.board_[pop_lsb(b)] = make_piece(c, PieceType(pt));
  pos.side_ = side;
  pos.game_ply_ = game_ply;
  pos.history_.resize(1);
  StateInfo& st = pos.state();
  st = StateInfo{};
  st.castling = castling;
  st.ep_square = ep;
  st.rule50 = uint16_t(rule50);
  pos.compute_key();
  pos.compute_checkers();
}

}  // namespace chess
