#include "common/progress.h"

#include <fmt/core.h>

#include "common/counted.h"

namespace tools {

void Progress::update(std::size_t bytes, std::size_t games) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  double seconds = std::chrono::duration<double>(now - start_).count();
  double rate = seconds > 0 ? games / seconds : 0;
  std::string eta;
  if (total_ && bytes && seconds > 0.5) {
    double remaining = seconds * (double(total_) - double(bytes)) / double(bytes);
    eta = fmt::format(", ETA {:.0f}s", remaining > 0 ? remaining : 0);
  }
  fmt::print(stderr, "\r\033[K{:.1f} MB, {}, {:.0f} games/s{}", bytes / 1e6, counted(games, "game"), rate, eta);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (drawn_) fmt::print(stderr, "\r\033[K");
  drawn_ = false;
}

}  // namespace tools
