#!/usr/bin/env python3
"""The floor of a search by enumeration, beside the search (issue 28).

    bench/floor-summary.py FLOOR-DIR GOALS-8-JSON

FLOOR-DIR is what `bench/run.py floor` wrote: mapsound-floor's CSV lines
(every program and target execution judged, exactly, at small bounds; the
first programs of each layout at 5-8 events, for the evaluator's seconds
per candidate) and the checker's JSON on the exact bounds (`--jobs 1`: its
seconds per axiom are one thread's).  GOALS-8-JSON is a stored `bench/run.py goals`
run at 8 events (its programs per bound and each axiom's seconds); the
goals-7.json beside it is read too.

Prints markdown: the exact small-bound comparison, and at 7 and 8 events
a lower bound on the enumeration's work: the programs counted by the
checker (labelled: locations and scope-tree instances up to renaming)
divided by n! (no orbit of the remaining symmetry, exchanging threads,
has more than n! members), times one candidate per program (each program
has a well-formed target execution), times the seconds per candidate
measured on the sample.  Standard library only.
"""
import csv
import json
import math
import os
import sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def checker_seconds(folder, name):
    """The seconds of every axiom of a `mapsound check --json` run, summed."""
    try:
        with open(os.path.join(folder, name)) as f:
            return sum(r["seconds"] for r in json.load(f)["results"])
    except (OSError, ValueError, KeyError):
        return None


def years(seconds):
    return seconds / (365.25 * 24 * 3600)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    folder, goals8 = sys.argv[1], sys.argv[2]
    out = ["## The floor of enumeration", "", f"floor run: `{folder}`; goals run: `{goals8}`", ""]

    out += ["### Every program and target execution, judged (exact)", "",
            "| check | events | programs (labelled) | programs visited (one per orbit) | target candidates "
            "| consistent | evaluator CPU s | µs per candidate | candidates per program |",
            "|---|---|---|---|---|---|---|---|---|"]
    exact = {}
    for name in ("floor-cxx-to-ptx-3.csv", "floor-cxx-to-ptx-descoped-4.csv"):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            out.append(f"| {name}: absent, skipped | | | | | | | | |")
            continue
        total = 0.0
        for r in rows(path):
            total += float(r["cpu_seconds"])
            visited, cand = int(r["programs_visited"]), int(r["target_candidates"])
            out.append(f"| {r['check']} | {r['events']} | {int(r['programs_labelled']):,} | {visited:,} | {cand:,} "
                       f"| {int(r['target_consistent']):,} | {float(r['cpu_seconds']):.2f} "
                       f"| {float(r['microseconds_per_candidate']):.1f} | {cand / visited:.2f} |")
            exact[r["check"]] = (int(r["events"]), total)
    out.append("")
    out += ["Up to the largest bound enumerated, the enumeration's CPU against the checker's "
            "(`mapsound check --jobs 1`, every axiom of the check, its seconds summed):", "",
            "| check | up to | enumeration CPU s | checker s | enumeration / checker |", "|---|---|---|---|---|"]
    for check, (n, total) in exact.items():
        cpu = checker_seconds(folder, f"check-{check}-{n}.json")
        if cpu:
            out.append(f"| {check} | {n} | {total:.1f} | {cpu:.2f} | {total / cpu:.0f}x |")
        else:
            out.append(f"| {check} | {n} | {total:.1f} | absent | |")
    out.append("")

    with open(goals8) as f:
        g8 = json.load(f)
    bounds = {b["events"]: int(b["programs"]) for b in g8["results"][0]["space"]["bounds"]}
    searched = {8: sum(r["seconds"] for r in g8["results"])}
    goals7 = os.path.join(os.path.dirname(goals8), "goals-7.json")
    if os.path.exists(goals7):
        with open(goals7) as f:
            searched[7] = sum(r["seconds"] for r in json.load(f)["results"])
    out += ["### At 7 and 8 events: a lower bound", "",
            "| events | programs (labelled, the checker's count) | orbits at least (/ n!) | µs per candidate (sample) "
            "| candidates per program (sample) | enumeration at least | the search (goals run, every axiom asked) |",
            "|---|---|---|---|---|---|---|"]
    for n in (7, 8):
        path = os.path.join(folder, f"sample-cxx-to-ptx-{n}.csv")
        if n not in bounds or not os.path.exists(path):
            out.append(f"| {n} | absent, skipped | | | | | |")
            continue
        r = rows(path)[-1]
        per = float(r["microseconds_per_candidate"]) * 1e-6
        per_program = int(r["target_candidates"]) / int(r["programs_visited"])
        orbits = bounds[n] / math.factorial(n)
        floor = orbits * per
        search = f"{searched[n]:.1f} s wall (`--jobs 2`)" if n in searched else "absent"
        out.append(f"| {n} | {bounds[n]:.3e} | {orbits:.3e} | {per * 1e6:.1f} | {per_program:.0f} "
                   f"| {floor:.2e} CPU-s ({years(floor):.0f} CPU-years) | {search} |")
    out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
