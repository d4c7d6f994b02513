#include "pgn-convert/select_options.h"

#include <climits>

namespace convert {

void SelectionCommandLine::add_to(CLI::App& app) {
  app.add_option("--match", matches, "Keep games whose TAG matches: TAG~REGEX (RE2) or TAG=VALUE; repeatable, all "
                                     "must hold")
      ->allow_extra_args(false);  // one pattern per --match: a following file name is a file
  app.add_option("--plies", plies, "Keep games whose main line has MIN..MAX plies");
  search.add_to(app);
  app.add_option("--first", first, "Stop after N games written (N from 1)")->check(CLI::Range(1LL, LLONG_MAX));
  app.add_option("--skip", skip, "Leave out the first N games that pass the filters (N from 0)")
      ->check(CLI::Range(0LL, LLONG_MAX));
}

bool SelectionCommandLine::apply(Selection& selection, SearchOptions& search_options, std::string& error) const {
  for (const auto& m : matches)
    if (!selection.add_match(m, error)) return false;
  if (!plies.empty() && !selection.set_plies(plies, error)) return false;
  if (!search.apply(search_options, selection, error)) return false;
  selection.set_first(std::size_t(first));
  selection.set_skip(std::size_t(skip));
  return true;
}

}  // namespace convert
