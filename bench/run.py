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
  differential-composite  the same on the composite mutants (two or three
                sweeps over every rule at once: most layouts that can fail
                do), up to 4 events (AuDaLa 5) and at 5 (not part of all)
  differential-five  that part's 5-event phase alone (SAT against UNSAT,
                every reference but spurious and all; not part of all)
  oracle-sweeping  the oracle at 3 events (AuDaLa at 5) on the sweeping
                mutants, on the cluster-level check's one-step mutants and
                on `axiom *` (not part of all)
  oracle        the independent small-bound oracle against the checker
                (build/tests/oracle/mapsound-oracle): every shipped check
                and every mutant, per shape (not part of all: about an
                hour on 2 cores)
  oracle-composite  the oracle on the composite mutants: Fig. 11, the
                cluster level and OpenCL to 3 events, AuDaLa to 5, the
                de-scoped check to 4 (not part of all)
  oracle-descoped-4  the oracle on every one-step and sweeping mutant of
                the de-scoped mapping, every program up to 4 events (not
                part of all)
  oracle-audala the oracle part's two AuDaLa phases alone (to 5 events;
                not part of all)
  oracle-rmw-4  the oracle on every shipped check at 4 events, the layouts
                with a read-modify-write only (not part of all)
  oracle-opencl-rmw-4  that part's OpenCL phase alone (hours here, for
                opencl-to-vulkan-clspv; not part of all)
  oracle-vulkan-4  the oracle on the Vulkan lowerings with small source
                spaces, every program up to 4 events (not part of all)
  coq-cost      the estimated floor of proving "holds" at 3 events by
                computation in Coq: Coq's evaluation of one execution's
                consistency, times the programs of each check (not part
                of all)
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
import datetime
import os
import sys

from benchlib import ROOT
from benchlib.run_part import Part
from benchlib.run_parts_coq import part_coq_cost
from benchlib.run_parts_differential import (part_differential, part_differential_composite, part_differential_five,
                                             part_differential_sweeping)
from benchlib.run_parts_oracle import (part_floor, part_oracle, part_oracle_audala, part_oracle_composite,
                                       part_oracle_cpu, part_oracle_descoped_4, part_oracle_opencl_rmw_4, part_oracle_pairs,
                                       part_oracle_rmw_4, part_oracle_sweeping, part_oracle_vulkan_4)
from benchlib.run_parts_timing import (part_compare, part_core, part_eight, part_goals, part_goals_9, part_headline,
                                       part_litmus, part_litmus_light, part_litmus_routes, part_race_free, part_ranks,
                                       part_techniques, part_transitivity)


PARTS = {"headline": part_headline, "core": part_core, "litmus": part_litmus, "litmus-light": part_litmus_light,
         "litmus-routes": part_litmus_routes, "techniques": part_techniques,
         "race-free": part_race_free, "eight": part_eight, "differential": part_differential,
         "differential-sweeping": part_differential_sweeping,
         "differential-composite": part_differential_composite,
         "differential-five": part_differential_five, "oracle-sweeping": part_oracle_sweeping,
         "oracle-audala": part_oracle_audala, "oracle-composite": part_oracle_composite,
         "oracle-descoped-4": part_oracle_descoped_4,
         "goals": part_goals, "goals-9": part_goals_9, "compare": part_compare, "ranks": part_ranks, "oracle": part_oracle,
         "transitivity": part_transitivity, "oracle-rmw-4": part_oracle_rmw_4,
         "oracle-opencl-rmw-4": part_oracle_opencl_rmw_4,
         "oracle-vulkan-4": part_oracle_vulkan_4, "oracle-pairs": part_oracle_pairs,
         "oracle-cpu": part_oracle_cpu, "floor": part_floor, "coq-cost": part_coq_cost}


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
    parts = [k for k in PARTS if k not in ("goals", "goals-9", "ranks", "transitivity", "oracle", "oracle-rmw-4", "oracle-opencl-rmw-4", "oracle-vulkan-4", "oracle-pairs", "oracle-cpu", "oracle-sweeping", "oracle-audala", "floor", "differential-five", "differential-composite", "oracle-composite", "oracle-descoped-4", "coq-cost")] if "all" in args.parts else args.parts
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
