#!/usr/bin/env bash
# The C/C++ -> CPU checks (checks/*x86*, *aarch64*, *power*, *riscv*.check) at
# the bound their check files state (6 source events), one after another,
# each as one whole `mapsound check` run with --jobs 1: its output, wall
# time and peak memory (GNU time), with the commit, the date and the load
# average, into OUT_DIR/<check>.txt and OUT_DIR/summary.txt.  With EVENTS
# and check names, only those checks, at --events EVENTS, with --jobs JOBS
# (environment, default 1).
#   bench/cpu-checks.sh OUT_DIR [BUILD_DIR [EVENTS CHECK...]]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$1"
build="${2:-$root/build}"
events="${3:-}"
jobs="${JOBS:-1}"
checks=("$root"/checks/*x86*.check "$root"/checks/*aarch64*.check "$root"/checks/*power*.check "$root"/checks/*riscv*.check)
if [ -n "$events" ]; then
  checks=()
  for name in "${@:4}"; do checks+=("$root/checks/$name.check"); done
fi
mkdir -p "$out"
summary="$out/summary.txt"
{
  echo "commit $(git -C "$root" rev-parse HEAD)$(git -C "$root" diff --quiet HEAD -- . ':(exclude)bench/results' || echo ' (with uncommitted changes)')"
  echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  bound="each check file's bound"
  echo "events ${events:-$bound}, --jobs $jobs"
  echo
  printf '%-26s %9s %10s %8s  %s\n' check "wall s" "peak MiB" "load1" conclusion
} > "$summary"
for check in "${checks[@]}"; do
  name="$(basename "$check" .check)"
  load="$(cut -d' ' -f1 /proc/loadavg)"
  /usr/bin/time -f '%e %M' -o "$out/$name.time" "$build/mapsound" check "$check" --jobs "$jobs" \
    ${events:+--events "$events"} > "$out/$name.txt" 2>&1 || true
  read -r wall kib < "$out/$name.time"
  conclusion="$(grep '^conclusion' "$out/$name.txt" | cut -c13- || true)"
  printf '%-26s %9s %10.1f %8s  %s\n' "$name" "$wall" "$(echo "$kib / 1024" | bc -l)" "$load" "$conclusion" >> "$summary"
  rm -f "$out/$name.time"
done
cat "$summary"
