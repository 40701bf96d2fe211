#!/usr/bin/env python3
"""Every figure of bench/README.md, reproduced by one command per part.

    bench/run.py PART... [--build DIR] [--results DIR] [--jobs K] [--budget S]
                         [--ranks-events N]

Parts:
  headline      seed 000 Fig. 17 and seed 003 Table 1 beside Alloy
                (bench/mapping-bench.py at the bounds of the README)
  core          the relational core (build/bench/mapsound-bench-core)
  litmus        litmus mode over the development suite (bench/litmus-suite.sh)
  litmus-light  light C tests in one process: CPU per test and its phases
                (build/bench/mapsound-bench-litmus), and through the tool
  litmus-routes counting against SAT on heavy tests (generated PTX tests
                with many stores to one location, the suite's xf-barrier
                tests; build/bench/mapsound-bench-routes)
  techniques    what each technique bought: scoped coherence at 5 and 6
                events with each --reference
  race-free     cxx-to-ptx-rmw-sc-no-release, coherence: at 4 events, and
                with --race-free-programs at 7
  eight         cxx-to-ptx coherence and atomicity at 8 events
  goals         issue 14's goals table: cxx-to-ptx coherence, atomicity and
                sc at 7 events; every axiom at 8 events (not part of all)
  goals-9       coherence of cxx-to-ptx at 9 events (not part of all)
  compare       mapsound compare ptx-6.0 ptx-7.5 (generic-proxy PTX programs)
                at 3, 4 and 5 events, and at 3 with --reference spurious
  transitivity  lazy transitivity (the default) against --reference
                transitivity on cxx-to-ptx at 7 events (whole runs and
                every work item) and its slowest 8-event shape (not part
                of all)
  differential  the default encoding against every reference on mutant
                mappings (build/bench/mapsound-differential, four phases)
  differential-sweeping  the same on the sweeping mutants (every rule of
                a group weakened at once: more layouts fail) up to 4 and 5
                events, and on the cluster-level check's one-step mutants
  differential-five  that part's 5-event phase alone (SAT against UNSAT,
                every reference but spurious and all; not part of all)
  oracle-sweeping  the oracle at 3 events (AuDaLa at 5) on the sweeping
                mutants, on the cluster-level check's one-step mutants and
                on `axiom *` (not part of all)
  oracle        the independent small-bound oracle against the checker
                (build/tests/oracle/mapsound-oracle): every shipped check
                and every mutant, per shape (not part of all: about an
                hour on 2 cores)
  oracle-audala the oracle part's two AuDaLa phases alone (to 5 events;
                not part of all)
  oracle-rmw-4  the oracle on every shipped check at 4 events, the layouts
                with a read-modify-write only (not part of all)
  oracle-pairs  the oracle at 3 events on the checks the oracle part's
                stored run lacks: OpenCL (regions), one GPU (Vulkan),
                PTX 7.5 (not part of all)
  oracle-cpu    the oracle at 4 events on the C/C++ -> CPU checks (every
                check whose target is x86-tso, aarch64, power or riscv;
                not part of all)
  floor         the floor of a search by enumeration (issue 28): every
                program and target execution of cxx-to-ptx to 3 events and
                of cxx-to-ptx-descoped to 4, judged by the plain evaluator
                (build/tests/oracle/mapsound-floor), the evaluator's cost
                per candidate on the first programs of each layout at 5-8
                events, the checker on the same bounds, and the floor at 7
                and 8 events from the newest stored goals run's program
                counts (bench/floor-summary.py; not part of all)
  ranks         cxx-to-ptx coherence up to --ranks-events (default 7) with
                --jobs 1, --jobs 2, mpirun -np 2 and -np 3 (not part of all)
  all           every part above but goals, ranks and the oracle parts,
                in this order

Each part writes RESULTS/PART/ (default RESULTS: bench/results/YYYY-MM-DD,
UTC): the outputs of its commands and meta.json with the commit (git
describe --always --dirty), host, CPUs, the load average before and after
each command, the commands, their wall times and exit codes.  Nothing is
asserted on timings; a part fails (exit 1) when a command fails.

Python 3, standard library only.  See bench/README.md.
"""

import argparse
import glob
import datetime
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The AuDaLa -> PTX checks, the base checks of several parts.
AUDALA_CHECKS = "audala-ptx-acqrel,audala-ptx-relaxed,audala-ptx-relaxed-star"


def loadavg():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def git_describe():
    """The commit, '-dirty' when tracked files differ from it."""
    try:
        return subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return None


def git_modified():
    """The tracked files that differ from the commit (what '-dirty' means)."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                             capture_output=True, text=True).stdout
        return [line[3:] for line in out.splitlines()]
    except OSError:
        return None


class Part:
    """One part's results folder and meta.json."""

    def __init__(self, results, name):
        self.dir = os.path.join(results, name)
        os.makedirs(self.dir, exist_ok=True)
        self.meta = {"part": name, "git": git_describe(), "modified": git_modified(), "build": None,
                     "host": platform.node(), "cpus": os.cpu_count(),
                     "started_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                     "commands": []}
        self.ok = True

    def run(self, argv, output=None, stdout_to=None, env=None):
        """Runs argv from the repository root; stdout to RESULTS/PART/stdout_to
        (or the console), stderr to the console.  Records load and time."""
        record = {"argv": argv, "loadavg_before": loadavg()}
        print("$ " + " ".join(argv), flush=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        if stdout_to:
            with open(os.path.join(self.dir, stdout_to), "w") as out:
                code = subprocess.run(argv, cwd=ROOT, stdout=out, env=env).returncode
        else:
            code = subprocess.run(argv, cwd=ROOT, env=env).returncode
        record["wall_s"] = round(time.monotonic() - start, 3)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        # User and system CPU of the command and its children: with a busy
        # machine, wall_s grows and cpu_s does not.
        record["cpu_s"] = round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 3)
        record["loadavg_after"] = loadavg()
        record["exit"] = code
        if stdout_to:
            record["stdout"] = stdout_to
        self.meta["commands"].append(record)
        print(f"  exit {code}, {record['wall_s']} s wall, {record['cpu_s']} s CPU, "
              f"load {record['loadavg_before']} -> {record['loadavg_after']}",
              flush=True)
        return code

    def finish(self, extra=None):
        self.meta["finished_utc"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        if extra:
            self.meta.update(extra)
        with open(os.path.join(self.dir, "meta.json"), "w") as f:
            json.dump(self.meta, f, indent=1)
        return self.ok


def part_headline(args, p):
    code = p.run([sys.executable, "bench/mapping-bench.py", "--mapsound", args.mapsound, "--jobs", str(args.jobs),
                  "--budget", str(args.budget), "--fig17-bounds", "4..7", "--table1-bounds", "4..8", "--results", p.dir],
                 stdout_to="console.txt")
    p.ok = code == 0


def part_core(args, p):
    code = p.run([os.path.join(args.build, "bench", "mapsound-bench-core"), "--csv", os.path.join(p.dir, "core.csv")],
                 stdout_to="table.txt")
    p.ok = code == 0


def part_litmus(args, p):
    code = p.run(["bench/litmus-suite.sh", args.build], stdout_to="table.txt")
    p.ok = code == 0


# The light tests of the per-test comparison with herd7 (issue 30): the
# development suite's C tests and our own diy7- and herd-style ones.
LIGHT_C = ["../shared/litmus/C11", "tests/litmus/diy", "tests/litmus/herd"]


def part_litmus_light(args, p):
    """Light tests in one process: CPU per test and where it goes."""
    ok = True
    for model in ("rc11", "c11", "sc"):
        code = p.run([os.path.join(args.build, "bench", "mapsound-bench-litmus"), f"models/{model}.cat", "5"] + LIGHT_C,
                     stdout_to=f"light-{model}.txt")
        ok = ok and code == 0
    # The same tests through the tool, one process each and one process for
    # all (CPU of the children: bench/run.py's cpu_s).
    files = []
    for folder in LIGHT_C:
        for root, _, names in os.walk(os.path.join(ROOT, folder)):
            files += [os.path.join(root, n) for n in names if n.endswith(".litmus")]
    files.sort()
    code = p.run([args.mapsound, "litmus", "--model", "models/rc11.cat"] + files, stdout_to="tool-one-process-rc11.txt")
    ok = ok and code in (0, 1)
    p.meta["light_files"] = len(files)
    p.ok = ok


def part_litmus_routes(args, p):
    """Counting against SAT on heavy tests: generated PTX tests with many
    stores to one location, and the development suite's xf-barrier tests."""
    gen = os.path.join(p.dir, "generated")
    os.makedirs(gen, exist_ok=True)
    tests = []
    for k in (8, 20, 40):
        lines = [f"PTX stores-{k}", "{ x=0; }", " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;"]
        lines += [f" st.relaxed.gpu x, {i} | st.relaxed.gpu x, {k + i} ;" for i in range(1, k + 1)]
        lines.append(f"exists (x == {k})")
        path = os.path.join(gen, f"stores-{k}.litmus")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        tests.append(path)
    code = p.run([os.path.join(args.build, "bench", "mapsound-bench-routes"), "models/ptx-6.0.cat", "120"] + tests,
                 stdout_to="routes-ptx.md")
    suite = os.path.join(ROOT, "..", "shared", "litmus", "VULKAN", "Manual")
    heavy = sorted(os.path.join(suite, n) for n in os.listdir(suite) if n.startswith("xf-barrier")) if os.path.isdir(suite) else []
    code2 = p.run([os.path.join(args.build, "bench", "mapsound-bench-routes"), "models/vulkan.cat", "120"] + heavy,
                  stdout_to="routes-vulkan.md") if heavy else 0
    p.ok = code == 0 and code2 == 0


def check_json(args, p, name, check, flags):
    """One `mapsound check ... --json` run, its JSON in RESULTS/PART/name.json."""
    code = p.run([args.mapsound, "check", check, "--jobs", str(args.jobs), "--json",
                  "--output", os.path.join(p.dir, name + "-out")] + flags, stdout_to=name + ".json")
    # Exit 1 means a verdict other than the check file's: still a result.
    if code not in (0, 1):
        p.ok = False
    try:
        with open(os.path.join(p.dir, name + ".json")) as f:
            return json.load(f), p.meta["commands"][-1]
    except (OSError, json.JSONDecodeError):
        p.ok = False
        return None, p.meta["commands"][-1]


def part_techniques(args, p):
    configs = [("default", [], (5, 6)), ("closure", ["--reference", "closure"], (5, 6)),
               ("thread-order", ["--reference", "thread-order"], (5, 6)),
               ("scope-trees", ["--reference", "scope-trees"], (5,)), ("all", ["--reference", "all"], (5,))]
    lines = ["configuration   events   wall_s    cpu_s  shapes  max_vars  max_clauses  verdict  load_before -> after"]
    for name, flags, bounds in configs:
        for n in bounds:
            doc, cmd = check_json(args, p, f"{name}-{n}", "checks/cxx-to-ptx.check",
                                  ["--axiom", "coherence", "--events", str(n)] + flags)
            if not doc:
                continue
            r = doc["results"][0]
            s = r["statistics"]
            lines.append(f"{name:<15} {n:>6} {cmd['wall_s']:>8.2f} {cmd['cpu_s']:>8.2f} {s['shapes']:>7} {s['max_variables']:>9} "
                         f"{s['max_clauses']:>12}  {r['verdict']:<7}  {cmd['loadavg_before']} -> {cmd['loadavg_after']}")
    with open(os.path.join(p.dir, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def part_race_free(args, p):
    # Race-free executions (the default) and race-free programs.
    for name, flags in [("rmw-sc-no-release-4", ["--events", "4"]),
                        ("rmw-sc-no-release-7", ["--events", "7", "--race-free-programs"])]:
        doc, cmd = check_json(args, p, name, "checks/cxx-to-ptx-rmw-sc-no-release.check",
                              ["--axiom", "coherence"] + flags)
        if doc:
            r = doc["results"][0]
            print(f"{name}: coherence {r['verdict']} at {r['events']}, {cmd['wall_s']} s wall, {cmd['cpu_s']} s CPU, "
                  f"{r['statistics']['racy_programs']} racy programs, {doc['peak_memory_mib']} MiB")


def part_eight(args, p):
    doc, cmd = check_json(args, p, "cxx-to-ptx-8", "checks/cxx-to-ptx.check",
                          ["--axiom", "coherence", "--axiom", "atomicity", "--events", "8"])
    if doc:
        for r in doc["results"]:
            s = r["statistics"]
            print(f"{r['axiom']}: {r['verdict']} up to {r['events']}, {r['seconds']:.1f} s, {s['shapes']} shapes, "
                  f"{s['max_variables']} variables, {s['max_clauses']} clauses")
        print(f"peak memory {doc['peak_memory_mib']} MiB")


def part_goals(args, p, runs=None):
    # Issue 14's goals table: scoped C++ -> PTX (checks/cxx-to-ptx.check)
    # with coherence, atomicity and sc at 7 events, and every axiom of the
    # check at 8 events (coherence at 8 is its largest part; sc fails at 5
    # and thin-air at 4, so their sweeps end there), peak memory included.
    # 'runs': other runs of the same kind (goals-9).
    runs = runs or [("goals-7", ["--axiom", "coherence", "--axiom", "atomicity", "--axiom", "sc", "--events", "7"]),
                    ("goals-8", ["--events", "8"])]
    for name, flags in runs:
        doc, cmd = check_json(args, p, name, "checks/cxx-to-ptx.check", flags)
        if doc:
            total = sum(r["seconds"] for r in doc["results"])
            for r in doc["results"]:
                print(f"{name} {r['axiom']}: {r['verdict']} at/up to {r['events']}, {r['seconds']:.1f} s")
            print(f"{name}: {total:.1f} s over the axioms, peak memory {doc['peak_memory_mib']} MiB")


def part_goals_9(args, p):
    # Issue 28's goal for one machine: coherence at 9 events on this
    # machine's cores (bench/work-items.py --events 9 projects the ranks).
    part_goals(args, p, runs=[("goals-9", ["--axiom", "coherence", "--events", "9"])])


def part_transitivity(args, p):
    # Issue 28: lazy transitivity (the default) against every transitivity
    # clause up front (--reference transitivity), on checks/cxx-to-ptx.check:
    # the whole 7-event run of coherence, atomicity and sc with --jobs as
    # given, each order twice (eager, lazy, eager, lazy: the machine's
    # drift shows), then every work item of coherence and atomicity at 7
    # events in one process (CPU per item, shape by shape), then the
    # slowest 8-event coherence shape alone.
    for rep in (1, 2):
        for name, flags in (("eager", ["--reference", "transitivity"]), ("lazy", [])):
            check_json(args, p, f"run-7-{name}-{rep}", "checks/cxx-to-ptx.check",
                       ["--axiom", "coherence", "--axiom", "atomicity", "--axiom", "sc", "--events", "7"] + flags)
    tool = os.path.join(args.build, "bench", "mapsound-work-item-times")
    for name, flags in (("eager", ["--reference", "transitivity"]), ("lazy", [])):
        code = p.run([tool, "checks/cxx-to-ptx.check", "--events", "7", "--axiom", "coherence", "--axiom", "atomicity"]
                     + flags, stdout_to=f"items-7-{name}.csv")
        p.ok = p.ok and code == 0
    # [2,2,2,2], the slowest coherence shape at 8 events ("Work items").
    listing = subprocess.run([tool, "checks/cxx-to-ptx.check", "--events", "8", "--axiom", "coherence", "--list"],
                             cwd=ROOT, capture_output=True, text=True).stdout.splitlines()
    shape = next((line.split(",")[2] for line in listing if line.endswith(',"[2,2,2,2]"')), None)
    p.meta["shape-8"] = shape
    if shape is None:
        p.ok = False
        return
    for name, flags in (("eager", ["--reference", "transitivity"]), ("lazy", [])):
        code = p.run([tool, "checks/cxx-to-ptx.check", "--events", "8", "--axiom", "coherence", "--shape", shape]
                     + flags, stdout_to=f"item-8-{name}.csv")
        p.ok = p.ok and code == 0


def part_differential(args, p):
    tool = os.path.join(args.build, "bench", "mapsound-differential")
    jobs = ["--jobs", str(args.jobs)]
    # (1) Every mutant of every base check under every axiom, shapes of up
    # to 3 events, counterexample programs compared; the race-free
    # refinement against its reference likewise.
    c1 = p.run([tool, "--out", os.path.join(p.dir, "all-up-to-3"), "--events", "3", "--count-events", "3",
                "--race-free-events", "3", "--cap", "100"] + jobs, stdout_to="all-up-to-3.txt")
    # (2) Up to 4 events, programs compared: Fig. 11 unchanged and every
    # 3rd mutant, every AuDaLa mutant.
    c2 = p.run([tool, "--out", os.path.join(p.dir, "cxx-up-to-4"), "--events", "4", "--count-events", "4",
                "--race-free-events", "4", "--cap", "100", "--checks", "cxx-to-ptx", "--stride", "3"] + jobs,
               stdout_to="cxx-up-to-4.txt")
    c3 = p.run([tool, "--out", os.path.join(p.dir, "audala-up-to-5"), "--events", "5", "--count-events", "4",
                "--cap", "100", "--checks", AUDALA_CHECKS] + jobs, stdout_to="audala-up-to-5.txt")
    # (3) Shapes of 5 events, SAT against UNSAT: Fig. 11 unchanged and
    # every 15th mutant.
    c4 = p.run([tool, "--out", os.path.join(p.dir, "cxx-five"), "--events", "5", "--count-events", "0",
                "--race-free-events", "0", "--checks", "cxx-to-ptx", "--stride", "15"] + jobs,
               stdout_to="cxx-five.txt")
    p.ok = c1 == 0 and c2 == 0 and c3 == 0 and c4 == 0


def part_differential_sweeping(args, p, only=None):
    # Issue 26: failing layouts at 4 and 5 events, where a difference
    # between encodings can show, and the cluster level.  'only': the
    # names of the phases to run (differential-five runs the second).
    tool = os.path.join(args.build, "bench", "mapsound-differential")
    jobs = ["--jobs", str(args.jobs)]
    phases = [
        # (1) Every sweeping mutant of every base check and of the
        # cluster-level check up to 4 events, programs compared; the
        # race-free refinement too.
        ("sweeping-up-to-4", ["--sweeping", "--events", "4", "--count-events", "4", "--race-free-events", "4",
                              "--cap", "100", "--checks", "cxx-to-ptx,cxx-to-ptx-cluster," + AUDALA_CHECKS]),
        # (2) The same mutants, not the cluster level's, at 5 events, SAT
        # against UNSAT, every reference but `spurious` and `all`, which
        # holds it (one spurious candidate excluded at a time: shapes of sc
        # at 5 events run past 15 minutes with it; both are compared in (1)).
        ("sweeping-five", ["--sweeping", "--events", "5", "--count-events", "0", "--race-free-events", "0",
                           "--checks", "cxx-to-ptx," + AUDALA_CHECKS,
                           "--references", "closure,transitivity,scope-trees,thread-order,cubes"]),
        # (3) Every one-step mutant of the cluster-level check (scopes
        # narrowed to .cluster too) up to 3 events, programs compared.
        ("cluster-up-to-3", ["--events", "3", "--count-events", "3", "--race-free-events", "3", "--cap", "100",
                             "--checks", "cxx-to-ptx-cluster"]),
    ]
    ok = True
    for name, flags in phases:
        if only is None or name in only:
            ok = p.run([tool, "--out", os.path.join(p.dir, name)] + flags + jobs, stdout_to=name + ".txt") == 0 and ok
    p.ok = ok


def part_differential_five(args, p):
    part_differential_sweeping(args, p, only=("sweeping-five",))


def part_oracle_audala(args, p):
    part_oracle(args, p, only=("audala-up-to-5", "audala-mutants-up-to-5"))


def part_oracle_sweeping(args, p):
    # Issue 26: the independent oracle where more layouts fail, at the
    # cluster level, and on the whole model (`axiom *`).
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    phases = [
        # Every sweeping mutant of each base check and of the cluster-level
        # check, every program up to 3 events.
        ("sweeping-up-to-3", ["--sweeping", "--mutants", "cxx-to-ptx,cxx-to-ptx-cluster"]),
        ("audala-sweeping-up-to-5", ["--sweeping", "--mutants", AUDALA_CHECKS, "--events", "5"]),
        # Every 7th one-step mutant of the cluster-level check (.cluster
        # among the narrowed scopes).
        ("cluster-mutants-up-to-3", ["--mutants", "cxx-to-ptx-cluster", "--mutant-stride", "7"]),
        # `axiom *`: the checks, and the sweeping mutants of the de-scoped
        # and AuDaLa mappings.
        ("whole-model-up-to-3", ["--whole-model", "--checks",
                                 "cxx-to-ptx,cxx-to-ptx-descoped,audala-ptx-acqrel,audala-ptx-relaxed"]),
        ("whole-model-sweeping-up-to-3", ["--whole-model", "--sweeping", "--mutants",
                                          "cxx-to-ptx-descoped,audala-ptx-acqrel,audala-ptx-relaxed"]),
    ]
    for name, flags in phases:
        # The bound: 3 unless the phase names one.
        bound = [] if "--events" in flags else ["--events", "3"]
        code = p.run([tool, "--out", os.path.join(p.dir, name)] + bound + ["--jobs", str(args.jobs)] + flags,
                     stdout_to=name + ".txt")
        p.ok = p.ok and code == 0


def part_compare(args, p):
    # Issue 13: PTX 7.5 against PTX 6.0 on generic-proxy programs, both
    # directions, up to 5 events; and at 3 events with spurious candidates
    # excluded one at a time (--reference spurious), the plain path the
    # refinement by satisfying lifts replaced.
    lines = ["configuration       events   wall_s    cpu_s  direction                      verdict  events  "
             "SAT calls  spurious  load_before -> after"]
    for name, flags, n in [("default", [], 3), ("default", [], 4), ("default", [], 5),
                           ("reference-spurious", ["--reference", "spurious"], 3)]:
        out = f"ptx-6.0-vs-ptx-7.5-{name}-{n}.json"
        code = p.run([args.mapsound, "compare", "models/ptx-6.0.cat", "models/ptx-7.5.cat", "--dialect", "ptx",
                      "--events", str(n), "--jobs", str(args.jobs), "--json"] + flags, stdout_to=out)
        cmd = p.meta["commands"][-1]
        if code not in (0, 1):
            p.ok = False
            continue
        with open(os.path.join(p.dir, out)) as f:
            doc = json.load(f)
        for d in doc["differences"]:
            s = d["statistics"]
            direction = f"{d['allowed_by']} \\ {d['forbidden_by']}"
            lines.append(f"{name:<19} {n:>6} {cmd['wall_s']:>8.2f} {cmd['cpu_s']:>8.2f}  {direction:<30} {d['verdict']:<7}  "
                         f"{d['events']:>6}  {s['solver_calls']:>9}  {s['spurious']:>8}  "
                         f"{cmd['loadavg_before']} -> {cmd['loadavg_after']}")
    with open(os.path.join(p.dir, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def part_ranks(args, p):
    # Issue 14's scaling table, the measured rows: coherence of
    # checks/cxx-to-ptx.check up to 7 events as one process (--jobs 1 and
    # --jobs 2) and under mpirun with 2 and 3 ranks (rank 0 hands out work
    # items: 1 and 2 workers; 3 ranks oversubscribe these 2 cores).  The
    # verdicts and counterexample files must be the same; the times are
    # what this machine gives.
    mpirun = shutil.which("mpirun") or shutil.which("mpiexec")
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    flags = ["--axiom", "coherence", "--events", str(args.ranks_events), "--json"]
    runs = [("jobs-1", [args.mapsound, "check", "checks/cxx-to-ptx.check", "--jobs", "1"]),
            ("jobs-2", [args.mapsound, "check", "checks/cxx-to-ptx.check", "--jobs", "2"])]
    if mpirun:
        for k in (2, 3):
            runs.append((f"mpirun-np-{k}", [mpirun, "-np", str(k), "--oversubscribe", args.mapsound, "check",
                                            "checks/cxx-to-ptx.check"]))
    lines = ["run          wall_s    cpu_s  verdict  events  load_before -> after"]
    verdicts = set()
    for name, argv in runs:
        code = p.run(argv + flags + ["--output", os.path.join(p.dir, name + "-out")], stdout_to=name + ".json",
                     env=env)
        cmd = p.meta["commands"][-1]
        try:
            with open(os.path.join(p.dir, name + ".json")) as f:
                doc = json.load(f)
        except (OSError, json.JSONDecodeError):
            p.ok = False
            continue
        if code not in (0, 1):
            p.ok = False
        for r in doc["results"]:
            verdicts.add((r["axiom"], r["verdict"], r["events"]))
            lines.append(f"{name:<12} {cmd['wall_s']:>7.1f} {cmd['cpu_s']:>8.1f}  {r['verdict']:<7}  {r['events']:>6}  "
                         f"{cmd['loadavg_before']} -> {cmd['loadavg_after']}")
    if len(verdicts) != 1:
        p.ok = False
        lines.append(f"verdicts differ: {sorted(verdicts)}")
    with open(os.path.join(p.dir, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


ORACLE_PHASES = [
    # Every shipped check, every program up to 3 events.
    ("checks-up-to-3", ["--checks", "all", "--events", "3"]),
    # The checks whose source reads no scopes: de-scoped C++ to 4,
    # AuDaLa to 5 events.
    ("descoped-up-to-4", ["--checks", "cxx-to-ptx-descoped", "--events", "4"]),
    ("audala-up-to-5", ["--checks", AUDALA_CHECKS, "--events", "5"]),
    # Every weakening of Fig. 11 up to 3 events, of the AuDaLa
    # mappings up to 5.
    ("cxx-mutants-up-to-3", ["--mutants", "cxx-to-ptx", "--events", "3"]),
    ("audala-mutants-up-to-5", ["--mutants", AUDALA_CHECKS, "--events", "5"]),
]


def part_oracle(args, p, only=None):
    # Issue 26: the independent oracle against mapsound check, shape by
    # shape, at the bounds that fit this machine (bench/README.md,
    # "Independent oracle").  Each phase is one run of the driver; the
    # table sums them.  'only': these phases.
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    jobs = ["--jobs", str(args.jobs)]
    phases = [(name, flags) for name, flags in ORACLE_PHASES if only is None or name in only]
    lines = ["phase                    runs  comparisons  disagreements  layouts  programs_compared  programs_judged"
             "   wall_s    cpu_s  load_before -> after"]
    for name, flags in phases:
        code = p.run([tool, "--out", os.path.join(p.dir, name)] + flags + jobs, stdout_to=name + ".txt")
        cmd = p.meta["commands"][-1]
        p.ok = p.ok and code == 0
        summary = {}
        path = os.path.join(p.dir, name, "summary.json")
        if os.path.exists(path):
            with open(path) as f:
                summary = json.load(f)

        def get(key):
            return summary.get(key, "?")
        lines.append(f"{name:<24} {get('runs'):>4}  {get('comparisons'):>11}  {get('disagreements'):>13}  "
                     f"{get('layout_comparisons'):>7}  {get('programs_compared'):>17}  {get('programs_judged'):>15}  "
                     f"{cmd['wall_s']:>7.1f}  {cmd['cpu_s']:>7.1f}  {cmd['loadavg_before']} -> {cmd['loadavg_after']}")
    with open(os.path.join(p.dir, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


CPU_MODELS = ("x86-tso.cat", "aarch64.cat", "power.cat", "riscv.cat", "riscv-ztso.cat")


def checks_by_model(source=None, target=None):
    """The shipped checks (names, sorted) whose source and target model files
    are among the given base names (None: any)."""
    names = []
    for path in sorted(glob.glob(os.path.join(ROOT, "checks", "*.check"))):
        with open(path) as f:
            fields = dict(line.split()[:2] for line in f if line.startswith(("source", "target")))
        if all(wanted is None or os.path.basename(fields.get(key, "")) in wanted
               for key, wanted in (("source", source), ("target", target))):
            names.append(os.path.basename(path)[:-len(".check")])
    return names


def part_oracle_rmw_4(args, p):
    # The scoped space at 4 events is about 73 million programs per check
    # (five CPU-hours each here), so the oracle sweeps only the layouts of
    # 4 events with a read-modify-write (about 1.3 million programs judged
    # for scoped C++ with the default scope tree, the smaller bounds
    # whole): the shapes where atomicity, and a read-modify-write's
    # ordering, can fail.  The checks are those no other oracle part runs
    # at 4 events: not the CPU targets (oracle-cpu, every layout), not
    # AuDaLa (oracle-audala, 5 events), not cxx-to-ptx-descoped (oracle);
    # the OpenCL sources (regions: a space several times larger) in a
    # phase of their own, last.  The checker enumerates at most 2000
    # counterexample programs per shape (the load-buffering shape [11,11]
    # has more, and is not swept here).
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    layouts = "2,2;22;1,1,2;1,12;1,21;11,2;112;121;211"
    covered = set(checks_by_model(target=CPU_MODELS)) | set(checks_by_model(source=("audala.cat", "audala-star.cat")))
    covered.add("cxx-to-ptx-descoped")
    opencl = set(checks_by_model(source=("opencl.cat",)))
    phases = (("gpu-rmw-layouts-4", [c for c in checks_by_model() if c not in covered | opencl]),
              ("opencl-rmw-layouts-4", sorted(opencl)))
    ok = True
    for name, checks in phases:
        code = p.run([tool, "--out", os.path.join(p.dir, name), "--checks", ",".join(checks), "--events", "4",
                      "--layouts", layouts, "--cap", "2000", "--jobs", str(args.jobs)], stdout_to=name + ".txt")
        ok = code == 0 and ok
    p.ok = ok


def part_oracle_pairs(args, p):
    # The shipped checks that bench/results/2026-11-28/oracle lacks: those
    # the oracle could not pose then (OpenCL regions, `scopes cta gpu`)
    # and those added after it (cxx-to-ptx-7.5, the Vulkan lowerings).
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    checks = ["cxx-to-ptx-7.5", "hlsl-to-vulkan-dxc", "llvm-spirv-2025-vulkan", "llvm-spirv-2026-vulkan",
              "llvm-spirv-2026-vulkan-cxx20", "llvm-spirv-2026-vulkan-plain", "llvm-spirv-2026-vulkan-scoped",
              "opencl-to-ptx-memalloy", "opencl-to-ptx-memalloy-buggy", "opencl-to-ptx-memalloy-ptx6",
              "opencl-to-vulkan-clspv"]
    code = p.run([tool, "--out", os.path.join(p.dir, "pairs-up-to-3"), "--checks", ",".join(checks), "--events", "3",
                  "--jobs", str(args.jobs)], stdout_to="pairs-up-to-3.txt")
    p.ok = code == 0


def part_oracle_cpu(args, p):
    # Issue 29 / 26: the checks whose target is a CPU model, every program
    # up to 4 events (their sources read no scopes, so 4 fits in minutes).
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    checks = checks_by_model(target=CPU_MODELS)
    code = p.run([tool, "--out", os.path.join(p.dir, "cpu-up-to-4"), "--checks", ",".join(checks), "--events", "4",
                  "--jobs", str(args.jobs)], stdout_to="cpu-up-to-4.txt")
    p.ok = code == 0


def part_floor(args, p):
    # Issue 28's "physical floor": what listing every program and target
    # execution would cost, beside what the search costs.
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-floor")
    ok = p.run([tool, "checks/cxx-to-ptx.check", "--events", "3"], stdout_to="floor-cxx-to-ptx-3.csv") == 0
    ok = p.run([tool, "checks/cxx-to-ptx-descoped.check", "--events", "4"],
               stdout_to="floor-cxx-to-ptx-descoped-4.csv") == 0 and ok
    for n, sample in ((5, 100), (6, 100), (7, 10), (8, 5)):
        ok = p.run([tool, "checks/cxx-to-ptx.check", "--from", str(n), "--events", str(n), "--sample", str(sample)],
                   stdout_to=f"sample-cxx-to-ptx-{n}.csv") == 0 and ok
    # The checker on the bounds enumerated, one thread, every axiom.
    for name, check, n in (("check-cxx-to-ptx-3", "checks/cxx-to-ptx.check", 3),
                           ("check-cxx-to-ptx-descoped-4", "checks/cxx-to-ptx-descoped.check", 4)):
        code = p.run([args.mapsound, "check", check, "--events", str(n), "--jobs", "1", "--json",
                      "--output", os.path.join(p.dir, name + "-out")], stdout_to=name + ".json")
        ok = ok and code in (0, 1)
    goals = sorted(glob.glob(os.path.join(ROOT, "bench", "results", "*", "goals", "goals-8.json")))
    if goals:
        ok = p.run([sys.executable, "bench/floor-summary.py", p.dir, goals[-1]], stdout_to="summary.md") == 0 and ok
    else:
        print("floor: no stored goals run (bench/results/*/goals/goals-8.json): the 7- and 8-event floor is skipped")
    p.ok = ok


PARTS = {"headline": part_headline, "core": part_core, "litmus": part_litmus, "litmus-light": part_litmus_light,
         "litmus-routes": part_litmus_routes, "techniques": part_techniques,
         "race-free": part_race_free, "eight": part_eight, "differential": part_differential,
         "differential-sweeping": part_differential_sweeping,
         "differential-five": part_differential_five, "oracle-sweeping": part_oracle_sweeping,
         "oracle-audala": part_oracle_audala,
         "goals": part_goals, "goals-9": part_goals_9, "compare": part_compare, "ranks": part_ranks, "oracle": part_oracle,
         "transitivity": part_transitivity, "oracle-rmw-4": part_oracle_rmw_4, "oracle-pairs": part_oracle_pairs,
         "oracle-cpu": part_oracle_cpu, "floor": part_floor}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("parts", nargs="+", choices=list(PARTS) + ["all"])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="the build folder (default: build)")
    ap.add_argument("--results", help="results folder (default: bench/results/YYYY-MM-DD, UTC)")
    ap.add_argument("--jobs", type=int, default=2, help="worker threads per run (default 2)")
    ap.add_argument("--ranks-events", type=int, default=7, help="ranks: the bound of the runs (default 7)")
    ap.add_argument("--budget", type=int, default=900, help="headline: seconds per cell before a timeout (default 900)")
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    args.mapsound = os.path.join(args.build, "mapsound")
    day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    results = os.path.abspath(args.results or os.path.join(ROOT, "bench", "results", day))
    parts = [k for k in PARTS if k not in ("goals", "goals-9", "ranks", "transitivity", "oracle", "oracle-rmw-4", "oracle-pairs", "oracle-cpu", "oracle-sweeping", "oracle-audala", "floor", "differential-five")] if "all" in args.parts else args.parts
    ok = True
    for name in parts:
        print(f"== {name} -> {os.path.join(results, name)}", flush=True)
        p = Part(results, name)
        p.meta["build"] = args.build
        PARTS[name](args, p)
        ok = p.finish() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
