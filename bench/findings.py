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
import datetime
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The shipped lowerings, in the order of the tables: (mapping name, label).
LOWERINGS = [
    ("llvm-nvptx-2026", "LLVM NVPTX 2026, sm_70"),
    ("llvm-nvptx-2026-sm90", "LLVM NVPTX 2026, sm_90 + PTX 8.6"),
    ("llvm-nvptx-2025", "LLVM NVPTX 2025 (cmpxchg)"),
    ("llvm-nvptx-2024", "LLVM NVPTX late 2024 (bare atom)"),
    ("libcuxx", "libcu++ (CCCL)"),
    ("nvidia-abi-current", "NV ABI current, recommended"),
    ("nvidia-abi-current-alt", "NV ABI current, alternatives"),
    ("nvidia-abi-12-8", "NV ABI 12.8.1"),
    ("nvidia-abi-snapshot", "NV ABI snapshot"),
    ("libclc-sycl", "libclc (SYCL)"),
]
REFERENCE = [("cxx-to-ptx", "Lustig et al. 2019 Fig. 11 (reference)")]
# Not shipped: the repairs of findings (a) and (b).
REPAIRS = [
    ("cxx-to-ptx-sc-fence-sys", "repair (a): Fig. 11, every fence.sc at .sys"),
    ("libcuxx-rmw-sc-acq-rel", "repair (b): libcu++ with seq_cst RMW atom.acq_rel"),
]
# The mixed-scope SC program (finding a) compiled by each lowering's SC rows,
# decided by litmus mode (findings/SB+sc-mixed-scopes-*.litmus), and the C
# source test under both source models.
LITMUS_TARGET = "findings/SB+sc-mixed-scopes-*.litmus"
LITMUS_SOURCE = "tests/litmus/models/SB+sc-mixed-scopes-fig11.litmus"
SOURCES = [("", "rc11-scoped"), ("-sc-per-scope", "rc11-scoped-sc-per-scope")]
AXIOMS = {
    "": ["coherence", "atomicity", "sc", "thin-air"],
    "-sc-per-scope": ["coherence", "atomicity", "sc-cta", "sc-gpu", "sc-sys", "thin-air"],
}
SC_AXIOMS = ["sc-cta", "sc-gpu", "sc-sys"]
# The coherence7 failures re-run with C++20 release sequences (each costs a
# full 7-event search): finding (b)'s representative.
CXX20_COHERENCE7 = ["llvm-nvptx-2026"]
# Extra searches: (run id, check, options).  Finding (b)'s SC failures under
# the repaired source model are race-free executions of racy programs; are
# there race-free programs among them up to the bound?
EXTRA = [
    ("llvm-nvptx-2026-sc-per-scope:race-free-programs", "checks/llvm-nvptx-2026-sc-per-scope.check",
     ["--axiom", "sc-cta", "--axiom", "sc-gpu", "--axiom", "sc-sys", "--race-free-programs"]),
]
# Not searched at 7 (time): repair (a) changes only SC fences' scopes.
COHERENCE7_SKIP = ["cxx-to-ptx-sc-fence-sys"]
CXX20 = {"rc11-scoped": "rc11-scoped-cxx20", "rc11-scoped-sc-per-scope": "rc11-scoped-sc-per-scope-cxx20"}


def sh(cmd):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True).stdout.strip()


def mapping_rules(name):
    """A mapping file's rules without comments, blank lines and its name line."""
    rules = []
    for line in open(os.path.join(ROOT, "mappings", name + ".map")):
        line = re.split(r"#|//", line)[0].strip()
        if line and not line.startswith("mapping "):
            line = " ".join(line.replace(";", " ; ").split())
            # atom without a semantic qualifier is .relaxed
            rules.append(re.sub(r"\batom\.(\$sco|cta|gpu|sys)\b", r"atom.relaxed.\1", line))
    return tuple(sorted(rules))  # rules may not overlap, so their order does not matter


def read_check(path):
    """The keyword lines of a check file: {keyword: [words]}, axioms as a list."""
    out = {"axiom": []}
    for line in open(path):
        line = re.split(r"(^|\s)(#|//)", line)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "axiom":
            out["axiom"].append(words[1:])
        else:
            out[words[0]] = words[1:]
    return out


def run_one(args, outdir, run_id, check_path, extra, timeout, summary=None):
    """Runs one `mapsound check`, stores its outputs, returns the run record.
    With --resume, a run the summary already has a complete result for is kept."""
    if args.resume and summary is not None:
        old = summary["runs"].get(run_id)
        if old and old.get("result") and not old.get("timed_out"):
            print(f"{run_id}: kept from the earlier invocation", flush=True)
            return old
    rdir = os.path.join(outdir, run_id)
    if os.path.isdir(rdir):
        shutil.rmtree(rdir)
    os.makedirs(rdir)
    cmd = [args.mapsound, "check", check_path, "--jobs", str(args.jobs), "--json",
           "--output", os.path.join(rdir, "out")] + extra
    shown = ["mapsound", "check", os.path.relpath(check_path, ROOT), "--jobs", str(args.jobs)] + extra
    load_before = os.getloadavg()
    t0 = time.monotonic()
    with open(os.path.join(rdir, "stdout.json"), "w") as so, open(os.path.join(rdir, "stderr.txt"), "w") as se:
        p = subprocess.Popen(["nice"] + cmd, cwd=ROOT, stdout=so, stderr=se)
        timed_out = False
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            p.send_signal(signal.SIGINT)  # the tool prints what it finished
            try:
                rc = p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                rc = p.wait()
    wall = time.monotonic() - t0
    load_after = os.getloadavg()
    try:
        result = json.load(open(os.path.join(rdir, "stdout.json")))
    except (ValueError, OSError):
        result = None
    rec = {
        "run": run_id, "command": " ".join(shown), "check": os.path.relpath(check_path, ROOT),
        "exit_code": rc, "timed_out": timed_out, "timeout_s": timeout,
        "wall_seconds": round(wall, 1),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "finished_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": sh(["git", "rev-parse", "HEAD"]),
        "result": result,
    }
    json.dump({k: v for k, v in rec.items() if k != "result"}, open(os.path.join(rdir, "run.json"), "w"), indent=1)
    verdicts = []
    if result:
        for r in result.get("results", []):
            verdicts.append(f"{r['axiom']} {r['verdict']}" + (f" at {r['events']}" if r["verdict"] == "fails" else ""))
    print(f"[{rec['finished_utc']}] {run_id}: {wall:.0f} s, rc {rc}{' (timed out)' if timed_out else ''}: "
          + "; ".join(verdicts), flush=True)
    return rec


def run_litmus(args, outdir):
    """Litmus mode on the mixed-scope SC program: the C test under both source
    models, its compiled forms under PTX 6.0."""
    import glob
    out = {"command": [], "verdicts": {}}
    jobs = [(["models/rc11-scoped.cat", "models/rc11-scoped-sc-per-scope.cat"], [LITMUS_SOURCE]),
            (["models/ptx-6.0.cat"], sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, LITMUS_TARGET))))]
    text = []
    for models, tests in jobs:
        cmd = [args.mapsound, "litmus"] + [w for m in models for w in ("--model", m)] + tests
        shown = "mapsound litmus " + " ".join(f"--model {m}" for m in models) + " " + " ".join(tests)
        out["command"].append(shown)
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        text.append("$ " + shown + "\n" + r.stdout + r.stderr)
        # herd-style output, one block per test and model, in the order of the models
        # (Test NAME KIND, States..., then Ok or No on a line of its own).
        i = 0
        test = None
        for line in r.stdout.splitlines():
            mo = re.match(r"Test (\S+) \S+$", line)
            if mo:
                test = mo.group(1)
            if test and line in ("Ok", "No"):
                model = models[i % len(models)] if len(models) > 1 else models[0]
                out["verdicts"].setdefault(test, {})[os.path.basename(model)] = line
                test = None
            mo = re.match(r"Observation (\S+) (\S+) (\d+) (\d+)", line)
            if mo:
                i += 1
    open(os.path.join(outdir, "litmus.txt"), "w").write("\n".join(text))
    print("litmus:", json.dumps(out["verdicts"]), flush=True)
    return out


def table_extra(summary):
    lines = ["| run | command | result | wall s |", "|---|---|---|---|"]
    for run_id, _, _ in EXTRA:
        rec = summary["runs"].get(run_id)
        if not rec:
            lines.append(f"| `{run_id}` | - | not run | - |")
            continue
        res = rec.get("result") or {}
        cells = "; ".join(f"{r['axiom']} {r['verdict']}" + (f" at {r['events']}" if r["verdict"] == "fails" else
                                                           f" up to {r['events']}") for r in res.get("results", []))
        if rec.get("timed_out"):
            cells += f" (stopped after {rec['timeout_s']} s)"
        lines.append(f"| `{run_id}` | `{rec['command']}` | {cells} | {rec['wall_seconds']} |")
    return "\n".join(lines)


def table_verify(summary):
    lines = ["Every check file run whole at its bound, `mapsound check checks/FILE.check --jobs 2` "
             "(exit 0: every verdict, and every `fails at N` size, as the file states):", "",
             "| check file | exit | result | wall s |", "|---|---|---|---|"]
    for run_id, rec in summary["runs"].items():
        if not run_id.endswith(":verify"):
            continue
        res = rec.get("result") or {}
        cells = "; ".join(f"{r['axiom']} {r['verdict']}" + (f" at {r['events']}" if r["verdict"] == "fails" else
                                                           f" up to {r['events']}")
                          + ("" if r.get("expectation") == "ok" else f" ({r.get('expectation')})")
                          for r in res.get("results", []))
        lines.append(f"| `{rec['check']}` | {rec['exit_code']} | {cells} | {rec['wall_seconds']} |")
    return "\n".join(lines)


def table_litmus(summary):
    lit = summary.get("litmus")
    if not lit:
        return "(not run)"
    lines = ["`" + c + "` (raw output: `litmus.txt` next to `summary.json`):" for c in lit["command"]]
    lines += ["", "| litmus test | model | verdict (Ok: the outcome is allowed; No: forbidden) |", "|---|---|---|"]
    for test, per in lit["verdicts"].items():
        for model, v in per.items():
            lines.append(f"| `{test}` | `{model}` | {v} |")
    return "\n".join(lines)


def cxx20_check(outdir, check_path):
    """A copy of a check file with the C++20 release-sequence source model (absolute paths)."""
    c = read_check(check_path)
    base = os.path.dirname(check_path)
    src = os.path.normpath(os.path.join(base, c["source"][0]))
    name = os.path.basename(src)[:-4]
    src20 = os.path.join(os.path.dirname(src), CXX20[name] + ".cat")
    d = os.path.join(outdir, "cxx20-checks")
    os.makedirs(d, exist_ok=True)
    out = os.path.join(d, c["check"][0] + "-cxx20.check")
    with open(out, "w") as f:
        f.write(f"# generated by bench/findings.py from {os.path.relpath(check_path, ROOT)}: "
                f"the same check with {os.path.relpath(src20, ROOT)}\n")
        f.write(f"check   {c['check'][0]}-cxx20\n")
        f.write(f"source  {src20}\n")
        f.write(f"target  {os.path.normpath(os.path.join(base, c['target'][0]))}\n")
        f.write(f"mapping {os.path.normpath(os.path.join(base, c['mapping'][0]))}\n")
        f.write(f"events  {c['events'][0]}\n")
        if "race-free" in c:
            f.write(f"race-free {c['race-free'][0]}\n")
        for a in c["axiom"]:
            f.write("axiom " + " ".join(a) + "\n")
    return out


def failures(rec):
    """(axiom, size) for every failing axiom of a run."""
    res = rec.get("result") or {}
    return [(r["axiom"], r["events"]) for r in res.get("results", []) if r["verdict"] == "fails"]


def run_all(args):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    outdir = os.path.join(ROOT, "bench", "results", today, "findings")
    os.makedirs(outdir, exist_ok=True)
    summary_path = os.path.join(outdir, "summary.json")
    summary = json.load(open(summary_path)) if os.path.exists(summary_path) else {"runs": {}}
    summary.update({
        "commit": sh(["git", "rev-parse", "HEAD"]),
        "dirty": bool(sh(["git", "status", "--porcelain"])),
        "mapsound": args.mapsound,
        "machine": {"node": platform.node(), "cpus": os.cpu_count(), "system": platform.platform()},
        "date": today,
    })

    def save():
        json.dump(summary, open(summary_path, "w"), indent=1)

    def want(name):
        return not args.only or any(o == name or name.startswith(o + "-") or name.startswith(o + ":") for o in args.only)

    if "litmus" not in args.skip and want("litmus"):
        summary["litmus"] = run_litmus(args, outdir)
        save()
    names = [m for m, _ in REFERENCE + LOWERINGS + REPAIRS]
    # Mappings with the same rules (comments and the name aside) have the same
    # verdicts: only the first of each group is run, the others point to it.
    first_with = {}
    summary["same_rules"] = {}
    for m in names:
        key = mapping_rules(m)
        if key in first_with:
            summary["same_rules"][m] = first_with[key]
        else:
            first_with[key] = m
    distinct = [m for m in names if m not in summary["same_rules"]]
    if "checks" not in args.skip:
        for suffix, _ in SOURCES:  # every rc11-scoped check first, then the repaired model
            for m in distinct:
                run_id = m + suffix
                if not want(run_id):
                    continue
                path = os.path.join(ROOT, "checks", run_id + ".check")
                # The repaired model differs from rc11-scoped.cat only in its SC
                # axioms (same coherence, atomicity, thin-air and data-race):
                # only those are run; the table takes the others from the
                # rc11-scoped run.
                extra = [w for a in SC_AXIOMS for w in ("--axiom", a)] if suffix else []
                summary["runs"][run_id] = run_one(args, outdir, run_id, path, extra, args.timeout, summary)
                save()
    if "coherence7" not in args.skip:
        for m in distinct:
            run_id = m + ":coherence7"
            if not want(run_id) or m in COHERENCE7_SKIP:
                continue
            path = os.path.join(ROOT, "checks", m + ".check")
            summary["runs"][run_id] = run_one(args, outdir, run_id.replace(":", "--"), path,
                                              ["--events", "7", "--axiom", "coherence", "--race-free-programs"],
                                              args.timeout, {"runs": {run_id.replace(":", "--"): summary["runs"].get(run_id)}})
            summary["runs"][run_id]["run"] = run_id
            save()
    if "extra" not in args.skip:
        for run_id, check, extra in EXTRA:
            if not want(run_id):
                continue
            r = run_one(args, outdir, run_id.replace(":", "--"), os.path.join(ROOT, check), extra, args.timeout,
                        {"runs": {run_id.replace(":", "--"): summary["runs"].get(run_id)}})
            r["run"] = run_id
            summary["runs"][run_id] = r
            save()
    if "verify" not in args.skip:
        for suffix, _ in SOURCES:
            for m, _ in LOWERINGS + REPAIRS:
                run_id = m + suffix + ":verify"
                if not want(run_id):
                    continue
                path = os.path.join(ROOT, "checks", m + suffix + ".check")
                r = run_one(args, outdir, run_id.replace(":", "--"), path, [], args.timeout,
                            {"runs": {run_id.replace(":", "--"): summary["runs"].get(run_id)}})
                r["run"] = run_id
                summary["runs"][run_id] = r
                save()
    if "cxx20" not in args.skip:
        for run_id, rec in list(summary["runs"].items()):
            if (run_id.endswith(":cxx20") or run_id.endswith(":verify") or run_id.endswith(":race-free-programs")
                    or not want(run_id.split(":")[0])):
                continue
            path = os.path.join(ROOT, rec["check"])
            extra_base = ["--race-free-programs"] if run_id.endswith(":coherence7") else []
            if run_id.endswith(":coherence7") and run_id.split(":")[0] not in CXX20_COHERENCE7:
                continue  # a 7-event search costs minutes: one representative per mechanism
            for axiom, size in failures(rec):
                new_id = f"{run_id}:{axiom}:cxx20"
                c20 = cxx20_check(outdir, path)
                r = run_one(args, outdir, new_id.replace(":", "--"), c20,
                            ["--events", str(size), "--axiom", axiom] + extra_base, args.timeout,
                            {"runs": {new_id.replace(":", "--"): summary["runs"].get(new_id)}})
                r["run"] = new_id
                r["of"] = run_id
                summary["runs"][new_id] = r
                save()
    save()
    return summary_path


# ---------------------------------------------------------------------------
# Tables

def verdict_cell(rec, axiom):
    if not rec or not rec.get("result"):
        return "not run"
    for r in rec["result"].get("results", []):
        if r["axiom"] == axiom:
            if r["verdict"] == "fails":
                return f"**fails at {r['events']}**"
            if r["verdict"] == "holds":
                return f"holds up to {r['events']}"
            return f"{r['verdict']} ({r['events']})"
    return "interrupted" if rec.get("timed_out") else "-"


def lookup(summary, m, suffix, axiom):
    """The run that decided axiom for lowering m under source suffix, and a note."""
    runs = summary["runs"]
    note = ""
    base = summary.get("same_rules", {}).get(m)
    if base:
        m, note = base, "="
    if suffix and axiom not in SC_AXIOMS:
        suffix, note = "", note + "†"
    return runs.get(m + suffix), note


def table_verdicts(summary):
    lines = []
    for suffix, src in SOURCES:
        axioms = AXIOMS[suffix]
        lines.append(f"Source `models/{src}.cat`, target `models/ptx-6.0.cat`, race-free executions "
                     f"(`race-free data-race`), `mapsound check checks/<lowering>{suffix}.check --jobs 2` "
                     "(its bound, 6 events):")
        lines.append("")
        lines.append("| lowering (mapping) | " + " | ".join(axioms) + " |")
        lines.append("|---|" + "---|" * len(axioms))
        for m, label in LOWERINGS + REFERENCE + REPAIRS:
            cells = []
            for a in axioms:
                rec, note = lookup(summary, m, suffix, a)
                cells.append(verdict_cell(rec, a) + (f" {note}" if note else ""))
            same = summary.get("same_rules", {}).get(m)
            lines.append(f"| {label} (`{m}`{f' = `{same}`' if same else ''}) | " + " | ".join(cells) + " |")
        lines.append("")
    lines.append("`=`: the mapping's rules are identical to the named one's (comments aside), so its verdicts "
                 "are that run's. `†`: coherence, atomicity and thin-air (and the data-race flag) are the same "
                 "definitions in both source models, so the repaired model's run checks only sc-cta, sc-gpu "
                 "and sc-sys and these cells repeat the rc11-scoped run.")
    return "\n".join(lines).rstrip()


def table_coherence7(summary):
    runs = summary["runs"]
    lines = ["`mapsound check checks/<lowering>.check --jobs 2 --events 7 --axiom coherence --race-free-programs` "
             "(counterexamples must be race-free programs):", "",
             "| lowering (mapping) | coherence, race-free programs | wall s |", "|---|---|---|"]
    for m, label in LOWERINGS + REFERENCE + REPAIRS:
        rec = runs.get(summary.get("same_rules", {}).get(m, m) + ":coherence7")
        cell = verdict_cell(rec, "coherence") if m not in COHERENCE7_SKIP else "not searched"
        if rec and rec.get("timed_out"):
            cell += f" (stopped after {rec['timeout_s']} s)"
        same = summary.get("same_rules", {}).get(m)
        lines.append(f"| {label} (`{m}`{f' = `{same}`' if same else ''}) | {cell} | "
                     f"{rec['wall_seconds'] if rec else '-'} |")
    return "\n".join(lines)


def table_cxx20(summary):
    runs = summary["runs"]
    lines = ["Every failure above re-run at its size with the C++20 release-sequence variant of its source "
             "model (`models/rc11-scoped-cxx20.cat`, `models/rc11-scoped-sc-per-scope-cxx20.cat`; "
             "check files generated under `bench/results/<date>/findings/cxx20-checks/`):", "",
             "| run | axiom | with the original source | with C++20 release sequences |", "|---|---|---|---|"]
    for run_id, rec in sorted(runs.items()):
        if not run_id.endswith(":cxx20"):
            continue
        base, axiom = rec["of"], run_id.split(":")[-2]
        lines.append(f"| `{base}` | {axiom} | {verdict_cell(runs.get(base), axiom)} | "
                     f"{verdict_cell(rec, axiom)} |")
    return "\n".join(lines)


def table_runs(summary):
    lines = [f"Last invocation at commit `{summary.get('commit')}`"
             f"{' (with uncommitted changes)' if summary.get('dirty') else ''}, "
             f"{summary.get('date')}, machine `{summary['machine']['node']}` "
             f"({summary['machine']['cpus']} CPUs, shared), tool `{summary.get('mapsound')}`. "
             "Raw outputs: `bench/results/" + str(summary.get("date")) + "/findings/`.", "",
             "| run | commit | exit | wall s | load average before (1/5/15 min) | finished (UTC) |",
             "|---|---|---|---|---|---|"]
    for run_id, rec in summary["runs"].items():
        la = "/".join(str(x) for x in rec["load_average_before"])
        lines.append(f"| `{run_id}` | {rec.get('commit', '-')[:7]} | {rec['exit_code']}"
                     f"{' (stopped)' if rec.get('timed_out') else ''} | "
                     f"{rec['wall_seconds']} | {la} | {rec['finished_utc']} |")
    return "\n".join(lines)


def cex_block(summary, outdir, run_id, axiom):
    rec = summary["runs"].get(run_id)
    if not rec or not rec.get("result"):
        return f"(run `{run_id}` not found)"
    for r in rec["result"].get("results", []):
        if r["axiom"] == axiom and "counterexample" in r:
            c = r["counterexample"]
            safe = run_id.replace(":", "--")
            pics = []
            fdir = os.path.join(ROOT, "findings")
            os.makedirs(fdir, exist_ok=True)
            for side in ("source", "target"):
                dot_name = f"{safe}-{axiom}-{side}.dot"
                with open(os.path.join(fdir, dot_name), "w") as f:
                    f.write(c[f"{side}_dot"])
                if shutil.which("dot"):
                    svg = dot_name[:-4] + ".svg"
                    subprocess.run(["dot", "-Tsvg", "-o", os.path.join(fdir, svg), os.path.join(fdir, dot_name)])
                    pics.append(f"![{side}](findings/{svg})")
                else:
                    pics.append(f"[`findings/{dot_name}`](findings/{dot_name})")
            rt = c.get("round_trip", {})
            # Why the source execution violates the axiom (tools since issue
            # 27 print it): beside the pictures, and as a file next to them.
            why = []
            if c.get("explanation"):
                with open(os.path.join(fdir, f"{safe}-{axiom}-explanation.txt"), "w") as f:
                    f.write(c["explanation"] + "\n")
                why = ["", "Why (the plain evaluator on the source execution; what it finds is drawn in "
                       "bold magenta): " + c["explanation"]]
            return "\n".join([
                f"Run `{run_id}`, axiom `{axiom}`, {r['events']} source events, shape `{c.get('shape')}`, "
                f"race-free program: {c.get('program_race_free')}; litmus round trip confirmed: "
                f"{rt.get('confirmed')} (source model {rt.get('source', {}).get('verdict')}, "
                f"PTX {rt.get('target', {}).get('verdict')}).", "",
                "```", c["source_litmus"].rstrip(), "```", "", "```", c["target_litmus"].rstrip(), "```", "",
                "Pictures (Graphviz): " + ", ".join(pics)
                + ("" if shutil.which("dot") else " (Graphviz `dot` is not installed here: render with "
                   "`dot -Tsvg FILE.dot -o FILE.svg`)") + "."] + why)
    return f"(no counterexample for `{axiom}` in run `{run_id}`)"


# ---------------------------------------------------------------------------
# Language pairs beyond C++ -> PTX 6.0 (issue 25): each check file run whole,
# its own summary (bench/results/<date>/findings-pairs/summary.json), its own
# markers: <!-- findings:pairs --> and <!-- findings:cex pairs:CHECK AXIOM -->.

# (group title, [(check name, label)]), in the order of FINDINGS.md.
PAIRS = [
    ("C++ -> PTX 7.5", [("cxx-to-ptx-7.5", "Lustig et al. 2019 Fig. 11 against PTX 7.5")]),
    ("C++ -> Vulkan (LLVM's SPIR-V back end)", [
        ("llvm-spirv-2025-vulkan", "before the 2026 storage-class fixes, RC11, atomics"),
        ("llvm-spirv-2026-vulkan", "after them, RC11, atomics"),
        ("llvm-spirv-2026-vulkan-cxx20", "after them, RC11 with C++20 release sequences, atomics"),
        ("llvm-spirv-2026-vulkan-scoped", "after them, scoped RC11 (C++20), atomics"),
        ("llvm-spirv-2026-vulkan-plain", "after them, RC11 (C++20), plain accesses too"),
    ]),
    ("OpenCL -> PTX", [
        ("opencl-to-ptx-memalloy", "POPL 2017 / memalloy, against Alglave et al. 2015's PTX (PTX1)"),
        ("opencl-to-ptx-memalloy-buggy", "memalloy's buggy variant, against PTX1"),
        ("opencl-to-ptx-memalloy-ptx6", "POPL 2017 / memalloy, against PTX 6.0"),
    ]),
    ("OpenCL -> Vulkan (clspv)", [("opencl-to-vulkan-clspv", "clspv, atomics")]),
    ("HLSL -> Vulkan (DXC)", [("hlsl-to-vulkan-dxc", "DXC, HLSL as OpenCL, Interlocked RMWs and barriers")]),
]


def run_pairs(args):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    outdir = os.path.join(ROOT, "bench", "results", today, "findings-pairs")
    os.makedirs(outdir, exist_ok=True)
    summary_path = os.path.join(outdir, "summary.json")
    summary = {"runs": {}, "commit": sh(["git", "rev-parse", "HEAD"]),
               "dirty": bool(sh(["git", "status", "--porcelain"])), "mapsound": args.mapsound,
               "machine": {"node": platform.node(), "cpus": os.cpu_count(), "system": platform.platform()},
               "date": today}
    for _, checks in PAIRS:
        for name, _ in checks:
            run_id = "pairs:" + name
            r = run_one(args, outdir, name, os.path.join(ROOT, "checks", name + ".check"), [], args.timeout)
            r["run"] = run_id
            summary["runs"][run_id] = r
            json.dump(summary, open(summary_path, "w"), indent=1)
    return summary_path


def table_pairs(summary):
    lines = []
    for title, checks in PAIRS:
        lines += [f"**{title}** (`mapsound check checks/<check>.check --jobs 2`, the check's own bound):", "",
                  "| check | source -> target | verdicts | as the file expects |", "|---|---|---|---|"]
        for name, label in checks:
            rec = summary["runs"].get("pairs:" + name)
            if not rec or not rec.get("result"):
                lines.append(f"| `{name}` ({label}) | | not run | |")
                continue
            check = read_check(os.path.join(ROOT, "checks", name + ".check"))
            cells = []
            for r in rec["result"]["results"]:
                cells.append(f"{r['axiom']} " + verdict_cell(rec, r["axiom"]))
            excluded = [e["class"] for e in rec["result"]["results"][0].get("space", {}).get("excluded", [])]
            verdicts = "; ".join(cells) + (f" (excluding {', '.join(excluded)})" if excluded else "")
            expected = "yes" if rec["exit_code"] == 0 else f"no (exit {rec['exit_code']})"
            source = os.path.basename((check.get("source") or [""])[0])
            target = os.path.basename((check.get("target") or [""])[0])
            lines.append(f"| `{name}` ({label}) | `{source}` -> `{target}` | {verdicts} | {expected} |")
        lines.append("")
    lines.append(f"At commit `{summary.get('commit')}`{' (with uncommitted changes)' if summary.get('dirty') else ''}, "
                 f"{summary.get('date')}; raw outputs in `bench/results/{summary.get('date')}/findings-pairs/`.")
    return "\n".join(lines)


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
