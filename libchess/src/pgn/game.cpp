#include "chess/pgn/game.h"

#include <utility>

#include "chess/notation/move_text.h"
#include "pgn/plain_path.h"
#include "pgn/plain_scanner.h"

namespace chess::pgn {

const Tag* Game::find_tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t;
  return nullptr;
}

std::string Game::tag_value(std::string_view name) const {
  const Tag* t = find_tag(name);
  return t ? t->value : std::string();
}

void GameBuilder::begin_game(std::size_t ordinal, Location start) {
  game_ = Game{};
  game_.main.moves = std::move(spare_moves_);  // (its nodes are written over: main_moves_)
  game_.tags = std::move(spare_tags_);  // (its tags too: tags_)
  main_moves_ = 0;
  tags_ = 0;
  game_.main.moves.reserve(128);  // most games fit without regrowth
  game_.ordinal = ordinal;
  game_.start = start;
  pending_number_ = 0;
  stack_.assign(1, &game_.main);
}

void GameBuilder::recycle(Game&& old) {
  spare_moves_ = std::move(old.main.moves);
  spare_tags_ = std::move(old.tags);
}

Line& GameBuilder::current_line() { return *stack_.back(); }

namespace {

// The tag after the first `count` of `tags`, written over the one a game read before left
// there, whose strings keep their room (a writer's dozen tags a game copied into new
// strings cost it 2% of its instructions); `count` counts it.
void write_tag(std::vector<Tag>& tags, std::size_t& count, std::string_view name, std::string_view value,
               Location at, Location value_at) {
  Tag& t = count < tags.size() ? tags[count] : tags.emplace_back();
  ++count;
  t.name.assign(name);
  t.value.assign(value);
  t.at = at;
  t.value_at = value_at;
}

}  // namespace

void GameBuilder::tag(std::string_view name, std::string_view value, Location at, Location value_at) {
  write_tag(game_.tags, tags_, name, value, at, value_at);
}

// Words that only qualify the move before them ("QxP ch", "PxP e.p.", "Castles KR") come
// apart in PGN tokens: they are joined back here, so that NAGs, comments and variations
// that follow attach to the whole move.
void GameBuilder::move(std::string_view text, Location at) {
  MoveNode* last = last_move(current_line());
  if (last && notation::joins_previous_move(last->text, text)) {
    last->text += ' ';
    last->text += text;
    return;
  }
  new_move(text, at, std::exchange(pending_number_, 0));
}

MoveNode* GameBuilder::last_move(Line& line) {
  std::size_t n = &line == &game_.main ? main_moves_ : line.moves.size();
  return n ? &line.moves[n - 1] : nullptr;
}

MoveNode& GameBuilder::new_move(std::string_view text, Location at, int number) {
  Line& line = current_line();
  if (&line != &game_.main || main_moves_ == line.moves.size()) return appended_move(line, text, at, number);
  MoveNode& node = line.moves[main_moves_++];  // a recycled game's: written over
  if (text.empty()) node.text.clear();  // (no call into the string library: writers of UCI keep no texts)
  else node.text.assign(text);
  node.at = at;
  node.move = Move::none();
  node.written_number = number;
  node.nags.clear();
  if (!node.comments.empty()) node.comments.clear();
  if (!node.variations.empty()) node.variations.clear();
  return node;
}

// (Out of line: new_move writes over a recycled node nearly always, and is lighter without
// the vector's growth to save registers for.)
MoveNode& GameBuilder::appended_move(Line& line, std::string_view text, Location at, int number) {
  MoveNode& node = line.moves.emplace_back(text, at, number);  // in place: no temporary to move
  if (&line == &game_.main) ++main_moves_;
  return node;
}

void GameBuilder::nag(int nag, Location) {
  if (MoveNode* last = last_move(current_line())) last->nags.push_back(nag);
}

void GameBuilder::comment(std::string_view text, Location) {
  Line& line = current_line();
  if (MoveNode* last = last_move(line)) last->comments.emplace_back(text);
  else line.leading_comments.emplace_back(text);
}

// A variation replaces the move just before it; one with no move before it is kept as a
// line of its own on a placeholder, so nothing read is lost (the validator reports it).
void GameBuilder::begin_variation(Location at) {
  Line& line = current_line();
  MoveNode* last = last_move(line);
  if (!last) last = &new_move({}, at, 0);  // (the move number written before it stays the next move's)
  last->variations.emplace_back();
  stack_.push_back(&last->variations.back());
}

void GameBuilder::end_variation(Location) {
  if (stack_.size() > 1) stack_.pop_back();
}

void GameBuilder::result(std::string_view normalised, Location at) {
  game_.result = std::string(normalised);
  game_.result_at = at;
}

void GameBuilder::end_game(std::string_view raw) { game_.raw = std::string(raw); }

void GameBuilder::diagnostic(const Diagnostic& d) { game_.diagnostics.push_back(d); }

namespace {

// A game's tags, its marker and what the reader says of it, into a Game; the rest passes by.
// The tags' strings are refilled game after game (finish() drops those left over).
class TagCollector : public Visitor {
public:
  explicit TagCollector(Game& game) : game_(game) {}
  void begin_game(std::size_t ordinal, Location start) override {
    std::vector<Tag> tags = std::move(game_.tags);
    std::vector<Diagnostic> diagnostics = std::move(game_.diagnostics);
    diagnostics.clear();
    game_ = Game{};
    game_.tags = std::move(tags);
    game_.diagnostics = std::move(diagnostics);
    game_.ordinal = ordinal;
    game_.start = start;
    tags_ = 0;
  }
  void tag(std::string_view name, std::string_view value, Location at, Location value_at) override {
    write_tag(game_.tags, tags_, name, value, at, value_at);
  }
  void finish() { game_.tags.resize(tags_); }
  void result(std::string_view marker, Location at) override {
    game_.result = std::string(marker);
    game_.result_at = at;
  }
  void span(Span bytes) override { game_.span = bytes; }
  void diagnostic(const Diagnostic& d) override { game_.diagnostics.push_back(d); }
  Game& game() { return game_; }

private:
  Game& game_;
  std::size_t tags_ = 0;
};

// The same for the scanner of plain games (plain_scanner.h's sink).
struct TagSink {
  TagCollector& to;
  void diagnostic(const Diagnostic& d) { to.diagnostic(d); }
  bool tag(std::string_view name, std::string_view value, Location at, Location value_at) {
    to.tag(name, value, at, value_at);
    return true;
  }
  bool move(std::string_view, plain::Place) { return true; }
  void nag(int) {}
  void comment(std::string_view, Location) {}
  bool begin_variation() { return true; }
  bool end_variation() { return true; }
  void result(std::string_view marker, Location at) { to.result(marker, at); }
};

class TagTaker : public PlainTaker {
public:
  explicit TagTaker(TagCollector& to) : to_(to) {}
  Result take(const PlainWindow& window, std::size_t& bytes, std::size_t& lines) override {
    plain::Scanner scanner(window.text, window.ends, window.first_line, window.limits());
    TagSink sink{to_};
    to_.begin_game(window.ordinal, {});
    plain::Outcome outcome = scanner.scan(sink);
    if (outcome != plain::Outcome::Plain) return outcome == plain::Outcome::NeedMore ? Result::NeedMore : Result::NotPlain;
    to_.game().start = {scanner.first_line(), 1};  // a plain game begins with a tag line
    to_.span(window.span(scanner));
    bytes = scanner.game_end();
    lines = scanner.lines_to_end();
    return Result::Taken;
  }

private:
  TagCollector& to_;
};

}  // namespace

bool read_next_tags(Reader& reader, Game& game) {
  TagCollector collector(game);
  TagTaker taker(collector);
  bool read = detail::PlainAccess::read_plain_with(reader, taker) || reader.read_game(collector);
  collector.finish();
  return read;
}

}  // namespace chess::pgn
