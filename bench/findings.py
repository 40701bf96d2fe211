#!/usr/bin/env python3
"""Run the checks behind FINDINGS.md and regenerate its tables.

    python3 bench/findings.py --mapsound PATH [--jobs 2] [--only NAME]...
                              [--skip PART]... [--timeout S] [--tables-only]

PARTS (all by default, in this order):
  checks     every checks/<lowering>.check and checks/<lowering>-sc-per-scope.check
             (plus the Fig. 11 reference checks cxx-to-ptx and
             cxx-to-ptx-sc-per-scope) at the check's own bound:
             `mapsound check FILE --jobs J --json --output DIR`
  coherence7 coherence with --race-free-programs --events 7 for every
             lowering's rc11-scoped check (Lustig et al. 2019 Fig. 12 needs 7)
  extra      the searches in EXTRA (race-free programs for finding (b)'s SC
             failures under the repaired source model)
  verify     every check file of the lowerings and repairs run whole, as a user
             would: `mapsound check FILE --jobs J` (exit 0: every verdict and
             `fails at N` size as the file states)
  cxx20      every failure found by `checks` (and by `coherence7` for the
             lowerings in CXX20_COHERENCE7), re-run at its
             size with the C++20 release-sequence variant of the source
             model (models/rc11-scoped-cxx20.cat,
             models/rc11-scoped-sc-per-scope-cxx20.cat)

Raw outputs go to bench/results/<YYYY-MM-DD>/findings/<run>/ (the JSON the
tool prints, its stderr, the counterexample files of --output), with
run.json per run (command, wall seconds, load average before and after,
exit code) and summary.json (commit, machine, every run).  Then the tables
between the marker comments of FINDINGS.md are rewritten from summary.json:
  <!-- findings:verdicts -->  ...  <!-- /findings:verdicts -->
  <!-- findings:coherence7 --> ... <!-- /findings:coherence7 -->
  <!-- findings:cxx20 -->     ...  <!-- /findings:cxx20 -->
  <!-- findings:runs -->      ...  <!-- /findings:runs -->
  <!-- findings:cex RUN AXIOM --> ... <!-- /findings:cex -->
      the counterexample of run RUN for AXIOM: C and PTX litmus text
The .dot pictures of every counterexample a cex marker names are copied to
findings/ (and rendered to .svg there when Graphviz `dot` is installed),
with its explanation (NAME-explanation.txt) where the tool gave one.
--tables-only skips running and regenerates FINDINGS.md from the newest
summary.json under bench/results/.

--pairs runs only the language pairs beyond C++ -> PTX 6.0 (PAIRS: each check
file run whole) into bench/results/<date>/findings-pairs/ and regenerates
their markers (<!-- findings:pairs -->, <!-- findings:cex pairs:CHECK AXIOM -->).
Standard library only.
"""
import argparse
import json
import os
import re
import sys

from benchlib import ROOT
from benchlib.findings_runs import run_all, run_pairs
from benchlib.findings_tables import (cex_block, table_coherence7, table_cxx20, table_extra, table_litmus, table_pairs,
                                      table_runs, table_verdicts, table_verify)


def regenerate_pairs(summary_path):
    summary = json.load(open(summary_path))
    outdir = os.path.dirname(summary_path)
    doc_path = os.path.join(ROOT, "FINDINGS.md")
    doc = open(doc_path).read()
    doc = re.sub(r"(<!-- findings:pairs -->)\n.*?(<!-- /findings:pairs -->)",
                 lambda mo: mo.group(1) + "\n" + table_pairs(summary) + "\n" + mo.group(2), doc, flags=re.S)
    doc = re.sub(r"(<!-- findings:cex (pairs:\S+) (\S+) -->)\n.*?(<!-- /findings:cex -->)",
                 lambda mo: mo.group(1) + "\n" + cex_block(summary, outdir, mo.group(2), mo.group(3)) + "\n"
                 + mo.group(4), doc, flags=re.S)
    open(doc_path, "w").write(doc)
    print("regenerated the language pairs of", os.path.relpath(doc_path, ROOT), "from",
          os.path.relpath(summary_path, ROOT))


def regenerate(summary_path):
    summary = json.load(open(summary_path))
    outdir = os.path.dirname(summary_path)
    doc_path = os.path.join(ROOT, "FINDINGS.md")
    doc = open(doc_path).read()
    tables = {"extra": table_extra, "verify": table_verify, "litmus": table_litmus, "verdicts": table_verdicts, "coherence7": table_coherence7, "cxx20": table_cxx20, "runs": table_runs}
    for name, fn in tables.items():
        doc = re.sub(rf"(<!-- findings:{name} -->)\n.*?(<!-- /findings:{name} -->)",
                     lambda mo: mo.group(1) + "\n" + fn(summary) + "\n" + mo.group(2), doc, flags=re.S)
    doc = re.sub(r"(<!-- findings:cex ((?!pairs:)\S+) (\S+) -->)\n.*?(<!-- /findings:cex -->)",
                 lambda mo: mo.group(1) + "\n" + cex_block(summary, outdir, mo.group(2), mo.group(3)) + "\n"
                 + mo.group(4), doc, flags=re.S)
    open(doc_path, "w").write(doc)
    print("regenerated", os.path.relpath(doc_path, ROOT), "from", os.path.relpath(summary_path, ROOT))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mapsound", help="the mapsound tool to run")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", default=[], help="run ids (or prefixes) to run")
    ap.add_argument("--skip", action="append", default=[], choices=["litmus", "checks", "coherence7", "extra", "verify", "cxx20"])
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per run before SIGINT (default 1800)")
    ap.add_argument("--tables-only", action="store_true")
    ap.add_argument("--pairs", action="store_true",
                    help="run only the language pairs' checks (PAIRS) and regenerate their tables")
    ap.add_argument("--resume", action="store_true",
                    help="keep the runs that this date's summary.json already has complete results for")
    args = ap.parse_args()
    if args.tables_only:
        def newest(part):
            return sorted(p for p in (os.path.join(ROOT, "bench", "results", d, part, "summary.json")
                                      for d in os.listdir(os.path.join(ROOT, "bench", "results"))) if os.path.exists(p))
        found = newest("findings")
        if not found:
            sys.exit("no summary.json under bench/results/*/findings/")
        regenerate(found[-1])
        if newest("findings-pairs"):
            regenerate_pairs(newest("findings-pairs")[-1])
        return
    if not args.mapsound:
        ap.error("--mapsound PATH is required")
    args.mapsound = os.path.abspath(args.mapsound)
    if args.pairs:
        regenerate_pairs(run_pairs(args))
        return
    regenerate(run_all(args))


if __name__ == "__main__":
    main()
