// English descriptive notation, the parts its reader and writer share: what a move's text
// says (a Spec), and which legal moves a Spec names. The reader makes one Spec of the text it
// reads; the writer makes one of each text it considers writing, and writes the first that
// names its move alone: both ask the same questions of the same matching, which is what keeps
// what is written readable as the same move.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation/codec.h"
#include "notation/san_parts.h"

namespace chess::notation::descriptive {

// File names are the same for both colours: QR QN QB Q K KB KN KR = a..h.
inline constexpr std::string_view FILE_NAMES[8] = {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"};

using FileSet = uint8_t;  // bit f set: file f allowed
inline constexpr FileSet ALL_FILES = 0xFF;

constexpr bool is_flank(char c) { return c == 'K' || c == 'Q'; }

// Files named by a file word: "B" both bishops' files, "KB" one, "K" the king's. Worked
// out from the letters rather than by comparing with FILE_NAMES: every move asks.
constexpr FileSet files_named(std::string_view word) {
  auto both_sides = [](char piece) -> FileSet {  // the files of the two rooks, knights or bishops
    switch (piece) {
      case 'R': return 0x81;
      case 'N': return 0x42;
      case 'B': return 0x24;
      default: return 0;
    }
  };
  if (word.size() == 1) return word[0] == 'Q' ? 0x08 : word[0] == 'K' ? 0x10 : both_sides(word[0]);
  if (word.size() == 2 && is_flank(word[0])) return both_sides(word[1]) & (word[0] == 'Q' ? 0x0F : 0xF0);
  return 0;
}

// A piece as descriptive text names it: type, and for pieces a flank (QR, KN), for pawns
// the files it may stand on (KBP, BP).
struct Designator {
  PieceType type = NO_PIECE_TYPE;
  char flank = 0;              // 'K' or 'Q' for a flanked piece
  FileSet pawn_files = ALL_FILES;
};

// A square as descriptive text names it: files (B4 = QB4 or KB4) and a rank counted from
// the mover's side.
struct SquareSet {
  FileSet files = ALL_FILES;
  int rank = -1;  // 0-based, from the mover's side; -1: any
};

struct Claims {
  char check = 0;  // '+' check, '#' mate
  bool ep = false;
};

struct Spec {
  bool castling = false;
  int castle_side = 0;  // 1 king side, 2 queen side, 0 unstated
  Designator mover;
  SquareSet origin;  // from a qualifier: N(1), R(QR3), N/Q2
  bool capture = false;
  SquareSet target;      // for '-' moves, and the "/QB6" of captures
  Designator captured;   // for 'x' moves
  PieceType promotion = NO_PIECE_TYPE;
  Claims claims;
};

// Reads a move's text into `spec`, or says where and why it is no descriptive move
// (descriptive_reader.cpp).
std::optional<NotationError> read_spec(std::string_view text, Spec& spec);

// --- Matching a Spec against the legal moves (descriptive_match.cpp) -------------------

// The moves a text matches: few, asked for several times per move written or read, so kept
// in place rather than on the heap.
struct Found {
  Move moves[256];
  int count = 0;
  void push_back(Move m) { moves[count++] = m; }
  std::size_t size() const { return std::size_t(count); }
  bool empty() const { return count == 0; }
  Move front() const { return moves[0]; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  // Keeps the moves that satisfy `pred`, unless none does (then a tie-break says nothing).
  template <class Pred>
  void keep_if_any(Pred pred) {
    int kept = 0;
    for (int i = 0; i < count; ++i) kept += pred(moves[i]);
    if (kept == 0 || kept == count) return;
    int out = 0;
    for (int i = 0; i < count; ++i)
      if (pred(moves[i])) moves[out++] = moves[i];
    count = out;
  }
  std::vector<Move> to_vector() const { return {begin(), end()}; }
};

// Relaxations tried, in order, when nothing matches (NOTATION.md 3.4 step 5).
enum Relax : unsigned {
  STRICT_MATCH = 0,
  IGNORE_CAPTURE_MARK = 1,   // a wrong '-' or 'x'
  IGNORE_CAPTURED_TYPE = 2,  // PxN where it was PxB
  OTHER_SIDE_RANKS = 4,      // ranks counted from the wrong side
  DROP_FLANK = 8,            // QR-Q1 where the KR moved
};

struct Context {
  Position& pos;
  const PieceOrigins* origins;
  const MoveList& legal;  // generated once per reading or writing, shared by every try
  // check_suffix of the moves asked about so far: tie-breaks and the writer ask often.
  std::vector<std::pair<Move, char>> checks = {};

  char check_of(Move m) {
    for (const auto& [move, mark] : checks)
      if (move == m) return mark;
    char mark = check_suffix(pos, m);
    checks.emplace_back(m, mark);
    return mark;
  }
};

// The K or Q side a piece belongs to by identity: where it started, when that is known.
inline char identity_flank(const PieceOrigins* origins, Square s) {
  Square origin = origins ? origins->origin(s) : SQ_NONE;
  if (origin == SQ_NONE) origin = s;
  return file_of(origin) >= FILE_E ? 'K' : 'Q';
}

// The legal moves in `ctx.legal` that `spec` names, under the relaxations `relax`.
// `promotion_missing` is set when a pawn move to the last rank was left out for want of a
// promotion piece (the error then says so).
Found candidates(const Context& ctx, const Spec& spec, unsigned relax, bool& promotion_missing);

// Tie-breaks by what the text claims: check or mate, e.p. A claimed check is strong
// evidence; the absence of one is weak, used last (`use_absent_check`).
void apply_claims(Context& ctx, const Claims& claims, Found& moves, bool use_absent_check);

// A flank names a piece by identity or by the half it stands on; identity wins ties.
void prefer_identity(const Context& ctx, const Spec& spec, Found& found);

// The squares a move matching the spec (without relaxations) can land on.
inline Bitboard reach(const Position& pos, const Spec& spec) {
  if (spec.castling) return ~Bitboard(0);
  Color us = pos.side_to_move();
  if (spec.capture) {
    Bitboard b = pos.pieces(~us, spec.captured.type);
    if (spec.captured.type == PAWN && pos.ep_square() != SQ_NONE) b |= square_bb(pos.ep_square());
    return b;
  }
  Bitboard b = 0;
  for (int f = 0; f < 8; ++f)
    if (spec.target.files & (1 << f))
      b |= spec.target.rank < 0 ? file_bb(File(f))
                                : square_bb(make_square(File(f), relative_rank(us, Rank(spec.target.rank))));
  return b;
}

// The squares the pieces `movers` (of kind `pt`, the side to move's) could move to, pins
// and checks aside: a superset of their legal destinations, made with a few shifts and
// lookups, so that the squares a name covers are generated only where a move can land.
// Inline: the writer asks it twice for every move it writes.
inline Bitboard pseudo_targets(const Position& pos, PieceType pt, Bitboard movers) {
  Color us = pos.side_to_move();
  Bitboard occupied = pos.pieces(), targets = 0;
  if (pt == PAWN) {
    Bitboard pushed = (us == WHITE ? movers << 8 : movers >> 8) & ~occupied;
    Bitboard twice = (us == WHITE ? (pushed & rank_bb(RANK_3)) << 8 : (pushed & rank_bb(RANK_6)) >> 8) & ~occupied;
    Bitboard attacks = us == WHITE ? pawn_attacks_bb<WHITE>(movers) : pawn_attacks_bb<BLACK>(movers);
    Bitboard victims = pos.pieces(~us) | (pos.ep_square() != SQ_NONE ? square_bb(pos.ep_square()) : 0);
    targets = pushed | twice | (attacks & victims);
  } else {
    for (Bitboard b = movers; b;) targets |= attacks_bb(pt, pop_lsb(b), occupied);
  }
  return targets & ~pos.pieces(us);
}

// Appends the legal moves of the mover's `pt` pieces to each of `squares`. A list that
// would overflow (only in made-up positions) is replaced by every legal move.
inline void append_piece_moves_to(const Position& pos, PieceType pt, Bitboard squares, MoveList& list) {
  for (Bitboard b = squares; b;) {
    Square to = pop_lsb(b);
    Bitboard origins = legal_origins(pos, pt, to);
    if (list.count + 4 * popcount(origins) > 256) {
      generate_legal(pos, list);
      return;
    }
    append_legal_piece_to(pos, pt, to, origins, list);
  }
}

}  // namespace chess::notation::descriptive
