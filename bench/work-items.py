#!/usr/bin/env python3
"""Per-work-item times and a list-scheduling projection for MPI ranks.

    bench/work-items.py CHECK --events N [--axiom NAME]... [--build DIR]
                        [--results DIR] [--ranks 16,64,256] [--csv FILE]
                        [--cubes K]

Runs build/bench/mapsound-work-item-times (every work item, one shape at one
bound, searched one after another in one process, as an MPI worker searches
it), or reads its CSV with --csv, and writes to RESULTS (default
bench/results/YYYY-MM-DD/work-items):
  items-<check>-<events>.csv   the tool's lines (wall and CPU seconds per item)
  summary-<check>-<events>.json  the distribution per axiom and bound (count,
        median, 90th percentile, max, sum of the items' CPU seconds), the projection,
        the commit (git describe --always --dirty), the load average before
        and after, the tool's CPU time, and the command.

The projection simulates what `mpirun -np K mapsound check` does with these
items: K - 1 workers (rank 0 only hands out items), items handed in the
canonical order to the worker that becomes idle first, bound n + 1 starting
when every item of bound n is done, axioms one after another, and the
shape of a counterexample searched again on rank 0.  It assumes every
item takes on a rank the CPU time measured here (one process per core, no
contention), messages cost nothing (they are a few hundred bytes per item
of seconds), and a failing bound runs all its items (the sweep skips those
after the first counterexample, so this overestimates).  Timings are never
asserted.  Python 3, standard library only.

A second projection, "projection_largest_first", hands each bound's items
out longest first, knowing every item's time in advance (LPT list
scheduling, within 4/3 of the best possible makespan): about the most any
dispatch order could buy over the canonical one.  The tool never knows the
times in advance and stops early at the smallest counterexample's index,
so this is a bound, not a mode.  With --csv the summary names the
CSV it read (its commit and load are those of the run that wrote it).
"""
import argparse
import csv
import datetime
import heapq
import json
import os
import resource
import statistics
import subprocess
import sys
import time

# The projection and the distribution use each item's CPU seconds: on this
# shared machine wall times include waiting for a core.
TIME = "cpu_seconds"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, p):
    v = sorted(values)
    if not v:
        return 0.0
    k = (len(v) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def list_schedule(times, workers):
    """Makespan of handing 'times' in order to the first idle of 'workers'."""
    free = [0.0] * workers
    heapq.heapify(free)
    end = 0.0
    for t in times:
        start = heapq.heappop(free)
        heapq.heappush(free, start + t)
        end = max(end, start + t)
    return end


def project(rows, ranks, largest_first=False):
    total = 0.0
    by_bound = {}
    for r in rows:
        by_bound.setdefault((r["axiom"], int(r["bound"])), []).append(r)
    for key in sorted(by_bound, key=lambda k: ([r["axiom"] for r in rows].index(k[0]), k[1])):
        items = sorted(by_bound[key], key=lambda r: int(r["shape"]))
        times = [float(r[TIME]) for r in items]
        if largest_first:
            times.sort(reverse=True)
        if ranks == 1:
            total += sum(times)
            continue
        total += list_schedule(times, ranks - 1)
        failing = [float(r[TIME]) for r in items if r["counterexample"] == "1"]
        if failing:
            total += failing[0]  # rank 0 searches the reported shape again
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("check")
    ap.add_argument("--events", type=int, required=True)
    ap.add_argument("--axiom", action="append", default=[])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--results")
    ap.add_argument("--ranks", default="1,2,3,16,64,256")
    ap.add_argument("--csv", help="read this CSV instead of running the tool")
    ap.add_argument("--cubes", type=int, default=0,
                    help="split shapes as `mapsound check --cubes K` does (default 0: whole shapes)")
    a = ap.parse_args()
    day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    out = a.results or os.path.join(ROOT, "bench", "results", day, "work-items")
    os.makedirs(out, exist_ok=True)
    name = os.path.splitext(os.path.basename(a.check))[0]
    tag = f"{name}-{a.events}" + "".join("-" + x for x in a.axiom) + (f"-cubes-{a.cubes}" if a.cubes else "")
    commit = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip()
    load_before = os.getloadavg()
    command = None
    started = time.time()
    if a.csv:
        with open(a.csv) as f:
            text = f.read()
    else:
        command = [os.path.join(a.build, "bench", "mapsound-work-item-times"), a.check, "--events", str(a.events)]
        for x in a.axiom:
            command += ["--axiom", x]
        if a.cubes:
            command += ["--cubes", str(a.cubes)]
        r = subprocess.run(command, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            return 1
        text = r.stdout
    wall = time.time() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_after = os.getloadavg()
    items_path = os.path.join(out, f"items-{tag}.csv")
    if not a.csv:
        with open(items_path, "w") as f:
            f.write(text)
    rows = list(csv.DictReader(text.splitlines()))
    summary = {"check": a.check, "events": a.events, "axioms": a.axiom, "cubes": a.cubes, "commit": commit, "command": command,
               "utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
               "cpus": os.cpu_count(), "load_average_before": load_before, "load_average_after": load_after,
               "tool_wall_seconds": round(wall, 2),
               "tool_cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2), "csv": a.csv, "bounds": [],
               "projection": {}, "projection_largest_first": {}}
    groups = {}
    for r in rows:
        groups.setdefault((r["axiom"], int(r["bound"])), []).append(float(r[TIME]))
    for (axiom, bound), times in groups.items():
        summary["bounds"].append({"axiom": axiom, "bound": bound, "items": len(times),
                                  "median": round(statistics.median(times), 4),
                                  "p90": round(percentile(times, 0.9), 4), "max": round(max(times), 4),
                                  "sum": round(sum(times), 3)})
    for k in [int(x) for x in a.ranks.split(",")]:
        summary["projection"][str(k)] = round(project(rows, k), 2)
        summary["projection_largest_first"][str(k)] = round(project(rows, k, largest_first=True), 2)
    with open(os.path.join(out, f"summary-{tag}.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(f"{a.check} at {a.events} events, commit {commit}, load {load_before[0]:.1f} -> {load_after[0]:.1f}, "
          f"tool {wall:.1f} s wall, {summary['tool_cpu_seconds']} s CPU")
    print("axiom       bound  items   median      p90      max      sum")
    for b in summary["bounds"]:
        print(f"{b['axiom']:<11} {b['bound']:>5} {b['items']:>6} {b['median']:>8.3f} {b['p90']:>8.3f} "
              f"{b['max']:>8.3f} {b['sum']:>8.2f}")
    print("projected wall seconds by ranks: " +
          ", ".join(f"{k}: {v}" for k, v in summary["projection"].items()))
    print("the same, items handed out longest first (known times): " +
          ", ".join(f"{k}: {v}" for k, v in summary["projection_largest_first"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
