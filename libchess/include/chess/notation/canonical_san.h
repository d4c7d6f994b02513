// The fast path of SAN reading: most real games are written in canonical SAN, exactly as
// the SAN writer prints it. Such a move can be recognised and played in one pass, without
// the general reader's tokenising, leniencies and diagnostics; anything else (a spelling
// variant, an illegal or unreadable move) is left to the general reader, which explains it.
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::notation {

// If `text` is exactly the canonical SAN of a legal move (disambiguation only against
// legal rivals, 'x' exactly on captures, "=Q" promotions, '+' or '#' exactly when the move
// checks or mates), plays it and returns it. Otherwise returns Move::none() and leaves
// the position as it was.
Move play_canonical_san(Position& pos, std::string_view text);

// The same for text that differs from the canonical SAN only as archives and scoresheets
// most often write it: a wrong check mark or none ("Qg1+" for a mate), castling in zeros
// ("0-0"), a piece's origin named more fully than its rivals require ("Ng1f3", "Ng1-f3",
// "Ngf3" where one knight reaches f3), a pawn's square before its move ("e2-e4",
// "e4xd5"). Plays the move, and `canonical` receives its canonical SAN. For readers that
// report the difference themselves.
Move play_nearly_canonical_san(Position& pos, std::string_view text, std::string& canonical);

// The same, the position left as it was either way (for callers that write the move
// from the position before it).
Move read_canonical_san(Position& pos, std::string_view text);

}  // namespace chess::notation

CHESS_PUBLIC_END
