#!/usr/bin/env python3
"""Mutation fuzzer for every input format mapsound reads.

Takes the shipped files -- models (models/*.cat, models/lib/*.cat),
mappings (mappings/*.map), checks (checks/*.check) and litmus tests
(tests/litmus/**/*.litmus) -- mutates them the way a hostile user would
(byte flips, token deletion, duplication and swaps, truncation, huge
numbers, deep nesting, long lines, a line repeated hundreds of times) and
runs the mapsound tool on each mutant with a per-run time limit.  Every
outcome is one of:

  ok            exit 0; exit 1 (a verdict differs from the check file);
                exit 2 with an error message (bad input is fine); exit 3
                (a vacuous or unknown verdict)
  budget        exit 3: litmus mode's --timeout or execution limit ended
                the run, with its message
  no-position   exit 2, but the message names no file:line:col (reported,
                not a failure: expansion errors, say, have no position)
  crash         killed by a signal (SIGSEGV, ...)
  abort         killed by SIGABRT (a failed assertion, std::terminate)
  uncaught      "terminate called" on stderr (an exception nobody caught)
  sanitizer     an AddressSanitizer / UBSan / LeakSanitizer report
  timeout       still running after --run-timeout seconds (litmus runs get
                mapsound's own --timeout, so this is a budget that failed)
  exit-status   any other exit status

Every failure is written to --out (the mutant, the command, the output)
so that it can be replayed.  Seeded and bounded: the same --seed tries
the same mutants in the same order; --seconds and --count bound the run.
The exit status is 1 when a failure was found, 0 otherwise.

  tools/fuzz_inputs.py --mapsound build/mapsound --seconds 20
  tools/fuzz_inputs.py --mapsound build-asan/mapsound --seconds 600 --out fuzz-out

Python 3 standard library only.
"""

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FAILURES = ("crash", "abort", "uncaught", "sanitizer", "timeout", "exit-status")
POSITION = re.compile(r"[^\s:]+:\d+:\d+:")
BUDGET = re.compile(r"(time|execution) limit of \S+ (s )?exceeded")
TOKEN = re.compile(rb"[A-Za-z_][A-Za-z0-9_.]*|[0-9]+|\s+|.", re.S)
NUMBER = re.compile(rb"\b[0-9]+\b")
HUGE = [b"99999999999999999999", b"18446744073709551616", b"9223372036854775807", b"-9223372036854775808",
        b"4294967296", b"2147483648", b"65536", b"4097", b"0x7fffffffffffffff", b"1000000"]


# ---------------------------------------------------------------------------
# Mutations: each takes and returns bytes.

def tokens(data):
    return TOKEN.findall(data)


def byte_flip(rng, data):
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(b))
        b[i] = rng.choice([rng.randrange(256), rng.choice(b"(){}[];:,|.=~/\\*&!-+<>\"@#$ \n\t0123456789")])
    return bytes(b)


def token_delete(rng, data):
    t = tokens(data)
    if not t:
        return data
    for _ in range(rng.randint(1, 3)):
        if t:
            del t[rng.randrange(len(t))]
    return b"".join(t)


def token_duplicate(rng, data):
    t = tokens(data)
    if not t:
        return data
    i = rng.randrange(len(t))
    t.insert(i, t[i] * rng.randint(1, 3))
    return b"".join(t)


def token_swap(rng, data):
    t = tokens(data)
    if len(t) < 2:
        return data
    i, j = rng.randrange(len(t)), rng.randrange(len(t))
    t[i], t[j] = t[j], t[i]
    return b"".join(t)


def truncate(rng, data):
    return data[:rng.randrange(len(data) + 1)]


def huge_number(rng, data):
    numbers = list(NUMBER.finditer(data))
    if not numbers:
        return data + rng.choice(HUGE)
    m = rng.choice(numbers)
    return data[:m.start()] + rng.choice(HUGE) + data[m.end():]


def deep_nesting(rng, data):
    depth = rng.choice([50, 199, 200, 201, 1000, 20000])
    opening, closing = rng.choice([(b"(", b")"), (b"{", b"}"), (b"[", b"]"), (b"~", b""), (b"(*", b"*)")])
    i = rng.randrange(len(data) + 1)
    j = rng.randrange(i, len(data) + 1)
    return data[:i] + opening * depth + data[i:j] + closing * depth + data[j:]


def long_line(rng, data):
    i = rng.randrange(len(data) + 1)
    piece = rng.choice([b"a", b"x_", b"0", b" ", b"r1, ", b"+1", b"/\\ x=1 "])
    return data[:i] + piece * rng.choice([1000, 10000, 100000]) + data[i:]


def repeat_line(rng, data):
    lines = data.split(b"\n")
    if not lines:
        return data
    i = rng.randrange(len(lines))
    return b"\n".join(lines[:i] + [lines[i]] * rng.choice([50, 200, 600]) + lines[i + 1:])


MUTATIONS = [byte_flip, token_delete, token_duplicate, token_swap, truncate, huge_number, deep_nesting, long_line,
             repeat_line]


def mutate(rng, data):
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        m = rng.choice(MUTATIONS)
        data = m(rng, data)
        names.append(m.__name__)
    return data, names


# ---------------------------------------------------------------------------
# How each format is run.

class Corpus:
    def __init__(self, root, work):
        self.root = root
        self.work = work
        self.models = sorted((root / "models").glob("*.cat"))
        self.lib_models = sorted((root / "models" / "lib").glob("*.cat"))
        self.maps = sorted((root / "mappings").glob("*.map"))
        self.checks = sorted((root / "checks").glob("*.check"))
        self.litmus = sorted((root / "tests" / "litmus").rglob("*.litmus"))
        # Mutated models live beside a copy of models/lib, so that their
        # includes resolve.
        shutil.copytree(root / "models" / "lib", work / "lib")
        self.mp_ptx = root / "tests" / "litmus" / "seeds" / "000-fig5-MP.litmus"
        self.sb_c = root / "tests" / "litmus" / "seeds" / "classic-SB.litmus"
        self.audala = root / "tests" / "litmus" / "audala" / "003-fig11-legal-outcomes.litmus"

    def inputs(self):
        """(format, path) of every seed file."""
        out = [("cat", p) for p in self.models + self.lib_models]
        out += [("map", p) for p in self.maps]
        out += [("check", p) for p in self.checks]
        out += [("litmus", p) for p in self.litmus]
        return out

    def seed_text(self, fmt, path):
        data = path.read_bytes()
        if fmt == "check":
            # Paths in a check file are relative to it: make them absolute,
            # so that the mutant, written elsewhere, still finds them.
            def absolute(m):
                return m.group(1) + str((path.parent / m.group(2).decode()).resolve()).encode()
            data = re.sub(rb"(?m)^(\s*(?:source|target|mapping)\s+)(\S+)", absolute, data)
        return data

    def litmus_model(self, text):
        head = text.lstrip()[:10]
        if head.startswith(b"PTX"):
            return self.root / "models" / "ptx-6.0.cat"
        if head.startswith(b"AuDaLa"):
            return self.root / "models" / "audala.cat"
        if head.startswith(b"OPENCL"):
            return self.root / "models" / "opencl.cat"
        return self.root / "models" / "rc11.cat"

    def check_for_map(self, map_path):
        for c in self.checks:
            if re.search(r"(?m)^\s*mapping\s+\S*" + re.escape(map_path.name) + r"\s*$", c.read_text()):
                return c
        return self.checks[0]

    def command(self, mapsound, fmt, seed_path, mutant_path, text):
        """The command line that exercises a mutant."""
        if fmt == "cat":
            name = seed_path.stem
            test = self.audala if "audala" in name else self.mp_ptx if name in ("ptx-6.0", "gpu-rmo") else self.sb_c
            return [mapsound, "litmus", "--timeout", "5", "--model", str(mutant_path), str(test)]
        if fmt == "litmus":
            return [mapsound, "litmus", "--timeout", "5", "--model", str(self.litmus_model(text)), str(mutant_path)]
        if fmt == "check":
            return [mapsound, "check", str(mutant_path), "--events", "2", "--jobs", "1"]
        # A mapping: the check that uses it, pointed at the mutant.
        check = self.seed_text("check", self.check_for_map(seed_path))
        check = re.sub(rb"(?m)^(\s*mapping\s+)\S+", lambda m: m.group(1) + str(mutant_path).encode(), check)
        check_path = mutant_path.with_suffix(".check")
        check_path.write_bytes(check)
        return [mapsound, "check", str(check_path), "--events", "2", "--jobs", "1"]


def classify(returncode, stderr, timed_out):
    if timed_out:
        return "timeout"
    if "AddressSanitizer" in stderr or "runtime error:" in stderr or "LeakSanitizer" in stderr \
            or "UndefinedBehaviorSanitizer" in stderr:
        return "sanitizer"
    if "terminate called" in stderr:
        return "uncaught"
    if returncode == -signal.SIGABRT or returncode == 134:
        return "abort"
    if returncode < 0:
        return "crash"
    if returncode == 0:
        return "ok"
    # The exit statuses every command shares (README, "The command line in
    # general"): 1 differs, 2 bad input or usage, 3 vacuous or unknown.
    if returncode == 3:
        return "budget" if BUDGET.search(stderr) else "ok"
    if returncode == 1:
        return "ok"
    if returncode == 2:
        if BUDGET.search(stderr):
            return "budget"
        return "ok" if POSITION.search(stderr) or not stderr.strip() else "no-position"
    return "exit-status"


def run(cmd, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout,
                           start_new_session=True)
        return p.returncode, p.stderr.decode("utf-8", "replace"), False, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        return None, (e.stderr or b"").decode("utf-8", "replace"), True, time.monotonic() - start


def main():
    here = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mapsound", required=True, help="the mapsound tool to run")
    ap.add_argument("--root", default=str(here), help="the repository (default: this script's)")
    ap.add_argument("--seed", type=int, default=15, help="random seed (default 15)")
    ap.add_argument("--seconds", type=float, default=20, help="stop starting runs after this long (default 20)")
    ap.add_argument("--count", type=int, default=0, help="stop after this many runs (default: no limit)")
    ap.add_argument("--run-timeout", type=float, default=60, help="seconds one run may take (default 60)")
    ap.add_argument("--format", action="append", choices=["cat", "map", "check", "litmus"],
                    help="only these formats (default: all)")
    ap.add_argument("--out", help="folder for the failures found (default: a temporary folder, removed)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="mapsound-fuzz-"))
    out = Path(args.out) if args.out else None
    try:
        corpus = Corpus(Path(args.root).resolve(), work)
        seeds = [s for s in corpus.inputs() if not args.format or s[0] in args.format]
        tally = {}
        failures = []
        notes = []
        started = time.monotonic()
        n = 0
        slowest = 0.0
        while time.monotonic() - started < args.seconds and (args.count == 0 or n < args.count):
            fmt, path = rng.choice(seeds)
            text, how = mutate(rng, corpus.seed_text(fmt, path))
            mutant = work / f"mutant-{n}{path.suffix}"
            mutant.write_bytes(text)
            cmd = corpus.command(args.mapsound, fmt, path, mutant, text)
            code, stderr, timed_out, seconds = run(cmd, args.run_timeout)
            slowest = max(slowest, seconds)
            outcome = classify(code if code is not None else 0, stderr, timed_out)
            tally.setdefault(fmt, {}).setdefault(outcome, 0)
            tally[fmt][outcome] += 1
            if outcome in FAILURES or outcome == "no-position":
                record = {"run": n, "format": fmt, "seed_file": str(path.relative_to(corpus.root)),
                          "mutations": how, "outcome": outcome, "exit": code, "seconds": round(seconds, 2),
                          "stderr": stderr[-2000:], "command": [str(c) for c in cmd]}
                (failures if outcome in FAILURES else notes).append(record)
                if out:
                    folder = out / outcome
                    folder.mkdir(parents=True, exist_ok=True)
                    shutil.copy(mutant, folder / mutant.name)
                    if fmt == "map":
                        shutil.copy(mutant.with_suffix(".check"), folder / mutant.with_suffix(".check").name)
                    (folder / (mutant.name + ".json")).write_text(json.dumps(record, indent=2))
            n += 1
        summary = {"seed": args.seed, "runs": n, "seconds": round(time.monotonic() - started, 1),
                   "slowest_run_seconds": round(slowest, 2), "outcomes": tally,
                   "failures": failures, "without_position": len(notes)}
        if args.json:
            print(json.dumps(summary, indent=2))
        else:
            print(f"fuzz: seed {args.seed}, {n} runs in {summary['seconds']} s (slowest {summary['slowest_run_seconds']} s)")
            for fmt in sorted(tally):
                print(f"  {fmt:7} " + ", ".join(f"{k} {v}" for k, v in sorted(tally[fmt].items())))
            for f in failures:
                print(f"FAILURE {f['outcome']}: {f['seed_file']} after {'+'.join(f['mutations'])}: "
                      f"{' '.join(f['command'])}\n  {f['stderr'].strip()[-600:]}")
            for f in notes[:20]:
                print(f"note: no file:line:col in the error for a mutant of {f['seed_file']}: "
                      f"{f['stderr'].strip()[:200]}")
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
