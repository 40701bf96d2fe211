#!/usr/bin/env python3
"""The violating cycle on the report page, in a real browser (issue 27).

    report_cycle_test.py MAPSOUND SOURCE_DIR WORK_DIR

Runs `mapsound report` on cxx-to-ptx-cta-scope at 3 events (coherence,
atomicity and sc fail there) and, independently, `mapsound check --json`
for each counterexample's cycle (its source events), then loads the page in
headless Chromium (Debian package chromium) and reads the DOM Chromium
built:
  - no element id repeats in the page;
  - per counterexample, the explanation paragraph names the axiom that
    fails; the source picture has the cycle's edges highlighted (SVG
    groups of class "edge cycle" with ids ending cycle-0, cycle-1, ...) and
    exactly the cycle's events outlined (class "node cycle"); the target
    picture outlines at least one event; the map table marks the cycle's
    source events.
Fails, not skips, when Chromium or Graphviz's dot is missing: .ci/deps
installs both.
"""
import html.parser
import json
import os
import shutil
import subprocess
import sys

from browser_tools import require_browser_and_dot


def fail(message):
    print("report_cycle_test: " + message)
    sys.exit(1)


class Dom(html.parser.HTMLParser):
    """Every element as (tag, attributes, the index of its article), and the
    text of each explanation paragraph."""

    def __init__(self):
        super().__init__()
        self.elements = []
        self.article = -1
        self.explanations = {}
        self.in_explanation = False
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article" and "counterexample" in a.get("class", "").split():
            self.article += 1
        self.elements.append((tag, a, self.article))
        if tag == "p" and "explanation" in a.get("class", "").split():
            self.in_explanation = True
            self.explanations[self.article] = ""

    def handle_endtag(self, tag):
        if tag == "p":
            self.in_explanation = False

    def handle_data(self, data):
        if self.in_explanation:
            self.explanations[self.article] += data


def classes(attrs):
    return attrs.get("class", "").split()


def main():
    mapsound, source, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    browser = require_browser_and_dot("report_cycle_test")
    check = os.path.join(source, "checks", "cxx-to-ptx-cta-scope.check")
    out = os.path.join(work, "report")
    run = subprocess.run([mapsound, "report", check, "--events", "3", "-o", out], capture_output=True, text=True)
    if run.returncode != 0:
        fail("report exited %d:\n%s%s" % (run.returncode, run.stdout, run.stderr))
    r = subprocess.run([mapsound, "check", check, "--events", "3", "--json", "--output",
                        os.path.join(work, "check")], capture_output=True, text=True)
    results = [x for x in json.loads(r.stdout)["results"] if "counterexample" in x]
    if not results:
        fail("the check found no counterexample at 3 events: the test would show nothing")

    url = "file://" + os.path.abspath(os.path.join(out, "index.html"))
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--user-data-dir=" + os.path.join(work, "profile")]
    dump = subprocess.run([browser, *flags, "--dump-dom", url], capture_output=True, text=True, timeout=300)
    if dump.returncode != 0:
        fail("chromium --dump-dom exited %d: %s" % (dump.returncode, dump.stderr[-2000:]))
    dom = Dom()
    dom.feed(dump.stdout)

    ids = [a["id"] for _, a, _ in dom.elements if "id" in a]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        fail("%d ids repeat in the page: %s" % (len(repeated), ", ".join(repeated[:10])))
    if dom.article + 1 != len(results):
        fail("the page shows %d counterexamples, the check reports %d" % (dom.article + 1, len(results)))

    for k, result in enumerate(results):
        axiom = result["axiom"]
        cycle = result["counterexample"]["cycle"]
        if not cycle:
            fail("%s: the check reports no cycle to highlight" % axiom)
        text = dom.explanations.get(k, "")
        if not text.startswith("Why: " + axiom + " fails: "):
            fail("%s: the explanation beside the pictures is missing or wrong: %r" % (axiom, text))
        mine = [(tag, a) for tag, a, article in dom.elements if article == k]
        # The pictures in order: the source's svg first, then the target's.
        svgs = [i for i, (tag, _) in enumerate(mine) if tag == "svg"]
        if len(svgs) != 2:
            fail("%s: %d pictures, expected 2" % (axiom, len(svgs)))
        source_part, target_part = mine[svgs[0]:svgs[1]], mine[svgs[1]:]
        edges = [a for tag, a in source_part if tag == "g" and {"edge", "cycle"} <= set(classes(a))]
        if not edges:
            fail("%s: no highlighted cycle edge in the source picture" % axiom)
        for n, a in enumerate(edges):
            if not a.get("id", "").endswith("-cycle-%d" % n):
                fail("%s: highlighted edge %d has the id %r" % (axiom, n, a.get("id")))
        nodes = [a for tag, a in source_part if tag == "g" and {"node", "cycle"} <= set(classes(a))]
        if len(nodes) != len(cycle):
            fail("%s: %d events outlined in the source picture, the cycle has %d (%s)" % (axiom, len(nodes), len(cycle), cycle))
        if not any(tag == "g" and {"node", "cycle"} <= set(classes(a)) for tag, a in target_part):
            fail("%s: no target event outlined" % axiom)
        rows = [a for tag, a in target_part if tag == "tr" and "cycle" in classes(a)]
        if len(rows) != len(cycle):
            fail("%s: the map table marks %d source events, the cycle has %d" % (axiom, len(rows), len(cycle)))
    print("report_cycle_test: %d counterexamples, each with its cycle highlighted and explained in Chromium's DOM; "
          "%d ids, none repeated" % (len(results), len(ids)))


if __name__ == "__main__":
    main()
