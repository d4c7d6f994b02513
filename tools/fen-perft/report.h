// What fen-perft measured, and the two ways it prints it (text for people, JSON Lines
// for programs). Running and printing are kept apart so each stays simple.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fen_perft {

struct DepthResult {
  int depth = 0;
  uint64_t nodes = 0;
  std::optional<uint64_t> expected;  // from a suite; absent for a lone FEN
  double seconds = 0;
  std::vector<std::pair<std::string, uint64_t>> divide;  // UCI move, nodes; sorted by move
  bool pass() const { return !expected || *expected == nodes; }
};

struct PositionResult {
  std::string fen;
  std::string id;        // suite id, if any
  std::size_t line = 0;  // suite line, 0 for a lone FEN
  std::vector<DepthResult> depths;
  bool pass() const {
    for (const auto& d : depths)
      if (!d.pass()) return false;
    return true;
  }
};

struct Totals {
  std::size_t positions = 0, passed = 0, failed = 0, unreadable = 0;
  std::size_t skipped = 0;  // every depth of the line above --max-depth: nothing checked
  uint64_t nodes = 0;
  double seconds = 0;
};

enum class Format { Text, Jsonl };

class Reporter {
public:
  Reporter(Format format, bool suite, bool divide) : format_(format), suite_(suite), divide_(divide) {}
  void position(const PositionResult& result) const;
  void summary(const Totals& totals) const;

private:
  void text_lone(const PositionResult& result) const;
  void text_suite_line(const PositionResult& result) const;
  void jsonl(const PositionResult& result) const;

  Format format_;
  bool suite_;
  bool divide_;
};

}  // namespace fen_perft
