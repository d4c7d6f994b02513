// Runs the corpus-wide tests, or reports them skipped (exit 77, which ctest shows as
// "Skipped") when the shared corpora are not there.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>

#include "corpus/shared_dir.h"

int main(int argc, char* argv[]) {
  std::filesystem::path dir = corpus::shared_dir();
  if (!std::filesystem::is_directory(dir / "corpus")) {
    std::printf("SKIPPED: corpus tests need the shared corpora; %s has no corpus/ folder "
                "(set CHESS_SHARED_DIR to the shared/ folder)\n",
                dir.string().c_str());
    return 77;
  }
  return Catch::Session().run(argc, argv);
}
