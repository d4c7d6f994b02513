// What the shared library exports: the declarations of include/chess/ between
// CHESS_PUBLIC_BEGIN and CHESS_PUBLIC_END. The library is compiled with hidden visibility,
// so whatever else is in it stays inside, free to change.
#pragma once

#define CHESS_PUBLIC_BEGIN _Pragma("GCC visibility push(default)")
#define CHESS_PUBLIC_END _Pragma("GCC visibility pop")
