#pragma once

#include <cstdlib>
#include <filesystem>

namespace corpus {

// The shared/ folder: $CHESS_SHARED_DIR, or ../shared beside the source tree.
inline std::filesystem::path shared_dir() {
  if (const char* env = std::getenv("CHESS_SHARED_DIR"); env && *env) return env;
  return CHESS_SHARED_DIR;
}

}  // namespace corpus
