#!/usr/bin/env bash
# The CPU suites of the development litmus suite (../shared/litmus: X86,
# AARCH64, PPC, RISCV), every test, under x86-tso.cat, aarch64.cat,
# power.cat and riscv.cat,
# with the evaluator's re-check of every candidate (the tests run every 8th
# AArch64 and RISC-V test and every 4th Power test).  Writes the agreement table, the whole run's
# wall time and peak memory per model, with the commit, the date and the
# load average, to OUT (default: stdout).
#   bench/conformance-cpu.sh [BUILD_DIR] [OUT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
out="${2:-/dev/stdout}"
suite="$root/../shared/litmus"
[ -f "$suite/expected.csv" ] || { echo "no development suite at $suite" >&2; exit 1; }
{
  echo "commit $(git -C "$root" rev-parse HEAD)$(git -C "$root" diff --quiet HEAD -- . ':(exclude)bench/results' || echo ' (with uncommitted changes)')"
  echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo "load average before $(cut -d' ' -f1-3 /proc/loadavg)"
  for model in x86-tso aarch64 power riscv; do
    echo
    echo "== $model, every test, --cross-check"
    "$build/tests/mapsound-conformance" "$suite" "$root/models" "$root/tests/conformance/known-differences.csv" \
      --only "$model" --cross-check | sed -n '/^model/,$p'
  done
  echo
  echo "load average after $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out"
