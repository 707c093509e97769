#!/usr/bin/env python3
"""Runs a list of commands with two builds of the programs and shows where their outputs
differ, timings aside: the check that a change which should not change what the programs
print (a refactor, a build setting) does not.

    python3 scripts/same-outputs.py OLD_BIN_DIR NEW_BIN_DIR [COMMANDS_FILE]

Each line of COMMANDS_FILE (default `scripts/same-outputs.txt`; `#` starts a comment) is a
shell command run from the repository root with `sh -c`, once with OLD_BIN_DIR first on
PATH and once with NEW_BIN_DIR, each time with empty cache and data folders, `NO_COLOR=1`
and stdin from /dev/null unless the command redirects it. Its stdout, stderr and exit code
are compared after timings are masked: a number with a time unit (`12.3 ms`, `0.38 µs`), the
values of JSON keys and CSV columns that hold times (`micros`, `setup_ms`, `wall`, ...), and
the columns of a table whose header names a time (`µs`, `median`, `× fastest`, ...), EDN's
`:time-in-ms`, and progress lines on stderr (snapshots in time); runs of spaces and of
table rules count as one, since a table's column widths follow its widest cell. A line `! COMMAND` expects the outputs
to differ (a deliberate change); the script says whether they do.

Exit 0 when every output is the same (and every `!` line differs), 1 otherwise, with a
unified diff of each difference.
"""

import csv
import difflib
import io
import json
import os
import re
import subprocess
import sys
import tempfile

TIME_UNIT = re.compile(r"\d+(?:[.,]\d+)*\s?(?:µs|us|ns|ms|s|min|m\d+s)\b")
TIME_KEY = re.compile(
    r"(micros|millis|(^|_)ms(_|$)|(^|_)us(_|$)|_s$|^s$|seconds|elapsed|wall|setup|time|µs|"
    r"fastest|median|p99|ms/game)",
    re.I,
)
# A progress line on stderr (`solve 1.2 s · 3/4 lengths done · ...`): a snapshot in time.
PROGRESS = re.compile(r"^\S+ <t> · ")
# EDN's timings (`:time-in-ms 0.0206`).
EDN_TIME = re.compile(r"(:[\w-]*time[\w-]*) [-0-9.e]+")
CELL_SEP = re.compile(r"[│┆|]")


def mask_json(value):
    if isinstance(value, dict):
        return {k: (None if TIME_KEY.search(k) else mask_json(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [mask_json(v) for v in value]
    return value


def mask_csv(text):
    rows = list(csv.reader(io.StringIO(text)))
    if len(rows) < 2 or len(rows[0]) < 2 or any(len(r) != len(rows[0]) for r in rows if r):
        return None
    timed = [i for i, name in enumerate(rows[0]) if TIME_KEY.search(name)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(rows[0])
    for row in rows[1:]:
        writer.writerow(["<t>" if i in timed else cell for i, cell in enumerate(row)])
    return out.getvalue()


def mask_text(text):
    """Times masked in text: numbers with a unit, EDN's timings, progress lines, and the
    columns of a table whose header names a time (the last column of a plain table, any
    column of a ruled one)."""
    lines, drop_last, timed = [], False, None
    for line in text.splitlines():
        line = EDN_TIME.sub(r"\1 <t>", TIME_UNIT.sub("<t>", line))
        if PROGRESS.match(line):
            continue
        if line.strip() and not re.search(r"[\w<>]", line):
            # A table's rule line (box drawing only): part of the table around it.
            lines.append(re.sub(r"([─═━])\1+", r"\1", line))
            continue
        cells = CELL_SEP.split(line)
        if len(cells) > 2:
            if timed is None or len(cells) != len(timed):
                timed = [bool(TIME_KEY.search(c.strip())) for c in cells]
            elif not any(TIME_KEY.search(c) for c in cells):
                line = "|".join("<t>" if t else c for c, t in zip(cells, timed))
        else:
            timed = None
            words = line.split()
            if words and TIME_KEY.fullmatch(words[-1]) and len(words) > 2:
                drop_last = True
            elif not words:
                drop_last = False
            elif drop_last:
                line = line.rstrip().rsplit(None, 1)[0]
        # Column widths follow the widest cell, a time's among them: runs of spaces and of
        # table rules count as one.
        line = re.sub(r" {2,}", " ", line)
        lines.append(re.sub(r"([─═━])\1+", r"\1", line))
    return "\n".join(lines) + "\n"


def mask(text):
    stripped = text.strip()
    if stripped[:1] in "{[":
        try:
            return json.dumps(mask_json(json.loads(stripped)), indent=1, sort_keys=True) + "\n"
        except ValueError:
            pass
    if "," in text.split("\n", 1)[0]:
        masked = mask_csv(text)
        if masked is not None:
            return masked
    return mask_text(text)


def run(bin_dir, command, root):
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ)
        env.update(
            PATH=os.path.abspath(bin_dir) + os.pathsep + env.get("PATH", ""),
            NO_COLOR="1",
            XDG_CACHE_HOME=os.path.join(home, "cache"),
            XDG_DATA_HOME=os.path.join(home, "data"),
            HOME=home,
        )
        done = subprocess.run(
            ["sh", "-c", command],
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
        )
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    return f"exit {done.returncode}\n--- stdout\n{mask(out)}--- stderr\n{mask(err)}"


def main(args):
    if len(args) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    listing = args[2] if len(args) == 3 else os.path.join(root, "scripts", "same-outputs.txt")
    same = differ = failures = 0
    for line in open(listing, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        expect_change = line.startswith("! ")
        command = line[2:] if expect_change else line
        old, new = run(args[0], command, root), run(args[1], command, root)
        if (old == new) == (not expect_change):
            same += old == new
            differ += old != new
            continue
        failures += 1
        if expect_change:
            print(f"SAME (a change was expected): {command}")
        else:
            print(f"DIFFERS: {command}")
            sys.stdout.writelines(
                difflib.unified_diff(
                    old.splitlines(True), new.splitlines(True), "old", "new", n=2
                )
            )
    print(f"{same} commands print the same, {differ} differ as expected, {failures} not as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
