// The command line's choice of games, in the order the criteria apply: --match, --plies,
// the searches in positions (search.h), --skip, --first; kept out of main.cpp, which is
// the rest of the command line.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "pgn-convert/search.h"
#include "pgn-convert/select.h"

namespace convert {

struct SelectionCommandLine {
  std::vector<std::string> matches;
  std::string plies;
  long long first = 0, skip = 0;
  SearchCommandLine search;
  void add_to(CLI::App& app);
  // The selection they make, and what to search for; false with `error` set if one does not read.
  bool apply(Selection& selection, SearchOptions& search_options, std::string& error) const;
};

}  // namespace convert
