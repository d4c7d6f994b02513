// --where 'TAG OP VALUE', OP one of < <= = != >= >. How the two sides are compared:
//   PlyCount      the main line's plies as counted (the moves are there: a PlyCount tag
//                 that says otherwise is not believed), with a number;
//   ...Date       a tag whose name ends in Date (Date, EventDate, UTCDate) with a date,
//                 YYYY, YYYY.MM or YYYY.MM.DD: the parts left out or written '?', on either
//                 side, make it the range of the days it may be, and the game is selected
//                 only when every day of its range satisfies the comparison with every
//                 day of the value's ('Date<2020' is before 2020 began, 'Date<=2020' by its
//                 end, 'Date=2020.05' in May 2020); a game's date that is partly unknown
//                 on the bound ('2020.??.??' against 'Date>=2020.06.01') cannot tell, and
//                 is counted as such;
//   a number      numerically, when VALUE is one ('WhiteElo>=2500', 'Round<=3'): a tag
//                 value that is no number ('?', '-', empty) counts as a missing tag;
//   otherwise     as text, byte by byte ('Result=1-0', 'ECO>=B20').
// A game without the tag is not selected, and counted ("N lacked WhiteElo").
#include "pgn-convert/where.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fmt/core.h>
#include <optional>
#include <string_view>

namespace convert {

namespace {

enum class Op { Less, LessOrEqual, Equal, NotEqual, GreaterOrEqual, Greater };
enum class Kind { Plies, Date, Number, Text };
enum class Verdict { Yes, No, Undecided, Lacking };

std::string_view trimmed(std::string_view s) {
  std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

template <class T>
bool holds(Op op, const T& a, const T& b) {
  switch (op) {
    case Op::Less: return a < b;
    case Op::LessOrEqual: return a <= b;
    case Op::Equal: return a == b;
    case Op::NotEqual: return a != b;
    case Op::GreaterOrEqual: return a >= b;
    case Op::Greater: return a > b;
  }
  return false;
}

std::optional<double> read_number(std::string_view s) {
  s = trimmed(s);
  double n;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(n)) return {};
  return n;
}

// The days a date may be, from the first to the last, as YYYYMMDD numbers.
struct Days {
  long first = 0, last = 0;
  bool unknown() const { return first == 101 && last == 99991231; }
};

// "YYYY", "YYYY.MM" or "YYYY.MM.DD", any digit possibly '?' (a field left out is all '?'):
// each field's digits as low and as high as they may be, a month kept within 1-12 and a day
// within 1-31 (the last day of a month is a bound, not a day). Nothing if it is no date.
std::optional<Days> read_date(std::string_view s) {
  s = trimmed(s);
  if (s.size() != 4 && s.size() != 7 && s.size() != 10) return {};
  std::string digits;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i == 4 || i == 7) {
      if (s[i] != '.') return {};
    } else if ((s[i] >= '0' && s[i] <= '9') || s[i] == '?') {
      digits += s[i];
    } else {
      return {};
    }
  }
  digits.resize(8, '?');
  Days d;
  for (auto [at, size, least, most] : {std::array<int, 4>{0, 4, 0, 9999}, {4, 2, 1, 12}, {6, 2, 1, 31}}) {
    long low = 0, high = 0;
    for (int i = at; i < at + size; ++i) {
      char c = digits[std::size_t(i)];
      low = low * 10 + (c == '?' ? 0 : c - '0');
      high = high * 10 + (c == '?' ? 9 : c - '0');
    }
    low = std::max<long>(low, least);
    high = std::min<long>(high, most);
    if (low > high) return {};  // month 13, day 00
    long scale = size == 4 ? 1 : 100;
    d.first = d.first * scale + low;
    d.last = d.last * scale + high;
  }
  return d;
}

// Whether every day of `a` satisfies the comparison with every day of `b`, or none does.
Verdict compare(Op op, Days a, Days b) {
  auto verdict = [](bool yes, bool no) { return yes ? Verdict::Yes : no ? Verdict::No : Verdict::Undecided; };
  bool inside = a.first >= b.first && a.last <= b.last, outside = a.last < b.first || a.first > b.last;
  switch (op) {
    case Op::Less: return verdict(a.last < b.first, a.first >= b.first);
    case Op::LessOrEqual: return verdict(a.last <= b.last, a.first > b.last);
    case Op::Equal: return verdict(inside, outside);
    case Op::NotEqual: return verdict(outside, inside);
    case Op::GreaterOrEqual: return verdict(a.first >= b.first, a.last < b.first);
    case Op::Greater: return verdict(a.first > b.last, a.last <= b.last);
  }
  return Verdict::Undecided;
}

class Where : public Criterion {
public:
  std::string spec, tag, text;
  Op op = Op::Equal;
  Kind kind = Kind::Text;
  double number = 0;
  Days days;

  bool wants(const chess::pgn::Game& game, const GameFacts& facts) override {
    Verdict v = judge(game, facts);
    if (v == Verdict::Yes) return ++kept_, true;
    ++dropped_;
    if (v == Verdict::Lacking) ++lacked_;
    if (v == Verdict::Undecided) ++vague_;
    return false;
  }
  bool reads_tags() const override { return kind != Kind::Plies; }
  bool reads_moves() const override { return kind == Kind::Plies; }
  std::string summary() const override {
    return fmt::format("{} by --where {} ({} kept{}{})", dropped_, spec, kept_,
                       lacked_ ? fmt::format(", {} lacked {}", lacked_, tag) : "",
                       vague_ ? fmt::format(", {} with a {} too vague to tell", vague_, tag) : "");
  }
  std::string counts_json() const override {
    return fmt::format("[{}, {}, {}, {}]", kept_, dropped_, lacked_, vague_);
  }
  void add_counts(const tools::JsonValue& part) override {
    std::size_t* counts[] = {&kept_, &dropped_, &lacked_, &vague_};
    for (std::size_t i = 0; i < part.items.size() && i < std::size(counts); ++i)
      *counts[i] += std::size_t(part.items[i].number);
  }
  std::unique_ptr<Criterion> rehearsal() const override {
    auto fresh = std::make_unique<Where>(*this);
    fresh->kept_ = fresh->dropped_ = fresh->lacked_ = fresh->vague_ = 0;
    return fresh;
  }

private:
  Verdict judge(const chess::pgn::Game& game, const GameFacts& facts) const {
    auto yes = [](bool b) { return b ? Verdict::Yes : Verdict::No; };
    if (kind == Kind::Plies) return yes(holds(op, double(facts.plies), number));
    const chess::pgn::Tag* t = game.find_tag(tag);
    if (!t) return Verdict::Lacking;
    switch (kind) {
      case Kind::Date: {
        std::optional<Days> d = read_date(t->value);
        return !d || d->unknown() ? Verdict::Lacking : compare(op, *d, days);
      }
      case Kind::Number: {
        std::optional<double> n = read_number(t->value);
        return n ? yes(holds(op, *n, number)) : Verdict::Lacking;
      }
      default: return yes(holds(op, std::string_view(t->value), std::string_view(text)));
    }
  }

  std::size_t kept_ = 0, dropped_ = 0, lacked_ = 0, vague_ = 0;
};

}  // namespace

std::unique_ptr<Criterion> make_where(const std::string& spec, std::string& error) {
  auto w = std::make_unique<Where>();
  w->spec = spec;
  std::string_view s = spec;
  std::size_t at = s.find_first_of("<>=!");
  w->tag = std::string(trimmed(s.substr(0, at == std::string_view::npos ? 0 : at)));
  bool named = !w->tag.empty() && w->tag.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                           "0123456789_") == std::string::npos;
  static constexpr std::pair<std::string_view, Op> OPS[] = {
      {"<=", Op::LessOrEqual}, {">=", Op::GreaterOrEqual}, {"!=", Op::NotEqual}, {"==", Op::Equal},
      {"<", Op::Less},         {">", Op::Greater},         {"=", Op::Equal}};
  std::size_t op_size = 0;
  if (named)
    for (auto [text, op] : OPS)
      if (s.substr(at).starts_with(text)) {
        w->op = op;
        op_size = text.size();
        break;
      }
  std::string_view value = op_size ? trimmed(s.substr(at + op_size)) : std::string_view();
  auto fail = [&](const std::string& why) {
    error = "--where '" + spec + "': " + why;
    return nullptr;
  };
  if (value.empty() || value.find_first_of("<>=!") == 0)  // (=> is no operator)
    return fail("expected a tag name, an operator (< <= = != >= >) and a value, as in 'WhiteElo>=2500'");
  w->text = std::string(value);
  std::optional<double> number = read_number(value);
  if (w->tag == "PlyCount") {
    if (!number) return fail("PlyCount (the plies counted) is compared with a number");
    w->kind = Kind::Plies;
    w->number = *number;
  } else if (w->tag.ends_with("Date")) {
    std::optional<Days> d = read_date(value);
    if (!d || d->unknown()) return fail("a date is YYYY, YYYY.MM or YYYY.MM.DD, as in 'Date>=2020.01.01'");
    w->kind = Kind::Date;
    w->days = *d;
  } else if (number) {
    w->kind = Kind::Number;
    w->number = *number;
  }
  return w;
}

}  // namespace convert
