#!/usr/bin/env python3
"""mapsound report in a real browser (issue 12).

    report_test.py MAPSOUND SOURCE_DIR WORK_DIR

Runs `mapsound report` on two shipped checks at 3 events (cxx-to-ptx-cta-scope
fails coherence, atomicity and sc there; cxx-to-ptx finds nothing at 3), and
independently `mapsound check --json` on the same checks, then:
  - the page has one counterexample article per counterexample the checks
    report, each with both litmus tests and both pictures inline (<svg>),
    and no script;
  - headless Chromium (Debian package chromium) loads the page: its DOM,
    after loading, still shows every counterexample and picture, and a
    screenshot is taken (a non-empty PNG).
Fails, not skips, when Chromium or Graphviz's dot is missing: .ci/deps
installs both.
"""
import json
import re
import os
import shutil
import subprocess
import sys

from browser_tools import require_browser_and_dot


def fail(message):
    print("report_test: " + message)
    sys.exit(1)


def main():
    mapsound, source, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    browser = require_browser_and_dot("report_test")
    checks = [os.path.join(source, "checks", c) for c in ("cxx-to-ptx-cta-scope.check", "cxx-to-ptx.check")]
    out = os.path.join(work, "report")
    run = subprocess.run([mapsound, "report", *checks, "--events", "3", "-o", out], capture_output=True, text=True)
    if run.returncode != 0:
        fail("report exited %d:\n%s%s" % (run.returncode, run.stdout, run.stderr))

    expected = 0
    for check in checks:
        r = subprocess.run([mapsound, "check", check, "--events", "3", "--json", "--output",
                            os.path.join(work, "check-" + os.path.basename(check))], capture_output=True, text=True)
        expected += sum(1 for result in json.loads(r.stdout)["results"] if "counterexample" in result)
    if expected == 0:
        fail("the checks found no counterexample at 3 events: the test would show nothing")

    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        page = f.read()
    if "<script" in page:
        fail("the page has a script; it must read without JavaScript")
    articles = page.count('class="counterexample"')
    if articles != expected:
        fail("the page shows %d counterexamples, the checks report %d" % (articles, expected))
    if page.count("<svg") != 2 * expected:
        fail("the page has %d pictures for %d counterexamples (two each)" % (page.count("<svg"), expected))
    if page.count("<pre>") != 2 * expected:
        fail("the page has %d litmus texts for %d counterexamples (two each)" % (page.count("<pre>"), expected))

    # Graphviz numbers each picture's ids from the same start; inlined, they
    # must still be unique in the page.
    ids = re.findall(r'\sid="([^"]*)"', page)
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        fail("%d ids repeat in the page: %s" % (len(repeated), ", ".join(repeated[:10])))
    if len(ids) < 2 * expected:
        fail("the page has %d ids for %d pictures" % (len(ids), 2 * expected))

    url = "file://" + os.path.abspath(os.path.join(out, "index.html"))
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--user-data-dir=" + os.path.join(work, "profile")]
    dom = subprocess.run([browser, *flags, "--dump-dom", url], capture_output=True, text=True, timeout=300)
    if dom.returncode != 0:
        fail("chromium --dump-dom exited %d: %s" % (dom.returncode, dom.stderr[-2000:]))
    if dom.stdout.count('class="counterexample"') != expected or dom.stdout.count("<svg") != 2 * expected:
        fail("the page as Chromium loaded it lacks counterexamples or pictures")
    shot = os.path.join(work, "report.png")
    subprocess.run([browser, *flags, "--window-size=1200,1600", "--screenshot=" + shot, url],
                   capture_output=True, timeout=300)
    if not os.path.isfile(shot) or os.path.getsize(shot) < 1000:
        fail("chromium took no screenshot")
    with open(shot, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail("the screenshot is not a PNG")
    print("report_test: %d counterexamples, each with two litmus tests and two pictures, shown by Chromium; "
          "screenshot %s" % (expected, shot))


if __name__ == "__main__":
    main()
