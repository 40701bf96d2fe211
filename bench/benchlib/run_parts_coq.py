"""bench/run.py's Coq part: what proving "holds" by computation in Coq would
cost (issue 26).

A proof by computation of `<axiom>_statement_upto 3` has to decide, for
every program of the check's search space up to 3 events, at least one
execution of it (a program whose every source execution satisfies the
axiom still needs that shown, one execution at least; any other needs its
target executions).  So the number of programs times the cheaper
evaluation of one execution's consistency in Coq (source or target model)
estimates the floor of the computation alone, before any enumeration or
its proof of completeness.  An estimate, not a bound for every program:
the executions measured have 4 to 8 events, and smaller programs
evaluate faster.

The part measures that evaluation: it exports checks that fail at 3
events (their refutations hold a concrete source and target execution of
a 3-event program, with the witnesses the search found), and times
`vm_compute` of the source model's and the target model's `consistent_c`
(MsDecide.v's decision procedures, the ones a reflective proof would run)
on them, repeated.  The programs per check are the independent oracle's
counts at 3 events from stored runs (one per orbit: symmetric programs
counted once)."""

import csv
import glob
import os
import re
import shutil
import tempfile

from benchlib import ROOT

# Checks failing at 3 events, one per (source, target) pair of models
# measured; every check of the same pair gets that pair's cost.
MEASURED = ("cxx-to-ptx-rlx-as-weak", "llvm-nvptx-2024-sc-per-scope", "opencl-to-ptx-memalloy-ptx6")
REPEAT = 100
# Stored oracle runs with every shipped check's programs up to 3 events.
ORACLE_RUNS = ("bench/results/2026-11-28/oracle/checks-up-to-3/runs.csv",
               "bench/results/2026-11-28/oracle-pairs/pairs-up-to-3/runs.csv")

TIMING = """Require Import Coq.Lists.List.
Require Import Mapsound.MsDecide Mapsound.{refutation} Mapsound.{check}_dec.
Definition source_{n} : bool := List.forallb (fun _ : nat =>
  match {check}_dec.Src_dec.consistent_c fs Sb Ws0 with Some _ => true | None => false end) (List.seq 0 {n}).
Definition target_{n} : bool := List.forallb (fun _ : nat =>
  match {check}_dec.Tgt_dec.consistent_c ft Tb Wt with Some _ => true | None => false end) (List.seq 0 {n}).
Time Eval vm_compute in source_{n}.
Time Eval vm_compute in target_{n}.
"""

FINISHED = re.compile(r"Finished transaction in [0-9.]+ secs \(([0-9.]+)u,([0-9.]+)s\)")


def models_of(check):
    """(source, target) model file names of checks/CHECK.check."""
    found = {}
    with open(os.path.join(ROOT, "checks", check + ".check")) as f:
        for line in f:
            words = line.split()
            if len(words) >= 2 and words[0] in ("source", "target"):
                found[words[0]] = os.path.basename(words[1])
    return found.get("source"), found.get("target")


def coq_identifier(name):
    # proofs-export/src/identifier.cpp, rule 1 (check names need no more).
    return re.sub(r"[^A-Za-z0-9_']", "_", name)


def time_check(args, p, check, out):
    """(check, source s, target s) per evaluation, or None."""
    if p.run([args.mapsound, "export-coq", os.path.join("checks", check + ".check"), "-o", out, "--events", "3"],
             stdout_to=check + "-export.txt") != 0 or p.run(["make", "-C", out], stdout_to=check + "-make.txt") != 0:
        return None
    refutations = sorted(glob.glob(os.path.join(out, "Refute_*.v")))
    if not refutations:
        print(f"  {check}: no refutation at 3 events, nothing to time")
        return None
    timing = os.path.join(out, "Timing.v")
    with open(timing, "w") as f:
        f.write(TIMING.format(refutation=os.path.basename(refutations[0])[:-2], check="Check_" + coq_identifier(check),
                              n=REPEAT))
    shutil.copy(timing, os.path.join(p.dir, check + "-Timing.v"))
    if p.run(["coqc", "-Q", out, "Mapsound", timing], stdout_to=check + "-timing.txt") != 0:
        return None
    with open(os.path.join(p.dir, check + "-timing.txt")) as f:
        times = [float(u) + float(s) for u, s in FINISHED.findall(f.read())]
    if len(times) != 2:
        return None
    return check, times[0] / REPEAT, times[1] / REPEAT


def part_coq_cost(args, p):
    costs = {}  # (source, target) -> (check, source s, target s)
    for check in MEASURED:
        # The export and its compiled files in a scratch folder; the timing
        # file and coqc's output are kept.
        scratch = tempfile.mkdtemp(prefix="mapsound-coq-cost-")
        try:
            measured = time_check(args, p, check, os.path.join(scratch, check))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if measured:
            costs[models_of(check)] = measured
        else:
            p.ok = False

    programs = {}
    for path in ORACLE_RUNS:
        with open(os.path.join(ROOT, path)) as f:
            for row in csv.DictReader(f):
                if row["events"] == "3" and os.path.exists(os.path.join(ROOT, "checks", row["check"] + ".check")):
                    programs[row["check"]] = int(row["programs_judged"])
    rows = []
    for check in sorted(programs):
        pair = models_of(check)
        cost = costs.get(pair)
        row = {"check": check, "source": pair[0], "target": pair[1], "programs_up_to_3": programs[check],
               "measured_on": "", "source_eval_s": "", "target_eval_s": "", "floor_h": ""}
        if cost:
            row.update({"measured_on": cost[0], "source_eval_s": f"{cost[1]:.4f}", "target_eval_s": f"{cost[2]:.4f}",
                        "floor_h": f"{programs[check] * min(cost[1], cost[2]) / 3600:.2f}"})
        rows.append(row)
    with open(os.path.join(p.dir, "cost.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    bounded = [r for r in rows if r["floor_h"]]
    total = sum(float(r["floor_h"]) for r in bounded)
    with open(os.path.join(p.dir, "summary.txt"), "w") as f:
        for pair, (check, s, t) in sorted(costs.items()):
            f.write(f"{pair[0]} -> {pair[1]} (on {check}): source consistent_c {s * 1000:.1f} ms, "
                    f"target {t * 1000:.1f} ms per evaluation (vm_compute, {REPEAT} repeats)\n")
        f.write(f"checks with a measured pair: {len(bounded)} of {len(rows)}; estimated floor of the computation "
                f"at 3 events: {total:.1f} h in all, most {max((float(r['floor_h']) for r in bounded), default=0):.2f} h "
                f"for one check\n")
    print(open(os.path.join(p.dir, "summary.txt")).read(), end="")
