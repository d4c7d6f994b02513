// A fuzz target run over files, without libFuzzer: the normal test run replays every kept
// regression input (tests/fuzz/regressions/TARGET/) and a few real inputs through the same
// LLVMFuzzerTestOneInput the fuzzer calls. A failed property aborts, failing the test.
// Usage: fuzz-replay-TARGET FILE|DIR...   (a directory: every file in it)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    fs::path p(argv[i]);
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(p))
        if (entry.is_regular_file() && entry.path().filename().string().front() != '.') files.push_back(entry.path());
    } else if (fs::exists(p, ec)) {
      files.push_back(p);
    } else {
      std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.eof() && in.fail()) {
      std::fprintf(stderr, "%s: cannot read\n", f.c_str());
      return 2;
    }
    std::fprintf(stderr, "replaying %s (%zu bytes)\n", f.c_str(), bytes.size());
    // A copy of exactly its size, as libFuzzer gives it: ASan then sees a read past the end.
    std::vector<uint8_t> data(bytes.begin(), bytes.end());
    static const uint8_t nothing = 0;  // an empty input still gets a pointer, as from libFuzzer
    LLVMFuzzerTestOneInput(data.empty() ? &nothing : data.data(), data.size());
  }
  std::fprintf(stderr, "%zu inputs replayed\n", files.size());
  return 0;
}
