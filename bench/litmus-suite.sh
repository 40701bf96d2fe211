#!/usr/bin/env bash
# Litmus-mode speed over the development suite (../shared/litmus): the
# median time per test per model (in-process, from parsing the test to the
# verdict), the whole run's wall time and peak memory.
#   bench/litmus-suite.sh [BUILD_DIR]     (default: build)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
suite="$root/../shared/litmus"
[ -f "$suite/expected.csv" ] || { echo "no development suite at $suite" >&2; exit 1; }
"$build/tests/mapsound-conformance" "$suite" "$root/models" "$root/tests/conformance/known-differences.csv" |
  sed -n '/^model/,$p'
