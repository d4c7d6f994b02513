// A selection criterion of its own file (--where, --duplicates): it looks at each game
// where the game was read (on any thread, with --jobs), and decides in input order on the
// games the filters before it kept, counting what it kept and dropped for the summary.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "chess/pgn/validate.h"
#include "common/json.h"
#include "pgn-convert/positions.h"

namespace convert {

// 128 bits that stand for a game (duplicates.h): {0, 0} when not asked for.
struct GameKey {
  std::uint64_t hi = 0, lo = 0;
  bool operator==(const GameKey&) const = default;
};

// What the criteria read of a game besides its tags, found where the game was read.
struct GameFacts {
  int plies = 0;  // main-line moves
  GameKey key;
  Found found;  // in its positions, by the searches (search.h), which come before the criteria
};

class Criterion {
public:
  virtual ~Criterion() = default;
  // Where the game was read, on any thread (so: no state changed): what wants() will
  // need of the valid game, put into `facts`.
  virtual void prepare(const chess::pgn::Game& /*game*/, const chess::pgn::GameReport& /*report*/,
                       GameFacts& /*facts*/) const {}
  // In input order: whether the game is wanted. `game` has its tags if reads_tags().
  virtual bool wants(const chess::pgn::Game& game, const GameFacts& facts) = 0;
  virtual bool reads_tags() const { return false; }
  // Whether it needs the moves read (PlyCount, copies): --offsets reads none.
  virtual bool reads_moves() const = 0;
  // "N by --where ... (K kept, ...)" for the summary: said even when N is 0.
  virtual std::string summary() const = 0;
  // What summary() says, as a JSON array (a part's summary, --summary-file), and a part's
  // added in (--merge-summaries).
  virtual std::string counts_json() const = 0;
  virtual void add_counts(const tools::JsonValue& part) = 0;
  // The same criterion counting from nothing, for a first pass over the input
  // (--duplicates drop).
  virtual std::unique_ptr<Criterion> rehearsal() const = 0;
};

}  // namespace convert
