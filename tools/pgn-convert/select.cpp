#include "pgn-convert/select.h"

#include <charconv>
#include <fmt/core.h>
#include <re2/re2.h>

namespace convert {

struct Selection::Match {
  std::string spec, tag, value;
  std::unique_ptr<re2::RE2> pattern;  // null for an exact match
  std::size_t removed = 0;
  std::size_t present = 0;  // games that have the tag at all
};

Selection::Selection() = default;
Selection::~Selection() = default;

bool Selection::add_match(const std::string& spec, std::string& error) {
  std::size_t op = spec.find_first_of("~=");
  if (op == std::string::npos || op == 0) {
    error = "--match '" + spec + "': expected TAG~REGEX or TAG=VALUE";
    return false;
  }
  auto m = std::make_unique<Match>();
  m->spec = spec;
  m->tag = spec.substr(0, op);
  m->value = spec.substr(op + 1);
  if (spec[op] == '~') {
    re2::RE2::Options options;
    options.set_log_errors(false);
    m->pattern = std::make_unique<re2::RE2>(m->value, options);
    if (!m->pattern->ok()) {
      error = "--match '" + spec + "': " + m->pattern->error();
      return false;
    }
  }
  matches_.push_back(std::move(m));
  return true;
}

bool Selection::set_plies(const std::string& spec, std::string& error) {
  auto number = [](std::string_view s, int& out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && out >= 0;
  };
  std::size_t dots = spec.find("..");
  bool ok;
  if (dots == std::string::npos) {
    ok = number(spec, min_plies_);
    max_plies_ = min_plies_;
  } else {
    std::string_view lo = std::string_view(spec).substr(0, dots), hi = std::string_view(spec).substr(dots + 2);
    ok = (lo.empty() || number(lo, min_plies_)) && (hi.empty() || number(hi, max_plies_));
    if (hi.empty()) max_plies_ = -1;
  }
  if (!ok || (max_plies_ >= 0 && max_plies_ < min_plies_)) {
    error = "--plies '" + spec + "': expected MIN..MAX (either may be left out) or N";
    return false;
  }
  return true;
}

void Selection::prepare(const chess::pgn::Game& game, const chess::pgn::GameReport& report, GameFacts& facts) const {
  facts.plies = report.plies;
  for (const auto& c : criteria_) c->prepare(game, report, facts);
}

bool Selection::reads_tags() const {
  if (!matches_.empty()) return true;
  for (const auto& c : criteria_)
    if (c->reads_tags()) return true;
  return false;
}

std::unique_ptr<Selection> Selection::rehearsal() const {
  auto s = std::make_unique<Selection>();
  std::string error;
  for (const auto& m : matches_) s->add_match(m->spec, error);  // (read once already: no error now)
  s->min_plies_ = min_plies_;
  s->max_plies_ = max_plies_;
  s->search_ = search_;
  for (const auto& c : criteria_) s->add_criterion(c->rehearsal());
  return s;
}

bool Selection::wants(const chess::pgn::Game& game, const GameFacts& facts) {
  int plies = facts.plies;
  ++seen_;
  for (auto& m : matches_) {
    const chess::pgn::Tag* tag = game.find_tag(m->tag);
    if (tag) ++m->present;
    else if (!m->present)
      for (const auto& t : game.tags) note_name(t.name);  // for the warning on a tag no game has: what there is
    std::string value = tag ? tag->value : "";
    bool ok = m->pattern ? re2::RE2::PartialMatch(value, *m->pattern) : value == m->value;
    if (!ok) {
      ++m->removed;
      return false;
    }
  }
  if (plies < min_plies_ || (max_plies_ >= 0 && plies > max_plies_)) {
    ++removed_by_plies_;
    return false;
  }
  if (!search_.keeps(facts.found)) return false;
  for (auto& c : criteria_)
    if (!c->wants(game, facts)) return false;
  if (skip_ && removed_by_skip_ < skip_) {
    ++removed_by_skip_;
    return false;
  }
  if (first_ && taken_ >= first_) {
    ++removed_by_first_;
    return false;
  }
  ++taken_;
  return true;
}

void Selection::note_name(const std::string& name) {
  if (names_seen_.size() < 64 && names_seen_.insert(name).second) names_in_order_.push_back(name);
}

std::string Selection::counts_json() const {
  std::string matches, names;
  for (const auto& m : matches_) matches += fmt::format("{}[{}, {}]", matches.empty() ? "" : ", ", m->removed, m->present);
  for (const auto& n : names_in_order_) names += (names.empty() ? "" : ", ") + tools::json_string(n);
  std::string criteria;
  for (const auto& c : criteria_) criteria += (criteria.empty() ? "" : ", ") + c->counts_json();
  return fmt::format("\"seen\": {}, \"taken\": {}, \"matches\": [{}], \"removed_by_plies\": {}, "
                     "\"removed_by_skip\": {}, \"removed_by_first\": {}, \"search\": {}, \"criteria\": [{}], "
                     "\"tag_names\": [{}]",
                     seen_, taken_, matches, removed_by_plies_, removed_by_skip_, removed_by_first_,
                     search_.counts_json(), criteria, names);
}

void Selection::add_counts(const tools::JsonValue& part) {
  auto count = [&](std::string_view key) { return std::size_t(part.number_at(key)); };
  seen_ += count("seen");
  taken_ += count("taken");
  removed_by_plies_ += count("removed_by_plies");
  removed_by_skip_ += count("removed_by_skip");
  removed_by_first_ += count("removed_by_first");
  if (const tools::JsonValue* matches = part.get("matches"))
    for (std::size_t i = 0; i < matches->items.size() && i < matches_.size(); ++i)
      if (matches->items[i].items.size() == 2) {
        matches_[i]->removed += std::size_t(matches->items[i].items[0].number);
        matches_[i]->present += std::size_t(matches->items[i].items[1].number);
      }
  if (const tools::JsonValue* search = part.get("search")) search_.add_counts(*search);
  if (const tools::JsonValue* criteria = part.get("criteria"))
    for (std::size_t i = 0; i < criteria->items.size() && i < criteria_.size(); ++i)
      criteria_[i]->add_counts(criteria->items[i]);
  if (const tools::JsonValue* names = part.get("tag_names"))
    for (const tools::JsonValue& n : names->items) note_name(n.text);
}

std::vector<std::string> Selection::warnings() const {
  std::vector<std::string> out;
  for (const auto& m : matches_) {
    if (m->present || !seen_) continue;
    std::string names;
    for (const auto& n : names_seen_) names += (names.empty() ? "" : ", ") + n;
    out.push_back("--match '" + m->spec + "': no game has a tag '" + m->tag + "', so none matched (tag names are " +
                  "case-sensitive; the games have: " + (names.empty() ? std::string("no tags") : names) + ")");
  }
  return out;
}

std::string Selection::removed_summary() const {
  std::string out;
  auto add = [&](std::size_t n, const std::string& what) {
    if (n) out += fmt::format("{}{} by {}", out.empty() ? "" : ", ", n, what);
  };
  for (const auto& m : matches_) add(m->removed, "--match " + m->spec);
  add(removed_by_plies_, "--plies");
  if (std::string s = search_.summary(); !s.empty()) out += (out.empty() ? "" : ", ") + s;
  for (const auto& c : criteria_) out += (out.empty() ? "" : ", ") + c->summary();
  add(removed_by_skip_, "--skip");
  add(removed_by_first_, "--first");
  return out;
}

}  // namespace convert
