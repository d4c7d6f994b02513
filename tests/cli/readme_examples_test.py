#!/usr/bin/env python3
"""The README's examples run as written: every `$ ` command of its ```sh blocks, in one
shell per block (so that `F=...` carries on), from a scratch copy of the project's root
with ../shared beside it. A command passes when it exits 0 or 1 (some examples show an
error on purpose; a cmp must find no difference) and every output line the README prints
after it appears in what it printed (lines with timings left out); the lines shown are
all it printed (on standard output, or on both), unless a line with "..." says some are
left out. A command that names an input file which is not
there (round3.pgn, a lichess dump) is reported as skipped, by name.

The man pages' examples (MAN_DIR) likewise: their commands name the programs alone, so
they run with the build's bin/ first on PATH; roff's escapes are read as what they print.

Usage: readme_examples_test.py README BUILD_DIR [SHARED_DIR [MAN_DIR]]"""
import glob
import os
import re
import subprocess
import sys
import tempfile

readme, build = sys.argv[1], os.path.abspath(sys.argv[2])
root = os.path.dirname(os.path.abspath(readme))
shared = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, "..", "shared"))
if not os.path.isdir(os.path.join(shared, "corpus")):
    print(f"SKIPPED: the README's examples read {shared}/corpus, which is not there")
    sys.exit(77)

TIMING = re.compile(r"\d\.\d+s\b|Mnodes/s|seconds")
FILE = re.compile(r"(?<![>\w])([\w./*-]+\.(?:pgn|epd|zst|tsv|txt))\b")


def words(text):
    """The words of the lines of `text` that hold no timing (man pages fold long lines)."""
    return " ".join(l for l in text.split("\n") if not TIMING.search(l)).split()


def blocks(text):
    for m in re.finditer(r"```sh\n(.*?)```", text, re.S):
        yield m.group(1).split("\n")


def unroff(line):
    line = line.replace("\\-", "-").replace("\\e", "\\").replace("\\(en", "-")
    return re.sub(r"\\\[u([0-9A-Fa-f]{4})\]", lambda m: chr(int(m.group(1), 16)), line)


def man_blocks(text):
    for m in re.finditer(r"^\.nf\n(.*?)^\.fi", text, re.S | re.M):
        lines = [unroff(l) for l in m.group(1).split("\n")]
        if any(l.startswith("$ ") for l in lines):
            yield lines


def commands(lines):
    """(command, expected output lines) pairs of one block."""
    out, cmd, expected = [], None, []
    for line in lines:
        if line.startswith("$ "):
            if cmd is not None:
                out.append((cmd, expected))
            cmd, expected = line[2:], []
        elif cmd is not None and not expected and (cmd.endswith("\\") or cmd.endswith("|")):
            cmd += "\n" + line
        elif line.startswith("#") or not line.strip():
            if cmd is not None:
                out.append((cmd, expected))
            cmd, expected = None, []
        elif cmd is not None:
            expected.append(line)
    if cmd is not None:
        out.append((cmd, expected))
    return out


work = tempfile.mkdtemp()
os.symlink(shared, os.path.join(work, "shared"))
main = os.path.join(work, "main")
os.mkdir(main)
os.symlink(build, os.path.join(main, "build"))
for name in ("tests", "libchess", "man", "scripts"):
    os.symlink(os.path.join(root, name), os.path.join(main, name))

man_dir = sys.argv[4] if len(sys.argv) > 4 else None
sources = [("README", b) for b in blocks(open(readme, encoding="utf-8").read())]
if man_dir:
    for page in sorted(os.listdir(man_dir)):
        if page.endswith(".1"):
            sources += [(page, b) for b in man_blocks(open(os.path.join(man_dir, page), encoding="utf-8").read())]
env = dict(os.environ, PATH=os.path.join(main, "build", "bin") + os.pathsep + os.environ.get("PATH", ""))

passed = failed = skipped = 0
for source, block in sources:
    setup = []  # the block's assignments so far (F=..., K=...)
    for cmd, expected in commands(block):
        if re.match(r"^[A-Z]\w*=", cmd):
            setup.append(cmd)
            continue
        # What the command writes (-o's pattern, 'events/%s.pgn', too) need not be there.
        written = re.findall(r"(?:>|(?<![\w-])-o|--output|--rejects|--duplicates-file)\s*'?([^\s']+)", cmd)
        missing = [f for f in FILE.findall(cmd) if not glob.glob(os.path.join(main, f))
                   and not any(f in w for w in written)]
        if missing or "zstdcat" in cmd:
            skipped += 1
            print(f"{source}: skipped (no {', '.join(missing) or 'lichess dump'}): {cmd.splitlines()[0]}")
            continue
        script = "\n".join(setup + [cmd])
        r = subprocess.run(["bash", "-c", script], cwd=main, capture_output=True, text=True, timeout=300, env=env)
        got = " ".join((r.stdout + r.stderr).split())  # man pages fold long lines: compare words
        lost = [e for e in expected if not TIMING.search(e) and "..." not in e and " ".join(e.split()) not in got]
        shown = words("\n".join(expected))
        partial = any("..." in e for e in expected)
        whole = not shown or partial or shown in (words(r.stdout), words(r.stdout + r.stderr), words(r.stderr + r.stdout))
        # An example of an error shows it: then exit status 2 (usage, a bad FEN) is right too.
        allowed = (0, 1, 2) if any("error[" in e for e in expected) else (0, 1)
        if re.search(r"\bcmp\b", cmd):  # a comparison shown is one that holds
            allowed = (0,)
        if r.returncode not in allowed or lost or not whole:
            failed += 1
            print(f"FAIL ({source}): {cmd.splitlines()[0]}\n  exit {r.returncode}; lines not printed: {lost[:3]}"
                  + ("" if whole else "; it printed more than is shown, and no '...' says so"))
        else:
            passed += 1
print(f"README and man page examples: {passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
