#!/usr/bin/env python3
"""The stored differential runs, summed up: bench/differential-summary.py DIR [DIR...]

DIR is a results folder of `bench/run.py differential` or
`differential-sweeping` (it holds one folder per phase, each with
comparisons.csv and mutants.csv written by mapsound-differential); with
several, their phases are summed up together.  Prints, per phase and in total: the (mutant,
axiom) pairs and how many of them fail within the phase's bound, the
(mutant, axiom, layout) triples at 3-5 events and how many agree with
every reference, the distinct triples over all phases (a triple two
phases compare counts once) and how many carry a counterexample, and per reference the comparisons, disagreements and
comparisons whose counterexample programs were compared (with the number
of programs found).  Also the share of triples with a counterexample
among the triples whose layout can fail the axiom at all: a (check,
axiom, layout) where some mutant of the runs given, by some encoding,
has a counterexample (a layout where none can, e.g. atomicity without a
read-modify-write, is one where every mapping holds).  With one DIR,
writes the same to DIR/summary.txt.

Python 3, standard library only.  See bench/README.md.
"""

import collections
import csv
import os
import sys


def summarize(path):
    rows = list(csv.DictReader(open(path, newline="")))
    pairs = collections.defaultdict(bool)  # (check, mutant, axiom) -> some layout fails (default encoding)
    triples = collections.defaultdict(lambda: True)
    triple_events = {}
    triple_counterexample = collections.defaultdict(bool)  # the default encoding found one in the layout
    failable = set()  # (check, axiom, layout) where some encoding found a counterexample
    per_reference = collections.defaultdict(lambda: collections.Counter())
    for r in rows:
        key = (r["check"], r["mutant"], r["axiom"])
        if r["reference"] != "race-free-by-program":
            pairs[key] = pairs[key] or r["default_counterexample"] == "1"
        t = key + (r["layout"],)
        agree = r["agree"] == "1"
        triples[t] = triples[t] and agree
        triple_events[t] = int(r["events"])
        triple_counterexample[t] = triple_counterexample[t] or r["default_counterexample"] == "1"
        if r["default_counterexample"] == "1" or r["reference_counterexample"] == "1":
            failable.add((r["check"], r["axiom"], r["layout"]))
        c = per_reference[r["reference"]]
        c["comparisons"] += 1
        c["disagreements"] += 0 if agree else 1
        if r["programs_compared"] == "1":
            c["programs compared"] += 1
            c["programs"] += int(r["default_programs"])
            if int(r["default_programs"]) > 0:
                c["non-empty program sets compared"] += 1
        if r["default_counterexample"] == "1":
            c["layouts with a counterexample"] += 1
    in_range = [t for t in triples if 3 <= triple_events[t] <= 5]
    return {
        "pairs": len(pairs),
        "failing pairs": sum(1 for v in pairs.values() if v),
        "triples": len(triples),
        "triples at 3-5 events": len(in_range),
        "agreeing triples at 3-5 events": sum(1 for t in in_range if triples[t]),
        "disagreements": sum(c["disagreements"] for c in per_reference.values()),
        "references": per_reference,
        "triple agreement": dict(triples),
        "triple counterexample": dict(triple_counterexample),
        "triple events": triple_events,
        "failable": failable,
    }


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    roots = sys.argv[1:]
    lines = []
    total_triples = total_agreeing = total_disagreements = 0
    distinct_agree, distinct_counterexample, distinct_events = {}, {}, {}
    failable = set()
    phases = [(root, phase) for root in roots for phase in sorted(os.listdir(root))]
    for root, phase in phases:
        path = os.path.join(root, phase, "comparisons.csv")
        if not os.path.isfile(path):
            continue
        if len(roots) > 1:
            phase = os.path.join(os.path.basename(os.path.normpath(root)), phase)
        s = summarize(path)
        total_triples += s["triples at 3-5 events"]
        total_agreeing += s["agreeing triples at 3-5 events"]
        total_disagreements += s["disagreements"]
        failable |= s["failable"]
        in_failable = [t for t in s["triple agreement"] if (t[0], t[2], t[3]) in s["failable"]]
        for t, agree in s["triple agreement"].items():
            distinct_agree[t] = distinct_agree.get(t, True) and agree
            distinct_counterexample[t] = distinct_counterexample.get(t, False) or s["triple counterexample"][t]
            distinct_events[t] = s["triple events"][t]
        lines.append(f"== {phase}")
        lines.append(f"(mutant, axiom) pairs {s['pairs']}, failing within the bound {s['failing pairs']}; "
                     f"(mutant, axiom, layout) triples {s['triples']}, at 3-5 events {s['triples at 3-5 events']}, "
                     f"agreeing with every reference {s['agreeing triples at 3-5 events']}")
        ce = sum(1 for t in in_failable if s["triple counterexample"][t])
        lines.append(f"triples in layouts that can fail (some mutant of this phase fails there) {len(in_failable)}, "
                     f"with a counterexample {ce} ({100.0 * ce / max(1, len(in_failable)):.1f}%)")
        lines.append(f"{'reference':<22}{'comparisons':>12}{'disagree':>10}{'with CE':>9}{'programs compared':>19}"
                     f"{'non-empty':>11}{'programs':>10}")
        for ref, c in sorted(s["references"].items()):
            lines.append(f"{ref:<22}{c['comparisons']:>12}{c['disagreements']:>10}"
                         f"{c['layouts with a counterexample']:>9}{c['programs compared']:>19}"
                         f"{c['non-empty program sets compared']:>11}{c['programs']:>10}")
    lines.append(f"== total: triples at 3-5 events {total_triples} (phases may repeat a triple), agreeing "
                 f"{total_agreeing}; disagreements {total_disagreements}")
    with_ce = sum(1 for v in distinct_counterexample.values() if v)
    lines.append(f"== distinct (mutant, axiom, layout) triples over the phases {len(distinct_agree)}, agreeing "
                 f"{sum(1 for v in distinct_agree.values() if v)}; with a counterexample {with_ce} "
                 f"({100.0 * with_ce / max(1, len(distinct_agree)):.1f}%)")
    for low in (3, 4):
        band = [t for t in distinct_agree if low <= distinct_events[t] <= 5]
        ce = sum(1 for t in band if distinct_counterexample[t])
        lines.append(f"== of them at {low}-5 events {len(band)}, with a counterexample {ce} "
                     f"({100.0 * ce / max(1, len(band)):.1f}%)")
    band = [t for t in distinct_agree if (t[0], t[2], t[3]) in failable]
    ce = sum(1 for t in band if distinct_counterexample[t])
    lines.append(f"== of them in layouts that can fail (some mutant of the runs fails there) {len(band)}, "
                 f"with a counterexample {ce} ({100.0 * ce / max(1, len(band)):.1f}%)")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if len(roots) == 1:
        with open(os.path.join(roots[0], "summary.txt"), "w") as f:
            f.write(text)
    return 0 if total_disagreements == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
