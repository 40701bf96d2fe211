#!/usr/bin/env python3
"""FINDINGS.md's counterexamples are what `mapsound check` prints today
(issue 26: fresh evidence by construction).

    findings_counterexamples_test.py MAPSOUND SOURCE_DIR WORK_DIR

Every counterexample FINDINGS.md shows is re-derived by one run of the
tool and compared, text for text:

  * the generated blocks, <!-- findings:cex RUN AXIOM --> ... <!-- /findings:cex -->,
    whose header line names the size: the block's two fenced litmus tests
    must equal the source and target litmus tests of
    `mapsound check CHECK --axiom AXIOM --events N --json` (RUN `NAME` is
    checks/NAME.check, `pairs:NAME` the same file, `NAME:coherence7` adds
    --race-free-programs, as bench/findings.py runs them);
  * the hand-copied ones, <!-- findings:copied CHECK AXIOM N --> ... <!-- /findings:copied -->:
    every fenced block there must be a run of whole lines of the printed
    source or target litmus test (the CPU sections copy the threads and
    the condition only).

The counterexample printed is the least of its shape (README, "How the
search works"), a function of the check files, models and mappings, so a
change that alters one leaves FINDINGS.md stale, and this test says
which block.  Prose beside a block adjudicates that program edge by edge:
regenerate with bench/findings.py and rewrite it.
"""
import json
import os
import re
import subprocess
import sys

CEX = re.compile(r"<!-- findings:cex (\S+) (\S+) -->\n(.*?)<!-- /findings:cex -->", re.S)
COPIED = re.compile(r"<!-- findings:copied (\S+) (\S+) (\d+) -->\n(.*?)<!-- /findings:copied -->", re.S)
FENCE = re.compile(r"^```\n(.*?)^```$", re.S | re.M)
SIZE = re.compile(r"axiom `[^`]+`, (\d+) source events")


def run(mapsound, source, work, check, axiom, events, extra):
    """The (source, target) litmus texts of the counterexample of one run."""
    out = os.path.join(work, f"{check}-{axiom}-{events}" + "".join(extra).replace("-", ""))
    cmd = [mapsound, "check", os.path.join(source, "checks", check + ".check"), "--axiom", axiom,
           "--events", str(events), "--jobs", "2", "--json", "--output", out] + extra
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        result = json.loads(p.stdout)["results"][0]
    except (ValueError, KeyError, IndexError):
        raise SystemExit(f"findings_counterexamples_test: no result from {' '.join(cmd)}: {p.stderr[-400:]}")
    c = result.get("counterexample")
    if not c:
        raise SystemExit(f"findings_counterexamples_test: {check} {axiom} at {events} has no counterexample "
                         f"({result.get('verdict')}): FINDINGS.md shows one")
    return c["source_litmus"].rstrip(), c["target_litmus"].rstrip()


def lines_within(fragment, text):
    """Whether the lines of 'fragment' are consecutive whole lines of 'text'."""
    want = fragment.rstrip("\n").split("\n")
    have = text.split("\n")
    return any(have[i:i + len(want)] == want for i in range(len(have) - len(want) + 1))


def main():
    mapsound, source, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    findings = open(os.path.join(source, "FINDINGS.md"), encoding="utf-8").read()
    failures, compared = [], 0
    for run_id, axiom, body in CEX.findall(findings):
        name = run_id.split(":", 1)[1] if run_id.startswith("pairs:") else run_id
        extra = []
        if name.endswith(":coherence7"):
            name, extra = name[: -len(":coherence7")], ["--race-free-programs"]
        size = SIZE.search(body)
        fences = FENCE.findall(body)
        if not size or len(fences) != 2:
            failures.append(f"block {run_id} {axiom}: no size in its header or not two litmus tests")
            continue
        src, tgt = run(mapsound, source, work, name, axiom, int(size.group(1)), extra)
        for side, shown, printed in (("source", fences[0], src), ("target", fences[1], tgt)):
            compared += 1
            if shown.rstrip() != printed:
                failures.append(f"block {run_id} {axiom}: the {side} litmus test differs from today's:\n"
                                f"--- FINDINGS.md\n{shown.rstrip()}\n--- mapsound check\n{printed}")
    for check, axiom, events, body in COPIED.findall(findings):
        src, tgt = run(mapsound, source, work, check, axiom, int(events), [])
        fences = FENCE.findall(body)
        if not fences:
            failures.append(f"copied {check} {axiom}: no fenced block")
        for shown in fences:
            compared += 1
            if not (lines_within(shown, src) or lines_within(shown, tgt)):
                failures.append(f"copied {check} {axiom}: a fenced block is in neither litmus test printed:\n"
                                f"{shown.rstrip()}\n--- source\n{src}\n--- target\n{tgt}")
    if compared == 0:
        failures.append("no counterexample found in FINDINGS.md")
    for f in failures:
        print("findings_counterexamples_test: " + f)
    if failures:
        sys.exit(1)
    print(f"findings_counterexamples_test: {compared} litmus tests of FINDINGS.md as mapsound prints them")


if __name__ == "__main__":
    main()
