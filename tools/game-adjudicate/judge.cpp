#include "game-adjudicate/judge.h"

#include <algorithm>
#include <cctype>

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

// The time a [%clk H:MM:SS] in the comments shows, in seconds, if any.
std::optional<double> clock_in(const std::vector<std::string>& comments) {
  std::optional<double> found;
  for (const std::string& c : comments) {
    std::size_t at = c.find("[%clk");
    if (at == std::string::npos) continue;
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
    found = seconds;
  }
  return found;
}

std::string termination_comment(const rules::Adjudication& a, const rules::RuleSet& set) {
  std::string text = "adjudicated " + std::string(rules::to_string(a.result)) + ": " + a.explanation;
  if (!a.article.empty()) text += " (" + set.name + " " + a.article + ")";
  return text;
}

// The game as read, with the adjudicated Result and Termination, and a comment where the
// rule took effect.
std::string written_back(pgn::Game& game, const pgn::GameReport& report, const rules::Adjudication& a,
                         const rules::RuleSet& set) {
  std::string result(rules::to_string(a.result));
  std::string termination = a.reason == rules::Reason::None ? "unterminated" : std::string(rules::to_string(a.reason));
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

// Every move of the main line read and legal from a known start: a game whose only faults
// are in its tags or its result (scored 1-0 with White mated, say) is what adjudication is for.
bool adjudicable(const pgn::GameReport& report, const pgn::Game& game) {
  if (report.plies != int(game.main.moves.size())) return false;
  for (const pgn::Diagnostic& d : report.errors)
    if (d.ply || d.code == "bad-fen" || d.code == "unsupported-variant" || d.code == "unreadable-move" ||
        d.code == "ambiguous-move" || d.code == "unbalanced-variation" ||
        d.code == "game-too-large")  // moves past the limit are not read: the game is not all there
      return false;
  return true;
}

}  // namespace

FlagFall flag_fall_in(const pgn::Game& game, Color side_to_move_at_end) {
  FlagFall flag;
  std::string termination = lower(game.tag_value("Termination"));
  if (termination.find("time") != std::string::npos &&
      (termination.find("forfeit") != std::string::npos || termination.find("lost on time") != std::string::npos ||
       termination == "time"))
    flag.fell = true;
  // The clock after the last move of the side to move: its own time, run out.
  const auto& moves = game.main.moves;
  if (moves.size() >= 2) {
    std::optional<double> left = clock_in(moves[moves.size() - 2].comments);
    if (left && *left <= 0) {
      flag.fell = true;
      flag.side = side_to_move_at_end;
    }
  }
  return flag;
}

bool judge_next_game(pgn::Reader& reader, const JudgeOptions& options, Judged& out) {
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
  pgn::BuildOptions keep{true, options.write_pgn, options.write_pgn};
  if (!pgn::read_next_game(reader, options.read, game, out.report, keep)) return false;
  out.adjudication.reset();
  out.witness_san.clear();
  out.pgn.clear();
  out.recorded = game.result ? *game.result : game.tag_value("Result");
  out.tags = {game.tag_value("Event"),    game.tag_value("Site"),     game.tag_value("Round"),
              game.tag_value("Termination"), game.tag_value("WhiteElo"), game.tag_value("BlackElo"),
              game.tag_value("WhiteFideId"), game.tag_value("BlackFideId")};
  if (!adjudicable(out.report, game)) {
    if (options.write_pgn) out.pgn = game.raw + "\n";
    return true;
  }
  rules::GameRecord record;
  record.start = out.report.start_position();
  record.moves.reserve(game.main.moves.size());
  for (const pgn::MoveNode& node : game.main.moves) record.moves.push_back(node.move);
  record.recorded = rules::result_from_pgn(out.recorded).value_or(rules::Result::Unfinished);
  Color at_end = record.moves.size() % 2 ? ~record.start.side_to_move() : record.start.side_to_move();
  FlagFall flag = flag_fall_in(game, at_end);
  record.flag_fall = flag.fell;
  record.flagged = flag.side;
  out.adjudication = rules::adjudicate(record, *options.rules, options.adjudicate);
  if (!out.adjudication->witness.empty()) {
    const notation::Codec* san = notation::find_codec("san");
    Position end = record.start;
    for (Move m : record.moves) end.make_move_or_pass(m);
    for (Move m : out.adjudication->witness) {
      out.witness_san.push_back(san->format(end, m));
      end.make_move(m);
    }
  }
  if (options.write_pgn) out.pgn = written_back(game, out.report, *out.adjudication, *options.rules);
  return true;
}

}  // namespace adjudicate
