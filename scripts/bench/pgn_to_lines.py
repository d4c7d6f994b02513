#!/usr/bin/env python3
"""Benchmark input preparation (not timed): the main lines of PGN games, one game per line.

Tags, {comments}, ;comments, (variations), NAGs and % escape lines are dropped; move
numbers and results are kept. Prints the number of games and of moves to stderr.
Usage: pgn_to_lines.py FILE.pgn... > lines.txt
"""
import re
import sys

games = moves = 0
out = sys.stdout
for path in sys.argv[1:]:
    text = open(path, encoding="latin-1").read()
    text = re.sub(r"^%.*$", "", text, flags=re.M)
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r";[^\n]*", " ", text)
    text = re.sub(r"^\[.*\]\s*$", "\n", text, flags=re.M)
    for block in re.split(r"\n\s*\n", text):
        line = " ".join(block.split())
        while True:  # variations nest: strip the innermost until none are left
            stripped = re.sub(r"\([^()]*\)", " ", line)
            if stripped == line:
                break
            line = stripped
        line = re.sub(r"\$\d+", " ", line)
        line = " ".join(line.split())
        if not line:
            continue
        tokens = [t for t in re.split(r"\s+|\d+\.+", line) if t and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        if not tokens:
            continue
        games += 1
        moves += len(tokens)
        out.write(line + "\n")
print(f"{games} {moves}", file=sys.stderr)
