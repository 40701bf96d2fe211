"""bench/run.py's parts that time the tool: the headline tables, the core,
litmus mode, the techniques, the large bounds (eight, goals), transitivity,
compare and the ranks."""

import json
import os
import shutil
import subprocess
import sys

from benchlib import ROOT
from benchlib.run_part import check_json


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
