// --where 'TAG OP VALUE': a tag compared with a number, a date or a text (where.cpp says
// how each is compared, and what a game without the tag counts as).
#pragma once

#include <memory>
#include <string>

#include "pgn-convert/criterion.h"

namespace convert {

// The criterion of one --where, or null with `error` set when `spec` cannot be used.
std::unique_ptr<Criterion> make_where(const std::string& spec, std::string& error);

}  // namespace convert
