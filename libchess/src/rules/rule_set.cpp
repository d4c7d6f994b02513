#include "chess/rules/rule_set.h"

#include <cctype>
#include <charconv>
#include <map>
#include <stdexcept>

#include "data_lines.h"
#include "rules/builtin_rule_sets.h"

namespace chess::rules {
namespace {

struct Words {
  std::vector<std::string_view> words;
  std::string_view rest_after(std::size_t n, std::string_view line) const {  // the text after word n
    if (n >= words.size()) return {};
    return line.substr(std::size_t(words[n].data() - line.data()));
  }
};

Words split(std::string_view line) {
  Words w;
  for (std::size_t i = 0; i < line.size();) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) w.words.push_back(line.substr(start, i - start));
  }
  return w;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::optional<Mode> mode_named(std::string_view w) {
  static const std::map<std::string_view, Mode> modes{{"off", Mode::Off},       {"ends", Mode::Ends},
                                                      {"claim", Mode::Claim},   {"automatic", Mode::Automatic},
                                                      {"report", Mode::Report}};
  auto it = modes.find(w);
  if (it == modes.end()) return std::nullopt;
  return it->second;
}

std::optional<FlagFall> flag_fall_named(std::string_view w) {
  static const std::map<std::string_view, FlagFall> kinds{
      {"win-unless-cannot-mate", FlagFall::WinUnlessCannotMate},
      {"win-unless-insufficient-material", FlagFall::WinUnlessInsufficientMaterial},
      {"win-unless-insufficient-losing-chances", FlagFall::WinUnlessInsufficientLosingChances},
      {"win", FlagFall::Win}};
  auto it = kinds.find(w);
  if (it == kinds.end()) return std::nullopt;
  return it->second;
}

// The rule each key of a file sets, and whether it takes a count.
struct Slot {
  Rule RuleSet::*rule;
  bool counted;
};

const std::map<std::string_view, Slot>& slots() {
  static const std::map<std::string_view, Slot> s{
      {"checkmate", {&RuleSet::checkmate, false}},
      {"stalemate", {&RuleSet::stalemate, false}},
      {"dead-position", {&RuleSet::dead_position, false}},
      {"insufficient-material", {&RuleSet::insufficient_material, false}},
      {"threefold", {&RuleSet::threefold, true}},
      {"fivefold", {&RuleSet::fivefold, true}},
      {"repetition", {&RuleSet::repetition, true}},
      {"fifty-moves", {&RuleSet::fifty_moves, true}},
      {"seventy-five-moves", {&RuleSet::seventy_five_moves, true}},
      {"no-progress", {&RuleSet::no_progress, true}},
      {"no-progress-kbnk", {&RuleSet::no_progress_kbnk, true}},
      {"consecutive-checks", {&RuleSet::consecutive_checks, true}},
      {"total-checks", {&RuleSet::total_checks, true}},
      {"void-flag-fall", {&RuleSet::void_flag_fall, true}},
      {"early-end", {&RuleSet::early_end, true}},
      {"resignation-in-dead-position", {&RuleSet::resignation_in_dead_position, false}},
  };
  return s;
}

}  // namespace

std::optional<RuleSet> parse_rule_set(std::string_view text, std::string_view source, std::string& error) {
  RuleSet set;
  set.source = std::string(source);
  DataLines lines(text, source);
  auto fail = [&](const std::string& why) {
    error = lines.error(why);
    return std::nullopt;
  };
  for (std::string_view line; lines.next(line);) {
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    Words w = split(line);
    if (w.words.empty()) continue;
    std::string_view key = w.words[0];
    if (key == "name" || key == "title") {
      std::string value(trim(w.rest_after(1, line)));
      if (value.empty()) return fail(std::string(key) + " needs a value");
      (key == "name" ? set.name : set.title) = value;
      continue;
    }
    if (key == "score") {  // score WIN DRAW LOSS ARTICLE
      if (w.words.size() < 4) return fail("score needs the points for a win, a draw and a loss");
      set.win = std::string(w.words[1]);
      set.draw = std::string(w.words[2]);
      set.loss = std::string(w.words[3]);
      set.score = {Mode::Report, 0, std::string(trim(w.rest_after(4, line)))};
      continue;
    }
    if (key == "flag-fall") {  // flag-fall HOW ARTICLE
      if (w.words.size() < 2) return fail("flag-fall needs how it is judged");
      if (w.words[1] == "off") {
        set.flag_fall = {};
        continue;
      }
      auto how = flag_fall_named(w.words[1]);
      if (!how)
        return fail("flag-fall '" + std::string(w.words[1]) +
                    "': expected win-unless-cannot-mate, win-unless-insufficient-material, "
                    "win-unless-insufficient-losing-chances, win or off");
      set.flag_fall_judged = *how;
      set.flag_fall = {Mode::Ends, 0, std::string(trim(w.rest_after(2, line)))};
      continue;
    }
    auto slot = slots().find(key);
    if (slot == slots().end()) return fail("unknown rule '" + std::string(key) + "'");
    if (w.words.size() < 2) return fail(std::string(key) + " needs a mode (off, ends, claim, automatic, report)");
    auto mode = mode_named(w.words[1]);
    if (!mode) return fail("mode '" + std::string(w.words[1]) + "': expected off, ends, claim, automatic or report");
    Rule rule{*mode, 0, {}};
    std::size_t article_at = 2;
    if (slot->second.counted && *mode != Mode::Off) {
      if (w.words.size() < 3) return fail(std::string(key) + " needs a count");
      std::string_view n = w.words[2];
      auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), rule.count);
      if (ec != std::errc() || p != n.data() + n.size() || rule.count < 1)
        return fail(std::string(key) + " count '" + std::string(n) + "': expected a whole number from 1");
      article_at = 3;
    }
    rule.article = std::string(trim(w.rest_after(article_at, line)));
    set.*(slot->second.rule) = rule;
  }
  if (set.name.empty()) {
    error = lines.error_at(0, "no 'name' line");
    return std::nullopt;
  }
  return set;
}

const std::vector<RuleSet>& builtin_rule_sets() {
  static const std::vector<RuleSet> sets = [] {
    std::vector<RuleSet> out;
    for (const BuiltinRuleSet& b : BUILTIN_RULE_SETS) {
      std::string error;
      std::optional<RuleSet> set = parse_rule_set(b.text, "built in " + std::string(b.file), error);
      if (!set) throw std::logic_error("a built-in rule set does not read: " + error);  // caught by the unit tests
      out.push_back(std::move(*set));
    }
    return out;
  }();
  return sets;
}

const RuleSet* find_rule_set(std::string_view name) {
  for (const RuleSet& set : builtin_rule_sets())
    if (set.name == name) return &set;
  return nullptr;
}

std::string_view builtin_rule_set_text(std::string_view name) {
  for (const BuiltinRuleSet& b : BUILTIN_RULE_SETS)
    if (b.name == name) return b.text;
  return {};
}

}  // namespace chess::rules
