#!/usr/bin/env python3
"""The hostile inputs of issue 16, made at test time (nothing here is committed but this).

    tests/hostile/generate.py DIR [--scale S] [--only NAME,...]

writes each case into DIR and prints its name and files. Every damaged PGN file holds a good
game before the damage (White "GoodBefore") and, where the damage leaves room for one, a
good game after it (White "GoodAfter"); a file that ends in the damage is followed, on the
command line, by a second file holding the good game after. Line-based files (EPD, move
lists) hold a good line before and after the damage likewise.

--scale shrinks the big cases (1 = the sizes the issue names; hostile_test.py uses less for
the 10 million games unless told otherwise). Files are written in blocks, never built whole
in memory.
"""
import os
import random
import sys

MB = 1 << 20
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def good_game(white):
    return ('[Event "Hostile"]\n[Site "Here"]\n[Date "2025.01.01"]\n[Round "1"]\n'
            f'[White "{white}"]\n[Black "Someone"]\n[Result "1-0"]\n\n'
            '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n').encode()


BEFORE, AFTER = good_game("GoodBefore"), good_game("GoodAfter")
HEADER = ('[Event "Hostile"]\n[Site "Here"]\n[Date "2025.01.01"]\n[Round "1"]\n'
          '[White "Damaged"]\n[Black "Someone"]\n').encode()

# The good lines of the line-based inputs: a move list (notation-translate) and a perft
# suite line (fen-perft --epd; game-adjudicate --positions reads it as an EPD), each known
# by what it becomes: "g1f3" in the translation, "8/8/8/8/8/8/8/K1k5" the position.
MOVES_BEFORE, MOVES_AFTER = b"1. e4 e5 2. Nf3 Nc6\n", b"1. d4 d5 2. Nf3 Nf6\n"
EPD_BEFORE = (START_FEN.rsplit(" ", 2)[0] + " ;D1 20 ;id \"before\"\n").encode()
EPD_AFTER = b"8/8/8/8/8/8/8/K1k5 w - - ;D1 1 ;id \"after\"\n"

# The three kinds of input and their good text before and after the damage.
KINDS = {"pgn": (BEFORE, AFTER), "txt": (MOVES_BEFORE, MOVES_AFTER), "epd": (EPD_BEFORE, EPD_AFTER)}


def repeat(out, piece, total):
    """Writes `piece` over and over, `total` bytes in all."""
    block = piece * max(1, (1 << 20) // len(piece))
    while total > 0:
        chunk = block[:total]
        out.write(chunk)
        total -= len(chunk)


class Maker:
    def __init__(self, folder, scale):
        self.folder, self.scale = folder, scale

    def size(self, n):
        return max(1, int(n * self.scale))

    def path(self, name):
        return os.path.join(self.folder, name)

    def open(self, name):
        return open(self.path(name), "wb")

    def framed(self, name, kind, damage):
        """NAME.KIND: the good text before, `damage(file)`, the good text after."""
        before, after = KINDS[kind]
        with self.open(f"{name}.{kind}") as f:
            f.write(before)
            damage(f)
            f.write(after)
        return [f"{name}.{kind}"]

    def ending(self, name, kind, tail):
        """NAME.KIND ends in `tail`; NAME-after.KIND holds the good text after."""
        before, after = KINDS[kind]
        with self.open(f"{name}.{kind}") as f:
            f.write(before + tail)
        with self.open(f"{name}-after.{kind}") as f:
            f.write(after)
        return [f"{name}.{kind}", f"{name}-after.{kind}"]


def text(data):
    return lambda f: f.write(data)


# Each maker writes its files and returns {kind: [file names, in the order given]}.

def comment_100mb(m, name):
    size = m.size(100 * MB)
    return {
        "pgn": m.framed(name, "pgn", lambda f: (f.write(HEADER + b'[Result "*"]\n\n1. e4 {'),
                                                 repeat(f, b"a comment that never ends ", size),
                                                 f.write(b"} e5 *\n\n"))),
        "txt": m.framed(name, "txt", lambda f: (f.write(b"1. e4 {"), repeat(f, b"a comment that never ends ", size),
                                                 f.write(b"} e5\n"))),
    }


def tag_10mb(m, name):
    size = m.size(10 * MB)
    return {"pgn": m.framed(name, "pgn", lambda f: (f.write(HEADER + b'[Result "*"]\n[Annotator "'), repeat(f, b"x", size),
                                                     f.write(b'"]\n\n1. e4 e5 *\n\n')))}


def token_1mb(m, name):
    size = m.size(MB)
    return {
        "pgn": m.framed(name, "pgn", lambda f: (f.write(HEADER + b'[Result "*"]\n\n1. e4 '), repeat(f, b"N", size),
                                                 f.write(b" *\n\n"))),
        "txt": m.framed(name, "txt", lambda f: (f.write(b"1. e4 "), repeat(f, b"N", size), f.write(b"\n"))),
        "epd": m.framed(name, "epd", lambda f: (repeat(f, b"N", size), f.write(b" w - - ;D1 1\n"))),
    }


def nested(m, name, closed):
    depth = m.size(100_000)

    def damage(f, pgn):
        f.write(HEADER + b'[Result "*"]\n\n1. e4 ' if pgn else b"1. e4 ")
        repeat(f, b"( e4 ", 5 * depth)
        if closed:
            repeat(f, b") ", 2 * depth)
            f.write(b"e5 *\n\n" if pgn else b"e5\n")
        else:
            f.write(b"\n\n" if pgn else b"\n")
    return {"pgn": m.framed(name, "pgn", lambda f: damage(f, True)), "txt": m.framed(name, "txt", lambda f: damage(f, False))}


def plies_500k(m, name):
    plies = m.size(500_000) // 4 * 4

    def moves(f, per_line):
        lines = []
        for n in range(plies // 2):  # knights out and back: every move legal
            white, black = ("Nf3", "Nf6") if n % 2 == 0 else ("Ng1", "Ng8")
            lines.append(f"{n + 1}. {white} {black}")
            if len(lines) == per_line:
                f.write((" ".join(lines) + ("\n" if per_line < plies else " ")).encode())
                lines = []
        f.write(" ".join(lines).encode())
    return {
        "pgn": m.framed(name, "pgn", lambda f: (f.write(HEADER + b'[Result "1/2-1/2"]\n\n'), moves(f, 8),
                                                 f.write(b" 1/2-1/2\n\n"))),
        "txt": m.framed(name, "txt", lambda f: (moves(f, plies), f.write(b"\n"))),
    }


ONE_MOVE_GAME = b'[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 *\n\n'


def games_10m(m, name, count=None):
    count = count or m.size(10_000_000)
    return {
        "pgn": m.framed(name, "pgn", lambda f: repeat(f, ONE_MOVE_GAME, (count - 2) * len(ONE_MOVE_GAME))),
        "txt": m.framed(name, "txt", lambda f: repeat(f, b"e4\n", (count - 2) * 3)),
    }


def nul_bytes(m, name):
    return {
        "pgn": m.framed(name, "pgn", text(
            HEADER.replace(b"Damaged", b"Dam\0aged") + b'[Result "*"]\n\n1. e4 e5 *\n\n' +
            HEADER + b'[Result "*"]\n\n1. e4 {a \0 comment} e5 *\n\n' +
            HEADER + b'[Result "*"]\n\n1. e\0 4 e5 *\n\n')),
        "txt": m.framed(name, "txt", text(b"1. e4 e\0 5\n")),
        "epd": m.framed(name, "epd", text(b"rnbqkbnr/pppp\0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20\n")),
    }


def invalid_utf8(m, name):
    return {
        "pgn": m.framed(name, "pgn", text(
            HEADER.replace(b"Damaged", b"Dam\xff\xfeaged\xc3(\xe2\x82") +
            b'[Result "*"]\n\n1. e4 {bad \xed\xa0\x80 surrogate, \xf8\x88\x80\x80\x80 long} e5 *\n\n' +
            HEADER + b'[Result "*"]\n\n1. e4 e5\xc3 *\n\n')),
        "txt": m.framed(name, "txt", text(b"1. e4 e5\xc3 Nf3\n")),
        "epd": m.framed(name, "epd", text(b"rnbqkbnr/pppp\xffppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20\n")),
    }


def utf16(m, name, codec, bom):
    damage = {"pgn": HEADER + '[Result "*"]\n\n1. e4 {Schäfer ♔} e5 *\n\n'.encode(), "txt": b"1. c4 c5\n",
              "epd": b"4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n"}
    out = {}
    for kind, (before, after) in KINDS.items():
        data = (before + damage[kind] + after).decode().encode(codec)
        if bom:
            data = "\ufeff".encode(codec) + data
        with m.open(f"{name}.{kind}") as f:
            f.write(data)
        out[kind] = [f"{name}.{kind}"]
    return out


def truncated(m, name, pgn_tail, txt_tail=None, epd_tail=None):
    out = {"pgn": m.ending(name, "pgn", HEADER + pgn_tail)}
    if txt_tail is not None:
        out["txt"] = m.ending(name, "txt", txt_tail)
    if epd_tail is not None:
        out["epd"] = m.ending(name, "epd", epd_tail)
    return out


def random_bytes(m, name, framed):
    data = random.Random(16).randbytes(m.size(MB))
    out = {}
    for kind, (before, after) in KINDS.items():
        if framed:
            out[kind] = m.framed(name, kind, text(data + b"\n\n"))
            continue
        with m.open(f"{name}.{kind}") as f:
            f.write(data)
        with m.open(f"{name}-before.{kind}") as f:
            f.write(before)
        with m.open(f"{name}-after.{kind}") as f:
            f.write(after)
        out[kind] = [f"{name}-before.{kind}", f"{name}.{kind}", f"{name}-after.{kind}"]
    return out


def bad_files(m, name):
    """A directory, a missing file and an unreadable one (mode 000) among good files."""
    out = {}
    for kind, (before, after) in KINDS.items():
        with m.open(f"{name}-before.{kind}") as f:
            f.write(before)
        with m.open(f"{name}-after.{kind}") as f:
            f.write(after)
        os.makedirs(m.path(f"{name}-dir.{kind}"), exist_ok=True)
        with m.open(f"{name}-unreadable.{kind}") as f:
            f.write(before)
        os.chmod(m.path(f"{name}-unreadable.{kind}"), 0)
        out[kind] = [f"{name}-before.{kind}", f"{name}-dir.{kind}", f"{name}-missing.{kind}",
                     f"{name}-unreadable.{kind}", f"{name}-after.{kind}"]
    return out


def epd_line_10mb(m, name):
    size = m.size(10 * MB)
    return {
        "epd": m.framed(name, "epd", lambda f: (f.write(START_FEN.encode() + b' ;D1 20 ;id "'), repeat(f, b"y", size),
                                                 f.write(b'"\n'))),
        "txt": m.framed(name, "txt", lambda f: (f.write(b"1. e4 "), repeat(f, b"e5 Nf3 ", size), f.write(b"\n"))),
    }


FEN_10000 = START_FEN + " x" * (10_000 - 6)


def fen_10000_fields(m, name):
    with m.open(name + ".arg") as f:  # for the options that take a FEN (fen-perft, notation-translate --fen)
        f.write(FEN_10000.encode())
    return {
        "epd": m.framed(name, "epd", text(FEN_10000.encode() + b" ;D1 20\n")),
        "pgn": m.framed(name, "pgn", text(HEADER + b'[Result "*"]\n[SetUp "1"]\n[FEN "' + FEN_10000.encode() +
                                          b'"]\n\n1. e4 *\n\n')),
        "txt": m.framed(name, "txt", text(FEN_10000.encode() + b"\t1. e4 e5\n")),
        "arg": [name + ".arg"],
    }


CASES = {
    "comment-100mb": comment_100mb,
    "tag-10mb": tag_10mb,
    "token-1mb": token_1mb,
    "nested-closed": lambda m, n: nested(m, n, True),
    "nested-unclosed": lambda m, n: nested(m, n, False),
    "plies-500k": plies_500k,
    "games-10m": games_10m,
    "nul-bytes": nul_bytes,
    "invalid-utf8": invalid_utf8,
    "utf16le-bom": lambda m, n: utf16(m, n, "utf-16-le", True),
    "utf16le": lambda m, n: utf16(m, n, "utf-16-le", False),
    "utf16be-bom": lambda m, n: utf16(m, n, "utf-16-be", True),
    "utf16be": lambda m, n: utf16(m, n, "utf-16-be", False),
    "ends-in-tag": lambda m, n: truncated(m, n, b'[Result "*"]\n[Annotator "cut he'),
    "ends-in-comment": lambda m, n: truncated(m, n, b'[Result "*"]\n\n1. e4 {cut he', b"1. e4 {cut he"),
    "ends-in-variation": lambda m, n: truncated(m, n, b'[Result "*"]\n\n1. e4 (1. d4 d5 2. c', b"1. e4 (1. d4 d5 2. c"),
    "ends-in-move": lambda m, n: truncated(m, n, b'[Result "*"]\n\n1. e4 e5 2. Nf', b"1. e4 e5 2. Nf",
                                           b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB"),
    "random-1mb": lambda m, n: random_bytes(m, n, False),
    "random-1mb-framed": lambda m, n: random_bytes(m, n, True),
    "bad-files": bad_files,
    "epd-line-10mb": epd_line_10mb,
    "fen-10000-fields": fen_10000_fields,
}


def make(folder, name, scale=1.0):
    os.makedirs(folder, exist_ok=True)
    return CASES[name](Maker(folder, scale), name)


def main(argv):
    args = argv[1:]
    scale, only = 1.0, None
    if "--scale" in args:
        i = args.index("--scale")
        scale = float(args[i + 1])
        del args[i:i + 2]
    if "--only" in args:
        i = args.index("--only")
        only = args[i + 1].split(",")
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    for name in only or CASES:
        for kind, files in make(args[0], name, scale).items():
            print(name, kind, " ".join(files))


if __name__ == "__main__":
    main(sys.argv)
