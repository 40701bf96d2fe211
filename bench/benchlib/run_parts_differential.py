"""bench/run.py's differential parts: the default encoding against every
reference on mutant mappings (build/bench/mapsound-differential)."""

import os

from benchlib.run_part import AUDALA_CHECKS


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


def part_differential_composite(args, p):
    # Issue 26: mutants that fail in most layouts that can fail at all, at
    # 4 and 5 events too (differential/mutants.hpp composite_weakenings),
    # so that most triples compared carry a counterexample; the cluster
    # level and OpenCL's regions included.
    tool = os.path.join(args.build, "bench", "mapsound-differential")
    jobs = ["--jobs", str(args.jobs)]
    phases = [
        # (1) Up to 4 events, counterexample programs compared, every
        # reference and the race-free refinement.
        ("composite-up-to-4", ["--composite", "--events", "4", "--count-events", "4", "--race-free-events", "4",
                               "--cap", "100", "--checks", "cxx-to-ptx,cxx-to-ptx-cluster,opencl-to-ptx-memalloy"]),
        # (2) The AuDaLa checks up to 5 events, programs compared up to 4.
        ("composite-audala-up-to-5", ["--composite", "--events", "5", "--count-events", "4", "--cap", "100",
                                      "--checks", AUDALA_CHECKS]),
        # (3) Fig. 11's composites at 5 events, SAT against UNSAT, every
        # reference but `spurious` and `all` (see part_differential_sweeping).
        ("composite-five", ["--composite", "--events", "5", "--count-events", "0", "--race-free-events", "0",
                            "--checks", "cxx-to-ptx",
                            "--references", "closure,transitivity,scope-trees,thread-order,cubes"]),
    ]
    ok = True
    for name, flags in phases:
        ok = p.run([tool, "--out", os.path.join(p.dir, name)] + flags + jobs, stdout_to=name + ".txt") == 0 and ok
    p.ok = ok
