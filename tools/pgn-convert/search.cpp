#include "pgn-convert/search.h"

#include <fmt/core.h>

#include "pgn-convert/select.h"

namespace convert {

void SearchCommandLine::add_to(CLI::App& app) {
  app.add_flag("--classify", classify,
               "Set the ECO, Opening and Variation tags from the deepest position of the main line found in the "
               "lichess opening table (by position: transpositions count); a game found in none keeps its tags");
  app.add_option("--eco", eco, "Keep games whose ECO code is in RANGES (A00-B99, B90, C6; several: commas): "
                               "the classification's with --classify, else the game's ECO tag");
  app.add_option("--position", positions, "Keep games whose main line reaches FEN: its placement, and the side "
                                          "to move if given; repeatable: any of them")
      ->allow_extra_args(false);
  app.add_flag("--in-variations", in_variations, "--position and --material look in the variations too");
  app.add_flag("--stop-early", stop_early,
               "Replay a game only until none of --position and --material can be reached (a man taken, a pawn "
               "moved past): the rest of its moves is not checked, an error there not reported");
  app.add_option("--material", materials, "Keep games whose main line reaches the material WHITE:BLACK exactly "
                                          "(KRP:KR, KQ:KR2P3); repeatable: any of them")
      ->allow_extra_args(false);
  app.add_option("--material-plies", material_plies, "--material must hold in N positions in a row (default 1)")
      ->check(CLI::Range(1, 1000));
}

bool SearchCommandLine::apply(SearchOptions& search, Selection& selection, std::string& error) const {
  SearchCriteria criteria;
  if (classify) search.openings = &chess::openings::lichess_openings();
  if (!eco.empty()) {
    if (!criteria.eco_.parse(eco, error)) return false;
    criteria.eco_wanted_ = true;
    criteria.by_classification_ = classify;
    search.eco_tag = !classify;
    criteria.counts_.push_back({"--eco " + eco});
  }
  for (const std::string& text : positions) {
    auto p = PositionPattern::parse(text, error);
    if (!p) return false;
    search.positions.push_back(std::move(*p));
  }
  for (const std::string& text : materials) {
    auto m = MaterialPattern::parse(text, error);
    if (!m) return false;
    search.materials.push_back(std::move(*m));
  }
  // One criterion for all the positions given (any of them), one for all the balances.
  auto label = [](const char* option, const std::vector<std::string>& texts) {
    return texts.size() == 1 ? fmt::format("{} {}", option, texts[0]) : fmt::format("{} (any of {})", option, texts.size());
  };
  if ((criteria.position_wanted_ = !positions.empty())) criteria.counts_.push_back({label("--position", positions)});
  if ((criteria.material_wanted_ = !materials.empty())) criteria.counts_.push_back({label("--material", materials)});
  search.material_plies = material_plies;
  search.in_variations = in_variations;
  search.stop_early = stop_early;
  if (stop_early && (positions.empty() && materials.empty())) {
    error = "--stop-early goes with --position or --material";
    return false;
  }
  if (stop_early && (in_variations || classify)) {
    error = std::string("--stop-early stops where the main line can no longer reach a position: not with ") +
            (classify ? "--classify, which wants them all" : "--in-variations");
    return false;
  }
  if (in_variations && positions.empty() && materials.empty()) {
    error = "--in-variations goes with --position or --material";
    return false;
  }
  if (material_plies != 1 && materials.empty()) {
    error = "--material-plies goes with --material";
    return false;
  }
  selection.set_search(std::move(criteria));
  return true;
}

std::string_view SearchCriteria::eco_code(const Found& found) const {
  if (!by_classification_) return found.eco_tag;
  return found.opening ? std::string_view(found.opening->eco) : std::string_view();
}

std::size_t SearchCriteria::dropping(const Found& found) const {
  std::size_t at = 0;
  if (eco_wanted_ && !eco_.contains(eco_code(found))) return at;
  at += eco_wanted_;
  if (position_wanted_ && !found.position) return at;
  at += position_wanted_;
  if (material_wanted_ && !found.material) return at;
  return at + material_wanted_;
}

bool SearchCriteria::keeps(const Found& found) {
  std::size_t drop = dropping(found);
  for (std::size_t i = 0; i < drop; ++i) ++counts_[i].kept;
  if (drop == counts_.size()) return true;
  ++counts_[drop].dropped;
  stopped_ += found.stopped;
  if (drop == 0 && eco_wanted_ && !chess::openings::is_eco_code(eco_code(found).substr(0, 3))) ++without_code_;
  return false;
}

std::string SearchCriteria::counts_json() const {
  std::string out = fmt::format("[{}", without_code_);
  for (const Count& c : counts_) out += fmt::format(", [{}, {}]", c.kept, c.dropped);
  return out + fmt::format(", {}]", stopped_);
}

void SearchCriteria::add_counts(const tools::JsonValue& part) {
  if (part.items.empty()) return;
  without_code_ += std::size_t(part.items[0].number);
  for (std::size_t i = 0; i + 1 < part.items.size() && i < counts_.size(); ++i)
    if (part.items[i + 1].items.size() == 2) {
      counts_[i].kept += std::size_t(part.items[i + 1].items[0].number);
      counts_[i].dropped += std::size_t(part.items[i + 1].items[1].number);
    }
  if (part.items.size() == counts_.size() + 2) stopped_ += std::size_t(part.items.back().number);
}

std::string SearchCriteria::summary() const {
  std::string out;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    const Count& c = counts_[i];
    out += fmt::format("{}{} by {} ({} kept", out.empty() ? "" : ", ", c.dropped, c.label, c.kept);
    if (i == 0 && eco_wanted_ && without_code_)
      out += fmt::format("; {} of them {}", without_code_, by_classification_ ? "not classified" : "without an ECO code in their tags");
    out += ')';
  }
  if (stopped_)
    out += fmt::format("; {} of the games dropped read only until out of reach (--stop-early: the rest unchecked)", stopped_);
  return out;
}

}  // namespace convert
