// --duplicates keep-first|drop|only: games that are copies of one another, told apart by a
// 128-bit hash of their start position and main-line moves (and with --duplicates-by
// moves+tags:White,Black,Date, of those tags' values), so that a run holds at most 64
// bytes per distinct game (16-byte slots, at most half full), whatever the games' length.
// Two games are copies when their start
// positions (placement, side to move, castling and en passant rights: not the clocks) and
// their main lines' moves are the same, however they are written (SAN or descriptive,
// comments, variations and NAGs apart).
//   keep-first  the first game of each set of copies is kept, the later copies dropped
//               (pgn-extract -D);
//   only        only the later copies are kept: the games that copy an earlier one
//               (pgn-extract -U);
//   drop        every game that has a copy is dropped, the first too: the games left are
//               those that occur once. It needs to have seen the whole input before it
//               can keep a game, so the input is read twice (regular files only).
// The copies are among the games that the filters before (--match, --plies, --where) kept,
// and the games passed through with errors whose faults are only in their tags (their
// start and moves known: fix.h); a game with another error is never any game's copy.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pgn-convert/criterion.h"

namespace convert {

enum class DuplicateMode { KeepFirst, Only, Drop };

class Duplicates : public Criterion {
public:
  // `by`: "moves" or "moves+tags:NAME,NAME...". Null, with `error` set, if it cannot be used.
  static std::unique_ptr<Duplicates> make(DuplicateMode mode, const std::string& by, std::string& error);
  ~Duplicates() override;

  void prepare(const chess::pgn::Game& game, const chess::pgn::GameReport& report, GameFacts& facts) const override;
  bool wants(const chess::pgn::Game& game, const GameFacts& facts) override;
  bool reads_moves() const override { return true; }
  std::string summary() const override;
  std::string counts_json() const override;
  void add_counts(const tools::JsonValue& part) override;
  // For drop: the first pass, which counts each game's copies and keeps none.
  std::unique_ptr<Criterion> rehearsal() const override;

  // Whether the input must be read twice (drop).
  bool needs_first_pass() const { return mode_ == DuplicateMode::Drop; }
  // In drop's first pass, a game that the selection is not asked about (one passed
  // through with errors, its moves known): counted all the same.
  void count_in_first_pass(const GameFacts& facts);
  // How many games it has dropped: a caller that writes them aside sees it change.
  std::size_t dropped() const { return dropped_; }

  class Table;

private:
  Duplicates(DuplicateMode mode, std::string by, std::vector<std::string> tags, std::shared_ptr<Table> table);
  DuplicateMode mode_;
  std::string by_;
  std::vector<std::string> tags_;
  std::shared_ptr<Table> table_;  // shared with the first pass (drop)
  bool counting_ = false;        // the first pass
  std::size_t kept_ = 0, dropped_ = 0;
};

// The 128-bit MurmurHash3 (x64) of `bytes`, Austin Appleby's public-domain hash, which
// spreads any change of input over all its bits: lo is the reference's first word.
GameKey murmur3_128(std::string_view bytes, std::uint32_t seed = 0);

}  // namespace convert
