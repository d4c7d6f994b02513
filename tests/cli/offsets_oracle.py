#!/usr/bin/env python3
"""The games of tagged PGN archives found without the programs' reader, to check the
records' "offset" and "length": a game begins at a tag line after a line that is not one,
or after a blank line at [Event or at a tag the game already has; its text ends with its
last line that is neither blank nor a ';' comment line, trailing whitespace left out.
(Archives with prose or untagged games between their games are beyond it.)

Usage: offsets_oracle.py RECORDS.jsonl: every record with an "offset" against the oracle's
games of its "file", in order. Prints the counts; exit status 1 if any file differs."""
import json
import re
import sys


def oracle_spans(data):
    starts, pos, prev_tag, blank, names = [], 0, False, False, set()
    for line in data.split(b'\n'):
        if not line.strip():
            blank = True
        else:
            tag = line.startswith(b'[')
            m = re.match(rb'\[\s*([A-Za-z0-9_]+)', line) if tag else None
            name = m.group(1) if m else None
            if tag and (not prev_tag or (blank and (name == b'Event' or name in names))):
                starts.append(pos)
                names = set()
            if tag:
                names.add(name)
            prev_tag, blank = tag, False
        pos += len(line) + 1
    if data.startswith(b'\xef\xbb\xbf') and starts and starts[0] == 0:
        starts[0] = 3  # the BOM is no part of the first game
    spans = []
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(data)
        body = data[start:end].split(b'\n')
        while body and (not body[-1].strip() or body[-1].lstrip().startswith(b';')):
            body.pop()
        spans.append((start, len(b'\n'.join(body).rstrip())))
    return spans


def main():
    records = [json.loads(line) for line in open(sys.argv[1], encoding='utf-8') if '"offset"' in line]
    by_file = {}
    for r in records:
        by_file.setdefault(r['file'], []).append((r['offset'], r['length']))
    differ = 0
    for name, spans in by_file.items():
        expected = oracle_spans(open(name, 'rb').read())
        if spans != expected:
            differ += 1
            wrong = [(i + 1, got, want) for i, (got, want) in enumerate(zip(spans, expected)) if got != want][:3]
            print(f'{name}: {len(spans)} records, {len(expected)} games; first differences (game, record, oracle): {wrong}')
    print(f'{len(records)} records in {len(by_file)} files: {differ} files differ from the oracle')
    return 1 if differ or not records else 0


if __name__ == '__main__':
    sys.exit(main())
