#!/usr/bin/env python3
"""The walk-through "Check your own lowering" of mappings/README.md, run as
written (issue 27).

    walkthrough_test.py MAPSOUND SOURCE_DIR WORK_DIR

Takes the README's shell block under "## Check your own lowering" and the
output block after "ends with", runs the shell block with bash in WORK_DIR
(where models/ and mappings/ are the checkout's and build/mapsound is the
tool under test), and fails unless every command succeeds, the output has
the README's conclusion line exactly, and the counterexample files the
README promises are written.
"""
import os
import re
import shutil
import subprocess
import sys


def fail(message):
    print("walkthrough_test: " + message)
    sys.exit(1)


def main():
    mapsound, source, work = sys.argv[1:4]
    with open(os.path.join(source, "mappings", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme.split("## Check your own lowering", 1)
    if len(section) != 2:
        fail("mappings/README.md has no section 'Check your own lowering'")
    blocks = re.findall(r"```(\w*)\n(.*?)```", section[1].split("\n## ", 1)[0], re.S)
    shell = [text for lang, text in blocks if lang == "sh"]
    shown = [text for lang, text in blocks if lang == ""]
    if not shell or not shown:
        fail("the walk-through has no shell block or no output block")
    expected = [line for line in shown[0].splitlines() if line.strip()]

    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "build"))
    for folder in ("models", "mappings"):
        os.symlink(os.path.join(source, folder), os.path.join(work, folder))
    os.symlink(os.path.abspath(mapsound), os.path.join(work, "build", "mapsound"))

    run = subprocess.run(["bash", "-e", "-c", shell[0]], cwd=work, capture_output=True, text=True)
    print(run.stdout)
    if run.returncode != 0:
        fail("the commands exited %d:\n%s" % (run.returncode, run.stderr))
    lines = run.stdout.splitlines()
    for line in expected:
        if line not in lines:
            fail("the output lacks the README's line:\n  %s" % line)
    out = os.path.join(work, "mapsound-out", "my-lowering")
    written = sorted(os.listdir(out)) if os.path.isdir(out) else []
    if not any(name.endswith("-source.litmus") for name in written) or \
       not any(name.endswith("-target.litmus") for name in written):
        fail("no counterexample litmus files in mapsound-out/my-lowering/: %s" % written)
    print("walkthrough_test: the walk-through works as written (%d files written)" % len(written))


if __name__ == "__main__":
    main()
