// Printing judged games: one Printer per output format, chosen once (as llvm-readobj picks
// its ScopedPrinter), each fed every game in input order and then asked for the summary.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "common/diagnostics.h"
#include "common/json.h"
#include "game-adjudicate/judge.h"

namespace adjudicate {

struct Summary {
  std::size_t games = 0, agree = 0, disagree = 0, unreadable = 0;
  std::map<std::string, std::size_t> by_reason;
  void count(const Judged& j);
  // As --format jsonl prints it ({"summary": ...}), and a part's added in (--merge).
  std::string json() const;
  void add(const tools::JsonValue& part);
};

class Printer {
public:
  virtual ~Printer() = default;
  virtual void game(const std::string& file, const Judged& j, const chess::rules::RuleSet& set) = 0;
  virtual void summary(const Summary& s) = 0;
};

enum class Format { Text, Jsonl, Pgn };

// Games whose moves are not legal get pgn-validate's diagnostics on `diagnostics` in every format.
std::unique_ptr<Printer> make_printer(Format format, const tools::DiagnosticPrinter& diagnostics);

}  // namespace adjudicate
