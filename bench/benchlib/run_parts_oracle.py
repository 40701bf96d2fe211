"""bench/run.py's oracle parts: the independent small-bound oracle against
the checker (build/tests/oracle/mapsound-oracle), and the floor of a search
by enumeration (build/tests/oracle/mapsound-floor)."""

import glob
import json
import os
import sys

from benchlib import ROOT
from benchlib.run_part import AUDALA_CHECKS


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


def part_oracle_composite(args, p):
    # Issue 26: the independent oracle on the composite mutants (two or
    # three sweeps over every rule: most layouts that can fail do), where
    # the search has counterexamples to agree on.
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    phases = [
        # Fig. 11, the cluster level and OpenCL's regions, every program
        # up to 3 events; AuDaLa up to 5.
        ("composite-up-to-3", ["--composite", "--events", "3", "--mutants",
                               "cxx-to-ptx,cxx-to-ptx-cluster,opencl-to-ptx-memalloy"]),
        ("audala-composite-up-to-5", ["--composite", "--events", "5", "--mutants", AUDALA_CHECKS]),
        # The de-scoped check's composites, every program up to 4 events
        # (its source reads no scopes: the space fits, 2 to 3 minutes each).
        ("descoped-composite-up-to-4", ["--composite", "--events", "4", "--mutants", "cxx-to-ptx-descoped"]),
    ]
    for name, flags in phases:
        code = p.run([tool, "--out", os.path.join(p.dir, name), "--jobs", str(args.jobs)] + flags,
                     stdout_to=name + ".txt")
        p.ok = p.ok and code == 0


def part_oracle_descoped_4(args, p):
    # Issue 26: every mutant of one mapping at 4 events.  The de-scoped
    # check's space is the one C++ -> PTX space at 4 events that fits here
    # (387 thousand programs judged, one sweep shared by every mutant): its
    # one-step and its sweeping mutants, every program up to 4 events.
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    for name, flags in (("descoped-mutants-up-to-4", []), ("descoped-sweeping-up-to-4", ["--sweeping"])):
        code = p.run([tool, "--out", os.path.join(p.dir, name), "--jobs", str(args.jobs), "--events", "4",
                      "--mutants", "cxx-to-ptx-descoped"] + flags, stdout_to=name + ".txt")
        p.ok = p.ok and code == 0


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


def part_oracle_vulkan_4(args, p):
    # Issue 26: the Vulkan lowerings whose source space is small (unscoped
    # C++, or OpenCL on one GPU with `scopes cta gpu`: 1906 to 4620
    # programs up to 3 events), every program up to 4 events, every
    # layout; oracle-rmw-4 swept their read-modify-write layouts only.
    # llvm-spirv-2026-vulkan-scoped (81 thousand programs at 3) is not
    # among them.
    tool = os.path.join(args.build, "tests", "oracle", "mapsound-oracle")
    checks = ["hlsl-to-vulkan-dxc", "llvm-spirv-2025-vulkan", "llvm-spirv-2026-vulkan", "llvm-spirv-2026-vulkan-cxx20",
              "llvm-spirv-2026-vulkan-plain"]
    code = p.run([tool, "--out", os.path.join(p.dir, "vulkan-up-to-4"), "--checks", ",".join(checks), "--events", "4",
                  "--cap", "2000", "--jobs", str(args.jobs)], stdout_to="vulkan-up-to-4.txt")
    p.ok = code == 0


def part_oracle_opencl_rmw_4(args, p):
    # oracle-rmw-4's OpenCL phase alone: its stored run (2026-11-29) was
    # stopped before opencl-to-vulkan-clspv, the one check it lacks, whose
    # read-modify-write layouts at 4 take hours here (2026-11-30: stopped
    # again in the second of the nine).
    part_oracle_rmw_4(args, p, only=("opencl-rmw-layouts-4",))


def part_oracle_rmw_4(args, p, only=None):
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
        if only and name not in only:
            continue
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
