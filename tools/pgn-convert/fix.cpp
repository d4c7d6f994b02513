#include "pgn-convert/fix.h"

#include <algorithm>

#include "chess/notation/move_text.h"
#include "chess/rules/adjudicate.h"
#include "chess/rules/status.h"

namespace convert {

using namespace chess;
using namespace chess::pgn;

namespace {

Tag* first_tag(Game& game, std::string_view name) {
  auto t = std::find_if(game.tags.begin(), game.tags.end(), [&](const Tag& tag) { return tag.name == name; });
  return t == game.tags.end() ? nullptr : &*t;
}

// The result the board decides at the end of the main line (a mate or a stalemate), or
// nothing. The moves were all read: the only errors are in the tags or the result.
std::string board_result(const Game& game, const GameReport& report) {
  Position pos = report.start_position();
  for (const MoveNode& node : game.main.moves) pos.make_move_or_pass(node.move);
  switch (rules::status(pos)) {
    case rules::Status::Checkmate: return pos.side_to_move() == WHITE ? "0-1" : "1-0";
    case rules::Status::Stalemate: return "1/2-1/2";
    default: return {};
  }
}

// Sets the Result tag and the termination marker as far as they are certain.
void repair_result(Game& game, const GameReport& report, std::vector<Repair>& repairs) {
  Tag* tag = first_tag(game, "Result");
  if (tag && !rules::result_from_pgn(tag->value))
    if (std::string_view meant = notation::normalised_result(tag->value); !meant.empty()) {
      repairs.push_back({tag->at, "Result '" + tag->value + "' written as '" + std::string(meant) + "'"});
      tag->value = meant;
    }
  std::string board = game.main.moves.empty() ? std::string() : board_result(game, report);
  std::string why = board.empty() ? "" : board == "1/2-1/2" ? ": stalemate on the board"
                                       : board == "1-0" ? ": Black is checkmated" : ": White is checkmated";
  if (!board.empty() && tag && tag->value != board) {
    repairs.push_back({tag->at, "Result '" + tag->value + "' written as '" + board + "'" + why});
    tag->value = board;
  }
  if (game.result && !board.empty() && *game.result != board) {
    repairs.push_back({game.result_at, "termination marker '" + *game.result + "' written as '" + board + "'" + why});
    game.result = board;
  }
  if (!game.result && !game.main.moves.empty()) {
    std::string from_tag = tag && rules::result_from_pgn(tag->value) ? tag->value : "";
    std::string marker = board.empty() ? from_tag : board;
    if (marker.empty()) return;
    repairs.push_back({game.main.moves.back().at, "no termination marker: '" + marker + "' written, " +
                                                      (board.empty() ? "the Result tag's" : "the board's" + why)});
    game.result = marker;
  }
}

// An unescaped quote in a tag value is read as part of it (a warning): the export format
// writes it escaped.
void note_quotes(const GameReport& report, std::vector<Repair>& repairs) {
  for (const Diagnostic& w : report.warnings)
    if (w.code == "malformed-tag" && w.message.find("unescaped quote") != std::string::npos)
      repairs.push_back({w.at, w.message.substr(0, w.message.find(':')) + ": its inner quote written escaped (\\\")"});
}

}  // namespace

bool faults_only_in_tags(const Game& game, const GameReport& report) {
  auto tag_fault = [](const Diagnostic& d) {
    for (const char* code : {"bad-date", "result-contradicts-position", "result-mismatch", "missing-result"})
      if (d.code == code) return true;
    return d.code == "malformed-tag" && d.message.starts_with("Result is '");  // (the validator's, not the reader's)
  };
  return std::all_of(report.errors.begin(), report.errors.end(), tag_fault) &&
         std::size_t(report.plies) == game.main.moves.size();
}

std::vector<Repair> repair(Game& game, GameReport& report, const ValidateOptions& read) {
  std::vector<Repair> repairs;
  if (report.valid()) {
    note_quotes(report, repairs);
    return repairs;
  }
  if (!faults_only_in_tags(game, report)) return {};  // it would still have that error
  Game trial = game;
  if (Tag* date = first_tag(trial, "Date"))
    if (std::string form = pgn_date_form(date->value); !form.empty()) {
      repairs.push_back({date->at, "Date '" + date->value + "' written as '" + form + "'"});
      date->value = form;
    }
  repair_result(trial, report, repairs);
  if (repairs.empty()) return {};
  GameReport again = resolve_game(trial, read);
  if (!again.valid()) return {};
  note_quotes(again, repairs);
  game = std::move(trial);
  report = std::move(again);
  return repairs;
}

void add_repair_note(Game& game, const std::vector<Repair>& repairs) {
  if (repairs.empty()) return;
  std::string note = "repaired:";
  for (std::size_t i = 0; i < repairs.size(); ++i) note += (i ? "; " : " ") + repairs[i].what;
  game.main.leading_comments.insert(game.main.leading_comments.begin(), std::move(note));
}

}  // namespace convert
