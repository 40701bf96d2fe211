#!/usr/bin/env python3
"""Outputs a user can trust (issue 16): the mapsound tool run as a user would,
with output directories that cannot be written, are missing, are links or
hold planted links, axiom names that are paths, signals in the middle of a
run, and bytes that are not UTF-8.

    outputs_test.py MAPSOUND SOURCE_DIR WORK_DIR

Each case prints "ok: ..." or raises; the exit status is 0 when all pass.

The tests run as root in CI, and root writes into a directory whatever its
mode says, so "a directory that cannot be written" is a path below a regular
file (`a-file/sub`): creating it fails with ENOTDIR for every user.  The
read-only-directory case (mode 0555) is tried only when not root.

Signals are sent when the run reports (through --progress or the output
directory appearing) that it has reached the point the case needs, never
after a fixed time.
"""

import json
import os
import shutil
import signal
import subprocess
import sys

MAPSOUND, SOURCE, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
CHECK = os.path.join(SOURCE, "checks", "cxx-to-ptx.check")
HOSTILE = os.path.join(SOURCE, "tests", "cli", "hostile", "hostile.check")
MODELS = os.path.join(SOURCE, "models")
MP = os.path.join(SOURCE, "tests", "litmus", "seeds", "000-fig5-MP.litmus")
ABSOLUTE_AXIOM = "/tmp/mapsound-hostile-axiom"  # an axiom name in hostile.cat


def fail(message):
    raise AssertionError(message)


def run(*args, cwd=None):
    p = subprocess.run([MAPSOUND, *args], capture_output=True, cwd=cwd)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def expect(name, result, code, stream=None, part=None):
    rc, out, err = result
    if rc != code:
        fail(f"{name}: exit {rc}, expected {code}\nstdout: {out}\nstderr: {err}")
    text = {"stdout": out, "stderr": err}.get(stream, "")
    if part is not None and part not in text:
        fail(f"{name}: {stream} lacks {part!r}\nstdout: {out}\nstderr: {err}")
    print(f"ok: {name}")


def fresh(name):
    path = os.path.join(WORK, name)
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    return path


def manifest(directory):
    """(status, listed files, stale files) of directory/MANIFEST."""
    with open(os.path.join(directory, "MANIFEST"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    if lines[0] != "mapsound-manifest 1":
        fail(f"{directory}/MANIFEST: bad first line {lines[0]!r}")
    status = [l[len("status "):] for l in lines if l.startswith("status ")]
    files = [l[len("file "):] for l in lines if l.startswith("file ")]
    stale = [l[len("stale "):] for l in lines if l.startswith("stale ")]
    return status[0], files, stale


def all_files(directory):
    out = []
    for root, dirs, files in os.walk(directory):
        for f in files:
            out.append(os.path.relpath(os.path.join(root, f), directory))
    return sorted(out)


def check_whole(name, directory, status):
    """The manifest says 'status', lists exactly the files there (MANIFEST and
    the user's files in 'extra' aside), and none is empty or a temporary."""
    got_status, files, stale = manifest(directory)
    if got_status != status:
        fail(f"{name}: manifest status {got_status}, expected {status}")
    if stale:
        fail(f"{name}: stale files left: {stale}")
    present = all_files(directory)
    for f in present:
        if f.startswith(".mapsound-") or f.endswith(".tmp"):
            fail(f"{name}: a temporary file is left: {f}")
    for f in files:
        path = os.path.join(directory, f)
        if not os.path.isfile(path) or os.path.islink(path):
            fail(f"{name}: {f} is listed but not a file")
        if os.path.getsize(path) == 0:
            fail(f"{name}: {f} is empty")
    return files


# ---------------------------------------------------------------------------
# Output directories that cannot be used: an error before the search, exit 1.

def test_unwritable():
    blocker = fresh("a-regular-file")
    with open(blocker, "w") as f:
        f.write("not a directory\n")
    target = os.path.join(blocker, "sub")
    r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", target)
    expect("check, output below a regular file", r, 2, "stderr", f"output directory '{target}': cannot create or open it")
    if "thin-air:" in r[1]:
        fail("check searched before trying its output directory")
    r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", blocker)
    expect("check, output is a regular file", r, 2, "stderr", f"output directory '{blocker}'")
    r = run("check", CHECK, "--events", "3", "--axiom", "thin-air", "--output", fresh("ok-out"), "--export-coq", target)
    expect("check --export-coq below a regular file", r, 2, "stderr", "cannot create or open it")
    r = run("compare", os.path.join(MODELS, "sc.cat"), os.path.join(MODELS, "tso.cat"), "--events", "4",
            "--output", target)
    expect("compare, output below a regular file", r, 2, "stderr", f"output directory '{target}': cannot create")
    if "allowed by" in r[1]:
        fail("compare searched before trying its output directory")
    r = run("export-coq", CHECK, "--events", "3", "-o", target)
    expect("export-coq, output below a regular file", r, 2, "stderr", "cannot create or open it")
    with open(blocker) as f:
        if f.read() != "not a directory\n":
            fail("the regular file was changed")
    if os.geteuid() != 0:
        readonly = fresh("read-only")
        os.mkdir(readonly, 0o555)
        r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", readonly)
        expect("check, read-only directory", r, 2, "stderr", "cannot write in it")
        os.chmod(readonly, 0o755)
    else:
        print("skipped: read-only directory (root writes into any directory; the cases above fail for root too)")


# ---------------------------------------------------------------------------
# A missing directory is created; a link to a directory is followed (the user
# named it); links inside the directory are replaced, never written through.

def test_missing_and_links():
    base = fresh("missing")
    out = os.path.join(base, "a", "b")
    r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", out)
    expect("check, missing output directory", r, 0, "stdout", f"wrote {out}/thin-air-source.litmus")
    files = check_whole("check, missing output directory", out, "complete")
    if sorted(files) != sorted(f for f in all_files(out) if f != "MANIFEST"):
        fail(f"manifest {files} and directory {all_files(out)} differ")

    real = fresh("link-target")
    os.mkdir(real)
    link = fresh("link-to-dir")
    os.symlink(real, link)
    r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", link)
    expect("check, output directory is a link", r, 0)
    if not os.path.isfile(os.path.join(real, "thin-air-source.litmus")):
        fail("check: nothing written where the linked output directory points")

    # Links planted inside the output directory, pointing outside it.
    planted = fresh("planted")
    os.mkdir(planted)
    victim = fresh("victim.txt")
    with open(victim, "w") as f:
        f.write("the user's file\n")
    os.symlink(victim, os.path.join(planted, "thin-air-source.litmus"))
    os.symlink(victim, os.path.join(planted, "MANIFEST"))
    r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", planted)
    expect("check, links planted in the output directory", r, 0)
    for name in ("thin-air-source.litmus", "MANIFEST"):
        p = os.path.join(planted, name)
        if os.path.islink(p) or not os.path.isfile(p):
            fail(f"check: {name} is still a link")
    with open(victim) as f:
        if f.read() != "the user's file\n":
            fail("check wrote through a link")
    print("ok: check replaced the planted links, the files they named are unchanged")

    cmp_dir = fresh("compare-planted")
    os.mkdir(cmp_dir)
    os.symlink(victim, os.path.join(cmp_dir, "allowed-by-tso-forbidden-by-sc.litmus"))
    r = run("compare", os.path.join(MODELS, "sc.cat"), os.path.join(MODELS, "tso.cat"), "--events", "4",
            "--output", cmp_dir)
    expect("compare, a link planted in the output directory", r, 1, "stdout", "allowed by tso, forbidden by sc")
    p = os.path.join(cmp_dir, "allowed-by-tso-forbidden-by-sc.litmus")
    if os.path.islink(p):
        fail("compare: the planted link is still there")
    with open(victim) as f:
        if f.read() != "the user's file\n":
            fail("compare wrote through a link")
    check_whole("compare, a link planted in the output directory", cmp_dir, "complete")

    # export-coq: a link where its subdirectory goes, and one as the user's
    # proof skeleton (kept, as any file there is, and not written through).
    coq = fresh("coq-planted")
    os.mkdir(coq)
    outside = fresh("outside-dir")
    os.mkdir(outside)
    os.symlink(outside, os.path.join(coq, "counterexamples"))
    os.symlink(victim, os.path.join(coq, "Proofs_cxx_to_ptx.v"))
    r = run("export-coq", CHECK, "--events", "4", "-o", coq)
    expect("export-coq, links planted in the output directory", r, 0, "stdout", "kept Proofs_cxx_to_ptx.v")
    if os.listdir(outside):
        fail(f"export-coq wrote through the link to {outside}: {os.listdir(outside)}")
    if os.path.islink(os.path.join(coq, "counterexamples")):
        fail("export-coq: counterexamples is still a link")
    with open(victim) as f:
        if f.read() != "the user's file\n":
            fail("export-coq wrote through the skeleton's link")
    files = check_whole("export-coq, links planted", coq, "complete")
    if "Proofs_cxx_to_ptx.v" in files:
        fail("the proof skeleton is listed in the manifest (a later run would remove it)")
    if "counterexamples/thin-air-source.litmus" not in files:
        fail(f"export-coq: the counterexample is not listed: {files}")


# ---------------------------------------------------------------------------
# Axiom names that are paths: sanitised file names, nothing outside.

def test_hostile_names():
    for leftover in [ABSOLUTE_AXIOM + s for s in ("-source.litmus", "-target.litmus", "-source.dot", "-target.dot")]:
        if os.path.lexists(leftover):
            os.unlink(leftover)
    box = fresh("hostile-box")
    os.mkdir(box)
    out = os.path.join(box, "out")
    r = run("check", HOSTILE, "--output", out)
    expect("check with axiom names that are paths", r, 0, "stdout", "wrote ")
    if sorted(os.listdir(box)) != ["out"]:
        fail(f"check wrote beside its output directory: {os.listdir(box)}")
    files = check_whole("hostile names", out, "complete")
    for f in files:
        if "/" in f or f.startswith("."):
            fail(f"an unsafe file name: {f}")
    if len(files) < 8:
        fail(f"hostile names: expected the files of two counterexamples, got {files}")
    if any(os.path.lexists(ABSOLUTE_AXIOM + s) for s in ("-source.litmus", "-source.dot")):
        fail(f"check wrote at the absolute path {ABSOLUTE_AXIOM}")
    if os.path.lexists(os.path.join(WORK, "escape-source.litmus")):
        fail("check wrote above its output directory")
    print("ok: hostile names stay inside the output directory")

    # The default directory, mapsound-out/<check>/ under the current one.
    cwd = fresh("hostile-cwd")
    os.mkdir(cwd)
    r = run("check", HOSTILE, cwd=cwd)
    expect("check with hostile names, default output directory", r, 0)
    if os.listdir(cwd) != ["mapsound-out"] or os.listdir(os.path.join(cwd, "mapsound-out")) != ["hostile-names"]:
        fail(f"default output directory: {all_files(cwd)}")
    check_whole("hostile names, default directory", os.path.join(cwd, "mapsound-out", "hostile-names"), "complete")

    r = run("check", HOSTILE, "--json", "--output", out)
    doc = json_of("check --json with hostile names", r[1])
    for result in doc["results"]:
        for f in result["files"]:
            if os.path.dirname(f) != out:
                fail(f"JSON lists a file outside the output directory: {f}")
    print("ok: check --json lists the sanitised files")


# ---------------------------------------------------------------------------
# Files of earlier runs: removed only when an earlier manifest lists them.

def test_stale_files():
    out = fresh("stale")
    r = run("check", CHECK, "--events", "4", "--axiom", "thin-air", "--output", out)
    expect("check writes a counterexample", r, 0)
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("the user's notes\n")
    outside = fresh("outside.txt")
    with open(outside, "w") as f:
        f.write("outside\n")
    # An earlier manifest naming files outside the directory: ignored.
    with open(os.path.join(out, "MANIFEST"), "a") as f:
        f.write("file ../outside.txt\nstale /etc/passwd\nfile notes.txt/../../outside.txt\n")
    r = run("check", CHECK, "--events", "3", "--axiom", "thin-air", "--output", out)
    expect("check below the counterexample's size", r, 0)
    files = check_whole("stale files removed", out, "complete")
    if files:
        fail(f"the manifest lists files of an earlier run: {files}")
    if sorted(os.listdir(out)) != ["MANIFEST", "notes.txt"]:
        fail(f"stale files: {os.listdir(out)}")
    if not os.path.isfile(outside):
        fail("a manifest entry outside the directory was removed")
    print("ok: files of an earlier run removed, the user's kept")


# ---------------------------------------------------------------------------
# Signals: a clean stop, the finished part reported, the files whole.

def json_of(name, text):
    try:
        return json.loads(text)
    except ValueError as e:
        fail(f"{name}: invalid JSON ({e}): {text[:2000]!r}")


def wait_for_stderr_line(proc, prefix):
    """Reads proc's stderr until a line starts with prefix; returns the lines."""
    seen = []
    for raw in proc.stderr:
        line = raw.decode("utf-8", "replace")
        seen.append(line)
        if line.startswith(prefix):
            return seen
    fail(f"the run ended before printing {prefix!r}: {''.join(seen)}")


def test_sigterm_check():
    out = fresh("sigterm")
    # thin-air fails at 4 events (about a second); coherence holds and takes
    # minutes at 6, so the run is inside coherence's search when the signal
    # comes, with thin-air's files written.
    proc = subprocess.Popen([MAPSOUND, "check", CHECK, "--events", "6", "--axiom", "thin-air", "--axiom", "coherence",
                             "--json", "--progress", "--output", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_stderr_line(proc, "progress [coherence]")
    proc.send_signal(signal.SIGTERM)
    stdout, _ = proc.communicate()
    if proc.returncode != 143:
        fail(f"check after SIGTERM: exit {proc.returncode}, expected 143")
    doc = json_of("check after SIGTERM", stdout.decode("utf-8"))
    if doc.get("interrupted") is not True or doc.get("signal") != "SIGTERM":
        fail(f"check after SIGTERM: interrupted/signal fields: {doc.get('interrupted')}, {doc.get('signal')}")
    results = {r["axiom"]: r for r in doc["results"]}
    thin = results.get("thin-air")
    if not thin or thin["verdict"] != "fails" or thin["events"] != 4 or thin["expectation"] != "ok":
        fail(f"check after SIGTERM: the finished thin-air result is missing or wrong: {thin}")
    if results.get("coherence", {}).get("verdict") != "unknown":
        fail(f"check after SIGTERM: coherence should be unknown: {results.get('coherence')}")
    files = check_whole("check after SIGTERM", out, "interrupted")
    listed = sorted(os.path.join(out, f) for f in files)
    if sorted(thin["files"]) != listed:
        fail(f"JSON files {thin['files']} and manifest {listed} differ")
    with open(os.path.join(out, "thin-air-source.litmus"), encoding="utf-8") as f:
        if f.read() != thin["counterexample"]["source_litmus"]:
            fail("the written source litmus test differs from the JSON's")
    print("ok: check after SIGTERM: exit 143, valid JSON with the finished part, whole files")


def test_sigint_check_text():
    out = fresh("sigint")
    proc = subprocess.Popen([MAPSOUND, "check", CHECK, "--events", "6", "--axiom", "coherence", "--progress",
                             "--output", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_stderr_line(proc, "progress [coherence]")
    proc.send_signal(signal.SIGINT)
    stdout, _ = proc.communicate()
    text = stdout.decode("utf-8")
    if proc.returncode != 130 or "interrupted by SIGINT" not in text or "coherence: unknown" not in text:
        fail(f"check after SIGINT: exit {proc.returncode}\n{text}")
    check_whole("check after SIGINT", out, "interrupted")
    print("ok: check after SIGINT: exit 130, the stop reported")


def wait_for_path(proc, path):
    """Waits until 'path' exists (the command reached its search), or fails
    if the command ends first."""
    import time
    while not os.path.exists(path):
        if proc.poll() is not None:
            fail(f"the command ended (exit {proc.returncode}) before creating {path}")
        time.sleep(0.02)


def test_sigterm_compare():
    out = fresh("compare-sigterm")
    proc = subprocess.Popen([MAPSOUND, "compare", os.path.join(MODELS, "rc11.cat"), os.path.join(MODELS, "c11.cat"),
                             "--events", "8", "--json", "--output", out],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_path(proc, out)  # created after the models load, before the search
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate()
    if proc.returncode != 143:
        fail(f"compare after SIGTERM: exit {proc.returncode}, expected 143\n{stderr.decode()}")
    doc = json_of("compare after SIGTERM", stdout.decode("utf-8"))
    if doc.get("interrupted") is not True or doc.get("signal") != "SIGTERM":
        fail(f"compare after SIGTERM: {doc}")
    if not doc["differences"] or doc["differences"][-1]["verdict"] != "unknown":
        fail(f"compare after SIGTERM: the stopped direction should be unknown: {doc['differences']}")
    check_whole("compare after SIGTERM", out, "interrupted")
    print("ok: compare after SIGTERM: exit 143, valid JSON, interrupted")


def test_sigint_compare_and_export():
    out = fresh("compare-sigint")
    proc = subprocess.Popen([MAPSOUND, "compare", os.path.join(MODELS, "rc11.cat"), os.path.join(MODELS, "c11.cat"),
                             "--events", "8", "--output", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_path(proc, out)
    proc.send_signal(signal.SIGINT)
    stdout, _ = proc.communicate()
    if proc.returncode != 130 or "interrupted by SIGINT" not in stdout.decode():
        fail(f"compare after SIGINT: exit {proc.returncode}\n{stdout.decode()}")
    print("ok: compare after SIGINT: exit 130, the stop reported")

    coq = fresh("coq-sigint")
    proc = subprocess.Popen([MAPSOUND, "export-coq", CHECK, "--events", "8", "-o", coq],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_path(proc, coq)
    proc.send_signal(signal.SIGINT)
    stdout, _ = proc.communicate()
    if proc.returncode != 130 or "interrupted by SIGINT: nothing written" not in stdout.decode():
        fail(f"export-coq after SIGINT: exit {proc.returncode}\n{stdout.decode()}")
    if os.listdir(coq):
        fail(f"export-coq after SIGINT wrote {os.listdir(coq)}")
    print("ok: export-coq after SIGINT: exit 130, nothing written")


# ---------------------------------------------------------------------------
# JSON is UTF-8 whatever the bytes of the input; --progress in logs.

def test_json_utf8():
    latin1 = os.path.join(fresh("bytes"), "")
    os.mkdir(latin1)
    name = os.path.join(latin1.encode(), b"caf\xe9-\xff.litmus")
    utf8 = os.path.join(latin1.encode(), "café".encode() + b".litmus")
    shutil.copy(MP, name)
    shutil.copy(MP, utf8)
    p = subprocess.run([MAPSOUND.encode(), b"litmus", b"--json", b"--model", os.path.join(MODELS, "ptx-6.0.cat").encode(),
                        name, utf8, name + b".missing"], capture_output=True)
    try:
        text = p.stdout.decode("utf-8")  # strict
    except UnicodeDecodeError as e:
        fail(f"litmus --json is not UTF-8: {e}")
    doc = json_of("litmus --json with Latin-1 file names", text)
    files = [entry["file"] for entry in doc]
    if files[0] != latin1 + "caf\u00e9-\u00ff.litmus" or files[1] != latin1 + "café.litmus":
        fail(f"bytes read as Latin-1, UTF-8 kept: {files}")
    if "error" not in doc[2]:
        fail(f"the missing file should be an error entry: {doc[2]}")
    print("ok: --json output is UTF-8; other bytes are Latin-1 escapes")


def test_progress():
    out = fresh("progress")
    r = run("check", CHECK, "--events", "2", "--axiom", "thin-air", "--progress", "--output", out)
    expect("check --progress writes progress lines to a pipe", r, 0, "stderr", "progress [thin-air] bound 1: ")
    r = run("check", CHECK, "--events", "2", "--axiom", "thin-air", "--output", out)
    if "progress" in r[2]:
        fail(f"check without --progress printed progress to a pipe: {r[2]}")
    print("ok: no progress lines in a pipe without --progress")


def main():
    os.makedirs(WORK, exist_ok=True)
    for test in (test_unwritable, test_missing_and_links, test_hostile_names, test_stale_files, test_json_utf8,
                 test_progress, test_sigterm_check, test_sigint_check_text, test_sigterm_compare,
                 test_sigint_compare_and_export):
        test()
    print("all output cases passed")


if __name__ == "__main__":
    main()
