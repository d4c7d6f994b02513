#include "game-adjudicate/rule_choice.h"

#include <fmt/core.h>
#include <fstream>
#include <sstream>

namespace adjudicate {

using namespace chess::rules;

std::optional<RuleSet> choose_rules(const std::string& name, const std::string& file, const RuleOverrides& overrides,
                                    const tools::DiagnosticPrinter& diagnostics) {
  std::optional<RuleSet> set;
  if (!file.empty()) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      diagnostics.print(tools::Severity::Error, file + ": cannot read the rule set file");
      return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    set = parse_rule_set(text.str(), file, error);
    if (!set) diagnostics.print(tools::Severity::Error, error, "bad-rules");
    if (!set) return std::nullopt;
  } else if (const RuleSet* builtin = find_rule_set(name)) {
    set = *builtin;
  } else {
    std::string names;
    for (const RuleSet& s : builtin_rule_sets()) names += (names.empty() ? "" : ", ") + s.name;
    diagnostics.print(tools::Severity::Error, "unknown rule set '" + name + "' for --rules (one of: " + names + ")");
    return std::nullopt;
  }
  // An override changes the rule that plays that part in the set, keeping its mode.
  if (int n = overrides.no_progress_moves) {
    Rule& r = set->no_progress.on() ? set->no_progress : set->fifty_moves;
    if (!r.on()) r.mode = Mode::Claim;
    r.count = 2 * n;
    r.article = "--no-progress-moves " + std::to_string(n);
  }
  if (int n = overrides.repetitions) {
    Rule& r = set->repetition.on() ? set->repetition : set->threefold;
    if (!r.on()) r.mode = Mode::Claim;
    r.count = n;
    r.article = "--repetitions " + std::to_string(n);
  }
  if (int n = overrides.consecutive_checks)
    set->consecutive_checks = {Mode::Automatic, n, "--consecutive-checks " + std::to_string(n)};
  return set;
}

void list_rules() {
  for (const RuleSet& s : builtin_rule_sets()) {
    fmt::print("{}: {}\n", s.name, s.title);
    std::string_view text = builtin_rule_set_text(s.name);
    // The rule lines themselves, without the file's comments.
    for (std::size_t at = 0; at < text.size();) {
      std::size_t end = text.find('\n', at);
      std::string_view line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
      at = end == std::string_view::npos ? text.size() : end + 1;
      std::size_t first = line.find_first_not_of(' ');
      if (first == std::string_view::npos || line[first] == '#' || line.substr(first, 4) == "name" ||
          line.substr(first, 5) == "title")
        continue;
      fmt::print("  {}\n", line);
    }
  }
}

}  // namespace adjudicate
