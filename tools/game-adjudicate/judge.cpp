#include "game-adjudicate/judge.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <utility>

#include "chess/notation/registry.h"
#include "chess/pgn/writer.h"

namespace adjudicate {

using namespace chess;

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The time the first [%clk H:MM:SS] of a comment shows, in seconds, if any.
std::optional<double> clock_in(std::string_view c) {
  std::size_t at = c.find("[%clk");
  if (at == std::string_view::npos) return std::nullopt;
  at += 5;
  while (at < c.size() && c[at] == ' ') ++at;
  double parts[3] = {0, 0, 0};
  int n = 0;
  std::string field;
  for (; at < c.size() && c[at] != ']' && n < 3; ++at) {
    if (c[at] == ':') {
      parts[n++] = std::atof(field.c_str());
      field.clear();
    } else {
      field += c[at];
    }
  }
  if (n < 3) parts[n++] = std::atof(field.c_str());
  double seconds = 0;
  for (int i = 0; i < n; ++i) seconds = seconds * 60 + parts[i];
  return seconds;
}

// A Termination tag that says the flag fell (lichess writes "Time forfeit").
bool says_time_forfeit(std::string_view tag) {
  std::string termination = lower(tag);
  return termination.find("time") != std::string::npos &&
         (termination.find("forfeit") != std::string::npos || termination.find("lost on time") != std::string::npos ||
          termination == "time");
}

std::string termination_comment(const rules::Adjudication& a, const rules::RuleSet& set) {
  std::string text = "adjudicated " + std::string(rules::to_string(a.result)) + ": " + a.explanation;
  if (!a.article.empty()) text += " (" + set.name + " " + a.article + ")";
  return text;
}

// The Termination tag of a game written back, in the PGN standard's values (9.8.1): a flag
// fall is a time forfeit (read back, it is one again), a game that goes on is unterminated,
// a result this judgement changed (or a game it voids) is an adjudication, and any other
// game ended normally. The rule itself is in the comment at its ply.
std::string termination_tag(const rules::Adjudication& a, rules::Result recorded) {
  if (a.reason == rules::Reason::TimeForfeit) return "time forfeit";
  if (a.reason == rules::Reason::None) return "unterminated";
  if (a.reason == rules::Reason::Void || a.result != recorded) return "adjudication";
  return "normal";
}

// The game as read, with the adjudicated Result and Termination, and a comment where the
// rule took effect.
std::string written_back(pgn::Game& game, const pgn::GameReport& report, const rules::Adjudication& a,
                         rules::Result recorded, const rules::RuleSet& set) {
  std::string result(rules::to_string(a.result));
  std::string termination = termination_tag(a, recorded);
  auto set_tag = [&](const char* name, const std::string& value) {
    for (pgn::Tag& t : game.tags)
      if (t.name == name) return void(t.value = value);
    game.tags.push_back({name, value, {}});
  };
  set_tag("Result", result);
  set_tag("Termination", termination);
  game.result = result;
  std::string note = termination_comment(a, set);
  int ply = std::min<int>(a.ply, int(game.main.moves.size()));
  if (ply == 0) game.main.leading_comments.push_back(note);
  else game.main.moves[ply - 1].comments.push_back(note);
  pgn::WriteOptions options;
  options.keep_tag_order = true;
  return pgn::write_pgn(game, report.start_position(), options);
}

// No error that stops adjudication: a game whose only faults are in its tags, its result or
// its annotations (scored 1-0 with White mated, say) is what adjudication is for. The faults
// that allow it are listed, not those that stop it: an error of any other kind may mean that
// the moves are not all there (a comment left open swallows the moves after it), and a kind
// added to the reader later stops adjudication until it is weighed here.
// The Result tag's result where it says another than the marker's `recorded`, else "".
std::string other_result(std::string_view recorded, std::string_view tag) {
  return rules::result_from_pgn(tag) && tag != recorded ? std::string(tag) : std::string();
}

bool adjudicable(const pgn::GameReport& report) {
  static constexpr std::string_view OUTSIDE_THE_MOVES[] = {
      "duplicate-tag", "malformed-tag", "missing-tag", "bad-date", "missing-result",
      "result-mismatch", "result-contradicts-position", "malformed-nag"};
  for (const pgn::Diagnostic& d : report.errors)
    if (d.ply || std::find(std::begin(OUTSIDE_THE_MOVES), std::end(OUTSIDE_THE_MOVES), d.code) ==
                     std::end(OUTSIDE_THE_MOVES))
      return false;
  return true;
}

// The witness line in SAN, from the position it starts in.
std::vector<std::string> witness_in_san(Position pos, const std::vector<Move>& witness) {
  const notation::Codec* san = notation::find_codec("san");
  std::vector<std::string> out;
  for (Move m : witness) {
    out.push_back(san->format(pos, m));
    pos.make_move(m);
  }
  return out;
}

// The tags the standings and the flag-fall test read, by name: one list for a Game's tags
// and for the tags the validator tells as it reads them.
constexpr std::pair<std::string_view, std::string StandingsTags::*> STANDINGS_TAGS[] = {
    {"Event", &StandingsTags::event},           {"Site", &StandingsTags::site},
    {"Round", &StandingsTags::round},           {"Termination", &StandingsTags::termination},
    {"WhiteElo", &StandingsTags::white_elo},    {"BlackElo", &StandingsTags::black_elo},
    {"WhiteFideId", &StandingsTags::white_fide_id}, {"BlackFideId", &StandingsTags::black_fide_id}};

StandingsTags standings_tags(const pgn::Game& game) {
  StandingsTags tags;
  for (const auto& [name, field] : STANDINGS_TAGS) tags.*field = game.tag_value(name);
  return tags;
}

// What a game says of itself, gathered as the validator replays it, and the judge the
// validator feeds with that replay: the text and JSON Lines outputs need no Game built and
// no second replay.
class Watcher : public pgn::ReplayObserver {
public:
  Watcher(const rules::RuleSet& rules, const rules::AdjudicateOptions& options)
      : rules_(&rules), options_(options), judge_(rules, options) {
    want_moves(false);  // the validator feeds the judge itself
  }
  bool serves(const rules::RuleSet& rules, const rules::AdjudicateOptions& options) const {
    return rules_ == &rules && options_.budget.nodes == options.budget.nodes &&
           options_.ended_budget.nodes == options.ended_budget.nodes &&
           options_.claims_automatic == options.claims_automatic;
  }

  rules::GameJudge& judge() { return judge_; }

  void begin() override {
    for (const auto& [name, field] : STANDINGS_TAGS) (tags_.*field).clear();  // keeping their room
    seen_ = 0;
    result_tag_.clear();
    marker_.reset();
    clocks_[0].after = clocks_[1].after = 0;
    ended_ = false;
  }
  void tag(std::string_view name, std::string_view value) override {  // the first of each name, as tag_value
    auto first = [&](unsigned bit, std::string& slot) {
      if (!(seen_ & (1u << bit))) slot.assign(value), seen_ |= 1u << bit;
    };
    if (name == "Result") return first(std::size(STANDINGS_TAGS), result_tag_);
    for (unsigned i = 0; i < std::size(STANDINGS_TAGS); ++i)
      if (name == STANDINGS_TAGS[i].first) return first(i, tags_.*STANDINGS_TAGS[i].second);
  }
  void result(std::string_view marker) override { marker_ = std::string(marker); }
  // Only the last clock of the side to move counts: the last comment with a clock is kept
  // for each side, with the move it follows, and read at the end (lichess games carry a
  // clock on every move).
  void comment(std::string_view text) override {
    int moves = judge_.plies();
    if (moves == 0 || text.find("[%clk") == std::string_view::npos) return;
    Clock& c = clocks_[(moves - 1) % 2];
    c.after = moves;
    c.text.assign(text);
  }
  void end(const Position& pos) override {
    end_.assign_current(pos);  // the judge and its searches copy it again: not the game's history
    ended_ = true;
  }

  // After the game is read: the judgement, when the replay reached the end of the moves.
  void judge_into(Judged& out) {
    out.recorded = marker_ ? *marker_ : result_tag_;
    out.other_recorded = other_result(out.recorded, result_tag_);
    std::swap(out.tags, tags_);  // given, not copied: begin() empties what comes back
    if (!ended_ || !adjudicable(out.report)) return;
    rules::RecordEnd record;
    record.recorded = rules::result_from_pgn(out.recorded).value_or(rules::Result::Unfinished);
    // The clock after the last move of the side to move, if that move has one.
    int moves = judge_.plies();
    const Clock& last = clocks_[moves % 2];
    std::optional<double> mover_clock = moves >= 2 && last.after == moves - 1 ? clock_in(last.text) : std::nullopt;
    FlagFall flag = flag_fall_from(out.tags.termination, mover_clock, end_.side_to_move(), record.recorded);
    record.flag_fall = flag.fell;
    record.flagged = flag.side;
    out.adjudication = judge_.finish(end_, record);
    if (!out.adjudication->witness.empty()) out.witness_san = witness_in_san(end_, out.adjudication->witness);
  }

private:
  const rules::RuleSet* rules_;
  rules::AdjudicateOptions options_;
  rules::GameJudge judge_;
  StandingsTags tags_;
  std::string result_tag_;
  std::optional<std::string> marker_;
  unsigned seen_ = 0;  // the tags met so far, by their place in tag()'s list
  struct Clock {
    int after = 0;     // the move (1, 2, ...) the comment follows; 0: none
    std::string text;  // the comment
  };
  Clock clocks_[2];  // the last comment with a [%clk] after a move of each parity
  Position end_;
  bool ended_ = false;
};

// Text and JSON Lines: the validator's replay feeds the judge.
bool judge_replayed(pgn::Reader& reader, const JudgeOptions& options, Judged& out) {
  thread_local std::optional<Watcher> watcher;
  if (!watcher || !watcher->serves(*options.rules, options.adjudicate)) watcher.emplace(*options.rules, options.adjudicate);
  pgn::ValidateOptions read = options.read;
  read.observer = &*watcher;
  read.judge = &watcher->judge();
  if (!pgn::validate_next_game(reader, read, out.report)) return false;
  watcher->judge_into(out);
  return true;
}

// PGN written back: the game built, then judged by its own replay.
bool judge_built(pgn::Reader& reader, const JudgeOptions& options, Judged& out) {
  thread_local pgn::Game game;
  // A game of megabytes (a huge comment) is not kept in the thread's Game once judged:
  // with N jobs, N of them would be.
  struct Release {
    pgn::Game& game;
    const pgn::Reader& reader;
    std::size_t start;
    ~Release() {
      if (reader.bytes_read() - start > (1 << 20)) game = pgn::Game();
    }
  } release{game, reader, reader.bytes_read()};
  pgn::BuildOptions keep{true, true, true};
  if (!pgn::read_next_game(reader, options.read, game, out.report, keep)) return false;
  out.recorded = game.result ? *game.result : game.tag_value("Result");
  out.other_recorded = other_result(out.recorded, game.tag_value("Result"));
  out.tags = standings_tags(game);
  if (out.report.plies != int(game.main.moves.size()) || !adjudicable(out.report)) {
    out.pgn = game.raw + "\n";
    return true;
  }
  rules::GameRecord record;
  record.start = out.report.start_position();
  record.moves.reserve(game.main.moves.size());
  for (const pgn::MoveNode& node : game.main.moves) record.moves.push_back(node.move);
  record.recorded = rules::result_from_pgn(out.recorded).value_or(rules::Result::Unfinished);
  Color at_end = record.moves.size() % 2 ? ~record.start.side_to_move() : record.start.side_to_move();
  FlagFall flag = flag_fall_in(game, at_end, record.recorded);
  record.flag_fall = flag.fell;
  record.flagged = flag.side;
  out.adjudication = rules::adjudicate(record, *options.rules, options.adjudicate);
  if (!out.adjudication->witness.empty()) {
    Position end = record.start;
    for (Move m : record.moves) end.make_move_or_pass(m);
    out.witness_san = witness_in_san(end, out.adjudication->witness);
  }
  out.pgn = written_back(game, out.report, *out.adjudication, record.recorded, *options.rules);
  return true;
}

}  // namespace

FlagFall flag_fall_in(const pgn::Game& game, Color side_to_move_at_end, rules::Result recorded) {
  // The clock after the last move of the side to move: its own time, run out.
  std::optional<double> left;
  const auto& moves = game.main.moves;
  if (moves.size() >= 2)
    for (const std::string& c : moves[moves.size() - 2].comments)
      if (std::optional<double> t = clock_in(c)) left = t;
  return flag_fall_from(game.tag_value("Termination"), left, side_to_move_at_end, recorded);
}

FlagFall flag_fall_from(std::string_view termination, std::optional<double> mover_clock, Color side_to_move_at_end,
                        rules::Result recorded) {
  FlagFall flag;
  flag.fell = says_time_forfeit(termination);
  // A clock written to the second reads 0:00:00 with up to a second left: it is no flag fall
  // against a side the record has win (its opponent resigned, or its opponent's flag fell).
  const bool mover_won = recorded == (side_to_move_at_end == WHITE ? rules::Result::WhiteWins : rules::Result::BlackWins);
  if (mover_clock && *mover_clock <= 0 && !mover_won) {
    flag.fell = true;
    flag.side = side_to_move_at_end;
  }
  return flag;
}

bool judge_next_game(pgn::Reader& reader, const JudgeOptions& options, Judged& out) {
  out.adjudication.reset();
  out.witness_san.clear();
  out.pgn.clear();
  return options.write_pgn ? judge_built(reader, options, out) : judge_replayed(reader, options, out);
}

}  // namespace adjudicate
