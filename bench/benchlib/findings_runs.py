"""bench/findings.py: the runs behind FINDINGS.md (`mapsound check` and
litmus mode), their outputs and summary.json."""

import datetime
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import time

from benchlib import ROOT
from benchlib.findings_checks import (COHERENCE7_SKIP, CXX20, CXX20_COHERENCE7, EXTRA, LITMUS_SOURCE, LITMUS_TARGET,
                                      LOWERINGS, PAIRS, REFERENCE, REPAIRS, SC_AXIOMS, SOURCES, mapping_rules,
                                      read_check)


def sh(cmd):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True).stdout.strip()


# What decides what the runs find: the tool's sources, the models, mappings
# and check files.  FINDINGS.md, which the runs rewrite, and the results
# they store do not make a run "uncommitted".
DECIDING = ["CMakeLists.txt", "lib", "models", "mappings", "checks", "bench/findings.py", "bench/benchlib"]


def sources_differ():
    """Whether a tracked file that decides the runs differs from the commit."""
    return bool(sh(["git", "status", "--porcelain", "--untracked-files=no", "--"] + DECIDING))


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
        "dirty": sources_differ(),
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


# Language pairs beyond C++ -> PTX 6.0 (issue 25): PAIRS in findings_checks.py.
def run_pairs(args):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    outdir = os.path.join(ROOT, "bench", "results", today, "findings-pairs")
    os.makedirs(outdir, exist_ok=True)
    summary_path = os.path.join(outdir, "summary.json")
    summary = {"runs": {}, "commit": sh(["git", "rev-parse", "HEAD"]),
               "dirty": sources_differ(), "mapsound": args.mapsound,
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
