"""bench/run.py: one part's results folder and meta.json, and the commands
it runs and records."""

import datetime
import json
import os
import platform
import resource
import subprocess
import time

from benchlib import ROOT

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
