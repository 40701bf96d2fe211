"""bench/findings.py: FINDINGS.md's tables and counterexample blocks, made
from a summary.json."""

import os
import shutil
import subprocess

from benchlib import ROOT
from benchlib.findings_checks import (AXIOMS, COHERENCE7_SKIP, EXTRA, LOWERINGS, PAIRS, REFERENCE, REPAIRS, SC_AXIOMS,
                                      SOURCES, read_check)


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
            # The target model by its file name (`ptx-6.0.cat`, `vulkan.cat`), not its path.
            target_model = "`" + os.path.basename(rt.get("target", {}).get("model", "target")) + "`"
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
                f"target model {target_model} {rt.get('target', {}).get('verdict')}).", "",
                "```", c["source_litmus"].rstrip(), "```", "", "```", c["target_litmus"].rstrip(), "```", "",
                "Pictures (Graphviz): " + ", ".join(pics)
                + ("" if shutil.which("dot") else " (Graphviz `dot` is not installed here: render with "
                   "`dot -Tsvg FILE.dot -o FILE.svg`)") + "."] + why)
    return f"(no counterexample for `{axiom}` in run `{run_id}`)"


# Language pairs beyond C++ -> PTX 6.0 (issue 25): PAIRS in findings_checks.py.
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
