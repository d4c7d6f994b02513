// The static analysis (libchess/src/rules/static_analysis.h) against the helpmate search:
// for every position read (FEN or EPD, one a line) and each side, where the analysis
// claims the side can never mate (and material alone does not), the search with a large
// budget must not find a mate.
// A mate found there is a soundness bug in the analysis: its line is printed, checked.
// Run by scripts/check/static-vs-search; exit status 1 when any such position is found.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "chess/rules/dead_position.h"
#include "rules/mate_search.h"
#include "rules/static_analysis.h"
#include "support/mate_line.h"

using namespace chess;
using namespace chess::rules;

int main(int argc, char** argv) {
  // Usage: static_vs_search [BUDGET] < positions (a developer's check: its one argument is
  // the search's node budget per side).
  uint64_t budget = 3000000;
  if (argc > 1) {
    char* end = nullptr;
    budget = std::strtoull(argv[1], &end, 10);
    if (end == argv[1] || *end || argc > 2) {
      std::fprintf(stderr, "usage: %s [BUDGET] < FEN-or-EPD-lines\n", argv[0]);
      return 2;
    }
  }
  long positions = 0, unreadable = 0, claims = 0, search_no = 0, search_unknown = 0, conflicts = 0, filtered = 0;
  for (std::string line; std::getline(std::cin, line);) {
    if (line.empty() || line[0] == '#') continue;
    FenResult r = Position::from_fen(line);
    if (!r.ok()) {
      ++unreadable;
      continue;
    }
    ++positions;
    bool both = true;
    for (Color side : {WHITE, BLACK}) {
      if (!rules::detail::statically_cannot_mate(r.position, side)) {
        both = false;
        continue;
      }
      if (material_cannot_mate(r.position, side)) continue;  // proven already, and soon
      ++claims;
      MateAnswer a = rules::detail::search_mate(r.position, side, {budget});
      if (a.ability == MateAbility::Impossible) ++search_no;
      if (a.ability == MateAbility::Unknown) ++search_unknown;
      if (a.ability == MateAbility::Possible) {
        ++conflicts;
        bool mates = test_support::ends_in_mate(r.position, a.witness, ~side);
        std::cout << "CONFLICT " << (side == WHITE ? "white" : "black") << " mates (witness "
                  << (mates ? "checked" : "NOT a mate") << "): " << line << "\n";
      }
    }
    if (both && !might_be_dead(r.position)) {
      ++filtered;
      if (std::getenv("SHOW_FILTERED")) std::cout << "not might_be_dead: " << line << "\n";
    }
  }
  std::cout << positions << " positions (" << unreadable << " unreadable); " << claims
            << " sides claimed unable to mate by the static analysis (material aside): search says no " << search_no << ", unknown "
            << search_unknown << ", finds a mate " << conflicts << "; dead by it but not passing might_be_dead: "
            << filtered << "\n";
  return conflicts ? 1 : 0;
}
