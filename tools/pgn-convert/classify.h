// --classify and --eco: the opening found written into a game's tags, and ranges of ECO
// codes to select by.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/openings/eco.h"
#include "chess/pgn/game.h"

namespace convert {

// The game's ECO, Opening and Variation tags replaced by the opening's (the name split at
// its first ": "; no Variation tag when it has none), and a SubVariation tag, which would
// belong to the classification replaced, removed.
void write_opening_tags(chess::pgn::Game& game, const chess::openings::Opening& opening);

// "A00-B99", "B90", "C6-C9" or "E" (a code cut short stands for all the codes it begins),
// several separated by commas.
class EcoRanges {
public:
  bool parse(const std::string& spec, std::string& error);
  // Whether the code (its first three characters, as "B90a" is B90) falls in a range; a
  // text that is no code does not.
  bool contains(std::string_view code) const;
  bool empty() const { return ranges_.empty(); }
  const std::string& spec() const { return spec_; }

private:
  std::string spec_;
  std::vector<std::pair<std::string, std::string>> ranges_;  // first and last code of each
};

}  // namespace convert
