#include "rules/mate_search.h"

#include <algorithm>
#include <span>
#include <unordered_map>

#include "chess/movegen.h"
#include "rules/check_test.h"
#include "rules/distance.h"
#include "rules/guided_helpmate.h"
#include "rules/seen_table.h"
#include "rules/static_analysis.h"

namespace chess::rules::detail {
namespace {

// A helpmate: the loser cooperates, so both sides' moves are chosen for the mate. The
// search deepens by cost, not by plies: a move that makes progress towards a mate in a
// corner (the winner's king and knights closing in, pawns advancing, the loser's king
// heading for the corner and its knight for the square beside it) costs nothing, a move
// that throws material away costs four, any other one. So mates 20 or 30 plies deep are
// found with a small nominal depth. An iteration that ends without cutting any branch
// short (for depth or budget) has walked every position reachable from the start, so
// "no mate" is then proven, not merely not found.
class Helpmate {
public:
  Helpmate(const Position& pos, Color winner, int rank = 0) : winner_(winner) { choose_targets(pos, rank); }

  enum class Outcome { Mate, NoMate, Unknown };

  // How many corners a mate can be aimed at (the ranks a Helpmate takes).
  static int corners(const Position& pos, Color winner) {
    Square ranked[4];
    return candidate_corners(pos, winner, ranked);
  }

  Outcome find(Position& pos, int max_cost, uint64_t budget, std::vector<Move>& line) {
    uint64_t stop = nodes_ + budget;
    for (int cost = 1; cost <= max_cost; ++cost) {
      Outcome o = iteration(pos, cost, stop, line);
      if (o != Outcome::Unknown || nodes_ >= stop) return o;
    }
    return Outcome::Unknown;
  }
  // One iteration of the deepening, to `cost`, at most until the node count reaches `stop`.
  Outcome iteration(Position& pos, int cost, uint64_t stop, std::vector<Move>& line) {
    interrupted_ = false;
    limit_ = std::min(stop, nodes_ + uint64_t(cost) * PER_COST_NODES);
    seen_.clear(limit_ - nodes_);  // entries of an earlier iteration could hide a branch: one iteration's only
    line.clear();
    if (search(pos, cost, false, line)) return Outcome::Mate;
    return interrupted_ ? Outcome::Unknown : Outcome::NoMate;
  }
  uint64_t nodes() const { return nodes_; }

private:
  static constexpr uint64_t PER_COST_NODES = 4000;
  static constexpr std::size_t MAX_LINE = 160;
  // The classes, and what a move of each costs (a normal one after progress: nothing).
  enum Class { Reward, Normal, Punish };
  static constexpr int COSTS[3] = {0, 1, 4};

  bool search(Position& pos, int cost_left, bool after_progress, std::vector<Move>& line) {
    seen_.prefetch(pos.key());
    if (cost_left == 0 && !after_progress && pos.side_to_move() != winner_ && !needs_blockers_)
      return search_progress_only(pos, line);
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) return pos.side_to_move() != winner_ && pos.in_check();
    if (material_cannot_mate(pos, winner_)) return false;  // a dead end, proven
    // Seen in this iteration with at least as much left: whatever it leads to was or is
    // being searched there (this also stops cycles).
    if (int* seen = seen_.find_or_add(pos.key(), cost_left)) {
      if (*seen >= cost_left) return false;
      *seen = cost_left;
    }
    if (line.size() >= MAX_LINE) return interrupted_ = true, false;
    // The winner's checks are tried for a mate first, in a pass of their own; then the moves
    // by class, each class in the order generated, the ones that make progress followed as
    // they are met, before the rest are classed (a search goes down one line most of the
    // way, and the first such move is most often on it: the moves after it are then never
    // classed, for either side).
    // (Each move's class kept beside it, and which classes there are in a mask: counters
    // indexed by class went through memory, one store and load after another.)
    bool loser = pos.side_to_move() != winner_;
    Classes classes(*this, pos);
    if (!loser) {
      Flights flights;
      for (Move m : moves)
        if (classes.checks(pos, m) && flights.may_mate(pos, winner_, m) && mates(pos, m)) {
          line.push_back(m);
          return true;
        }
    }
    uint8_t class_of[256];
    unsigned present = 0;
    for (int i = 0; i < moves.size(); ++i) {
      Move m = moves.moves[i];
      int c = classes.of(m);
      class_of[i] = uint8_t(c);
      present |= 1u << c;
      if (c == Reward) {
        if (follow(pos, m, cost_left, true, line)) return true;
        if (nodes_ > limit_) return false;
      }
    }
    for (int c = Normal; c < 3; ++c) {  // progress first (above): mates come sooner
      if (!(present & (1u << c))) continue;
      int cost = c == Normal && after_progress ? 0 : COSTS[c];
      if (cost > cost_left) {
        interrupted_ = true;
        continue;
      }
      for (int i = 0; i < moves.size(); ++i) {
        if (class_of[i] != c) continue;
        if (follow(pos, moves.moves[i], cost_left - cost, c == Reward, line)) return true;
        if (nodes_ > limit_) return false;
      }
    }
    return false;
  }

  // One move followed: true if it leads to a mate (`line` then holds it), else as it was.
  bool follow(Position& pos, Move m, int cost_left, bool after_progress, std::vector<Move>& line) {
    if (++nodes_ > limit_) return interrupted_ = true, false;
    pos.make_move(m);
    line.push_back(m);
    bool found = search(pos, cost_left, after_progress, line);
    pos.unmake_move(m);
    if (!found) line.pop_back();
    return found;
  }

  // The loser to move with nothing left to spend and no progress just made: only its moves
  // that make progress cost nothing (its king nearer the corner, its knights nearer the
  // square beside it; Classes::targets), so only those are generated, and the others only
  // counted, once, to tell that the iteration cut them short. A third of the nodes of the
  // real positions' searches are these. The same as search() there, but for the order of
  // the moves.
  bool search_progress_only(Position& pos, std::vector<Move>& line) {
    Bitboard destinations = 0;
    for (Bitboard b = pos.pieces(pos.side_to_move(), KING, KNIGHT); b;) {
      Square s = pop_lsb(b);
      destinations |= loser_progress(type_of(pos.piece_on(s)), s);
    }
    MoveList moves, progress;
    generate_legal_to(pos, destinations, moves);
    for (Move m : moves)  // by destination as Classes::of tells them (a castling by its rook's square)
      if (loser_progress(type_of(pos.piece_on(m.from())), m.from()) & square_bb(m.to())) progress.moves[progress.count++] = m;
    if (progress.empty() && !has_legal_move(pos)) return pos.in_check();  // the winner has mated
    if (material_cannot_mate(pos, winner_)) return false;
    // Seen in this iteration: with nothing left to spend here, never with less.
    if (seen_.find_or_add(pos.key(), 0)) return false;
    if (line.size() >= MAX_LINE) return interrupted_ = true, false;
    if (!interrupted_ && count_legal(pos) > uint64_t(progress.size())) interrupted_ = true;
    for (Move m : progress) {
      if (follow(pos, m, 0, true, line)) return true;
      if (nodes_ > limit_) return false;
    }
    return false;
  }

  // Whether a winner's check may mate: not while the loser's king keeps a flight that the
  // winner does not attack after the move, as far as can be told without making it (what
  // the winner attacks now, through the king, and the moved man from its new square). Most
  // checks are told so, and spared the probe; one wrongly told (a flight that a line
  // opened by the move covers) is a mate found a move later, by the search itself.
  class Flights {
  public:
    bool may_mate(const Position& pos, Color winner, Move m) {
      if (m.type() != MoveType::Normal) return true;
      Square king = pos.king_square(~winner);
      if (!ready_) {
        ready_ = true;
        Bitboard through = pos.pieces() ^ square_bb(king), attacked = 0;
        for (Bitboard b = pos.pieces(winner); b;) {
          Square s = pop_lsb(b);
          PieceType pt = type_of(pos.piece_on(s));
          attacked |= pt == PAWN ? pawn_attacks(winner, s) : attacks_bb(pt, s, through);
        }
        free_ = king_attacks(king) & ~pos.pieces(~winner) & ~attacked;
      }
      if (!free_) return true;
      Bitboard occupied = (pos.pieces() ^ square_bb(king) ^ square_bb(m.from())) | square_bb(m.to());
      PieceType pt = type_of(pos.piece_on(m.from()));
      Bitboard hits = pt == PAWN ? pawn_attacks(winner, m.to()) : attacks_bb(pt, m.to(), occupied);
      return !(free_ & ~hits);
    }

  private:
    bool ready_ = false;
    Bitboard free_ = 0;  // the king's flights that the winner does not attack now
  };

  // Whether the winner's check `m` mates (a probe, counted as a node).
  bool mates(Position& pos, Move m) {
    ++nodes_;
    pos.make_move(m);
    bool mate = pos.in_check() && !has_legal_move(pos);
    pos.unmake_move(m);
    return mate;
  }

  // Where a move of the loser's man of type `pt` from `from` makes progress, blockers aside
  // (needs_blockers_): its king nearer the corner, its knights nearer the square beside it.
  Bitboard loser_progress(PieceType pt, Square from) const {
    return pt == KING ? nearer(corner_, from) : pt == KNIGHT ? nearer(blocker_target_, from) : 0;
  }

  // The corners the mate can be aimed at, nearest the loser's king first: those of the
  // winner's bishops' colour when it has bishops of one colour only (its bishop must give
  // the check there), else all four.
  static int candidate_corners(const Position& pos, Color winner, Square ranked[4]) {
    Square king = pos.king_square(~winner);
    Bitboard bishops = pos.pieces(winner, BISHOP);
    Square corners[4] = {SQ_A1, SQ_H8, SQ_A8, SQ_H1};  // dark, dark, light, light
    int first = 0, last = 4;
    if (bishops && !(bishops & ~DARK_SQUARES_BB)) last = 2;
    else if (bishops && !(bishops & DARK_SQUARES_BB)) first = 2;
    int n = 0;
    for (int i = first; i < last; ++i) {  // by insertion, the first of equals first
      int at = n++;
      while (at > 0 && king_distance(king, ranked[at - 1]) > king_distance(king, corners[i])) ranked[at] = ranked[at - 1], --at;
      ranked[at] = corners[i];
    }
    return n;
  }

  // The corner the mate is aimed at, by its rank among the candidates.
  void choose_targets(const Position& pos, int rank) {
    Bitboard men = pos.pieces(winner_) & ~pos.pieces(KING);
    needs_blockers_ = !(men & pos.pieces(PAWN)) && !(men & pos.pieces(ROOK, QUEEN)) &&
                      (!more_than_one(men) || !(men & pos.pieces(KNIGHT)));
    Square ranked[4];
    int n = candidate_corners(pos, winner_, ranked);
    corner_ = ranked[std::min(rank, n - 1)];
    // The winner's king two steps out on the diagonal; the loser's knight beside the corner.
    int df = file_of(corner_) == FILE_A ? 1 : -1, dr = rank_of(corner_) == RANK_1 ? 1 : -1;
    winner_king_target_ = make_square(File(file_of(corner_) + 2 * df), Rank(rank_of(corner_) + 2 * dr));
    blocker_target_ = make_square(File(file_of(corner_) + df), rank_of(corner_));
  }

  // The class of each move of one position, told by its destination: the squares where a
  // move of the man on a square makes progress (or throws material away, or checks the
  // loser's king) are worked out once for each man that moves.
  class Classes {
  public:
    Classes(const Helpmate& h, const Position& pos)
        : h_(h), pos_(pos), winner_moves_(pos.side_to_move() == h.winner_), theirs_(pos.pieces(~pos.side_to_move())) {
      if (winner_moves_) checks_ = CheckTest(pos, h.winner_);
    }

    // Whether the winner's move `m` checks.
    bool checks(Position& pos, Move m) {
      if (m.type() != MoveType::Normal) return checks_.gives_check(pos, m);
      if (m.from() != checks_from_) {
        checks_from_ = m.from();
        checking_ = checks_.checking_from(m.from(), type_of(pos.piece_on(m.from())));
      }
      return checking_ & square_bb(m.to());
    }
    // The class of a move (a check that does not mate is one like any other).
    int of(Move m) {
      if (m.type() == MoveType::EnPassant) return winner_moves_ ? Reward : Punish;  // a pawn takes
      if (m.from() != from_) targets(m.from());
      // Without branches: which class a move is in follows no pattern the processor learns.
      int reward = int((reward_ >> m.to()) & 1), punish = int((punish_ >> m.to()) & 1);
      return Normal - reward + (punish & (reward ^ 1));
    }

  private:
    // The winner: pawn moves and captures, its king and knights closing in. The loser: its
    // king heading for the corner and its knights for the square beside it; where the
    // winner's men cannot mate alone, its pawns coming forward (to be promoted into
    // blockers) and its men closing in on its king; any other capture throws material away.
    void targets(Square from) {
      from_ = from;
      PieceType pt = type_of(pos_.piece_on(from));
      punish_ = 0;
      if (winner_moves_) {
        reward_ = pt == PAWN ? ~Bitboard(0) : theirs_;
        if (pt == KING) reward_ |= nearer(h_.winner_king_target_, from);
        else if (pt == KNIGHT) reward_ |= nearer(h_.corner_, from);
        return;
      }
      reward_ = h_.loser_progress(pt, from);
      if (h_.needs_blockers_ && pt != KING)
        reward_ |= (pt == PAWN ? ~Bitboard(0) : nearer(pos_.king_square(pos_.side_to_move()), from)) & ~theirs_;
      punish_ = theirs_ & ~reward_;
    }

    const Helpmate& h_;
    const Position& pos_;
    bool winner_moves_;
    CheckTest checks_;
    Bitboard theirs_, reward_ = 0, punish_ = 0, checking_ = 0;
    Square from_ = SQ_NONE, checks_from_ = SQ_NONE;  // the squares reward_ and punish_, and checking_, are for
  };

  Color winner_;
  Square corner_ = SQ_H8, winner_king_target_ = SQ_F6, blocker_target_ = SQ_G8;
  uint64_t nodes_ = 0, limit_ = 0;
  bool interrupted_ = false;
  bool needs_blockers_ = false;  // the winner's men cannot mate without the loser's help
  SeenTable& seen_ = SeenTable::for_this_thread();
};

// Every position the game can reach from `pos`, walked depth first with a set of those
// seen: if the walk ends and none was a mate by the winner, no series of legal moves
// mates. Positions where the winner's material can no longer mate are not walked past.
// The set is keyed by the position's Zobrist key with the rule-50 counter left out,
// which is sound here: the counter does not change which moves are legal.
// The path is as deep as the walk goes (a walk over tens of thousands of positions goes
// down a path of about as many), up to a million plies (some 100 MB with the positions'
// history; a budget of more nodes than that gives the walk no deeper a path): its
// positions' moves are kept in one array reused from walk to walk, so that depth costs no
// allocation but the array's growth.
class Exhaustive {
public:
  // `capacity`: the most positions it will be given to walk.
  Exhaustive(Color winner, uint64_t capacity) : winner_(winner) { seen_.clear(capacity); }

  enum class Outcome { Mate, NoMate, Aborted };

  // Walks on from where the last call stopped (the first from `pos`, which the walk then
  // keeps: the same `pos` and `line` each call) until `budget` positions in all are seen.
  Outcome walk(Position& pos, std::vector<Move>& line, uint64_t budget) {
    budget_ = budget;
    Path& path = Path::for_this_thread();
    if (!started_) {
      started_ = true;
      path.moves.clear();
      path.frames.clear();
      if (enter(pos, path) == 1) return Outcome::Mate;
    }
    while (!path.frames.empty()) {
      if (nodes_ >= budget_ || path.frames.size() >= MAX_DEPTH) return Outcome::Aborted;
      Frame& top = path.frames.back();
      if (top.next == top.end) {
        path.moves.resize(top.begin);
        path.frames.pop_back();
        if (!line.empty()) {
          pos.unmake_move(line.back());
          line.pop_back();
        }
        continue;
      }
      Move m = path.moves[top.next++];
      pos.make_move(m);
      line.push_back(m);
      int r = enter(pos, path);
      if (r == 1) return Outcome::Mate;
      if (r == -1) {
        pos.unmake_move(m);
        line.pop_back();
      }
    }
    return Outcome::NoMate;
  }
  uint64_t nodes() const { return nodes_; }

private:
  static constexpr std::size_t MAX_DEPTH = 1000000;
  struct Frame {
    uint32_t begin, next, end;  // this position's moves in Path::moves, and the next to try
  };
  struct Path {
    std::vector<Move> moves;
    std::vector<Frame> frames;
    static Path& for_this_thread() {
      thread_local Path path;
      return path;
    }
  };

  // 1: `p` is a mate by the winner; 0: it is new, its moves pushed on the path; -1:
  // nothing to walk from it (seen, over the budget, the game over, or no mate possible).
  int enter(Position& p, Path& path) {
    if (seen_.find_or_add(p.key(), 0)) return -1;
    ++nodes_;
    MoveList moves;
    generate_legal(p, moves);
    if (moves.empty()) return p.side_to_move() != winner_ && p.in_check() ? 1 : -1;
    if (material_cannot_mate(p, winner_)) return -1;
    uint32_t begin = uint32_t(path.moves.size());
    path.moves.insert(path.moves.end(), moves.begin(), moves.end());
    path.frames.push_back({begin, begin, uint32_t(path.moves.size())});
    return 0;
  }

  Color winner_;
  uint64_t budget_ = 0, nodes_ = 0;
  bool started_ = false;
  SeenTable& seen_ = SeenTable::for_the_walk();
};

// The searches one after another, each with its share of the budget (0: all that is left),
// as each finds what the others miss: the cost-shaped search most mates of real games in a
// few hundred nodes (before the static analysis of static_analysis.h, which it spares
// there: a twentieth of the time on the real positions of scripts/bench/adjudicate); the guided search, the long mates of a lone piece (and, where the
// pawns are locked, with a larger share, the mates on the few squares the static analysis
// leaves possible: three more vectors of bishops behind pawn walls for 2% more nodes on the
// hardest real positions); then the deep cost-shaped search and the walk over every
// reachable position, taking turns (`race`) with what is left. The walk proves the positions where one side has only pawn moves
// left: it must move one every turn, so every line ends within a few dozen plies (that
// side stalemated, or a pawn promoted), and the walk then proves in some tens of
// thousands of positions what no static rule here counts (the tempi left to that side).
// The cost-shaped search is aimed at each corner in turn with a small share first, then
// at the nearest two with more: the nearest corner is the right one for most positions,
// but where it is not, another one often leads to a mate in a few hundred nodes (on the
// real positions of scripts/bench/adjudicate, a third fewer nodes than the nearest alone).
// A lone knight or bishop, which mates only with the loser's men beside its king, goes to
// the search aimed at such mates (lone_piece_helpmate) before more of the cost-shaped
// search: on the real positions it left 14 sides undecided where the plan without it left
// 55, in fewer nodes.
enum class Stage { Quick, Static, Race, Guided, Lone };
struct Step {
  Stage stage;
  uint64_t nodes;
  int corner = 0;  // for the cost-shaped searches: which corner, by nearness to the loser's king
};
constexpr Step OPEN_PLAN[] = {{Stage::Quick, 300},     {Stage::Static, 0},       {Stage::Quick, 300, 1},
                              {Stage::Quick, 300, 2},  {Stage::Quick, 300, 3},   {Stage::Lone, 10000},
                              {Stage::Quick, 2000},    {Stage::Quick, 2000, 1},  {Stage::Quick, 1000, 2},
                              {Stage::Quick, 1000, 3}, {Stage::Guided, 10000},   {Stage::Race, 0}};
constexpr Step LOCKED_PLAN[] = {{Stage::Quick, 300},    {Stage::Static, 0},     {Stage::Quick, 300, 1},
                                {Stage::Quick, 300, 2}, {Stage::Quick, 300, 3}, {Stage::Lone, 10000},
                                {Stage::Quick, 2000},   {Stage::Guided, 30000}, {Stage::Race, 0}};

// Each search answers Mate, NoMate or its own word for "not decided".
template <class Outcome>
MateAbility ability_of(Outcome o) {
  return o == Outcome::Mate ? MateAbility::Possible : o == Outcome::NoMate ? MateAbility::Impossible : MateAbility::Unknown;
}

// The witness played out from the start ends with the loser checkmated. The searches only
// say Mate where they stand on one, so this never fails; it is the one place the claim
// "mate is possible" is checked whole, and cheap beside the search (no move generation
// but at the end).
bool ends_in_mate(const Position& start, const std::vector<Move>& line, Color winner) {
  Position pos = start;
  for (Move m : line) pos.make_move(m);
  return pos.side_to_move() != winner && pos.in_check() && !has_legal_move(pos);
}

// A line with its detours cut out: from each position on it, the move to the latest
// position of the line that one legal move reaches. A line of the walk is a path down its
// depth-first walk, which wanders for thousands of plies where far fewer do: the mates of
// the dead-position vectors it finds, up to 84000 plies long, come out at 800 at most.
// Positions are told apart by their keys; the caller checks that the line still mates.
std::vector<Move> shortcut(const Position& start, const std::vector<Move>& line) {
  std::unordered_map<uint64_t, std::size_t> latest;  // a position's key: its last index on the line
  Position pos = start;
  latest[pos.key()] = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    pos.make_move(line[i]);
    latest[pos.key()] = i + 1;
  }
  std::vector<Move> out;
  pos = start;
  for (std::size_t at = 0; at < line.size();) {
    MoveList moves;
    generate_legal(pos, moves);
    Move best = line[at];
    std::size_t reach = at + 1;
    for (Move m : moves) {
      pos.make_move(m);
      auto it = latest.find(pos.key());
      if (it != latest.end() && it->second > reach) reach = it->second, best = m;
      pos.unmake_move(m);
    }
    pos.make_move(best);
    out.push_back(best);
    at = reach;
  }
  return out;
}

// The deep cost-shaped search and the walk taking turns, each an iteration of the search
// and then as many nodes of the walk, so that each has half of `budget`: the search finds
// the mates of real games' endings in some tens of thousands of nodes where the walk does
// not; the walk proves what no search can (a mate impossible, among blocked pawns) and,
// going deep down one line at a time, finds the mates of locked structures that the
// search does not. Whichever decides first answers.
MateAbility race(const Position& start, Color winner, uint64_t budget, std::vector<Move>& line, uint64_t& nodes) {
  Helpmate deep(start, winner);
  Exhaustive walk(winner, budget);
  Position deep_pos = start, walk_pos = start;
  std::vector<Move> deep_line, walk_line;
  MateAbility ability = MateAbility::Unknown;
  for (int cost = 1; cost <= 128 && ability == MateAbility::Unknown; ++cost) {
    uint64_t used = deep.nodes() + walk.nodes();
    if (used >= budget) break;
    ability = ability_of(deep.iteration(deep_pos, cost, deep.nodes() + (budget - used), deep_line));
    if (ability != MateAbility::Unknown) {
      line = deep_line;
      break;
    }
    uint64_t left = budget - std::min(budget, deep.nodes() + walk.nodes());
    ability = ability_of(walk.walk(walk_pos, walk_line, walk.nodes() + std::min(left, deep.nodes() - std::min(deep.nodes(), walk.nodes()))));
    if (ability == MateAbility::Possible) {
      line = shortcut(start, walk_line);
      if (!ends_in_mate(start, line, winner)) line = walk_line;
    }
  }
  nodes = deep.nodes() + walk.nodes();
  return ability;
}

MateAbility run_stage(const Step& step, const Position& start, Color winner, uint64_t budget, MateAnswer& answer) {
  Position pos = start;
  uint64_t nodes = 0;
  MateAbility ability = MateAbility::Unknown;
  switch (step.stage) {
    case Stage::Quick: {
      Helpmate helpmate(start, winner, step.corner);
      ability = ability_of(helpmate.find(pos, 2, budget, answer.witness));
      nodes = helpmate.nodes();
      break;
    }
    case Stage::Static:
      if (statically_cannot_mate(start, winner)) ability = MateAbility::Impossible;
      break;
    case Stage::Race:
      ability = race(start, winner, budget, answer.witness, nodes);
      break;
    case Stage::Lone: {
      GuidedOutcome o = lone_piece_helpmate(pos, winner, budget, answer.witness, nodes);
      ability = ability_of(o);
      break;
    }
    case Stage::Guided: {
      GuidedOutcome o = guided_helpmate(pos, winner, budget, answer.witness, nodes);
      ability = ability_of(o);
      break;
    }
  }
  answer.nodes += nodes;
  return ability;
}


}  // namespace

MateAnswer search_mate(const Position& start, Color winner, const SearchBudget& budget) {
  MateAnswer answer;
  answer.witness.reserve(64);  // the line grows with the search: most witnesses are 20 to 60 plies
  int corners = Helpmate::corners(start, winner);
  bool locked = locked_structure(start);
  for (const Step& step : locked ? std::span<const Step>(LOCKED_PLAN) : std::span<const Step>(OPEN_PLAN)) {
    uint64_t left = budget.nodes - std::min(budget.nodes, answer.nodes);
    if (step.corner >= corners) continue;
    uint64_t share = step.nodes ? std::min(step.nodes, left) : left;
    if (share == 0) break;
    answer.ability = run_stage(step, start, winner, share, answer);
    if (answer.ability != MateAbility::Unknown) break;
  }
  if (answer.ability == MateAbility::Possible && !ends_in_mate(start, answer.witness, winner))
    answer.ability = MateAbility::Unknown;
  if (answer.ability != MateAbility::Possible) answer.witness.clear();
  return answer;
}

}  // namespace chess::rules::detail
