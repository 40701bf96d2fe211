#!/usr/bin/env python3
"""Mapping checks side by side with Alloy's published timings.

Reproduces seed 000 Fig. 17 (the scoped C++->PTX mapping and its "de-scoped"
variant, per RC11 axiom: coherence, atomicity, sc; bounds 4, 5, 6, ...) and
seed 003 Table 1 (AuDaLa->PTX: acqrel, relaxed, relaxed-star; sizes 4..8,
...) with `mapsound check`, and prints each cell next to the Alloy figure
transcribed in bench/mapping-bench-alloy.csv.

Each cell is one `mapsound check CHECK --events N [--axiom A] --jobs K
--json` process (R times with --reps R; medians).  A cell that runs past
--budget seconds is stopped (SIGINT, then SIGKILL) and reported as a
timeout; larger bounds of the same row are then reported as timeouts
without being run.

Writes RESULTS/cells.csv, RESULTS/cells.json, RESULTS/table.txt, the
mapsound JSON reports of each run, counterexamples included (RESULTS/json/), and with gnuplot
RESULTS/fig17.svg and RESULTS/table1.svg (time against bound, log scale).

Python 3 standard library only.  See bench/README.md.
"""

import argparse
import csv
import datetime
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The rows of the two tables: (table, config = check name, axiom or None for
# every axiom of the check at once, label).
FIG17_CONFIGS = [("cxx-to-ptx", "scoped"), ("cxx-to-ptx-descoped", "de-scoped")]
FIG17_AXIOMS = ["coherence", "atomicity", "sc"]
TABLE1_CONFIGS = [("audala-ptx-acqrel", "RelAcq"), ("audala-ptx-relaxed", "Rlx"),
                  ("audala-ptx-relaxed-star", "Rlx*")]

GRACE_SECONDS = 10  # after SIGINT, before SIGKILL


def parse_range(text, what):
    """'4..6', '4-6' or '6' -> list of ints."""
    for sep in ("..", "-", ":"):
        if sep in text:
            a, b = text.split(sep, 1)
            lo, hi = int(a), int(b)
            break
    else:
        lo = hi = int(text)
    if lo < 1 or hi < lo:
        raise argparse.ArgumentTypeError(f"{what}: bad range '{text}'")
    return list(range(lo, hi + 1))


def load_alloy(path):
    rows = {}
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f if l.strip() and not l.lstrip().startswith("#")]
    for r in csv.DictReader(lines):
        rows[(r["table"], r["config"], r["axiom"], int(r["bound"]))] = r
    return rows


def fmt_seconds(s):
    if s is None:
        return "-"
    if s < 10:
        return f"{s:.2f} s"
    if s < 120:
        return f"{s:.1f} s"
    if s < 7200:
        return f"{s / 60:.1f} min"
    return f"{s / 3600:.1f} h"


def expected_at(expected_text, bound):
    """The verdict the check file expects when searching up to 'bound':
    ('holds', None), ('fails', n) or ('fails', None) when the file gives no
    size; None when unknown."""
    if not expected_text:
        return None
    words = expected_text.split()
    if words[0] == "holds":
        return ("holds", None)
    if words[0] == "fails":
        if len(words) == 3 and words[1] == "at":
            n = int(words[2])
            return ("fails", n) if bound >= n else ("holds", None)
        return ("fails", None)
    return None


class Run:
    """One mapsound process."""

    def __init__(self):
        self.status = "error"  # done | timeout | error
        self.wall = None
        self.cpu = None
        self.rss_mib = None
        self.exit = None
        self.json = None
        self.stderr_tail = ""
        self.rss_from = None


def signal_group(pid, sig):
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        pass  # it has just ended


TIME = "/usr/bin/time"  # GNU time, Debian package 'time'


def run_once(cmd, budget, cwd):
    """Runs cmd with stdout/stderr to files.  Wall clock measured here; CPU
    time and peak RSS from GNU time (/usr/bin/time, its -v "Maximum resident
    set size") when installed, else from wait4 on the child.  (wait4 alone
    overstates small peaks: a child forked from this Python process keeps
    Python's own resident size, about 15 MiB, as its starting high-water
    mark; GNU time forks from a process of about 2 MiB.)"""
    r = Run()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r", suffix=".time") as tf:
        use_time = os.access(TIME, os.X_OK)
        full = [TIME, "-f", "%e %U %S %M", "-o", tf.name] + cmd if use_time else cmd
        start = time.monotonic()
        # A session of its own: signals go to the process group (GNU time
        # ignores SIGINT itself and passes the child's status on).
        p = subprocess.Popen(full, stdout=out, stderr=err, cwd=cwd, stdin=subprocess.DEVNULL,
                             start_new_session=True)
        # A thread blocks in wait4, so the end time is exact (no polling).
        reaped = {}
        done = threading.Event()

        def reap():
            _, st, ru = os.wait4(p.pid, 0)
            reaped.update(end=time.monotonic(), status=st, usage=ru)
            done.set()

        threading.Thread(target=reap, daemon=True).start()
        interrupted_at = None
        if not done.wait(budget if budget else None):
            # Ctrl-C: mapsound stops the search and reports what it proved.
            interrupted_at = time.monotonic()
            signal_group(p.pid, signal.SIGINT)
            if not done.wait(GRACE_SECONDS):
                signal_group(p.pid, signal.SIGKILL)
                done.wait()
        end, status, usage = reaped["end"], reaped["status"], reaped["usage"]
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        r.exit = p.returncode
        r.wall = end - start
        r.cpu = usage.ru_utime + usage.ru_stime
        r.rss_mib = usage.ru_maxrss / 1024.0  # KiB on Linux
        r.rss_from = "wait4"
        if use_time:
            try:
                fields = [l.split() for l in tf.read().splitlines() if l.strip()]
                e, u, sy, m = fields[-1][-4:]
                r.cpu = float(u) + float(sy)
                r.rss_mib = int(m) / 1024.0
                r.rss_from = "time"
            except (IndexError, ValueError):
                pass  # killed before GNU time could write: wait4's figures
        out.seek(0)
        err.seek(0)
        text = out.read().decode("utf-8", "replace")
        r.stderr_tail = err.read().decode("utf-8", "replace")[-2000:]
    try:
        r.json = json.loads(text) if text.strip() else None
    except json.JSONDecodeError:
        r.json = None
    if interrupted_at is not None:
        r.status = "timeout"
    elif r.json is not None and r.exit in (0, 1):
        r.status = "done"
    else:
        r.status = "error"
    return r


def summarize_json(doc):
    """Aggregates the per-axiom results of one mapsound JSON document."""
    results = doc.get("results", [])
    verdicts = [x["verdict"] for x in results]
    fails = [x["events"] for x in results if x["verdict"] == "fails"]
    if fails:
        verdict = "fails"
        events = min(fails)
    elif results and all(v == "holds" for v in verdicts):
        verdict = "holds"
        events = min(x["events"] for x in results)
    else:
        verdict = "unknown"
        events = min((x["events"] for x in results), default=0)
    st = [x.get("statistics", {}) for x in results]
    return {
        "verdict": verdict,
        "events": events,
        "axioms": {x["axiom"]: f'{x["verdict"]}@{x["events"]}' for x in results},
        "expected": {x["axiom"]: x.get("expected") for x in results},
        "checker_s": sum(x.get("seconds", 0) for x in results),
        "shapes": sum(s.get("shapes", 0) for s in st),
        "solver_calls": sum(s.get("solver_calls", 0) for s in st),
        "spurious": sum(s.get("spurious", 0) for s in st),
        "max_vars": max((s.get("max_variables", 0) for s in st), default=0),
        "max_clauses": max((s.get("max_clauses", 0) for s in st), default=0),
        "translation_s": sum(s.get("translation_seconds", 0) for s in st),
        "solve_s": sum(s.get("solve_seconds", 0) for s in st),
        "json_peak_mib": doc.get("peak_memory_mib"),
    }


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def run_cell(args, table, config, axiom, bound, results_dir):
    check = os.path.join(ROOT, "checks", config + ".check")
    tag = f"{config}-{axiom or 'all'}-{bound}"
    cmd = [args.mapsound, "check", check, "--events", str(bound), "--jobs", str(args.jobs), "--json"]
    if axiom:
        cmd += ["--axiom", axiom]
    cell = {"table": table, "config": config, "axiom": axiom or "all", "bound": bound,
            "command": " ".join(cmd), "runs": []}
    runs = []
    for rep in range(args.reps):
        print(f"  [{table}] {config} {axiom or 'all'} N={bound} run {rep + 1}/{args.reps} ...",
              file=sys.stderr, flush=True)
        r = run_once(cmd, args.budget, ROOT)
        runs.append(r)
        if r.json is not None:
            # mapsound's own report, counterexamples (litmus, DOT) included.
            jdir = os.path.join(results_dir, "json")
            os.makedirs(jdir, exist_ok=True)
            with open(os.path.join(jdir, f"{tag}-run{rep + 1}.json"), "w") as f:
                json.dump(r.json, f, indent=1)
        cell["runs"].append({"status": r.status, "exit": r.exit, "wall_s": r.wall, "cpu_s": r.cpu,
                             "rss_mib": r.rss_mib, "rss_from": r.rss_from})
        if r.status != "done":
            break
    last = runs[-1]
    cell["status"] = last.status
    if last.status == "timeout":
        cell["mapsound"] = f">{args.budget:g} s"
        proved = None
        if last.json is not None:
            s = summarize_json(last.json)
            proved = s["events"]
        cell["verdict"] = "timeout"
        cell["note"] = (f"stopped after {args.budget:g} s" +
                        (f"; proved up to {proved} events" if proved else ""))
        cell["wall_s"] = None
        cell["cpu_s"] = None
        cell["peak_mib"] = last.rss_mib
        return cell
    if last.status == "error":
        cell["verdict"] = "error"
        cell["note"] = f"exit {last.exit}: " + " ".join(last.stderr_tail.strip().splitlines()[-2:])
        return cell
    sums = [summarize_json(r.json) for r in runs]
    verdicts = sorted({f'{s["verdict"]}@{s["events"]}' if s["verdict"] == "fails" else s["verdict"]
                       for s in sums})
    cell["verdict"] = "/".join(verdicts)
    first = sums[0]
    for k in ("shapes", "solver_calls", "spurious", "max_vars", "max_clauses"):
        cell[k] = first[k]
    cell["axioms"] = first["axioms"]
    cell["wall_s"] = median(r.wall for r in runs)
    cell["cpu_s"] = median(r.cpu for r in runs)
    cell["checker_s"] = median(s["checker_s"] for s in sums)
    cell["translation_s"] = median(s["translation_s"] for s in sums)
    cell["solve_s"] = median(s["solve_s"] for s in sums)
    cell["peak_mib"] = max(r.rss_mib for r in runs)
    cell["json_peak_mib"] = max((s["json_peak_mib"] or 0) for s in sums)
    # Is it what the check file says for this bound?
    ok = True
    for ax, text in first["expected"].items():
        want = expected_at(text, bound)
        got = first["axioms"][ax]
        if want is None:
            continue
        if want[0] == "holds":
            ok = ok and got.startswith("holds")
        else:
            ok = ok and got.startswith("fails") and (want[1] is None or got == f"fails@{want[1]}")
    cell["as_expected"] = "yes" if ok else "NO"
    cell["note"] = "" if len(verdicts) == 1 else "runs disagree"
    return cell


def rows_to_run(args):
    rows = []
    if "fig17" in args.tables:
        for config, label in FIG17_CONFIGS:
            if args.only and config not in args.only:
                continue
            for ax in args.axioms:
                rows.append(("fig17", config, label, ax, args.fig17_bounds))
    if "table1" in args.tables:
        for config, label in TABLE1_CONFIGS:
            if args.only and config not in args.only:
                continue
            rows.append(("table1", config, label, None, args.table1_bounds))
    return rows


COLUMNS = ["table", "config", "label", "axiom", "bound", "verdict", "as_expected", "wall_s", "cpu_s",
           "translation_s", "solve_s", "checker_s", "peak_mib", "json_peak_mib", "max_vars", "max_clauses",
           "shapes", "solver_calls", "spurious", "alloy_verdict", "alloy_s", "alloy_published", "alloy_source",
           "alloy_over_mapsound", "note"]


def cell_line(c):
    def num(x, f="{:.2f}"):
        return "-" if x is None else f.format(x)
    if c["verdict"] in ("timeout",):
        t = f'>{c["budget"]:g} s'
    else:
        t = num(c.get("wall_s"))
    ratio = c.get("alloy_over_mapsound")
    return (f'{c["label"]:<10} {c["axiom"]:<10} {c["bound"]:>2}  {c["verdict"]:<9} {t:>9} {num(c.get("cpu_s")):>8} '
            f'{num(c.get("translation_s")):>8} {num(c.get("solve_s")):>8} {num(c.get("peak_mib"), "{:.1f}"):>7} '
            f'{c.get("max_vars", "-") if c.get("max_vars") is not None else "-":>8} '
            f'{c.get("max_clauses", "-") if c.get("max_clauses") is not None else "-":>8}  | '
            f'{c.get("alloy_verdict", "-"):<10} {c.get("alloy_published", "-"):>10} '
            f'{("x" + format(ratio, ".3g")) if ratio else "-":>9}  {c.get("note", "")}').rstrip()


HEADER = (f'{"config":<10} {"axiom":<10} {"N":>2}  {"verdict":<9} {"wall_s":>9} {"cpu_s":>8} {"trans_s":>8} '
          f'{"solve_s":>8} {"MiB":>7} {"vars":>8} {"clauses":>8}  | {"Alloy":<10} {"published":>10} '
          f'{"speedup":>9}  note').rstrip()


def write_plot(results_dir, cells, table, budget):
    """gnuplot: time against bound, log scale; mapsound solid, Alloy dashed;
    timeouts as open triangles at their limit."""
    series = []
    keys = []
    for c in cells:
        k = (c["label"], c["axiom"])
        if c["table"] == table and k not in keys:
            keys.append(k)
    if not keys:
        return None
    datadir = os.path.join(results_dir, "plot-data")
    os.makedirs(datadir, exist_ok=True)
    plots = []
    for i, (label, axiom) in enumerate(keys):
        name = label if axiom == "all" else f"{label} {axiom}"
        safe = "".join(ch if ch.isalnum() else "_" for ch in name)
        ms, ms_to, al, al_to = [], [], [], []
        for c in cells:
            if c["table"] != table or k_of(c) != (label, axiom):
                continue
            if c["verdict"] == "timeout":
                ms_to.append((c["bound"], budget))
            elif c.get("wall_s") is not None:
                ms.append((c["bound"], max(c["wall_s"], 1e-3)))
            if c.get("alloy_s") is not None:
                (al_to if c.get("alloy_verdict") == "timeout" else al).append((c["bound"], c["alloy_s"]))
        # Fig. 17: colour per axiom, filled circles (scoped) or squares
        # (de-scoped); Table 1: colour per configuration.  mapsound solid,
        # Alloy dashed with open symbols of the same shape.
        if table == "fig17":
            color = FIG17_AXIOMS.index(axiom) + 1 if axiom in FIG17_AXIOMS else i + 4
            filled, hollow = (7, 6) if label == "scoped" else (5, 4)
        else:
            color, filled, hollow = i + 1, 7, 6
        for suffix, pts, style, title in (
                ("ms", ms, f"linespoints lw 2 pt {filled} lc {color}", f"mapsound {name}"),
                ("ms_to", ms_to, f"points pt 9 ps 1.8 lc {color}", f"mapsound {name}: timeout"),
                ("alloy", al, f"linespoints dt 2 lw 1.5 pt {hollow} ps 1.2 lc {color}", f"Alloy {name}"),
                ("alloy_to", al_to, f"points pt 8 ps 1.8 lc {color}", f"Alloy {name}: timeout")):
            if not pts:
                continue
            path = os.path.join(datadir, f"{table}-{safe}-{suffix}.dat")
            with open(path, "w") as f:
                for x, y in pts:
                    f.write(f"{x} {y}\n")
            plots.append(f"'{path}' using 1:2 with {style} title '{title}'")
    titles = {"fig17": "C++ to PTX mapping (seed 000 Fig. 17): mapsound vs Alloy",
              "table1": "AuDaLa to PTX mapping (seed 003 Table 1): mapsound vs Alloy"}
    xlabel = {"fig17": "bound (C++ events)", "table1": "size (AuDaLa events)"}
    svg = os.path.join(results_dir, f"{table}.svg")
    gp = os.path.join(results_dir, f"{table}.gp")
    bounds = [c["bound"] for c in cells if c["table"] == table]
    with open(gp, "w") as f:
        f.write(f"""set terminal svg size 1000,650 dynamic enhanced font 'sans,12'
set output '{svg}'
set title "{titles[table]}"
set logscale y
set format y '10^{{%L}}'
set xlabel '{xlabel[table]}'
set ylabel 'time (s), log scale'
set xrange [{min(bounds) - 0.5}:{max(bounds) + 0.5}]
set xtics 1
set grid ytics mytics xtics
set key outside right top
set bmargin 6
set label 1 "solid, filled: mapsound wall time (this machine); dashed, open: Alloy as published in the seed (other machines);\\ntriangles: timeouts, drawn at their limit (mapsound: the budget; Alloy: 48 h)" at screen 0.01,0.06 font ',10'
plot {', '.join(plots)}
""")
    return gp, svg


def k_of(c):
    return (c["label"], c["axiom"])


def main():
    ap = argparse.ArgumentParser(
        description="Seed 000 Fig. 17 and seed 003 Table 1 with mapsound, beside Alloy's published timings.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Example (a quick smoke run):\n"
               "  bench/mapping-bench.py --fig17-bounds 3..4 --table1-bounds 3..4 --budget 60\n"
               "The full reproduction (hours):\n"
               "  bench/mapping-bench.py --jobs 2 --budget 3600 --fig17-bounds 4..7 --table1-bounds 4..9")
    ap.add_argument("--mapsound", default=os.path.join(ROOT, "build", "mapsound"),
                    help="the mapsound binary (default: build/mapsound of this checkout)")
    ap.add_argument("--tables", default="fig17,table1",
                    help="comma-separated: fig17, table1 (default both)")
    ap.add_argument("--only", default="",
                    help="comma-separated check names to run (e.g. cxx-to-ptx-descoped,audala-ptx-acqrel)")
    ap.add_argument("--axioms", default=",".join(FIG17_AXIOMS),
                    help="Fig. 17 axioms (default coherence,atomicity,sc)")
    ap.add_argument("--fig17-bounds", default="4..6", type=lambda s: parse_range(s, "--fig17-bounds"),
                    help="Fig. 17 bounds, e.g. 4..7 (default 4..6)")
    ap.add_argument("--table1-bounds", default="4..8", type=lambda s: parse_range(s, "--table1-bounds"),
                    help="Table 1 sizes, e.g. 4..9 (default 4..8)")
    ap.add_argument("--max-bound", type=int, default=None,
                    help="cap both tables' largest bound (keeps their lower ends)")
    ap.add_argument("--budget", type=float, default=600,
                    help="per-cell time limit in seconds, per run (default 600; 0 = none)")
    ap.add_argument("--jobs", type=int, default=1, help="mapsound check --jobs (default 1)")
    ap.add_argument("--reps", type=int, default=1, help="runs per cell; times are medians (default 1)")
    ap.add_argument("--results", default=None,
                    help="results directory (default bench/results/YYYYMMDD-HHMMSS)")
    ap.add_argument("--alloy", default=os.path.join(ROOT, "bench", "mapping-bench-alloy.csv"),
                    help="Alloy's published numbers (default bench/mapping-bench-alloy.csv)")
    ap.add_argument("--no-plot", action="store_true", help="skip gnuplot")
    ap.add_argument("--list", action="store_true", help="print the cells that would run and exit")
    args = ap.parse_args()

    args.tables = [t for t in args.tables.split(",") if t]
    for t in args.tables:
        if t not in ("fig17", "table1"):
            ap.error(f"unknown table '{t}' (fig17, table1)")
    args.only = [c for c in args.only.split(",") if c]
    args.axioms = [a for a in args.axioms.split(",") if a]
    if args.max_bound is not None:
        args.fig17_bounds = [b for b in args.fig17_bounds if b <= args.max_bound]
        args.table1_bounds = [b for b in args.table1_bounds if b <= args.max_bound]
    if args.jobs < 1 or args.reps < 1 or args.budget < 0:
        ap.error("--jobs and --reps must be >= 1, --budget >= 0")

    rows = rows_to_run(args)
    if args.list:
        for table, config, label, ax, bounds in rows:
            print(f"{table:<7} {label:<10} {config:<26} {ax or 'all':<10} bounds {bounds}")
        return 0
    if not (os.path.isfile(args.mapsound) and os.access(args.mapsound, os.X_OK)):
        print(f"mapping-bench: no mapsound binary at {args.mapsound} (--mapsound PATH)", file=sys.stderr)
        return 2
    args.mapsound = os.path.abspath(args.mapsound)
    alloy = load_alloy(args.alloy)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    results_dir = os.path.abspath(args.results or os.path.join(ROOT, "bench", "results", stamp))
    os.makedirs(results_dir, exist_ok=True)

    try:
        load = os.getloadavg()
    except OSError:
        load = None
    meta = {
        "started_utc": stamp, "host": platform.node(), "cpus": os.cpu_count(),
        "loadavg_at_start": load, "mapsound": args.mapsound, "jobs": args.jobs, "reps": args.reps,
        "budget_s": args.budget, "command": " ".join(sys.argv),
    }
    try:
        meta["git"] = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                                     capture_output=True, text=True).stdout.strip()
    except OSError:
        pass

    print(f"mapping bench: {args.mapsound}, --jobs {args.jobs}, {args.reps} run(s) per cell, "
          f"budget {args.budget:g} s per run, {os.cpu_count()} CPUs, load {load}")
    print(f"results in {results_dir}")
    cells = []
    out_lines = []
    current_table = None
    for table, config, label, ax, bounds in rows:
        timed_out = False
        for n in bounds:
            if table != current_table:
                current_table = table
                head = {"fig17": "\n== seed 000 Fig. 17: C++ -> PTX, per RC11 axiom (Alloy: total CPU time, Xeon)",
                        "table1": "\n== seed 003 Table 1: AuDaLa -> PTX, whole check (Alloy: solve time, "
                                  "MiniSat, Ryzen 5 5600X)"}[table]
                print(head)
                print(HEADER)
                out_lines += [head, HEADER]
            if timed_out:
                c = {"table": table, "config": config, "axiom": ax or "all", "bound": n, "verdict": "timeout",
                     "status": "skipped", "note": "not run: a smaller bound timed out"}
            else:
                c = run_cell(args, table, config, ax, n, results_dir)
                timed_out = c["verdict"] == "timeout"
            c["label"] = label
            c["budget"] = args.budget
            a = alloy.get((table, config, ax or "all", n))
            if a:
                c["alloy_verdict"] = a["verdict"]
                c["alloy_s"] = float(a["seconds"]) if a["seconds"] else None
                c["alloy_published"] = a["published"] if a["verdict"] != "unreported" else "n/r"
                c["alloy_source"] = a["source"]
                if c["alloy_s"] and c.get("wall_s") and a["verdict"] != "timeout":
                    c["alloy_over_mapsound"] = c["alloy_s"] / c["wall_s"]
            else:
                c["alloy_verdict"] = "-"
                c["alloy_published"] = "-"
            line = cell_line(c)
            print(line, flush=True)
            out_lines.append(line)
            cells.append(c)

    try:
        meta["loadavg_at_end"] = os.getloadavg()
    except OSError:
        meta["loadavg_at_end"] = None
    meta["finished_utc"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    with open(os.path.join(results_dir, "cells.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for c in cells:
            row = dict(c)
            if row["verdict"] == "timeout":
                row["wall_s"] = f'>{args.budget:g}'
            for k in ("wall_s", "cpu_s", "translation_s", "solve_s", "checker_s", "peak_mib", "json_peak_mib",
                      "alloy_over_mapsound"):
                if isinstance(row.get(k), float):
                    row[k] = f"{row[k]:.4g}" if k == "alloy_over_mapsound" else f"{row[k]:.3f}"
            w.writerow(row)
    with open(os.path.join(results_dir, "cells.json"), "w") as f:
        json.dump({"meta": meta, "cells": cells}, f, indent=1)
    with open(os.path.join(results_dir, "table.txt"), "w") as f:
        f.write(f"# {json.dumps(meta)}\n")
        f.write("\n".join(out_lines) + "\n")

    if not args.no_plot:
        gnuplot = shutil.which("gnuplot")
        if not gnuplot:
            print("gnuplot not found: no plot (Debian: apt-get install gnuplot-nox)")
        else:
            for table in args.tables:
                made = write_plot(results_dir, cells, table, args.budget)
                if not made:
                    continue
                gp, svg = made
                p = subprocess.run([gnuplot, gp], capture_output=True, text=True)
                if p.returncode == 0:
                    print(f"plot: {svg}")
                else:
                    print(f"gnuplot failed on {gp}: {p.stderr.strip()[-500:]}")
    print(f"table: {os.path.join(results_dir, 'cells.csv')}")
    bad = [c for c in cells if c["verdict"] == "error" or c.get("as_expected") == "NO"]
    if bad:
        print(f"{len(bad)} cell(s) with an error or an unexpected verdict")
    return 1 if any(c["verdict"] == "error" for c in cells) else 0


if __name__ == "__main__":
    sys.exit(main())
