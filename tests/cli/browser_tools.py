"""What the report tests need from the machine: Chromium and Graphviz's dot.

Both fail, not skip, when a tool is missing: .ci/deps installs both.
"""
import shutil
import sys


def require_browser_and_dot(test):
    """The Chromium executable; exits with a failure naming the missing tool."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print(test + ": chromium is not installed (Debian package chromium; .ci/deps installs it)")
        sys.exit(1)
    if not shutil.which("dot"):
        print(test + ": Graphviz's dot is not installed (Debian package graphviz; .ci/deps installs it)")
        sys.exit(1)
    return browser
