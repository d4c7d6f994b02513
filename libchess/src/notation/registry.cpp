#include "chess/notation/registry.h"

#include <algorithm>

#include "notation/algebraic.h"
#include "notation/coordinate.h"
#include "notation/descriptive.h"

namespace chess::notation {
namespace {

// Auto-detection tries dialects in this order, so that when several read a list as the
// same moves, the most common name is reported.
const std::vector<std::unique_ptr<Codec>>& all_codecs() {
  static const std::vector<std::unique_ptr<Codec>> codecs = [] {
    std::vector<std::unique_ptr<Codec>> all;
    for (auto* family : {+[] { return make_algebraic_codecs(); }, +[] { return make_coordinate_codecs(); },
                         +[] { return make_descriptive_codecs(); }})
      for (auto& codec : family()) all.push_back(std::move(codec));
    return all;
  }();
  return codecs;
}

}  // namespace

const Codec* find_codec(std::string_view name) {
  for (const auto& codec : all_codecs())
    if (codec->name() == name) return codec.get();
  return nullptr;
}

std::vector<std::string_view> codec_names() {
  std::vector<std::string_view> names;
  for (const auto& codec : all_codecs()) names.push_back(codec->name());
  return names;
}

Detection detect_dialect(const Position& start, std::span<const std::string_view> moves) {
  struct Reading {
    const Codec* codec;
    std::vector<Move> moves;
    std::size_t lenient = 0;  // moves read only leniently (not as the dialect writes them)
  };
  std::vector<Reading> complete;
  // Furthest reading so far: moves read, then how far the failing move got (understood
  // but ambiguous beats understood but illegal beats not understood).
  std::pair<std::size_t, int> best_score{0, -1};
  const Codec* best = nullptr;
  for (const auto& codec : all_codecs()) {
    // Variants of a dialect that read the same way (descriptive-kt, san-da...) add nothing.
    std::string_view n = codec->name();
    if (n == "descriptive-kt" || n == "descriptive-plus" || n == "san-da" || n == "san-no" || n == "san-sv" ||
        n == "san-it")
      continue;
    Position pos = start;
    PieceOrigins origins(pos);
    Reading reading{codec.get(), {}};
    int failure_rank = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ParseOptions options;
      options.origins = &origins;
      options.following = moves.subspan(i + 1);
      ParseResult r = codec->parse(pos, moves[i], options);
      if (!r.ok()) {
        failure_rank = r.error->kind == ErrorKind::Ambiguous ? 2 : r.error->kind == ErrorKind::Illegal ? 1 : 0;
        break;
      }
      reading.lenient += !r.notes.empty();
      origins.update(pos, r.move);
      pos.make_move(r.move);
      reading.moves.push_back(r.move);
    }
    if (reading.moves.size() == moves.size()) complete.push_back(std::move(reading));
    else if (std::pair(reading.moves.size(), failure_rank) > best_score) {
      best_score = {reading.moves.size(), failure_rank};
      best = codec.get();
    }
  }
  Detection d;
  if (complete.empty()) {
    d.message = "no dialect reads every move legally";
    d.closest = best;
    if (best && best_score.first > 0)
      d.message += " (" + std::string(best->name()) + " reads " + std::to_string(best_score.first) + " of " +
                   std::to_string(moves.size()) + " moves)";
    return d;
  }
  // A dialect that reads every move exactly as it would write it beats one that needs
  // lenient readings ("Bc4" is canonical SAN, but German only as a pawn with its letter).
  std::size_t fewest = complete.front().lenient;
  for (const Reading& r : complete) fewest = std::min(fewest, r.lenient);
  auto exact = std::find_if(complete.begin(), complete.end(), [&](const Reading& r) { return r.lenient == fewest; });
  std::vector<std::string> lenient_rivals;
  for (const Reading& r : complete)
    if (r.lenient > fewest && r.moves != exact->moves) lenient_rivals.push_back(std::string(r.codec->name()));
  std::erase_if(complete, [&](const Reading& r) { return r.lenient > fewest; });
  d.codec = complete.front().codec;
  if (!lenient_rivals.empty()) {
    constexpr std::size_t NAMED = 3;  // (SAN's pawn letter is read leniently by a dozen dialects)
    d.caution = "the moves read as " + std::string(d.codec->name()) + "; as ";
    for (std::size_t i = 0; i < std::min(NAMED, lenient_rivals.size()); ++i)
      d.caution += (i ? ", " : "") + lenient_rivals[i];
    if (lenient_rivals.size() > NAMED) d.caution += " (and " + std::to_string(lenient_rivals.size() - NAMED) + " more)";
    d.caution += " they read too, leniently, as other moves: if that is their dialect, name it with --from";
  }
  for (const Reading& r : complete)
    if (r.moves != complete.front().moves) d.rivals.push_back(std::string(r.codec->name()));
  if (!d.rivals.empty()) {
    for (const Reading& r : complete) d.readings.push_back(r.codec);
    d.message = "the moves read legally as " + std::string(d.codec->name());
    for (const auto& r : d.rivals) d.message += " and as " + r;
    d.message += ", with different moves: name the dialect with --from";
    d.codec = nullptr;
  }
  return d;
}

}  // namespace chess::notation
