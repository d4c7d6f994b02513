// zstd archives of many frames (tools/common/zstd_frames.h) decoded a frame per thread: the
// text of one stream, whatever the frames (pzstd's skippable frames before them, wrong
// ones, none, others), and, cut short or damaged, the text and the error of one stream.
#include <catch2/catch.hpp>
#include <zstd.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "common/decompress.h"
#include "common/zstd_frames.h"

namespace {

// Text as PGN is: moves, numbers and comments, compressible but not a repeated line.
std::string games_text(std::size_t bytes, std::uint32_t seed) {
  std::string s;
  for (std::uint32_t x = seed; s.size() < bytes;) {
    x = x * 1664525u + 1013904223u;
    s += std::to_string(x % 90 + 1) + ". Nf3 {" + std::to_string(x >> 20) + "} d5 ";
    if (x % 7 == 0) s += "1-0\n\n[Event \"" + std::to_string(x % 1000) + "\"]\n\n";
  }
  s.resize(bytes);
  return s;
}

// Bytes zstd cannot shrink: a frame of them is larger than its text.
std::string noise(std::size_t bytes, std::uint32_t seed) {
  std::string s(bytes, '\0');
  for (std::uint32_t x = seed; char& c : s) c = char((x = x * 1664525u + 1013904223u) >> 24);
  return s;
}

// One frame, with a checksum, as the zstd program writes them.
std::string frame(const std::string& text, int level = 3) {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(text.size()), '\0');
  std::size_t n = ZSTD_compress2(cctx, out.data(), out.size(), text.data(), text.size());
  ZSTD_freeCCtx(cctx);
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

std::string le32(std::uint32_t v) {
  return {char(v & 0xFF), char(v >> 8 & 0xFF), char(v >> 16 & 0xFF), char(v >> 24)};
}
std::string skippable(std::uint32_t magic, const std::string& content) {
  return le32(magic) + le32(std::uint32_t(content.size())) + content;
}
// What pzstd writes before each frame: a skippable frame holding its compressed size.
std::string size_said(std::size_t size) { return skippable(0x184D2A50, le32(std::uint32_t(size))); }

struct Archive {
  std::string text, bytes;
  std::vector<std::size_t> frame_at, text_at;  // where each frame begins, and its text
};

enum class Said { Pzstd, Nothing, Wrongly };

// `count` frames of `each` bytes of text, after skippable frames as `said` says.
Archive archive(int count, std::size_t each, Said said) {
  Archive a;
  for (int i = 0; i < count; ++i) {
    std::string text = games_text(each + std::size_t(i) * 97, std::uint32_t(i));
    std::string f = frame(text);
    if (said == Said::Pzstd) a.bytes += size_said(f.size());
    if (said == Said::Wrongly) a.bytes += size_said(i % 2 ? f.size() / 2 : f.size() + 40);
    a.frame_at.push_back(a.bytes.size());
    a.text_at.push_back(a.text.size());
    a.bytes += f;
    a.text += text;
  }
  return a;
}

struct Decoded {
  std::string text, error;
};

// Through a DecompressedInput, as the programs read: one thread for one job, frames on
// `jobs` threads for more.
Decoded decompress(const std::string& bytes, int jobs) {
  std::istringstream in(bytes);
  tools::DecompressedInput d(in, jobs);
  REQUIRE(d.compression() == tools::Compression::Zstd);
  std::istream text(d.buffer());
  std::ostringstream out;
  out << text.rdbuf();
  return {out.str(), d.error()};
}

// With limits small enough that the frames are many blocks and some too large to hold.
Decoded decode_frames(const std::string& bytes, int jobs) {
  std::istringstream in(bytes);
  tools::zstd::FrameLimits limits;
  limits.largest = 48 << 10;
  limits.block = 4 << 10;
  limits.blocks_ahead = 2;
  std::unique_ptr<tools::DecodedBuffer> buffer = tools::zstd::decode_frames(*in.rdbuf(), jobs, limits);
  std::istream text(buffer.get());
  std::ostringstream out;
  out << text.rdbuf();
  return {out.str(), buffer->error()};
}

// The bytes decoded a frame per thread give `one`, what one stream gave: the same text, the
// same error.
void same_as_one_stream(const std::string& bytes, const Decoded& one) {
  for (int jobs : {2, 3}) {
    INFO(jobs << " jobs");
    Decoded many = decompress(bytes, jobs), small = decode_frames(bytes, jobs);
    CHECK(many.error == one.error);
    CHECK(many.text == one.text);
    CHECK(small.error == one.error);
    CHECK(small.text == one.text);
  }
}

}  // namespace

TEST_CASE("zstd frames on several threads give the text of one stream", "[decompress]") {
  for (Said said : {Said::Pzstd, Said::Nothing, Said::Wrongly}) {
    Archive a = archive(40, 30000, said);
    for (int jobs : {1, 2, 3, 8}) {
      INFO("sizes said " << int(said) << ", " << jobs << " jobs");
      Decoded d = decompress(a.bytes, jobs);
      CHECK(d.error.empty());
      CHECK(d.text == a.text);
      Decoded small = decode_frames(a.bytes, jobs);
      CHECK(small.error.empty());
      CHECK(small.text == a.text);
    }
  }
}

TEST_CASE("zstd: other skippable frames, empty frames and frames too large to hold", "[decompress]") {
  // A frame of incompressible bytes (larger than decode_frames' 48 KB here) in the middle
  // and at the end: it streams, and what follows it.
  std::string text, bytes;
  auto add = [&](const std::string& t) {
    std::string f = frame(t);
    bytes += size_said(f.size()) + f;
    text += t;
  };
  add(games_text(20000, 1));
  bytes += skippable(0x184D2A5F, "a skippable frame of no one's");
  bytes += skippable(0x184D2A53, "");
  add("");
  add(noise(200000, 2));
  add(games_text(20000, 3));
  add(games_text(500000, 4));  // several blocks of the library's
  add(noise(60000, 5));
  for (int jobs : {1, 2, 4}) {
    INFO(jobs << " jobs");
    Decoded d = decode_frames(bytes, jobs);
    CHECK(d.error.empty());
    CHECK(d.text == text);
    CHECK(decompress(bytes, jobs).text == text);
  }
}

TEST_CASE("zstd cut short: the text and the error of one stream, whatever the jobs", "[decompress]") {
  Archive a = archive(12, 40000, Said::Pzstd);
  const std::size_t n = a.frame_at.size();
  auto frame_end = [&](std::size_t i) { return i + 1 < n ? a.frame_at[i + 1] - 12 : a.bytes.size(); };
  auto text_end = [&](std::size_t i) { return i + 1 < n ? a.text_at[i + 1] : a.text.size(); };
  struct Cut {
    const char* where;
    std::size_t at;
    bool error;
  };
  const Cut cuts[] = {{"between frames", frame_end(4), false},
                      {"in a skippable frame", frame_end(4) + 6, true},
                      {"in a frame's header", a.frame_at[1] + 3, true},
                      {"in a frame's first block", a.frame_at[1] + 200, true},
                      {"in a frame's checksum", frame_end(1) - 2, true},
                      {"in the last frame", a.bytes.size() - 100, true}};
  for (const Cut& cut : cuts) {
    std::string bytes = a.bytes.substr(0, cut.at);
    Decoded one = decompress(bytes, 1);
    INFO("cut " << cut.where);
    CHECK(one.error.empty() == !cut.error);
    if (cut.error) CHECK(one.error == "truncated zstd data: the input ends inside a frame");
    same_as_one_stream(bytes, one);
    // Every whole frame before the cut is given; of the frame cut, at most its blocks read.
    std::size_t whole = 0, upto = a.text.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (frame_end(i) <= cut.at) whole = text_end(i);
      else if (upto == a.text.size()) upto = text_end(i);
    }
    CHECK(one.text.size() >= whole);
    CHECK(one.text.size() <= upto);
    CHECK(a.text.compare(0, one.text.size(), one.text) == 0);
    if (!cut.error) CHECK(one.text == a.text.substr(0, whole));
  }
}

TEST_CASE("zstd damaged in a frame: the frames before it, then the error of one stream", "[decompress]") {
  Archive a = archive(10, 300000, Said::Pzstd);  // frames of several blocks
  const std::size_t n = a.frame_at.size();
  for (std::size_t k : {std::size_t(0), std::size_t(4), std::size_t(9)}) {
    std::size_t at = a.frame_at[k], end = k + 1 < n ? a.frame_at[k + 1] - 12 : a.bytes.size();
    std::size_t text_end = k + 1 < n ? a.text_at[k + 1] : a.text.size();
    struct Damage {
      const char* where;
      std::size_t at;
    };
    for (Damage damage : {Damage{"its magic number", at}, Damage{"its middle", (at + end) / 2},
                          Damage{"its checksum", end - 2}}) {
      std::string bytes = a.bytes;
      bytes[damage.at] = char(bytes[damage.at] ^ 0x5A);
      INFO("frame " << k << ", damaged in " << damage.where);
      Decoded one = decompress(bytes, 1);
      CHECK(one.error.rfind("corrupt zstd data: ", 0) == 0);
      CHECK(one.text.size() >= a.text_at[k]);
      CHECK(one.text.size() <= text_end);
      // (Damaged data can decode to other text before the damage is found: the checksum
      // at the frame's end finds it, at the latest.)
      CHECK(a.text.compare(0, a.text_at[k], one.text, 0, a.text_at[k]) == 0);
      if (damage.at == at) CHECK(one.text == a.text.substr(0, a.text_at[k]));
      if (damage.at == end - 2) CHECK(one.text == a.text.substr(0, text_end));
      same_as_one_stream(bytes, one);
    }
  }
}

TEST_CASE("zstd frames: a reader that stops early ends the threads", "[decompress]") {
  Archive a = archive(30, 100000, Said::Pzstd);
  for (int jobs : {2, 4}) {
    std::istringstream in(a.bytes);
    tools::DecompressedInput d(in, jobs);
    std::istream text(d.buffer());
    std::string first(5000, '\0');
    text.read(first.data(), std::streamsize(first.size()));
    CHECK(first == a.text.substr(0, first.size()));
  }  // (the test would hang here, or a sanitizer say what was left)
}
