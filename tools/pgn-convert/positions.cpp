#include "pgn-convert/positions.h"

#include <algorithm>
#include <bit>
#include <cctype>

namespace convert {

using namespace chess;

namespace {

// A position with `target` men can still arise from `pos` only if no side needs more men
// than it has, nor more pawns (a pawn never comes back), and each piece it needs beyond
// those of its kind it has can be a pawn promoted.
bool material_reachable(const Position& pos, const MaterialCounts& target) {
  for (Color c : {WHITE, BLACK}) {
    int spare = std::popcount(pos.pieces(c, PAWN)) - target[c][PAWN];
    for (PieceType pt = KNIGHT; pt <= QUEEN; pt = PieceType(pt + 1))
      spare -= std::max(0, target[c][pt] - std::popcount(pos.pieces(c, pt)));
    if (spare < 0) return false;
  }
  return true;
}

// The squares a pawn of `c` on `s` can have come from: behind it or on it, at most a file
// aside for each rank it went forward (a capture), never its first rank.
Bitboard pawn_origins(Color c, Square s) {
  Bitboard origins = 0;
  int file = file_of(s), rank = rank_of(s);
  for (int r = RANK_2; r <= RANK_7; ++r) {
    int forward = c == WHITE ? rank - r : r - rank;
    if (forward < 0) continue;
    for (int f = std::max(0, file - forward); f <= std::min(7, file + forward); ++f)
      origins |= square_bb(make_square(File(f), Rank(r)));
  }
  return origins;
}

// Each pawn of the target has a pawn of its side where it could have come from (pawns
// never go back: a pawn on its second rank in the target must stand there now).
bool pawns_reachable(const Position& pos, const std::vector<std::pair<Color, Bitboard>>& origins) {
  for (const auto& [c, from] : origins)
    if (!(pos.pieces(c, PAWN) & from)) return false;
  return true;
}

}  // namespace

std::optional<PositionPattern> PositionPattern::parse(const std::string& text, std::string& error) {
  std::vector<std::string> fields;
  for (std::size_t i = text.find_first_not_of(' '); i != std::string::npos; i = text.find_first_not_of(' ', i)) {
    std::size_t end = text.find(' ', i);
    fields.push_back(text.substr(i, end - i));
    i = end;
  }
  auto fail = [&](const std::string& why) {
    error = "--position '" + text + "': " + why;
    return std::nullopt;
  };
  if (fields.empty()) return fail("expected a FEN's placement, and the side to move if it matters");
  PositionPattern p;
  p.text_ = text;
  if (fields.size() > 1) {
    if (fields[1] != "w" && fields[1] != "b") return fail("the side to move '" + fields[1] + "': expected w or b");
    p.side_ = fields[1] == "w" ? WHITE : BLACK;
  }
  // Read as a FEN of its own; with no side given, either side that can be to move (the
  // side not to move may not be in check).
  FenResult r = Position::from_fen(fields[0] + " " + (p.side_ ? fields[1] : "w") + " - - 0 1");
  if (!r.ok() && !p.side_)
    if (FenResult black = Position::from_fen(fields[0] + " b - - 0 1"); black.ok()) r = std::move(black);
  if (!r.ok()) {
    if (r.error->field == FenField::Placement)
      return fail("column " + std::to_string(r.error->column) + ": " + r.error->message);
    return fail(r.error->message);
  }
  for (Square s = SQ_A1; s <= SQ_H8; s = Square(s + 1))
    if (Piece piece = r.position.piece_on(s); piece != NO_PIECE) p.placed_[piece] |= square_bb(s);
  p.occupied_ = r.position.pieces();
  p.pieces_ = std::popcount(p.occupied_);
  for (Color c : {WHITE, BLACK}) {
    for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1))
      p.count_[c][pt] = std::popcount(r.position.pieces(c, pt));
    for (Bitboard b = r.position.pieces(c, PAWN); b;) p.pawn_origins_.push_back({c, pawn_origins(c, pop_lsb(b))});
  }
  return p;
}

bool PositionPattern::reachable_from(const Position& pos) const {
  return material_reachable(pos, count_) && pawns_reachable(pos, pawn_origins_);
}

bool PositionPattern::matches(const Position& pos) const {
  if (pos.pieces() != occupied_ || (side_ && pos.side_to_move() != *side_)) return false;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1))
      if (pos.pieces(c, pt) != placed_[make_piece(c, pt)]) return false;
  return true;
}

std::optional<MaterialPattern> MaterialPattern::parse(const std::string& text, std::string& error) {
  auto fail = [&](const std::string& why) {
    error = "--material '" + text + "': " + why;
    return std::nullopt;
  };
  std::size_t colon = text.find(':');
  if (colon == std::string::npos || text.find(':', colon + 1) != std::string::npos)
    return fail("expected WHITE:BLACK, each side's pieces as letters K Q R B N P, a count after a letter if "
                "more than one (KRP:KR, KQ:KR2P3)");
  MaterialPattern m;
  m.text_ = text;
  static constexpr std::string_view letters = "PNBRQK";
  for (Color c : {WHITE, BLACK}) {
    std::string_view side = c == WHITE ? std::string_view(text).substr(0, colon) : std::string_view(text).substr(colon + 1);
    auto& count = m.count_[c];
    for (std::size_t i = 0; i < side.size();) {
      if (side[i] == ' ') {
        ++i;
        continue;
      }
      std::size_t letter = letters.find(char(std::toupper((unsigned char)side[i])));
      if (letter == std::string_view::npos)
        return fail("'" + std::string(1, side[i]) + "' is no piece letter (K Q R B N P)");
      int n = 1;
      if (++i < side.size() && std::isdigit((unsigned char)side[i]))
        for (n = 0; i < side.size() && std::isdigit((unsigned char)side[i]); ++i) n = std::min(n * 10 + (side[i] - '0'), 99);
      count[letter + 1] += n;  // "PNBRQK"[i] is PieceType i + 1
    }
    if (count[KING] > 1) return fail(std::string(c == WHITE ? "White" : "Black") + " has one king");
    count[KING] = 1;
    int total = 0;
    for (int n : count) total += n;
    if (count[PAWN] > 8 || total > 16)
      return fail(std::string(c == WHITE ? "White" : "Black") + " can have at most 16 pieces, 8 of them pawns");
    m.pieces_ += total;
  }
  return m;
}

bool MaterialPattern::reachable_from(const Position& pos) const { return material_reachable(pos, count_); }

bool MaterialPattern::matches(const Position& pos) const {
  for (Color c : {WHITE, BLACK})
    for (PieceType pt = PAWN; pt < KING; pt = PieceType(pt + 1))
      if (std::popcount(pos.pieces(c, pt)) != count_[c][pt]) return false;
  return true;
}

namespace {

// The search along one line of play: each position in turn, with how many positions in a
// row each material pattern has held.
struct LineSearch {
  const SearchOptions& search;
  Found& found;
  std::vector<int> runs;

  bool done() const {
    return (search.positions.empty() || found.position) && (search.materials.empty() || found.material);
  }
  // A kind of pattern asked for, none found and none reachable from `pos`: whatever the
  // rest of the line, the search fails.
  bool hopeless(const Position& pos) const {
    auto out_of_reach = [&](const auto& patterns, bool found_one) {
      return !found_one && !patterns.empty() &&
             std::none_of(patterns.begin(), patterns.end(), [&](const auto& p) { return p.reachable_from(pos); });
    };
    return out_of_reach(search.positions, found.position) || out_of_reach(search.materials, found.material);
  }
  void look(const Position& pos) {
    int pieces = std::popcount(pos.pieces());
    if (!found.position)
      for (const PositionPattern& p : search.positions)
        if (p.pieces() == pieces && p.matches(pos)) {
          found.position = true;
          break;
        }
    if (!found.material)
      for (std::size_t i = 0; i < search.materials.size(); ++i) {
        const MaterialPattern& m = search.materials[i];
        runs[i] = m.pieces() == pieces && m.matches(pos) ? runs[i] + 1 : 0;
        if (runs[i] >= search.material_plies) found.material = true;
      }
  }
  // The line's positions after `pos`, and its variations' (each from the position before
  // the move it replaces, with the runs as they were there).
  void walk(const pgn::Line& line, Position pos) {
    for (const pgn::MoveNode& node : line.moves) {
      if (done()) return;
      for (const pgn::Line& v : node.variations) {
        LineSearch branch{search, found, runs};
        branch.walk(v, pos);
      }
      pos.make_move_or_pass(node.move);
      look(pos);
    }
  }
};

// The main line's search, told the positions as the validator replays them.
class Searcher : public pgn::ReplayObserver {
public:
  // `may_stop`: the replay may stop where the search can no longer succeed.
  void use(const SearchOptions& search, bool may_stop) {
    may_stop_ = may_stop;
    if (search_ == &search) return;
    search_ = &search;
    classifier_.reset();
    if (search.openings) classifier_.emplace(*search.openings);
    line_.emplace(LineSearch{search, found_, {}});
  }
  void begin() override {
    found_ = Found();
    line_->runs.assign(search_->materials.size(), 0);
    started_ = eco_seen_ = false;
    want_more(true);
  }
  void tag(std::string_view name, std::string_view value) override {
    if (search_->eco_tag && !eco_seen_ && name == "ECO") found_.eco_tag.assign(value), eco_seen_ = true;
  }
  void start(const Position& pos) override {
    started_ = true;
    if (classifier_) classifier_->start(pos);
    line_->look(pos);
    if (may_stop_) want_more(!line_->hopeless(pos));
  }
  void after_move(const Position& pos) override {
    if (classifier_) classifier_->position(pos);
    if (!line_->done()) line_->look(pos);
    // Only a capture or a pawn move (the clock back to 0) takes a pattern out of reach.
    if (may_stop_ && pos.halfmove_clock() == 0) want_more(!line_->hopeless(pos));
  }
  Found take() {
    if (classifier_ && started_) found_.opening = classifier_->opening();
    return std::move(found_);
  }

private:
  const SearchOptions* search_ = nullptr;
  std::optional<openings::Classifier> classifier_;
  Found found_;
  std::optional<LineSearch> line_;  // refers to found_
  bool started_ = false, eco_seen_ = false;
  bool may_stop_ = false;
};

}  // namespace

bool read_and_search(pgn::Reader& reader, const pgn::ValidateOptions& options, const SearchOptions& search,
                     pgn::Game& game, pgn::GameReport& report, const pgn::BuildOptions& keep, Found& found,
                     const std::function<bool(const Found&)>* wanted) {
  if (!search.active()) {
    found = Found();
    return pgn::read_next_game(reader, options, game, report, keep);
  }
  thread_local Searcher searcher;  // options are copied per thread, and so is the observer
  // Only a game wanted for what the search finds alone, and in the main line alone; the
  // classification wants every position.
  searcher.use(search, wanted && search.stop_early && !search.in_variations && !search.openings);
  pgn::ValidateOptions watched = options;
  watched.observer = &searcher;
  pgn::BuildOptions built = keep;
  built.variations = keep.variations || search.in_variations;
  if (wanted && !search.in_variations) {
    // Most games of a search are not kept: checked without being built, which costs a
    // quarter of the time, and the few kept built from their text again.
    bool taken = false;
    auto choose = [&](const pgn::GameReport&) {
      found = searcher.take();
      taken = true;
      return (*wanted)(found);
    };
    if (!pgn::read_next_game_if(reader, watched, game, report, built, choose)) return false;
    if (!taken) found = searcher.take();
    found.stopped = report.replay_stopped;
    return true;
  }
  if (!pgn::read_next_game(reader, watched, game, report, built)) return false;
  found = searcher.take();
  if (search.in_variations && report.valid()) {
    // The main line again, for the positions its variations start from.
    LineSearch line{search, found, std::vector<int>(search.materials.size(), 0)};
    if (!line.done()) {
      line.look(report.start_position());
      line.walk(game.main, report.start_position());
    }
  }
  return true;
}

}  // namespace convert
