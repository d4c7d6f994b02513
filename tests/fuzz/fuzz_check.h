// What the fuzz targets share: a failed property aborts (libFuzzer keeps the input as a
// crash, and the replay of tests/fuzz/regressions fails on it), and small helpers for
// reading the structured part of an input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

// Always checked, whatever NDEBUG says: the property is what the target is for.
#define FUZZ_CHECK(condition, what)                                                              \
  do {                                                                                           \
    if (!(condition)) fuzz_support::fail(__FILE__, __LINE__, #condition, what);                  \
  } while (0)

namespace fuzz_support {

[[noreturn]] inline void fail(const char* file, int line, const char* condition, const std::string& what) {
  std::fprintf(stderr, "%s:%d: fuzz property failed: %s\n%s\n", file, line, condition, what.c_str());
  std::fflush(stderr);
  std::abort();
}

// The input as text, and a cursor over its leading bytes for the choices a target makes
// (which position, which dialect): once they run out, every choice is 0.
struct Input {
  Input(const uint8_t* data, std::size_t size) : text(reinterpret_cast<const char*>(data), size) {}
  unsigned byte() {
    if (text.empty()) return 0;
    unsigned b = static_cast<unsigned char>(text.front());
    text.remove_prefix(1);
    return b;
  }
  std::string_view text;
};

}  // namespace fuzz_support
