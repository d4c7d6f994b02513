#!/usr/bin/env python3
"""Every program on every hostile input of issue 16 (tests/hostile/generate.py).

    hostile_test.py BIN_DIR [--games N] [--only CASE,...] [--keep DIR] [--sanitized]

Each run must end with the status written below for it, say what is wrong in the
diagnostics listed (each as often as listed: once, not once per byte or per level), keep
its peak RSS under 256 MB (/usr/bin/time -f %M), and count, validate, convert or translate
the good game (or line) before the damage and the one after it. The big cases are also run
at a quarter of their size: the full size may take at most 10 times the CPU time (linear
time, with room for noise; quadratic would be 16 times). The 10 million one-move games
are 1 million here (--games 10000000 for the full size, which takes about two minutes on
two cores); everything else is full size. --sanitized (programs built with ASan): no limit
on RSS, which the sanitizer's shadow memory and quarantine make meaningless, and no check of
linear time, for the same reason (freed memory is quarantined, not reused: clang's ASan took
0.7 s at full size and 0.07 s at a quarter on plies-500k, where the release build, whose
run checks it, takes 0.12 s and 0.01 s). Prints a table of the outcomes.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402

RSS_LIMIT_KB = 256 * 1024
CHECK_LINEAR = True  # a quarter-size run of each big case, timed against the full one
BIG = {"comment-100mb", "tag-10mb", "token-1mb", "nested-closed", "nested-unclosed", "plies-500k", "games-10m",
       "epd-line-10mb", "random-1mb-framed"}

# What each program must say of each case. For the PGN programs: `games` read in all,
# of which `bad` are the damaged ones; `status` per program; `says`: (regex, times) on
# standard error. Cases of files that cannot be read list the messages of each.
ONCE = 1
PGN = {
    # (game-adjudicate: a game with an error in its moves' text, a comment cut or left open,
    # is not adjudicated, so its status is 1 as the others'.)
    "comment-100mb": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"error\[comment-too-long\]", ONCE)]),
    "tag-10mb": dict(games=3, bad=1, status=(1, 1, 0), says=[(r"error\[malformed-tag\]: tag Annotator: line longer", ONCE)]),
    "token-1mb": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"too long for a move .*\.\.\. \(\d+ bytes\)", ONCE)]),
    "nested-closed": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"variations nested deeper than 100", ONCE)]),
    "nested-unclosed": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"variations nested deeper than 100", ONCE),
                                                                    (r"100 variations not closed", ONCE)]),
    "plies-500k": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"error\[game-too-large\]: more than 20000 plies \(half-moves\) in the main line", ONCE)]),
    # Its games have no Event, Site, Date or Round: pgn-validate prints 100 such warnings, then
    # one note that the rest are only counted.
    "games-10m": dict(games=None, bad=0, status=(0, 0, 0), says=[(r"warning\[missing-tag\]", 100),
                                                                 (r"note\[max-warnings\]", ONCE)], stderr=110),
    "nul-bytes": dict(games=5, bad=1, status=(1, 1, 1), says=[(r"warning\[encoding\]: control characters", 3)]),
    "invalid-utf8": dict(games=4, bad=1, status=(1, 1, 1), says=[(r"warning\[encoding\]: bytes that are not UTF-8", 2)]),
    "utf16le-bom": dict(games=3, bad=0, status=(0, 0, 0), says=[(r"UTF-16 LE text, decoded to UTF-8", ONCE)]),
    "utf16le": dict(games=3, bad=0, status=(0, 0, 0), says=[(r"UTF-16 LE text, decoded to UTF-8", ONCE)]),
    "utf16be-bom": dict(games=3, bad=0, status=(0, 0, 0), says=[(r"UTF-16 BE text, decoded to UTF-8", ONCE)]),
    "utf16be": dict(games=3, bad=0, status=(0, 0, 0), says=[(r"UTF-16 BE text, decoded to UTF-8", ONCE)]),
    "ends-in-tag": dict(games=3, bad=1, status=(1, 1, 0), says=[(r"value not closed with '\"\]'", ONCE)]),
    "ends-in-comment": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"error\[unterminated-comment\]", ONCE)]),
    "ends-in-variation": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"variation not closed", ONCE)]),
    "ends-in-move": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"expected a destination square", ONCE)]),
    "random-1mb": dict(games=2, bad=0, status=(1, 1, 1), says=[(r"random-1mb\.pgn: not a text file", ONCE)]),
    "random-1mb-framed": dict(games=2, bad=0, status=(1, 1, 1), says=[(r"binary data .*skipped", ONCE)]),
    "bad-files": dict(games=2, bad=0, status=(2, 2, 2), says=[(r"bad-files-dir\.pgn: is a directory", ONCE),
                                                             (r"bad-files-missing\.pgn: No such file", ONCE),
                                                             (r"bad-files-unreadable\.pgn: Permission denied", ONCE)]),
    "fen-10000-fields": dict(games=3, bad=1, status=(1, 1, 1), says=[(r"error\[bad-fen\].*found 10000", ONCE)]),
}

# notation-translate: the status, and the messages; the good lines before and after are
# translated (every case but one that ends in the damage has both).
TXT = {
    "comment-100mb": (1, [(r"error\[line-too-long\]", ONCE)]),
    "token-1mb": (1, [(r"error\[line-too-long\]", ONCE)]),
    "nested-closed": (0, []),  # variations are passed over, as the man page says
    "nested-unclosed": (1, [(r"error\[unbalanced-variation\]", ONCE)]),
    "plies-500k": (1, [(r"error\[line-too-long\]", ONCE)]),
    "games-10m": (0, []),
    "nul-bytes": (1, [(r"error\[unreadable-move\]", ONCE)]),
    "invalid-utf8": (1, [(r"error\[unreadable-move\]", ONCE)]),
    "utf16le-bom": (0, [(r"UTF-16 LE text", ONCE)]),
    "utf16le": (0, [(r"UTF-16 LE text", ONCE)]),
    "utf16be-bom": (0, [(r"UTF-16 BE text", ONCE)]),
    "utf16be": (0, [(r"UTF-16 BE text", ONCE)]),
    "ends-in-comment": (1, [(r"error\[", ONCE)]),
    "ends-in-variation": (1, [(r"error\[unbalanced-variation\]", ONCE)]),
    "ends-in-move": (1, [(r"error\[", ONCE)]),
    "random-1mb": (1, [(r"random-1mb\.txt: not a text file", ONCE)]),
    "random-1mb-framed": (1, [(r"binary data .*skipped", ONCE)]),
    "bad-files": (2, [(r"bad-files-dir\.txt: is a directory", ONCE), (r"bad-files-missing\.txt: No such file", ONCE),
                      (r"bad-files-unreadable\.txt: Permission denied", ONCE)]),
    "epd-line-10mb": (1, [(r"error\[line-too-long\]", ONCE)]),
    "fen-10000-fields": (1, [(r"error\[bad-fen\].*found 10000", ONCE)]),
}

# fen-perft --epd (one suite file: the one with the damage) and game-adjudicate
# --positions (all the files): the statuses, and the messages.
EPD = {
    "token-1mb": ((2, 1), [(r"bad-suite-line|bad-fen", ONCE)]),
    "nul-bytes": ((2, 1), [(r"bad-fen", ONCE)]),
    "invalid-utf8": ((2, 1), [(r"bad-fen", ONCE)]),
    "utf16le-bom": ((0, 0), [(r"UTF-16 LE text", ONCE)]),
    "utf16le": ((0, 0), [(r"UTF-16 LE text", ONCE)]),
    "utf16be-bom": ((0, 0), [(r"UTF-16 BE text", ONCE)]),
    "utf16be": ((0, 0), [(r"UTF-16 BE text", ONCE)]),
    "ends-in-move": ((2, 1), [(r"bad-fen", ONCE)]),
    "random-1mb": ((2, 1), [(r"random-1mb\.epd: not a text file", ONCE)]),
    "random-1mb-framed": ((2, 1), [(r"binary data .*skipped", ONCE)]),
    "bad-files": ((2, 2), []),  # fen-perft reads one file: each bad one is run alone (below)
    "epd-line-10mb": ((2, 1), [(r"line longer than|line too long", ONCE)]),
    # game-adjudicate reads the line as an EPD: its four fields, the clocks, then an operation
    # ('x' and its 9,993 operands, up to the ';'); fen-perft reads the FEN before the ';'.
    "fen-10000-fields": ((2, 0), [(r"bad-fen.*found 10000", ONCE)]),
}


class Outcome:
    def __init__(self, case, program, argv, status, rss_kb, seconds, out_path, err):
        self.case, self.program, self.argv = case, program, argv
        self.status, self.rss_kb, self.seconds, self.out_path, self.err = status, rss_kb, seconds, out_path, err
        self.failures = []

    def stdout(self):
        with open(self.out_path, "rb") as f:
            return f.read()

    def stdout_lines(self):  # read as it goes: the output of 10 million games is gigabytes
        with open(self.out_path, "rb") as f:
            yield from f

    def fail(self, why):
        self.failures.append(why)

    def first_diagnostic(self):
        for line in self.err.splitlines():
            if "error" in line or "warning" in line:
                return re.sub(r"^\S+: ", "", line)[:110]
        return self.err.splitlines()[0][:110] if self.err.strip() else "-"


class Runner:
    def __init__(self, bin_dir, work, as_nobody):
        self.bin, self.work, self.as_nobody = bin_dir, work, as_nobody
        self.outcomes = []

    def run(self, case, program, args, timeout=600, record=True):
        out_path = os.path.join(self.work, "stdout")
        time_path = os.path.join(self.work, "time")
        argv = [os.path.join(self.bin, program)] + args
        prefix = ["/usr/bin/time", "-f", "%M %U %S", "-o", time_path] + (self.as_nobody or [])  # setpriv execs the program
        start = time.monotonic()
        with open(out_path, "wb") as out:
            p = subprocess.run(prefix + argv, cwd=self.work, stdout=out, stderr=subprocess.PIPE, timeout=timeout)
        seconds = time.monotonic() - start
        with open(time_path) as f:
            rss, user, system = f.read().split("\n")[-2].split()
        rss, cpu = int(rss), float(user) + float(system)
        err = p.stderr.decode("utf-8", "replace")
        o = Outcome(case, program + " " + " ".join(a for a in args if a.startswith("-")), argv, p.returncode, rss,
                    seconds, out_path, err)
        o.cpu = cpu
        if rss > RSS_LIMIT_KB:
            o.fail(f"peak RSS {rss // 1024} MB")
        if record:
            self.outcomes.append(o)
        return o


def check_says(o, says, max_lines=None):
    for pattern, times in says:
        n = sum(1 for line in o.err.splitlines() if re.search(pattern, line))
        if n != times:
            o.fail(f"says /{pattern}/ {n} times, not {times}")
    if max_lines is not None and len(o.err.splitlines()) > max_lines:
        o.fail(f"{len(o.err.splitlines())} lines on stderr")


def check_status(o, want):
    if o.status != want:
        o.fail(f"exit {o.status}, not {want}")


def pgn_runs(r, case, files, expect, games):
    total = games if expect["games"] is None else expect["games"]
    good = total - expect["bad"]
    vstatus, cstatus, astatus = expect["status"]
    quiet_limit = expect.get("stderr", 40)  # the diagnostics of the damage and the summaries, not one a byte
    # Tiny games on many jobs: each chunk in flight holds a report per game (chunked_games.h
    # keeps that to about 1000 games a chunk; 5,000 made 16 jobs take 320 MB).
    for jobs in ("1", "2") + (("16",) if case == "games-10m" else ()):
        o = r.run(case, "pgn-validate", ["--jobs", jobs] + files)
        check_status(o, vstatus)
        check_says(o, expect["says"], quiet_limit)
        summary = re.findall(r"^(\d+) games?: (\d+) valid, (\d+) invalid", o.err, re.M)
        if not summary or (int(summary[-1][0]), int(summary[-1][1])) != (total, good):
            o.fail(f"summary {summary[-1] if summary else None}, not {total} games, {good} valid")
        for line in o.err.splitlines():
            if "Good" in line and ("error" in line or "warning" in line):
                o.fail("a good game has a diagnostic: " + line[:80])
    errors = [(p, n) for p, n in expect["says"] if not p.startswith(("warning", "note"))]  # the others print no warnings
    o = r.run(case, "pgn-convert", ["--jobs", "2"] + files)
    check_status(o, cstatus)
    check_says(o, errors, quiet_limit)
    written = {b'[White "GoodBefore"]\n': 0, b'[White "GoodAfter"]\n': 0}
    for line in o.stdout_lines():
        if line in written:
            written[line] += 1
    for name, n in written.items():
        if n != 1:
            o.fail(f"{name.decode().strip()} written {n} times")
    summary = re.search(r"^(\d+) games? read: (\d+) written", o.err, re.M)
    if not summary or int(summary.group(1)) != total:
        o.fail(f"read {summary.group(1) if summary else None} games, not {total}")
    o = r.run(case, "game-adjudicate", ["--format", "jsonl"] + files)
    check_status(o, astatus)
    check_says(o, errors, quiet_limit)
    seen = {"GoodBefore": 0, "GoodAfter": 0}
    for line in o.stdout_lines():
        if b"Good" not in line and b"summary" not in line:
            continue
        record = json.loads(line)
        if "summary" in record:
            if record["summary"]["games"] != total:
                o.fail(f"{record['summary']['games']} games judged, not {total}")
            continue
        if record.get("white") in seen and record.get("agrees") and record.get("reason") == "checkmate":
            seen[record["white"]] += 1
    for name, n in seen.items():
        if n != 1:
            o.fail(f"{name} adjudicated {n} times")


def txt_runs(r, case, files, expect):
    status, says = expect
    o = r.run(case, "notation-translate", ["--to", "uci"] + files)
    check_status(o, status)
    check_says(o, says, 10)
    out = b"".join(line for line in o.stdout_lines() if line in (b"e2e4 e7e5 g1f3 b8c6\n", b"d2d4 d7d5 g1f3 g8f6\n"))
    has_after = not case.startswith("ends-in-") or len(files) > 1
    if out.count(b"e2e4 e7e5 g1f3 b8c6\n") != 1:
        o.fail("the line before is not translated once")
    if has_after and out.count(b"d2d4 d7d5 g1f3 g8f6\n") != 1:
        o.fail("the line after is not translated once")


def epd_runs(r, case, files, expect):
    (perft_status, positions_status), says = expect
    if case == "bad-files":  # one suite a run: each unreadable one alone
        for bad, why in (("dir", "is a directory"), ("missing", "No such file"), ("unreadable", "Permission denied")):
            o = r.run(case, "fen-perft", ["--epd", f"bad-files-{bad}.epd"])
            check_status(o, 2)
            check_says(o, [(why, ONCE)], 2)
    else:
        damaged = [f for f in files if "-before" not in f and "-after" not in f][0]
        o = r.run(case, "fen-perft", ["--epd", damaged, "--threads", "1"])
        check_status(o, perft_status)
        check_says(o, says, 10)
        out = o.stdout()
        if not case.startswith("random-1mb") or case.endswith("framed"):
            if len(re.findall(rb"^pass .*D1 expected 20 got 20 .*rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", out, re.M)) != 1:
                o.fail("the position before is not run once")
            if damaged == files[0] and len(files) == 1 and len(re.findall(rb"^pass .*8/8/8/8/8/8/8/K1k5", out, re.M)) != 1:
                o.fail("the position after is not run once")
    o = r.run(case, "game-adjudicate", ["--positions", "--format", "jsonl"] + files)
    check_status(o, positions_status)
    check_says(o, says if case not in ("bad-files", "fen-10000-fields") else [] if case == "fen-10000-fields" else
                [(r"bad-files-dir\.epd: is a directory", ONCE), (r"bad-files-missing\.epd: No such file", ONCE),
                 (r"bad-files-unreadable\.epd: Permission denied", ONCE)], 10)
    fens = [json.loads(line).get("fen", "") for line in o.stdout().splitlines()]
    if sum(1 for f in fens if f.startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")) < 1:
        o.fail("the position before is not judged")
    if not case.startswith("ends-in-") or len(files) > 1:
        if sum(1 for f in fens if f.startswith("8/8/8/8/8/8/8/K1k5")) != 1:
            o.fail("the position after is not judged once")


def arg_runs(r, case, files):
    with open(os.path.join(r.work, files[0])) as f:
        fen = f.read()
    o = r.run(case, "fen-perft", ["-d", "1", fen])
    check_status(o, 2)
    check_says(o, [(r"bad-fen.*found 10000", ONCE)], 4)
    if any(len(line) > 200 for line in o.err.splitlines()):
        o.fail("the FEN is echoed whole")
    o = r.run(case, "notation-translate", ["--to", "uci", "--fen", fen, "--move", "e4"])
    check_status(o, 2)
    check_says(o, [(r"bad-fen.*found 10000", ONCE)], 2)


def main(argv):
    args = argv[1:]
    global RSS_LIMIT_KB, CHECK_LINEAR
    if "--sanitized" in args:
        args.remove("--sanitized")
        RSS_LIMIT_KB = float("inf")
        CHECK_LINEAR = False
    games, only, keep = 1_000_000, None, None
    for flag in ("--games", "--only", "--keep"):
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            if flag == "--games":
                games = int(value)
            elif flag == "--only":
                only = value.split(",")
            else:
                keep = value
    if len(args) != 1:
        sys.exit(__doc__)
    bin_dir = os.path.abspath(args[0])
    work = keep or tempfile.mkdtemp(prefix="hostile-")
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    skipped = []
    # Root reads a file of mode 000: the unreadable file is read as nobody, when setpriv can.
    as_nobody = None
    if os.geteuid() == 0:
        if shutil.which("setpriv"):
            as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        else:
            skipped.append("bad-files: running as root without setpriv: a file of mode 000 is readable")
    try:
        plain = Runner(bin_dir, work, None)
        nobody = Runner(bin_dir, work, as_nobody)
        for case in only or generate.CASES:
            if case == "bad-files" and os.geteuid() == 0 and not as_nobody:
                continue
            r = nobody if case == "bad-files" else plain
            scale = games / 10_000_000 if case == "games-10m" else 1.0
            made = generate.make(work, case, scale)
            for kind, files in made.items():
                if kind == "pgn":
                    pgn_runs(r, case, files, PGN[case], games)
                elif kind == "txt":
                    txt_runs(r, case, files, TXT[case])
                elif kind == "epd":
                    epd_runs(r, case, files, EPD[case])
                elif kind == "arg":
                    arg_runs(r, case, files)
            if case in BIG and CHECK_LINEAR:  # linear time: a quarter of the size, the same runs, timed
                quarter = os.path.join(work, "quarter")
                os.makedirs(quarter, exist_ok=True)
                generate.make(quarter, case, scale / 4)
                q = Runner(bin_dir, quarter, None)
                for o in [o for o in plain.outcomes if o.case == case]:
                    s = q.run(case, os.path.basename(o.argv[0]), o.argv[1:], record=False)
                    o.quarter_cpu = s.cpu
                    # CPU time (user + system), which other work on the machine changes least.
                    if o.cpu > 10 * max(s.cpu, 0.05):
                        o.fail(f"{o.cpu:.2f}s of CPU at full size, {s.cpu:.2f}s at a quarter: not linear")
                shutil.rmtree(quarter)
            for name in os.listdir(work):  # room for the next case
                path = os.path.join(work, name)
                if name not in ("stdout", "time"):
                    if os.path.isdir(path):
                        shutil.rmtree(path)
                    else:
                        os.unlink(path)
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    outcomes = plain.outcomes + nobody.outcomes
    outcomes.sort(key=lambda o: list(generate.CASES).index(o.case))
    failed = 0
    print(f"{'case':18} {'program':36} {'exit':>4} {'RSS MB':>6} {'time s':>7} {'CPU s':>6}  diagnostic")
    for o in outcomes:
        q = getattr(o, "quarter_cpu", None)
        t = f"{o.seconds:7.2f} {o.cpu:6.2f}" + (f" ({q:.2f} at 1/4)" if q is not None else "")
        print(f"{o.case:18} {o.program:36} {o.status:4} {o.rss_kb / 1024:6.1f} {t}  {o.first_diagnostic()}")
        for why in o.failures:
            print(f"    FAIL: {why}")
        failed += bool(o.failures)
    for s in skipped:
        print("skipped:", s)
    print(f"hostile: {len(outcomes) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
