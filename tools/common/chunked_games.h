// One input on several threads with no serial reader in the way. The input is cut into
// chunks of a quarter megabyte or so where a game probably begins (a tag line after a blank line),
// and each chunk is read by a Reader of its own on a worker thread. Cuts are checked
// afterwards: a chunk's games stand only if the chunk before it ended cleanly
// (Reader::ended_cleanly), for then a reader of the whole input would have been in the
// same state there. Where one did not, the two chunks are read again as one; if that keeps
// happening (a long run of games without results), the rest of the input is read in order
// on this thread. Results come out in input order, exactly as a single Reader gives them.
#pragma once

#include <algorithm>
#include <atomic>
#include <istream>
#include <streambuf>
#include <string>
#include <vector>

#include "chess/pgn/reader.h"
#include "common/ordered_pipeline.h"
#include "common/text_buffer.h"

namespace tools {

struct ChunkLimits {
  std::size_t target = 256 << 10;     // a chunk is cut at the first likely game start after this
  std::size_t longest = 1 << 20;      // and anywhere after this
  std::size_t max_merged = 16 << 20;  // more than this read again as one: read the rest in order
  // A chunk's games each hold a result (a report: half a kilobyte and more) until the chunk's
  // turn comes, in each of the 2 x jobs chunks in flight: 256 KiB of one-move games are
  // 5,000 results, megabytes a chunk. So the target is lowered, to no less than `smallest`,
  // for about `games` games of the size of those read last.
  std::size_t games = 1000;
  std::size_t smallest = 16 << 10;
};

namespace chunked {

template <class Result>
struct Chunk {
  Text text;
  std::size_t first_line = 1;   // the number of the text's first line in the input
  std::size_t end_bytes = 0;    // input bytes up to the chunk's end
  bool starts_line = true;      // the cut before it fell at a line start
  // Its games, numbered from 1: the first `count`. Results past them are kept from the
  // chunk's earlier use, for the next reading to fill in place: strings and vectors refilled
  // keep their room, where new ones were allocated on one thread and freed on another.
  std::vector<Result> results;
  std::size_t count = 0;
  bool clean = false;  // its reader ended cleanly
  std::vector<chess::pgn::Diagnostic> trailing;  // what its reader found after its last game
};

// Where to cut `text` at or after `from`: the start of a tag line after a blank line,
// whatever ends the lines. They are chess::line_end_length's line ends, read backwards from
// the '[' that is searched for: an LF with the CRs before it is one, a CR before the '['
// (text, not an LF, follows it) is one alone.
inline std::size_t likely_game_start(std::string_view text, std::size_t from) {
  for (std::size_t at = std::max<std::size_t>(from, 1); (at = text.find('[', at)) != std::string_view::npos; ++at) {
    std::size_t before = at;  // where the line before ends: it must be blank
    if (text[before - 1] == '\n') {
      for (--before; before > 0 && text[before - 1] == '\r';) --before;
    } else if (text[before - 1] == '\r') {
      --before;  // a CR alone ('[' follows it)
    } else {
      continue;
    }
    if (before > 0 && (text[before - 1] == '\n' || text[before - 1] == '\r')) return at;
  }
  return std::string_view::npos;
}

// A buffer that reads one text, then asks `next` for more (false at the end).
template <class Next>
class PullBuffer : public std::streambuf {
public:
  PullBuffer(Text first, Next next) : next_(next) {
    current_.swap(first);
    reset();
  }

private:
  int_type underflow() override {
    while (gptr() == egptr()) {
      current_.clear();
      if (!next_(current_)) return traits_type::eof();
      reset();
    }
    return traits_type::to_int_type(*gptr());
  }
  void reset() { setg(current_.data(), current_.data(), current_.data() + current_.size()); }
  Text current_;
  Next next_;
};

// Cuts the input into chunks: at the first likely game start after `target` bytes, at
// any line start after `longest`, anywhere if a line is longer still.
class Cutter {
public:
  Cutter(std::istream& in, const ChunkLimits& limits) : in_(in), limits_(limits) {}

  // A chunk was read (on any thread): `bytes` of it held `games` games.
  void read(std::size_t bytes, std::size_t games) {
    if (games) bytes_per_game_.store(bytes / games + 1, std::memory_order_relaxed);
  }

  // Fills `chunk` with the next piece of input; false when none is left.
  template <class Result>
  bool cut(Chunk<Result>& chunk) {
    Text& t = chunk.text;
    t.clear();
    t.append(carry_.view());
    carry_.clear();
    // Until a chunk has been read, games are taken to be small: the first chunks of every
    // thread are cut before any is read.
    std::size_t per_game = bytes_per_game_.load(std::memory_order_relaxed);
    const std::size_t target = std::clamp(limits_.games * (per_game ? per_game : 64),
                                          std::min(limits_.smallest, limits_.target), limits_.target);
    std::size_t cut = std::string::npos, searched = 0;
    for (;;) {
      if (t.size() > target) {
        cut = likely_game_start(t.view(), std::max(target, searched));
        searched = t.size() > 2 ? t.size() - 2 : 0;
        if (cut != std::string::npos) break;
      }
      if (input_ends_) {
        cut = t.size();
        break;
      }
      if (t.size() > limits_.longest) {  // no likely game start
        cut = last_line_start(t.view());
        break;
      }
      // Straight into the chunk: up to just past the target at once, then a little at a
      // time, for what is read past the cut is copied again to start the next chunk.
      std::size_t want = t.size() <= target ? target + 1 - t.size() : STEP;
      in_.read(t.room(want), std::streamsize(want));
      t.filled(std::size_t(in_.gcount()));
      input_ends_ = !in_;
    }
    carry_.append(t.view().substr(cut));
    t.shrink_to(cut);
    if (cut == 0) return false;
    chunk.first_line = line_;
    chunk.starts_line = at_line_start_;
    count_lines(t.view(), carry_.view().empty() ? '\0' : carry_.view().front());
    bytes_ += cut;
    chunk.end_bytes = bytes_;
    return true;
  }

private:
  static constexpr std::size_t STEP = 16 << 10;

  // Counts a chunk's line ends into line_, and whether the next chunk starts a line.
  // `next` is the byte after the chunk (0: not read yet). CRs that end the chunk with no
  // byte but a CR known after them are held until a later chunk shows what follows them:
  // an LF makes them one line end with it, anything else one line end each.
  void count_lines(std::string_view text, char next) {
    if (crs_held_) {
      std::size_t crs = std::min(text.find_first_not_of('\r'), text.size());
      crs_held_ += crs;
      if (crs == text.size() && (next == '\0' || next == '\r')) {
        at_line_start_ = false;
        return;
      }
      const char after = crs < text.size() ? text[crs] : next;
      if (after != '\n') line_ += crs_held_;
      crs_held_ = 0;
      text.remove_prefix(crs);
      if (text.empty()) {
        at_line_start_ = after != '\n';
        return;
      }
    }
    if (next == '\0' || next == '\r') {
      const std::size_t kept = text.find_last_not_of('\r') + 1;  // (npos + 1: 0)
      crs_held_ = text.size() - kept;
      text = text.substr(0, kept);
    }
    line_ += count_line_ends(text, next);
    const char last = crs_held_ || text.empty() ? '\r' : text.back();
    at_line_start_ = last == '\n' || (last == '\r' && !crs_held_ && next != '\n');
  }

  // The start of the last line that begins in `text`, or where to cut it mid-line: not
  // among CRs, which the byte after them makes one line end or several.
  static std::size_t last_line_start(std::string_view text) {
    std::size_t newline = text.rfind('\n');
    if (newline != std::string_view::npos) return newline + 1;
    for (std::size_t at = text.size() - 1; at > 0;) {  // (no LF: a CR with text after it ends a line)
      at = text.rfind('\r', at - 1);
      if (at == std::string_view::npos) break;
      if (text[at + 1] != '\r') return at + 1;
    }
    std::size_t cut = text.size();
    while (cut > 1 && text[cut - 1] == '\r') --cut;
    return cut;
  }
  std::istream& in_;
  ChunkLimits limits_;
  Text carry_;  // read, not yet in a chunk
  std::size_t line_ = 1, bytes_ = 0;
  std::size_t crs_held_ = 0;  // CRs ending the chunks cut so far, not yet counted (count_lines)
  bool at_line_start_ = true, input_ends_ = false;
  std::atomic<std::size_t> bytes_per_game_{0};  // in the chunk read last; 0: none yet
};

// A chunk given back to be filled again. One that held an outsize piece of input (lines of
// megabytes, chunks read again as one) gives back that memory, and its results' (the
// strings of a huge game): slots by the dozen keeping such would hold hundreds of MB.
// So does one that held many more games than chunks now hold (small games after large).
template <class Result>
void give_back_room(Chunk<Result>& c, const ChunkLimits& limits) {
  if (c.text.size() > limits.longest || c.text.capacity() > 2 * limits.longest + (64 << 10)) {
    c.text.release();
    c.results.clear();
    c.results.shrink_to_fit();
  } else if (c.results.size() > 2 * limits.games) {
    c.results.resize(limits.games);
    c.results.shrink_to_fit();
  }
}

// A chunk's games, with a reader of its own that starts where the chunk does.
template <class Result, class ReadOne>
void read_chunk(Chunk<Result>& chunk, chess::pgn::ReaderOptions options, ReadOne& read_one) {
  options.line_offset += chunk.first_line - 1;
  options.byte_offset += chunk.end_bytes - chunk.text.size();
  chess::pgn::Reader reader(chunk.text.view(), options);
  for (chunk.count = 0;; ++chunk.count) {
    if (chunk.count == chunk.results.size()) chunk.results.emplace_back();
    if (!read_one(reader, chunk.results[chunk.count])) break;
  }
  chunk.clean = reader.ended_cleanly();
  chunk.trailing = reader.trailing_diagnostics();
}

}  // namespace chunked

// read_one(chess::pgn::Reader&, Result&) -> bool reads and handles the reader's next game,
// false at the end; it runs on any thread, and is given a Result that may hold an earlier
// game's, to overwrite. emit(Result&, std::size_t ordinal_offset,
// std::size_t bytes_read) runs on this thread in input order (the result's game number
// counts from the piece it was read in: add ordinal_offset) and returns false to stop.
// Returns false if emit stopped it. `trailing`, if given, receives what the reader found
// after the input's last game (a chunk's own is read again with the next chunk's games).
template <class Result, class ReadOne, class Emit>
bool for_each_game_chunked(std::istream& in, int jobs, chess::pgn::ReaderOptions options, ReadOne read_one, Emit emit,
                           ChunkLimits limits = {}, std::vector<chess::pgn::Diagnostic>* trailing = nullptr) {
  using Chunk = chunked::Chunk<Result>;
  chunked::Cutter cutter(in, limits);
  auto read_all = [&](Chunk& chunk) {
    chunked::read_chunk(chunk, options, read_one);
    cutter.read(chunk.text.size(), chunk.count);
  };
  OrderedPipeline<Chunk> pipeline(
      jobs, std::size_t(2 * jobs + 2), [&](Chunk& chunk) { return cutter.cut(chunk); }, read_all);
  using Slot = typename OrderedPipeline<Chunk>::Slot;
  auto recycle = [&](Slot* slot) {
    chunked::give_back_room(slot->item, limits);
    pipeline.recycle(slot);
  };

  bool going = true;
  std::size_t ordinal_offset = 0;
  auto emit_all = [&](Chunk& chunk) {
    for (std::size_t i = 0; i < chunk.count; ++i)
      if (!(going = emit(chunk.results[i], ordinal_offset, chunk.end_bytes))) break;
    ordinal_offset += chunk.count;
  };
  Slot* pending = pipeline.next();  // its games stand (the first chunk starts the input), not yet emitted
  while (pending && going) {
    Slot* next = pipeline.next();
    if (!next) break;
    Chunk &kept = pending->item, &after = next->item;
    if (kept.clean && after.starts_line) {
      emit_all(kept);
      recycle(pending);
      pending = next;
      continue;
    }
    if (kept.text.size() + after.text.size() <= limits.max_merged) {  // read the two again as one
      kept.text.append(after.text.view());
      kept.end_bytes = after.end_bytes;
      recycle(next);
      read_all(kept);
      continue;
    }
    // Cut after cut fails: read the rest of the input in order, chunk after chunk.
    pipeline.stop_processing();
    std::size_t bytes_before = kept.end_bytes - kept.text.size();
    chess::pgn::ReaderOptions o = options;
    o.line_offset += kept.first_line - 1;
    o.byte_offset += bytes_before;
    chunked::Text first;
    first.swap(kept.text);
    first.append(after.text.view());
    recycle(pending);
    recycle(next);
    pending = nullptr;
    auto pull = [&](chunked::Text& out) {
      Slot* slot = pipeline.next();
      if (!slot) return false;
      out.swap(slot->item.text);
      recycle(slot);
      return true;
    };
    chunked::PullBuffer<decltype(pull)> buffer(std::move(first), pull);
    std::istream stream(&buffer);
    chess::pgn::Reader reader(stream, o);
    for (Result r; going && read_one(reader, r);) going = emit(r, ordinal_offset, bytes_before + reader.bytes_read());
    if (trailing && going) *trailing = reader.trailing_diagnostics();
  }
  if (pending && going) {
    emit_all(pending->item);
    if (trailing && going) *trailing = pending->item.trailing;
  }
  return going;
}

}  // namespace tools
