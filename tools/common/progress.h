// A progress line on standard error (bytes, games, games/s, ETA), redrawn at most a few
// times a second, for runs over big archives.
#pragma once

#include <chrono>
#include <cstddef>

namespace tools {

class Progress {
public:
  // `total_bytes` 0 when unknown (a pipe): no ETA then.
  Progress(bool enabled, std::size_t total_bytes) : enabled_(enabled), total_(total_bytes) {}
  void update(std::size_t bytes, std::size_t games);
  void finish();  // erase the line

private:
  bool enabled_;
  std::size_t total_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
  bool drawn_ = false;
};

}  // namespace tools
