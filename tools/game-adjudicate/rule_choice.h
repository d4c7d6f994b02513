// Choosing the rule set: a built-in one by name or a user's file, then the command line's
// overrides; and --list-rules.
#pragma once

#include <optional>
#include <string>

#include "chess/rules/rule_set.h"
#include "common/diagnostics.h"

namespace adjudicate {

struct RuleOverrides {
  int no_progress_moves = 0;   // 0: as the set says
  int repetitions = 0;
  int consecutive_checks = 0;
};

// The set named (or read from `file` when it is not empty), with the overrides applied;
// nothing after printing why.
std::optional<chess::rules::RuleSet> choose_rules(const std::string& name, const std::string& file,
                                                  const RuleOverrides& overrides,
                                                  const tools::DiagnosticPrinter& diagnostics);

void list_rules();

}  // namespace adjudicate
