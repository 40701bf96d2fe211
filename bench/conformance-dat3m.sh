#!/usr/bin/env bash
# Litmus mode against every verdict Dartagnan's own test tables give for the
# models mapsound carries, beyond the development suite: ../shared/litmus
# is a part of Dat3M's litmus folder with the same verdicts (every row of
# its expected*.csv is a row of Dat3M's tables, unchanged), so the rest of
# those tables is data of the same origin that the tests never read.
#
#   bench/conformance-dat3m.sh DAT3M_CHECKOUT [BUILD_DIR] [OUT]
#   MODELS="aarch64 power" bench/conformance-dat3m.sh ...   (those models only)
#
# DAT3M_CHECKOUT is a checkout of github.com/hernanponcedeleon/Dat3M (its
# litmus/ folder and dartagnan/src/test/resources/*-expected.csv).  The
# script writes, in a temporary folder, a suite in ../shared/litmus's
# layout (test,model,expected tables; Dat3M's table names mapped to the
# model keys: C11 c11, RC11 rc11, PTXv6_0 ptx-6.0, PTXv7_5 ptx-7.5, VULKAN
# vulkan, OPENCL opencl, ARM8 aarch64, PPC power, RISCV riscv, TSO x86-tso)
# twice: every row ("all"), and the rows ../shared/litmus does not have
# ("beyond the development suite").  Rows whose file is not in the
# checkout are counted and left out.  Then mapsound-conformance per model,
# with tests/conformance/known-differences.csv, without the re-check (the
# tests do that on the development suite).  Writes the tables, the commits
# of both, the date and the load to OUT (default: stdout).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dat3m="$(cd "${1:?usage: bench/conformance-dat3m.sh DAT3M_CHECKOUT [BUILD_DIR] [OUT]}" && pwd)"
build="${2:-$root/build}"
out="${3:-/dev/stdout}"
shared="$root/../shared/litmus"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
{
  echo "commit $(git -C "$root" rev-parse HEAD)$(git -C "$root" diff --quiet HEAD -- . ':(exclude)bench/results' || echo ' (with uncommitted changes)')"
  echo "dat3m $(git -C "$dat3m" rev-parse HEAD 2>/dev/null || echo "${DAT3M_COMMIT:-unknown} (an export, not a git checkout: DAT3M_COMMIT names its commit)")"
  echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo "load average before $(cut -d' ' -f1-3 /proc/loadavg)"
  [ -n "${MODELS:-}" ] && echo "models $MODELS"
  python3 - "$dat3m" "$shared" "$work" <<'EOF'
import csv, glob, os, sys
dat3m, shared, work = sys.argv[1:]
keys = {"C11": "c11", "RC11": "rc11", "PTXv6_0": "ptx-6.0", "PTXv7_5": "ptx-7.5", "VULKAN": "vulkan",
        "OPENCL": "opencl", "ARM8": "aarch64", "PPC": "power", "RISCV": "riscv", "TSO": "x86-tso"}
known = set()
for table in glob.glob(os.path.join(shared, "expected*.csv")):
    with open(table) as f:
        known.update((r["test"], r["model"]) for r in csv.DictReader(f))
for variant in ("all", "beyond"):
    os.makedirs(os.path.join(work, variant))
    for folder in os.listdir(os.path.join(dat3m, "litmus")):
        os.symlink(os.path.join(dat3m, "litmus", folder), os.path.join(work, variant, folder))
tables = {"all": {}, "beyond": {}}
absent = 0
for name, model in keys.items():
    with open(os.path.join(dat3m, "dartagnan", "src", "test", "resources", f"{name}-expected.csv")) as f:
        for row in csv.reader(f):
            if not row:
                continue
            test = row[0].removeprefix("litmus/")
            if not os.path.exists(os.path.join(dat3m, "litmus", test)):
                absent += 1
                continue
            table = "expected.csv" if model in ("c11", "rc11", "ptx-6.0") else f"expected-{model}.csv"
            tables["all"].setdefault(table, []).append((test, model, row[1]))
            if (test, model) not in known:
                tables["beyond"].setdefault(table, []).append((test, model, row[1]))
for variant, by_table in tables.items():
    for table, rows in by_table.items():
        with open(os.path.join(work, variant, table), "w") as f:
            f.write("test,model,expected\n")
            f.writelines(",".join(r) + "\n" for r in rows)
    print(f"{variant}: {sum(len(r) for r in by_table.values())} rows")
print(f"rows whose file the checkout lacks: {absent}")
EOF
  for variant in all beyond; do
    echo
    echo "== $([ $variant = all ] && echo "every row of Dat3M's tables" || echo "the rows beyond the development suite")"
    echo "$(tail -n +2 -q "$work/$variant"/expected*.csv | wc -l) rows"
    for model in ${MODELS:-c11 rc11 opencl ptx-6.0 ptx-7.5 vulkan x86-tso aarch64 power riscv}; do
      "$build/tests/mapsound-conformance" "$work/$variant" "$root/models" \
        "$root/tests/conformance/known-differences.csv" --only "$model" |
        grep -E '^(DIFFERS|ERROR|error)|^'"$model"' ' || true
    done
  done
  echo
  echo "load average after $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out"
