#!/usr/bin/env python3
"""mpirun -np K mapsound check: the same output and files as one process.

Usage: mpi_test.py MPIRUN MAPSOUND SOURCE_DIR WORK_DIR

Runs checks/cxx-to-ptx.check at 4 events (coherence, atomicity and sc
hold there, thin-air fails at 4) and checks/cxx-to-ptx-cta-scope.check at 3
events (coherence, atomicity and sc fail at 3: several failing shapes, so the
first in the canonical order must be the one reported) with `--jobs 1` and
under `mpirun -np 2` and `-np 3`, and compares stdout (times and peak memory
aside), the exit codes and every file written.  Then a worker rank that
kills itself mid-run must make the run fail, naming the work item, with no
verdict for the axiom it was searching.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

mpirun, mapsound, source_dir, work = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
work.mkdir(parents=True, exist_ok=True)
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")
failures = []


def run(argv, extra_env=None):
    e = dict(env, **(extra_env or {}))
    return subprocess.run(argv, capture_output=True, text=True, env=e, timeout=1800)


def normalized(text, out_dir):
    text = text.replace(str(out_dir), "OUT")
    text = re.sub(r"\(\d+\.\d+ s;", "(T s;", text)
    text = re.sub(r"peak memory \d+\.\d+ MiB", "peak memory M MiB", text)
    return text


def files(out_dir):
    return {p.relative_to(out_dir).as_posix(): p.read_bytes() for p in sorted(out_dir.rglob("*")) if p.is_file()}


def mpi(np, args, extra_env=None):
    return run([mpirun, "-np", str(np), "--oversubscribe", "-x", "MAPSOUND_MPI_TEST_KILL_RANK_AT", mapsound, "check"]
               + args, extra_env)


# The last case splits shapes into cubes (--cubes 2): more, smaller work
# items, and the same output as one process with the same option.
cases = [("cxx-to-ptx.check", "4", []), ("cxx-to-ptx-cta-scope.check", "3", []),
         ("cxx-to-ptx.check", "5", ["--cubes", "2"])]
for number, (check, events, extra) in enumerate(cases):
    single_dir = work / f"{number}-{check}-single"
    single = run([mapsound, "check", str(source_dir / "checks" / check), "--events", events, "--jobs", "1",
                  "--output", str(single_dir)] + extra)
    if "fails at" not in single.stdout:
        failures.append(f"{check}: the single-process run found no failing axiom:\n{single.stdout}{single.stderr}")
    for np in (2, 3):
        out_dir = work / f"{number}-{check}-np{np}"
        r = mpi(np, [str(source_dir / "checks" / check), "--events", events, "--output", str(out_dir)] + extra,
                {"MAPSOUND_MPI_TEST_KILL_RANK_AT": "0"})
        if r.returncode != single.returncode:
            failures.append(f"{check} -np {np}: exit {r.returncode}, one process {single.returncode}\n{r.stderr}")
        a, b = normalized(single.stdout, single_dir), normalized(r.stdout, out_dir)
        if a != b:
            failures.append(f"{check} -np {np}: stdout differs\n--- one process\n{a}\n--- mpirun\n{b}\n{r.stderr}")
        fa, fb = files(single_dir), files(out_dir)
        if sorted(fa) != sorted(fb):
            failures.append(f"{check} -np {np}: files {sorted(fb)}, one process {sorted(fa)}")
        else:
            for name in fa:
                if normalized(fa[name].decode(), single_dir) != normalized(
                        fb[name].decode(), out_dir):
                    failures.append(f"{check} -np {np}: {name} differs")
        print(f"{check} -np {np}: exit {r.returncode}, {len(fb)} files compared")

# A worker rank lost on its third work item: no silent verdict.
out_dir = work / "killed"
r = mpi(2, [str(source_dir / "checks" / "cxx-to-ptx.check"), "--events", "4", "--axiom", "coherence",
            "--output", str(out_dir)], {"MAPSOUND_MPI_TEST_KILL_RANK_AT": "3"})
print(f"killed rank: exit {r.returncode}\n{r.stdout}{r.stderr}")
if r.returncode == 0:
    failures.append("a killed rank: exit code 0")
if "coherence: holds" in r.stdout:
    failures.append("a killed rank: coherence reported as holding")
if not re.search(r"rank 1: coherence, bound \d+, shape \d+ of \d+", r.stderr):
    failures.append("a killed rank: no message naming rank 1's work item")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
