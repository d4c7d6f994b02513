#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, made from the shared corpus and the project's
fixtures (not committed: scripts/fuzz makes them in build-fuzz/seeds/ when they are not
there). Each target's inputs are laid out as its *_target.cpp reads them.

Usage: make_seeds.py OUT_DIR SHARED_DIR FIXTURES_DIR"""
import glob
import hashlib
import json
import os
import random
import re
import sys

out, shared, fixtures = sys.argv[1], os.path.join(sys.argv[2], "corpus"), sys.argv[3]
random.seed(16)
MAX_PGN = 16384  # scripts/fuzz's -max_len for the PGN targets

# The dialect names in the order the targets index them (notation::codec_names()).
CODECS = ("san lan fan chinese san-de san-da san-no san-sv san-fr san-es san-it san-pt san-nl san-cs san-pl "
          "san-hu san-fi san-ro san-ru uci iccf smith descriptive descriptive-kt descriptive-plus").split()
FEN_COUNT = 16  # codec_target.cpp's positions


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def games(data):
    """A PGN file cut into games, where a tag line follows a blank line."""
    parts = re.split(rb"\n(?=\s*\n\[Event )", data)
    return [p.strip(b"\n") + b"\n" for p in parts if p.strip()]


def text_lines(path):
    return read(path).decode("utf-8", "replace").splitlines()


# PGN: every edge case whole (or game by game when long), and games of each real archive.
pgn_inputs = []
for path in sorted(glob.glob(os.path.join(shared, "pgn/edge-cases/**/*"), recursive=True)):
    if os.path.isfile(path):
        data = read(path)
        pgn_inputs += [data] if len(data) <= MAX_PGN else [g for g in games(data) if len(g) <= MAX_PGN][:40]
for kind, per_file in (("online", 60), ("engine", 4), ("master", 3)):
    for path in sorted(glob.glob(os.path.join(shared, "pgn", kind, "*.pgn"))):
        found = [g for g in games(read(path)) if len(g) <= MAX_PGN]
        pgn_inputs += random.sample(found, min(per_file, len(found)))
for name in ("sample.pgn", "round3.pgn"):
    found = games(read(os.path.join(fixtures, name)))
    pgn_inputs += [g for g in found if len(g) <= MAX_PGN][:100]
for data in pgn_inputs:
    write("pgn", data)
    # export: the last two bytes choose the layout and the dialect written.
    write("export", data + bytes([random.randrange(256), random.randrange(len(CODECS))]))

# FEN / EPD: every line of the perft suites and position files, and whole small suites.
fen_files = glob.glob(os.path.join(shared, "perft/*")) + glob.glob(os.path.join(shared, "adjudication/*.epd")) + \
    glob.glob(os.path.join(shared, "adjudication/*.fen")) + glob.glob(os.path.join(fixtures, "*.epd")) + \
    glob.glob(os.path.join(fixtures, "*.perft"))
fen_lines = []
for path in sorted(fen_files):
    lines = [l for l in text_lines(path) if l.strip()]
    fen_lines += lines
    write("fen", "\n".join(lines[:30]) + "\n")
for line in random.sample(fen_lines, min(1500, len(fen_lines))):
    write("fen", line)
    write("fen", " ".join(line.split(";")[0].split()[:6]))  # the FEN alone

# Move text: opening lines in SAN, the books' descriptive lines, Chinese-piece notation.
san_lines = []
for path in sorted(glob.glob(os.path.join(shared, "notation/*.tsv"))):
    san_lines += [l.split("\t")[2] for l in text_lines(path)[1:] if l.count("\t") >= 2]
descriptive_lines = []
for path in sorted(glob.glob(os.path.join(shared, "descriptive/*.txt"))):
    descriptive_lines += [l.strip() for l in text_lines(path) if re.search(r"\b[PKQRBN]t?-[KQ]?[RNBKQ]?\d", l)]
chinese_lines = [l.strip() for l in text_lines(os.path.join(shared, "chinese/geansoft-ChessStep-comment-chinese-notation.txt"))
                 if re.search(r"\d\.", l)]
notnil = json.loads(read(os.path.join(shared, "notation/notnil-valid_notation_tests.json")))
moves = [t[k] for t in notnil for k in ("algText", "longAlgText", "uciText") if t.get(k)]

# codec: [position, dialect, plies, choices...] + text. Every position in every dialect
# with no text (every legal move formatted and read back), then real move text.
for fen in range(FEN_COUNT):
    for codec in range(len(CODECS)):
        write("codec", bytes([fen, codec, 0]))
for line in random.sample(san_lines, min(400, len(san_lines))):
    write("codec", bytes([0, CODECS.index("san"), 0]) + line.encode())
for line in descriptive_lines[:300]:
    write("codec", bytes([0, CODECS.index(random.choice(["descriptive", "descriptive-kt"])), 0]) + line.encode())
for line in chinese_lines:
    write("codec", bytes([0, CODECS.index("chinese"), 0]) + line.encode())
for move in moves:
    walk = [random.randrange(256) for _ in range(random.randrange(8))]
    write("codec", bytes([random.randrange(FEN_COUNT), random.randrange(len(CODECS)), len(walk)] + walk) + move.encode())

# translate: [dialect written, dialect read + 1 or 0 for auto, flags] + lines.
def lines_seed(lines, source=None):
    frm = 0 if source is None or random.random() < 0.5 else CODECS.index(source) + 1
    prefix = bytes([random.randrange(len(CODECS)), frm, random.randrange(16)])
    write("translate", prefix + ("\n".join(lines) + "\n").encode())


for i in range(0, min(len(san_lines), 1200), 3):
    lines_seed(san_lines[i:i + 3], "san")
for i in range(0, len(descriptive_lines), 4):
    lines_seed(descriptive_lines[i:i + 4], "descriptive")
for i in range(0, len(chinese_lines), 2):
    lines_seed(chinese_lines[i:i + 2], "chinese")
for d in sorted(os.listdir(out)):
    print(f"{d}: {len(os.listdir(os.path.join(out, d)))} seeds")
