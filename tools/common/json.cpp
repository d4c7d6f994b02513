#include "common/json.h"

#include <cstdio>

#include "common/utf8.h"

namespace tools {

std::string json_string(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  append_json_string(out, text);
  return out;
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    unsigned char c = text[i];
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
      ++i;
    } else if (c < 0x20) {
      char buf[8];
      switch (c) {
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: std::snprintf(buf, sizeof buf, "\\u%04x", c); out += buf;
      }
      ++i;
    } else if (std::size_t n = utf8_length(text, i)) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += "\\ufffd";
      ++i;
    }
  }
  out += '"';
}

}  // namespace tools

namespace tools {
namespace {

class Parser {
public:
  explicit Parser(std::string_view s) : s_(s) {}
  std::optional<JsonValue> document(std::string& error) {
    JsonValue v;
    if (value(v, 0) && (space(), at_ == s_.size())) return v;
    error = (why_.empty() ? std::string("unexpected text") : why_) + " at byte " + std::to_string(at_ + 1);
    return std::nullopt;
  }

private:
  void space() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n' || s_[at_] == '\r')) ++at_;
  }
  bool eat(char c) {
    space();
    if (at_ < s_.size() && s_[at_] == c) return ++at_, true;
    return false;
  }
  bool fail(const char* why) {
    why_ = why;
    return false;
  }
  bool word(std::string_view w) {
    if (s_.substr(at_, w.size()) != w) return fail("expected a value");
    at_ += w.size();
    return true;
  }
  bool value(JsonValue& v, int depth) {
    if (depth > 64) return fail("nested too deep");
    space();
    if (at_ >= s_.size()) return fail("expected a value");
    char c = s_[at_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') return v.kind = JsonValue::Kind::String, string(v.text);
    if (c == 't' || c == 'f') return v.kind = JsonValue::Kind::Bool, v.number = c == 't', word(c == 't' ? "true" : "false");
    if (c == 'n') return word("null");
    return number(v);
  }
  bool number(JsonValue& v) {
    bool negative = at_ < s_.size() && s_[at_] == '-';
    std::size_t first = at_ + negative, end = first;
    while (end < s_.size() && s_[end] >= '0' && s_[end] <= '9' && end - first < 18) v.number = v.number * 10 + (s_[end++] - '0');
    if (end == first) return fail("expected a value");
    if (negative) v.number = -v.number;
    v.kind = JsonValue::Kind::Number;
    at_ = end;
    return true;
  }
  bool string(std::string& out) {
    ++at_;  // the opening quote
    while (at_ < s_.size() && s_[at_] != '"') {
      char c = s_[at_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= s_.size()) break;
      char e = s_[at_++];
      if (e == 'u') {  // the writer escapes control characters only, and U+FFFD
        if (at_ + 4 > s_.size()) return fail("unfinished escape");
        unsigned code = unsigned(std::stoul(std::string(s_.substr(at_, 4)), nullptr, 16));
        at_ += 4;
        if (code < 0x80) out += char(code);
        else out += code == 0xFFFD ? "\xEF\xBF\xBD" : "?";
        continue;
      }
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
    }
    if (at_ >= s_.size()) return fail("unfinished string");
    ++at_;
    return true;
  }
  bool array(JsonValue& v, int depth) {
    v.kind = JsonValue::Kind::Array;
    ++at_;
    if (eat(']')) return true;
    do {
      if (!value(v.items.emplace_back(), depth + 1)) return false;
    } while (eat(','));
    return eat(']') || fail("expected ',' or ']'");
  }
  bool object(JsonValue& v, int depth) {
    v.kind = JsonValue::Kind::Object;
    ++at_;
    if (eat('}')) return true;
    do {
      space();
      if (at_ >= s_.size() || s_[at_] != '"') return fail("expected a name in quotes");
      auto& member = v.members.emplace_back();
      if (!string(member.name)) return false;
      if (!eat(':')) return fail("expected ':'");
      if (!value(member.value, depth + 1)) return false;
    } while (eat(','));
    return eat('}') || fail("expected ',' or '}'");
  }
  std::string_view s_;
  std::size_t at_ = 0;
  std::string why_;
};

}  // namespace

const JsonValue* JsonValue::get(std::string_view key) const {
  for (const auto& [name, value] : members)
    if (name == key) return &value;
  return nullptr;
}

long long JsonValue::number_at(std::string_view key) const {
  const JsonValue* v = get(key);
  return v ? v->number : 0;
}

std::optional<JsonValue> parse_json(std::string_view text, std::string& error) { return Parser(text).document(error); }

}  // namespace tools
