// Which games to convert: tag patterns (RE2: linear time on any pattern), exact tag
// values, a ply range, the criteria of their own files (criterion.h: --where, then
// --duplicates), and --first / --skip. Counts what each filter removed.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "chess/pgn/game.h"
#include "common/json.h"
#include "pgn-convert/criterion.h"
#include "pgn-convert/search.h"

namespace convert {

class Selection {
public:
  Selection();
  ~Selection();
  // "TAG~REGEX" or "TAG=VALUE"; false with `error` set if it cannot be used.
  bool add_match(const std::string& spec, std::string& error);
  // "MIN..MAX", "MIN..", "..MAX" or "N".
  bool set_plies(const std::string& spec, std::string& error);
  void set_first(std::size_t n) { first_ = n; }
  void set_skip(std::size_t n) { skip_ = n; }

  // Criteria on what was found in the game's positions (search.h): after --match and --plies.
  void set_search(SearchCriteria criteria) { search_ = std::move(criteria); }
  // Whether those criteria could keep the game (any thread; nothing counted).
  bool search_would_keep(const Found& found) const { return search_.would_keep(found); }
  // Whether a game can be chosen by what was found in it alone, with no other criterion
  // reading the game itself (its tags): then a game refused need not be built.
  bool chooses_by_search() const { return search_.any() && !reads_tags(); }

  // Tried after the tags, the plies and the searches, in the order added, before --skip
  // and --first.
  void add_criterion(std::unique_ptr<Criterion> c) { criteria_.push_back(std::move(c)); }

  // Where a valid game was read (any thread): what wants() needs of it besides its tags
  // (facts.found, what the searches found, is set by the reading).
  void prepare(const chess::pgn::Game& game, const chess::pgn::GameReport& report, GameFacts& facts) const;
  // Whether the game is wanted. Call once per valid game, in order.
  bool wants(const chess::pgn::Game& game, const GameFacts& facts);
  // No game after this one can be wanted (--first reached).
  bool done() const { return first_ && taken_ >= first_; }
  // Whether wants() looks at the game's tags (--match), or only at its plies and place.
  bool reads_tags() const;
  // The same filters and criteria, counting from nothing, without --skip and --first (which
  // come after the criteria): for a first pass over the input.
  std::unique_ptr<Selection> rehearsal() const;

  // "N by --match Event~..., M by --plies, ..." for the summary.
  std::string removed_summary() const;
  // A --match on a tag that no game had (White misspelt 'white'), with the names there were.
  std::vector<std::string> warnings() const;

  // What the filters counted, as JSON fields (a part's summary, --summary-file), and a
  // part's counts added in, in input order (--merge-summaries): warnings() and removed_summary()
  // then say what they would have said for the whole.
  std::string counts_json() const;
  void add_counts(const tools::JsonValue& part);

private:
  struct Match;
  std::vector<std::unique_ptr<Match>> matches_;
  std::vector<std::unique_ptr<Criterion>> criteria_;
  int min_plies_ = 0, max_plies_ = -1;
  std::size_t first_ = 0, skip_ = 0, seen_ = 0, taken_ = 0;
  std::size_t removed_by_plies_ = 0, removed_by_skip_ = 0, removed_by_first_ = 0;
  std::set<std::string> names_seen_;
  SearchCriteria search_;
  std::vector<std::string> names_in_order_;  // the same, as they came (a merge keeps the first)
  void note_name(const std::string& name);
};

}  // namespace convert
