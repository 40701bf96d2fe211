#!/usr/bin/env python3
"""The independent oracle's stored run in one table (bench/README.md,
"Independent oracle").

    bench/oracle-summary.py RESULTS/oracle [--markdown]

Reads each phase's rows.csv and runs.csv (build/tests/oracle/mapsound-oracle
--out) and the part's meta.json (bench/run.py oracle) and prints per phase:
the checks or mutants run, the bound, the comparisons by kind, the
(check, axiom) pairs found failing and their counterexample programs, the
disagreements, and the wall and CPU seconds.  Python 3, standard library
only.
"""

import argparse
import csv
import json
import os
import sys


def phase_rows(folder):
    with open(os.path.join(folder, "rows.csv")) as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", help="the oracle part's folder, e.g. bench/results/2026-11-28/oracle")
    ap.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = ap.parse_args()
    meta = {}
    meta_path = os.path.join(args.part, "meta.json")
    if os.path.exists(meta_path):
        with open(meta_path) as f:
            meta = json.load(f)
    timing = {}
    for cmd in meta.get("commands", []):
        argv = cmd["argv"]
        if "--out" in argv:
            timing[os.path.basename(argv[argv.index("--out") + 1])] = cmd
    header = ["phase", "runs", "events", "verdicts", "layouts", "classes", "counts", "failing", "layouts with cx",
              "cx programs", "disagreements", "wall_s", "cpu_s"]
    table = []
    totals = [0] * (len(header) - 1)
    for name in sorted(os.listdir(args.part)):
        folder = os.path.join(args.part, name)
        if not os.path.isfile(os.path.join(folder, "rows.csv")):
            continue
        rows = phase_rows(folder)
        with open(os.path.join(folder, "runs.csv")) as f:
            runs = list(csv.DictReader(f))
        kinds = {"verdict": 0, "layout": 0, "class": 0, "count": 0}
        failing, cx_layouts, cx_programs, disagreements = 0, 0, 0, 0
        for r in rows:
            kinds[r["what"]] = kinds.get(r["what"], 0) + 1
            if r["agree"] != "1":
                disagreements += 1
            if r["what"] == "verdict" and r["oracle"].startswith("fails"):
                failing += 1
            if r["what"] == "layout" and r["oracle"] not in ("none", ""):
                cx_layouts += 1
                cx_programs += int(r["oracle"].split()[0])
        events = max((int(r["events"]) for r in runs), default=0)
        cmd = timing.get(name, {})
        line = [name, len(runs), events, kinds["verdict"], kinds["layout"], kinds["class"], kinds["count"], failing,
                cx_layouts, cx_programs, disagreements, cmd.get("wall_s", 0), cmd.get("cpu_s", 0)]
        for i, v in enumerate(line[1:]):
            if i != 1:  # the bound is no sum
                totals[i] += v
        table.append(line)
    table.append(["total"] + [round(t, 1) if isinstance(t, float) else t for t in totals[:1]] + ["-"] +
                 [round(t, 1) if isinstance(t, float) else t for t in totals[2:]])
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in table:
            print("| " + " | ".join(str(x) for x in line) + " |")
    else:
        widths = [max(len(str(x)) for x in col) for col in zip(header, *table)]
        for line in [header] + table:
            print("  ".join(str(x).rjust(w) if i else str(x).ljust(w) for i, (x, w) in enumerate(zip(line, widths))))
    print(f"\ncommit {meta.get('git', '?')}, {meta.get('cpus', '?')} CPUs, started {meta.get('started_utc', '?')}",
          file=sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
