#include "pgn-convert/split.h"

#include <fmt/core.h>

#include "common/exit_codes.h"

namespace convert {

namespace {

constexpr std::size_t MOST_OPEN = 128;  // descriptors held by --split-by's files at once

}  // namespace

Split::~Split() = default;

// Reads `pattern` into before_, width_ and after_: exactly one placeholder, `wanted` ('d'
// or 's'), and %% for a '%'.
bool Split::parse(const std::string& pattern, char wanted, const std::string& option, std::string& error) {
  int found = 0;
  std::string* into = &before_;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      *into += pattern[i];
      continue;
    }
    std::size_t j = i + 1;
    int width = 0;
    if (wanted == 'd' && j < pattern.size() && pattern[j] == '0')
      for (++j; j < pattern.size() && pattern[j] >= '0' && pattern[j] <= '9' && width < 100; ++j)
        width = width * 10 + (pattern[j] - '0');
    char what = j < pattern.size() ? pattern[j] : 0;
    if (what == '%' && j == i + 1) {
      *into += '%';
    } else if (what == wanted) {
      ++found;
      width_ = width;
      into = &after_;
    } else {
      error = "-o '" + pattern + "': a '%' is followed by " + (wanted == 'd' ? "d or 0Nd" : "s") +
              " (the placeholder of " + option + ") or by another '%'";
      return false;
    }
    i = j;
  }
  if (found != 1) {
    error = option + " needs -o with " + (found ? "only one " : "") + (wanted == 'd' ? "%d" : "%s") + " where " +
            (wanted == 'd' ? "the file's number goes, as in -o 'games-%03d.pgn'" : "the tag's value goes, as in -o 'by-%s.pgn'");
    return false;
  }
  return true;
}

bool Split::every(std::size_t n, const std::string& pattern, std::string& error) {
  every_ = n;
  return parse(pattern, 'd', "--split-every", error);
}

bool Split::by(const std::string& tag, const std::string& pattern, std::string& error) {
  tag_ = tag;
  return parse(pattern, 's', "--split-by", error);
}

std::string Split::safe_name(std::string_view value) {
  std::string out;
  for (char c : value) {
    auto u = static_cast<unsigned char>(c);
    bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '+' ||
                u >= 0x80 || ((c == '.' || c == '-') && !out.empty());
    if (safe) out += c;
    else if (out.empty() || out.back() != '_') out += '_';
  }
  if (out.size() > 100) {
    std::size_t cut = 100;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    out.resize(cut);
  }
  return out.empty() ? "_" : out;
}

std::string Split::name(std::string_view value, std::size_t number) const {
  std::string middle = !tag_.empty() ? safe_name(value) : width_ ? fmt::format("{:0{}}", number, width_)
                                                                 : std::to_string(number);
  return before_ + middle + after_;
}

tools::SideFile* Split::open(const std::string& path) {
  auto file = std::make_unique<tools::SideFile>(diagnostics_);
  if (!file->open(path, inputs_)) return nullptr;
  ++made_;
  if (tag_.empty()) {
    current_ = std::move(file);
    return current_.get();
  }
  ByName& entry = by_name_[path];
  entry.file = std::move(file);
  return entry.file.get();
}

std::FILE* Split::stream_for(const chess::pgn::Game& game) {
  if (tag_.empty()) {
    if (!current_ || in_current_ == every_) {
      if (current_ && !current_->commit()) return nullptr;  // whole: put in place at once
      current_.reset();
      in_current_ = 0;
      if (!open(name({}, made_ + 1))) return nullptr;
    }
    ++in_current_;
    last_ = current_.get();
    return last_->stream();
  }
  const chess::pgn::Tag* tag = game.find_tag(tag_);
  std::string path = name(tag && tag->value != "?" ? std::string_view(tag->value) : std::string_view(), 0);
  auto found = by_name_.find(path);
  if (found == by_name_.end() && !open(path)) return nullptr;
  ByName& entry = by_name_[path];
  if (entry.open) {
    recent_.splice(recent_.begin(), recent_, entry.recent);
  } else {
    entry.recent = recent_.insert(recent_.begin(), &entry);
    entry.open = true;
    if (recent_.size() > MOST_OPEN) {
      ByName* least = recent_.back();
      recent_.pop_back();
      least->file->release();
      least->open = false;
    }
  }
  last_ = entry.file.get();
  return last_->stream();
}

void Split::end_record() {
  if (last_) last_->end_record();
}

int Split::finish(int status) {
  bool ok = !current_ || current_->commit();
  for (auto& [path, entry] : by_name_) ok = entry.file->commit() && ok;
  current_.reset();
  by_name_.clear();
  return ok ? status : std::max(status, int(tools::EXIT_USAGE_OR_IO));
}

}  // namespace convert
