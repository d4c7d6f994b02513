// The command line of pgn-convert's searches in positions (--classify, --eco, --position,
// --in-variations, --material, --material-plies), and the criteria they make of what was
// found in a game, each counting the games it kept and dropped.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "common/json.h"
#include "pgn-convert/classify.h"
#include "pgn-convert/positions.h"

namespace convert {

class SearchCriteria {
public:
  // Whether the game is kept, by --eco, then --position, then --material; counted.
  bool keeps(const Found& found);
  // The same, not counted (any thread: a game these criteria drop need not be rendered).
  bool would_keep(const Found& found) const { return dropping(found) == counts_.size(); }
  bool any() const { return !counts_.empty(); }
  // "3 by --eco B (10 kept), 0 by --position ... (10 kept)": every criterion given.
  std::string summary() const;
  // The counts as a JSON array (a part's summary), and a part's added in (--merge-summaries).
  std::string counts_json() const;
  void add_counts(const tools::JsonValue& part);

private:
  friend struct SearchCommandLine;
  std::size_t dropping(const Found& found) const;  // the index in counts_ of the criterion that drops the game
  std::string_view eco_code(const Found& found) const;
  struct Count {
    std::string label;
    std::size_t kept = 0, dropped = 0;
  };
  EcoRanges eco_;
  bool by_classification_ = false;  // --eco reads the classification, not the ECO tag
  std::size_t without_code_ = 0;    // dropped by --eco for want of a code
  std::size_t stopped_ = 0;         // dropped, read only until out of reach (--stop-early)
  std::vector<Count> counts_;       // --eco, --position, --material, as given
  bool eco_wanted_ = false, position_wanted_ = false, material_wanted_ = false;
};

class Selection;

struct SearchCommandLine {
  bool classify = false, in_variations = false, stop_early = false;
  std::string eco;
  std::vector<std::string> positions, materials;
  int material_plies = 1;
  void add_to(CLI::App& app);
  // What to search for, and the criteria given to the selection; false with `error` set if
  // an option does not read.
  bool apply(SearchOptions& search, Selection& selection, std::string& error) const;
};

}  // namespace convert
