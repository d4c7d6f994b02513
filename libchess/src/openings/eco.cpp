#include "chess/openings/eco.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "chess/notation/canonical_san.h"
#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/rules/status.h"
#include "data_lines.h"
#include "openings/builtin_openings.h"

namespace chess::openings {

namespace {

// The shipped file (a character array: a string_view's length of 400 KB is too long a
// loop for the compiler to count at compile time).
constexpr std::string_view builtin_text(BUILTIN_OPENINGS, sizeof BUILTIN_OPENINGS - 1);

// The next field of a tab-separated line, and the rest after its tab.
std::string_view field(std::string_view& rest) {
  std::size_t tab = rest.find('\t');
  std::string_view f = rest.substr(0, tab);
  rest = tab == std::string_view::npos ? std::string_view() : rest.substr(tab + 1);
  return f;
}

// Plays the line's moves from the initial position; on failure, why.
std::optional<std::string> play_line(std::string_view moves, Position& pos, int& plies) {
  notation::MoveText text = notation::split_move_text(moves);
  if (text.moves.empty()) return "no moves";
  if (text.skipped_comments || text.unclosed_at) return "comments or variations in the moves";
  static const notation::Codec& san = *notation::find_codec("san");
  for (const notation::MoveToken& t : text.moves) {
    // Canonical SAN at once, as the table writes it; anything else by the lenient reader.
    if (notation::play_canonical_san(pos, t.text) != Move::none()) {
      ++plies;
      continue;
    }
    notation::ParseResult r = san.parse(pos, t.text);
    if (!r.ok()) return "move '" + std::string(t.text) + "' (ply " + std::to_string(plies + 1) + "): " + r.error->message;
    pos.make_move(r.move);
    ++plies;
  }
  return std::nullopt;
}

}  // namespace

bool is_eco_code(std::string_view s) {
  return s.size() == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9';
}

std::string_view Opening::opening() const {
  return std::string_view(name).substr(0, name.find(": "));
}

std::string_view Opening::variation() const {
  std::size_t colon = name.find(": ");
  return colon == std::string::npos ? std::string_view() : std::string_view(name).substr(colon + 2);
}

void OpeningTable::index(uint64_t key, uint32_t opening) {
  std::size_t i = key & mask_;
  while (slots_[i]) i = (i + 1) & mask_;
  keys_[i] = key;
  slots_[i] = opening + 1;
}

const Opening* OpeningTable::find(const Position& pos) const {
  if (keys_.empty()) return nullptr;
  uint64_t key = rules::repetition_key(pos);
  for (std::size_t i = key & mask_; slots_[i]; i = (i + 1) & mask_)
    if (keys_[i] == key) return &openings_[slots_[i] - 1];
  return nullptr;
}

std::optional<OpeningTable> OpeningTable::parse(std::string_view text, std::string_view source, std::string& error) {
  OpeningTable table;
  // Room for twice the lines or more: probes stay short.
  std::size_t size = 16, line_count = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
  while (size < 2 * line_count) size *= 2;
  table.keys_.assign(size, 0);
  table.slots_.assign(size, 0);
  table.mask_ = size - 1;
  std::vector<std::size_t> line_of;  // each opening's line, for the error on a position named twice
  DataLines lines(text, source);
  auto fail = [&](const std::string& why) {
    error = lines.error(why);
    return std::nullopt;
  };
  for (std::string_view line; lines.next(line);) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == '#' || line == "eco\tname\tpgn") continue;
    std::string_view rest = line;
    std::string_view eco = field(rest), name = field(rest), moves = field(rest);
    if (!is_eco_code(eco)) return fail("'" + std::string(eco) + "' is no ECO code (a letter A to E and two digits)");
    if (name.empty() || moves.empty() || !rest.empty())
      return fail("expected three fields, separated by tabs: ECO code, name, moves");
    Opening o{std::string(eco), std::string(name), std::string(moves), 0};
    Position pos;
    if (auto why = play_line(moves, pos, o.plies)) return fail(*why);
    if (const Opening* other = table.find(pos))
      return fail("'" + o.name + "' ends in the position of '" + other->name + "' (line " +
                  std::to_string(line_of[std::size_t(other - table.openings_.data())]) +
                  "): a position has one name");
    table.min_pieces_ = std::min(table.min_pieces_, std::popcount(pos.pieces()));
    table.openings_.push_back(std::move(o));
    line_of.push_back(lines.number());
    table.index(rules::repetition_key(pos), uint32_t(table.openings_.size() - 1));
  }
  return table;
}

const OpeningTable& lichess_openings() {
  static const OpeningTable table = [] {
    std::string error;
    std::optional<OpeningTable> t = OpeningTable::parse(builtin_text, "built in lichess.tsv", error);
    if (!t) throw std::logic_error("the built-in opening table does not read: " + error);  // caught by the unit tests
    return std::move(*t);
  }();
  return table;
}

std::string_view lichess_openings_text() { return builtin_text; }

void Classifier::start(const Position& pos) {
  found_ = nullptr;
  ply_ = found_ply_ = 0;
  done_ = false;
  look_up(pos);
}

void Classifier::position(const Position& pos) {
  ++ply_;
  look_up(pos);
}

void Classifier::look_up(const Position& pos) {
  if (done_) return;
  if (std::popcount(pos.pieces()) < table_->min_pieces()) {
    done_ = true;
    return;
  }
  if (const Opening* o = table_->find(pos)) found_ = o, found_ply_ = ply_;
}

}  // namespace chess::openings
