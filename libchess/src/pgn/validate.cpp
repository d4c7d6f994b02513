#include "chess/pgn/validate.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/rules/adjudicate.h"
#include "chess/rules/status.h"
#include "pgn/game_validator.h"
#include "pgn/suggest.h"
#include "pgn/tag_names.h"

namespace chess::pgn {
namespace {

using notation::Codec;
using notation::ParseOptions;
using notation::ParseResult;
using notation::PieceOrigins;


bool is_chess960_variant(std::string_view v) {
  std::string s;
  for (char c : v) s += char(std::tolower(static_cast<unsigned char>(c)));
  return s == "chess960" || s == "chess 960" || s == "fischerandom" || s == "fischerrandom" ||
         s == "fischer random" || s == "fischer random chess" || s == "960";
}

bool is_standard_variant(std::string_view v) {
  std::string s;
  for (char c : v) s += char(std::tolower(static_cast<unsigned char>(c)));
  return s.empty() || s == "standard" || s == "chess" || s == "normal" || s == "from position";
}

// YYYY.MM.DD, each digit possibly '?'.
bool well_formed_date(std::string_view d) {
  if (d.size() != 10 || d[4] != '.' || d[7] != '.') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!(std::isdigit(static_cast<unsigned char>(d[i])) || d[i] == '?')) return false;
  return true;
}

// Why a well-formed date cannot be (no month 13, no 30 February, no 29 February 2023),
// or nothing. Unknown parts ('?') are allowed; a day is checked against its month when
// the month is known, and 29 February against the year when the year is.
std::string impossible_date(std::string_view d) {
  auto number = [&](std::size_t at, std::size_t len) {
    int n = 0;
    for (std::size_t i = at; i < at + len; ++i) {
      if (d[i] == '?') return -1;
      n = n * 10 + (d[i] - '0');
    }
    return n;
  };
  static constexpr const char* MONTHS[] = {"January", "February", "March",     "April",   "May",      "June",
                                           "July",    "August",   "September", "October", "November", "December"};
  int year = number(0, 4), month = number(5, 2), day = number(8, 2);
  if (month > 12 && day >= 1 && day <= 12)  // 2011.13.10: day and month written the other way round
    return "there is no month " + std::to_string(month) + " ('" + std::string(d.substr(0, 5)) +
           std::string(d.substr(8, 2)) + "." + std::string(d.substr(5, 2)) + "'?)";
  if (month == 0 || month > 12) return "there is no month " + std::to_string(month);
  if (day == 0 || day > 31) return "there is no day " + std::to_string(day);
  if (month == -1 || day == -1) return {};
  static constexpr int DAYS[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = year == -1 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0));
  int days = month == 2 && !leap ? 28 : DAYS[month - 1];
  if (day <= days) return {};
  return std::string(MONTHS[month - 1]) + (month == 2 && year != -1 ? " " + std::to_string(year) : "") + " has " +
         std::to_string(days) + " days";
}

// The suggestion the bad-date message ends with: " ('1957.??.??')", or nothing.
std::string date_suggestion(std::string_view d) {
  std::string form = pgn_date_form(d);
  return form.empty() ? std::string() : " ('" + form + "')";
}

// Whether the move number written before a move (MoveNode::written_number) is that
// move's: 3 before White's third move, -3 before Black's. No number agrees.
bool agrees(int written, const Position& pos) {
  if (!written) return true;
  bool black = pos.side_to_move() == BLACK;
  return (written < 0) == black && (black ? -written : written) == pos.fullmove_number();
}

// For a move that does not read, a number written before it that is not its own:
// "1. e4 e5 2. Nf3 3. Bc4" is most likely Black's second move left out. Said only when the
// line's numbers agreed until then (a game from a FEN may number its moves its own way).
std::string number_mismatch(int written, const Position& pos) {
  auto name = [](bool black, int number) { return std::string(black ? "Black" : "White") + "'s move " + std::to_string(number); };
  return "; it is numbered as " + name(written < 0, written < 0 ? -written : written) + ", but this is " +
         name(pos.side_to_move() == BLACK, pos.fullmove_number()) + ": a move left out or written twice before it?";
}

}  // namespace

std::string pgn_date_form(std::string_view d) {
  std::vector<std::string_view> fields;  // split at '.', '-' or '/'
  for (std::size_t start = 0;;) {
    std::size_t end = d.find_first_of(".-/", start);
    fields.push_back(d.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (fields.size() > 3 || fields[0].size() != 4) return {};
  std::string completed(fields[0]);
  for (std::size_t i = 1; i < 3; ++i) {
    std::string_view field = i < fields.size() ? fields[i] : "??";
    if (field.empty() || field.size() > 2) return {};
    completed += '.';
    if (field.size() == 1) completed += field == "?" ? '?' : '0';
    completed += field;
  }
  if (completed == d || !well_formed_date(completed) || !impossible_date(completed).empty()) return {};
  return completed;
}

GameReport GameValidator::run() {
  ReplayObserver* observer = options_.observer;
  if (observer) {
    observer->begin();
    for (const Tag& t : game_.tags) observer->tag(t.name, t.value);
  }
  // The termination marker after the moves, as the fast path meets it.
  auto tell_result = [&] {
    if (observer && game_.result) observer->result(*game_.result);
  };
  Position start;
  if (!begin(start)) return tell_result(), finish();
  if (options_.judge) options_.judge->start(start);
  if (observer) observer->start(start);
  bool has_moves = !game_.main.moves.empty();
  note_moves(has_moves);
  Position final_position = start;
  main_start_ = &start;
  bool complete = false;
  if (observer && !observer->wants_more()) stop_replay(int(game_.main.moves.size()));
  else complete = replay(game_.main, writable_ ? &writable_->main : nullptr, start, PieceOrigins(start), 0, &final_position);
  std::optional<Ending> ending;
  if (complete) ending = Ending{rules::status(final_position), final_position.side_to_move()};
  check_result(ending, has_moves, has_moves ? game_.main.moves.back().at : Location{});
  tell_result();
  if (complete && observer) observer->end(final_position);
  return finish();
}

void GameValidator::stop_replay(int plies_left) {
  report_.replay_stopped = true;
  report_.plies += plies_left;  // read past, as the fast path counts them
}

// Whether `n` is `name`: its length first, then a compare of a length known when compiled,
// a load or two (string_view's == called the library's compare for each name of the length).
template <std::size_t N>
bool is_name(std::string_view n, const char (&name)[N]) {
  return n.size() == N - 1 && std::memcmp(n.data(), name, N - 1) == 0;
}

GameValidator::KnownTags GameValidator::find_known_tags(std::span<const TagView> tags) {
  KnownTags known;
  auto keep_first = [](const TagView*& slot, const TagView& t) {
    if (!slot) slot = &t;
  };
  for (const TagView& t : tags) {
    const std::string_view n = t.name;
    if (n.empty()) continue;
    switch (n[0]) {  // the first letter, then the whole name: most tags are told apart at once
      case 'E': if (is_name(n, "Event")) keep_first(known.roster[0], t); break;
      case 'S':
        if (is_name(n, "Site")) keep_first(known.roster[1], t);
        else if (is_name(n, "SetUp")) keep_first(known.setup, t);
        break;
      case 'D': if (is_name(n, "Date")) keep_first(known.roster[2], t); break;
      case 'R':
        if (is_name(n, "Round")) keep_first(known.roster[3], t);
        else if (is_name(n, "Result")) keep_first(known.roster[6], t);
        break;
      case 'W': if (is_name(n, "White")) keep_first(known.roster[4], t); break;
      case 'B': if (is_name(n, "Black")) keep_first(known.roster[5], t); break;
      case 'V': if (is_name(n, "Variant")) keep_first(known.variant, t); break;
      case 'F': if (is_name(n, "FEN")) keep_first(known.fen, t); break;
      default: break;
    }
  }
  return known;
}

bool GameValidator::begin(Position& start) {
  own_tags_.clear();
  own_tags_.reserve(game_.tags.size());
  for (const Tag& t : game_.tags) own_tags_.push_back({t.name, t.value, t.at, t.value_at});
  tags_ = own_tags_;
  // With no allocation for a game's dozen tags or so; a set past that.
  TagNames names;
  std::set<std::string_view> seen;
  const bool few = tags_.size() <= TagNames::CAPACITY;
  for (const TagView& t : tags_) {
    const bool repeated = few ? names.seen_before(t.name) : !seen.insert(t.name).second;
    if (repeated) error("duplicate-tag", t.at, "tag " + std::string(t.name) + " appears more than once");
  }
  return begin_checks(start);
}

bool GameValidator::begin(Position& start, std::span<const TagView> distinct_tags) {
  tags_ = distinct_tags;
  return begin_checks(start);
}

bool GameValidator::begin_checks(Position& start) {
  known_ = find_known_tags(tags_);
  report_.ordinal = game_.ordinal;
  report_.start = game_.start;
  report_.span = game_.span;
  auto value = [](const TagView* t) { return t ? std::string(t->value) : std::string(); };
  report_.white = value(known_.roster[4]);
  report_.black = value(known_.roster[5]);
  report_.result = value(known_.result());
  bool checkable = check_tags(start);
  for (const Diagnostic& d : game_.diagnostics)
    // In an unsupported variant, moves the reader could not tokenise (P@e4) are expected.
    if (checkable || d.code != "unreadable-move") add(d);
  if (!checkable) return false;
  codec_ = options_.codec ? options_.codec : notation::find_codec("san");
  if (options_.auto_dialect) detect(start);
  report_.dialect = std::string(codec_->name());
  report_.codec = codec_;
  if (known_.fen || start.chess960()) report_.set_up = start;
  return true;
}

void GameValidator::note_moves(bool has_moves) {
  if (has_moves) return;
  if (tags_.empty()) warn("empty-game", game_.start, "a game with neither tags nor moves");
  else warn("empty-game", game_.start, "a game with no moves");
}

GameReport GameValidator::finish() {
  auto by_place = [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.at.line, a.at.column) < std::tie(b.at.line, b.at.column);
  };
  // (Nearly always in order already: a sort that moved every diagnostic through a buffer
  // took 3% of the time on a file that warns of every move.)
  for (std::vector<Diagnostic>* list : {&report_.errors, &report_.warnings})
    if (!std::is_sorted(list->begin(), list->end(), by_place)) std::stable_sort(list->begin(), list->end(), by_place);
  return std::move(report_);
}

// Made in place, and room made for many at once: a file in another spelling has one at
// every move, and moving each into the list, then again and again as the list grew, took
// an eighth of the instructions validating such a file took (callgrind, long algebraic).
void GameValidator::note_spelling(Location at, std::string message, int ply, std::string move, std::string fen) {
  const Severity severity = options_.strict ? Severity::Error : Severity::Warning;
  std::vector<Diagnostic>& list = severity == Severity::Error ? report_.errors : report_.warnings;
  if (list.size() == list.capacity() && list.size() < 64) list.reserve(64);
  Diagnostic& d = list.emplace_back();  // (filled in place: clang before 16 has no parenthesised aggregate init)
  d.severity = severity, d.code = "non-canonical-san", d.at = at, d.message = std::move(message), d.ply = ply;
  d.move = std::move(move), d.fen = std::move(fen);
}

void GameValidator::add(Diagnostic d) {
  (d.severity == Severity::Error ? report_.errors : report_.warnings).push_back(std::move(d));
}
void GameValidator::error(std::string code, Location at, std::string message) {
  add({Severity::Error, std::move(code), at, std::move(message), 0, {}, {}, {}});
}
void GameValidator::warn(std::string code, Location at, std::string message) {
  add({Severity::Warning, std::move(code), at, std::move(message), 0, {}, {}, {}});
}
// A warning that --strict turns into an error.
void GameValidator::strict_warn(std::string code, Location at, std::string message) {
  add({options_.strict ? Severity::Error : Severity::Warning, std::move(code), at, std::move(message), 0, {}, {}, {}});
}

// Tags (their names found all different, or said not to be, by begin()): the roster,
// Result, Date, SetUp/FEN, Variant. False when the moves cannot be checked at all (a bad
// FEN, an unsupported variant).
bool GameValidator::check_tags(Position& start) {
  for (std::size_t i = 0; i < SEVEN_TAG_ROSTER.size(); ++i)
    if (!known_.roster[i])
      strict_warn("missing-tag", game_.start,
                  "no " + std::string(SEVEN_TAG_ROSTER[i]) + " tag (one of the Seven Tag Roster)");
  if (const TagView* r = known_.result())
    if (r->value != "1-0" && r->value != "0-1" && r->value != "1/2-1/2" && r->value != "*") {
      std::string_view meant = notation::normalised_result(r->value);  // "1/2", "1:0"...
      error("malformed-tag", r->at,
            "Result is '" + std::string(r->value) + "': expected 1-0, 0-1, 1/2-1/2 or *" +
                (meant.empty() ? "" : " ('" + std::string(meant) + "')"));
    }
  if (const TagView* d = known_.date()) {
    if (!well_formed_date(d->value))
      error("bad-date", d->at,
            "Date is '" + std::string(d->value) + "': expected YYYY.MM.DD, with ? for unknown digits" +
                date_suggestion(d->value));
    else if (std::string why = impossible_date(d->value); !why.empty())
      error("bad-date", d->at, "Date is '" + std::string(d->value) + "', which cannot be: " + why);
  }

  bool chess960 = false;
  if (const TagView* variant = known_.variant) {
    if (is_chess960_variant(variant->value)) {
      chess960 = true;
    } else if (!is_standard_variant(variant->value)) {
      error("unsupported-variant", variant->at,
            "variant '" + std::string(variant->value) + "' is not supported (only standard chess and Chess960): moves not checked");
      return false;
    }
  }
  const TagView* fen = known_.fen;
  const TagView* setup = known_.setup;
  if (setup && setup->value == "1" && !fen) {
    error("bad-fen", setup->at, "SetUp \"1\" but no FEN tag");
    return false;
  }
  if (fen) {
    if (!setup) warn("missing-tag", fen->at, "FEN tag without SetUp \"1\"");
    else if (setup->value != "1")
      warn("malformed-tag", setup->at, "SetUp is '" + std::string(setup->value) + "' with a FEN tag: expected \"1\"");
    FenOptions fo;
    if (chess960) fo.chess960 = Chess960Mode::On;
    FenResult r = Position::from_fen(fen->value, fo);
    if (!r.ok()) {
      Location at = fen->at;  // the bad byte, where the value is as written
      if (fen->value_at.line) at = {fen->value_at.line, fen->value_at.column + r.error->column - 1};
      error("bad-fen", at,
            "invalid FEN, " + std::string(to_string(r.error->field)) + " field, column " +
                std::to_string(r.error->column) + ": " + r.error->message);
      return false;
    }
    start = r.position;
    // Read and played all the same: a composed position, or one typed wrong, is still the
    // one the moves are checked from.
    if (std::string why = rules::impossible_material(start); !why.empty())
      warn("impossible-position", fen->at, "the FEN's position cannot arise in a game: " + why);
  } else if (chess960) {
    warn("missing-tag", game_.start, "Chess960 game without a FEN tag: the standard start position is assumed");
    // As a Chess960 position all the same: its castling is the king taking the rook, in UCI
    // as when the FEN is given.
    start = Position::initial_chess960();
  }
  return true;
}

void GameValidator::detect(const Position& start) {
  std::vector<std::string_view> moves;
  for (const MoveNode& m : game_.main.moves) moves.push_back(m.text);
  notation::Detection d = notation::detect_dialect(start, moves);
  if (!d.caution.empty()) warn("lenient-reading", game_.start, d.caution);
  if (d.codec) codec_ = d.codec;
  else if (d.rivals.empty() && d.closest) codec_ = d.closest;
  else if (!d.rivals.empty()) error("ambiguous-move", game_.start, d.message);
}

// Replays a line from `pos`. Returns true if every move of it was read. `final_out`
// receives the position at its end (main line only).
bool GameValidator::replay(const Line& line, Line* writable, Position pos, PieceOrigins origins, int ply_base,
                           Position* final_out) {
  // The moves' texts, for codecs that look ahead (descriptive ties).
  std::vector<std::string_view> texts;
  texts.reserve(line.moves.size());
  for (const MoveNode& node : line.moves) texts.push_back(node.text);
  bool numbers_agree = true;  // every move number written so far in this line is its move's
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const MoveNode& node = line.moves[i];
    int ply = ply_base + int(i) + 1;
    bool number_agrees = agrees(node.written_number, pos);
    if (texts[i].empty()) {
      error("unbalanced-variation", node.at, "a variation before any move it could replace");
      return false;
    }
    Move played;
    if (notation::is_null_move_text(texts[i]) && (!final_out || options_.allow_null_moves)) {
      // A pass, as annotators write one in a variation ("12. Qd2 -- 13. c5": the threat).
      if (pos.in_check()) {
        add({Severity::Error, "illegal-move", node.at,
             "a null move ('" + std::string(texts[i]) + "') while in check: the king would be taken", ply,
             std::string(texts[i]), pos.fen(), {}});
        return false;
      }
      played = Move::null();
    } else {
      ParseOptions po;
      po.strict = false;
      po.origins = &origins;
      po.following = std::span(texts).subspan(i + 1);
      ParseResult r = codec_->parse(pos, texts[i], po);
      if (!r.ok()) {
        report_unread(r, node, pos, ply, texts, i, numbers_agree && !number_agrees, final_out != nullptr);
        return false;
      }
      if (!r.notes.empty()) note_readings(r.notes, node.at, ply, texts[i], pos);
      played = r.move;
    }
    if (writable) writable->moves[i].move = played;
    // Variations replace this move: they start from the position before it.
    for (std::size_t k = 0; k < node.variations.size(); ++k)
      replay(node.variations[k], writable ? &writable->moves[i].variations[k] : nullptr, pos, origins, ply - 1, nullptr);
    numbers_agree = numbers_agree && number_agrees;
    origins.update(pos, played);  // a pass moves nothing
    ReplayObserver* observer = final_out ? options_.observer : nullptr;  // the main line only
    rules::GameJudge* judge = final_out ? options_.judge : nullptr;
    if (judge) judge->before_move(pos, played == Move::null());
    if (observer && observer->wants_moves()) observer->before_move(pos, played == Move::null());
    pos.make_move_or_pass(played);
    if (final_out) ++report_.plies;
    if (judge) judge->after_move(pos, played);
    if (observer) {
      if (observer->wants_moves()) observer->after_move(pos);
      for (const std::string& c : node.comments) observer->comment(c);
      if (!observer->wants_more()) return stop_replay(int(texts.size() - i - 1)), false;
    }
  }
  if (final_out) *final_out = pos;
  return true;
}

// The error for the move texts[i] that did not read (`r`), with what may explain it: the
// game was over, the move number says a move was left out, a null move, another dialect;
// and the moves probably meant.
void GameValidator::report_unread(const ParseResult& r, const MoveNode& node, Position& pos, int ply,
                                  std::span<const std::string_view> texts, std::size_t i, bool number_explains,
                                  bool main_line) {
  std::string_view text = texts[i];
  // A move that does not read may come after the end: mate or stalemate.
  if (count_legal(pos) == 0) {
    add({Severity::Error, "moves-after-end", node.at,
         std::string("move after ") + (pos.in_check() ? "checkmate" : "stalemate") + ": the game was over", ply,
         std::string(text), pos.fen(), {}});
    return;
  }
  Diagnostic d{Severity::Error, notation::to_string(r.error->kind), {node.at.line, node.at.column + r.error->byte_in(text)},
               r.error->message, ply, std::string(text), pos.fen(), {}};
  if (number_explains) d.message += number_mismatch(node.written_number, pos);
  if (notation::is_null_move_text(text))
    d.message += " (in variations it is read as a pass; in the main line with --allow-null-moves)";
  // A game in another dialect read as the default one (descriptive without --from):
  // say which dialect reads it, and the option that does.
  if (main_line && codec_->writes_canonical_san() && !options_.auto_dialect &&
      r.error->kind == notation::ErrorKind::Unreadable) {
    notation::Detection other = notation::detect_dialect(*main_start_, texts);
    if (other.codec && other.codec != codec_)
      d.message += "; the game reads as " + std::string(other.codec->name()) + ": --from " +
                   std::string(other.codec->name());
  }
  if (r.error->kind == notation::ErrorKind::Ambiguous) {
    for (Move m : r.error->candidates) d.suggestions.push_back(codec_->format(pos, m));
  } else {
    std::string_view next_same_side = i + 2 < texts.size() ? texts[i + 2] : std::string_view();
    d.suggestions = suggest_moves(pos, text, next_same_side, *codec_);
  }
  add(std::move(d));
}

// A move read leniently: spelling variants as such, readings that involved a choice as warnings.
void GameValidator::note_readings(const std::vector<notation::ReadingNote>& notes, Location at, int ply,
                                  std::string_view text, const Position& pos) {
  for (const notation::ReadingNote& note : notes) {
    if (note.spelling_only && !details())
      note_spelling(at, {}, ply, {}, {});
    else if (note.spelling_only)
      note_spelling(at, note.message, ply, std::string(text), pos.fen());
    else
      add({Severity::Warning, "lenient-reading", at, note.message, ply, std::string(text), pos.fen(), {}});
  }
}

// The plain path's codecs (those that write canonical SAN) read a move from the position
// alone: replay()'s piece origins and following moves (for descriptive) are not needed.
Move GameValidator::play_leniently(Position& pos, std::string_view text, Location at, int ply) {
  if (notation::is_null_move_text(text)) return Move::none();  // replay() has its own rules for passes
  ParseOptions po;
  po.strict = false;
  ParseResult r = codec_->parse(pos, text, po);
  if (!r.ok()) return Move::none();
  if (!r.notes.empty()) note_readings(r.notes, at, ply, text, pos);
  pos.make_move(r.move);
  return r.move;
}

void GameValidator::check_result(std::optional<Ending> ending, bool has_moves, Location last_move) {
  const TagView* tag = known_.result();
  if (!tag && game_.result) report_.result = *game_.result;  // no Result tag: the termination marker's
  if (!game_.result && !has_moves) {
    // Header-only records (broadcasts list games before they are played) are not wrong
    // moves: reported, but the game stays valid. A game without tags too was said empty.
    if (!tags_.empty())
      warn("missing-result", game_.start, "tags with no moves and no termination marker (1-0, 0-1, 1/2-1/2 or *)");
  } else if (!game_.result) {
    error("missing-result", last_move,
          "no termination marker (1-0, 0-1, 1/2-1/2 or *) at the end of the moves");
  } else if (tag && tag->value != *game_.result && rules::result_from_pgn(tag->value)) {
    error("result-mismatch", game_.result_at,
          "the moves end with " + *game_.result + " but the Result tag says " + std::string(tag->value));
  }
  // The board's verdict is the rules layer's, as game-adjudicate's is.
  if (!ending || ending->status == rules::Status::Playable) return;
  bool mate = ending->status == rules::Status::Checkmate;
  std::string expected = mate ? (ending->side_to_move == WHITE ? "0-1" : "1-0") : "1/2-1/2";
  std::string what = mate ? std::string(ending->side_to_move == WHITE ? "White" : "Black") + " is checkmated"
                          : "the game ends in stalemate";
  // The termination marker's result first, then the Result tag's, each said where it is
  // written: once, as the first that contradicts the board.
  struct Claim {
    std::optional<std::string_view> result;
    Location at;
  };
  const Claim marker{game_.result ? std::optional<std::string_view>(*game_.result) : std::nullopt, game_.result_at};
  const Claim tagged{tag ? std::optional(tag->value) : std::nullopt, tag ? tag->at : game_.start};
  for (auto [claimed, at] : {marker, tagged}) {
    if (!claimed || *claimed == expected) continue;
    std::string message = what + ", so the result is " + expected + ", not " + std::string(*claimed);
    // "*" (unknown) over a finished game is how studies and puzzles are exported.
    if (*claimed == "*") warn("result-contradicts-position", at, message);
    else error("result-contradicts-position", at, message);
    break;
  }
}


GameReport validate_game(const Game& game, const ValidateOptions& options) {
  return GameValidator(game, options).run();
}

GameReport resolve_game(Game& game, const ValidateOptions& options) {
  return GameValidator(game, options, &game).run();
}

}  // namespace chess::pgn
