#include "pgn-convert/classify.h"

#include <algorithm>

namespace convert {

namespace {

void set_tag(chess::pgn::Game& game, std::string_view name, std::string_view value) {
  auto it = std::find_if(game.tags.begin(), game.tags.end(), [&](const chess::pgn::Tag& t) { return t.name == name; });
  if (it == game.tags.end()) {
    game.tags.push_back({std::string(name), std::string(value), {}});
    return;
  }
  it->value.assign(value);
  // A second tag of the name, which a reader might take instead, goes.
  game.tags.erase(std::remove_if(it + 1, game.tags.end(), [&](const chess::pgn::Tag& t) { return t.name == name; }),
                  game.tags.end());
}

void remove_tag(chess::pgn::Game& game, std::string_view name) {
  std::erase_if(game.tags, [&](const chess::pgn::Tag& t) { return t.name == name; });
}

}  // namespace

void write_opening_tags(chess::pgn::Game& game, const chess::openings::Opening& opening) {
  set_tag(game, "ECO", opening.eco);
  set_tag(game, "Opening", opening.opening());
  if (opening.variation().empty()) remove_tag(game, "Variation");
  else set_tag(game, "Variation", opening.variation());
  remove_tag(game, "SubVariation");
}

bool EcoRanges::parse(const std::string& spec, std::string& error) {
  spec_ = spec;
  ranges_.clear();
  // A code, or the start of one: the first and the last code it stands for.
  auto bounds = [](std::string_view s, std::string& first, std::string& last) {
    if (s.empty() || s.size() > 3 || s[0] < 'A' || s[0] > 'E') return false;
    for (char c : s.substr(1))
      if (c < '0' || c > '9') return false;
    first = std::string(s) + std::string(3 - s.size(), '0');
    last = std::string(s) + std::string(3 - s.size(), '9');
    return true;
  };
  for (std::size_t at = 0; at <= spec.size();) {
    std::size_t comma = std::min(spec.find(',', at), spec.size());
    std::string_view item = std::string_view(spec).substr(at, comma - at);
    std::size_t dash = item.find('-');
    std::string first, last, ignored;
    bool ok = dash == std::string_view::npos ? bounds(item, first, last)
                                             : bounds(item.substr(0, dash), first, ignored) &&
                                                   bounds(item.substr(dash + 1), ignored, last) && first <= last;
    if (!ok) {
      error = "--eco '" + spec + "': '" + std::string(item) +
              "': expected an ECO code (A00 to E99), the start of one (B, B9), or a range of them (A00-B99), "
              "separated by commas";
      return false;
    }
    ranges_.emplace_back(first, last);
    at = comma + 1;
  }
  return true;
}

bool EcoRanges::contains(std::string_view code) const {
  code = code.substr(0, 3);
  if (!chess::openings::is_eco_code(code)) return false;
  return std::any_of(ranges_.begin(), ranges_.end(), [&](const auto& r) { return r.first <= code && code <= r.second; });
}

}  // namespace convert
