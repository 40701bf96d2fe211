#!/usr/bin/env bash
# bench/experiments/lazy-transitivity.sh [RESULTS-DIR]
#
# Measures lazy cycle refinement (issue 28) on coherence shapes of scoped
# C++ -> PTX (checks/cxx-to-ptx.check): every closure that only a smaller
# value helps (acyclic and irreflexive asserted true, PTX's cause-base) is a
# fresh relation T with base in T, as shipped, but the clauses
# T(i,k) & T(k,j) -> T(i,j) are left out and added only when a solution
# breaks them, solving again incrementally until none is broken (a CEGAR
# loop over CaDiCaL 1.5.3, which has no external propagator).  Sound: each
# solution returned has a transitive T, and an unsatisfiable relaxation
# proves the full problem unsatisfiable.  Applies lazy-transitivity.patch
# (behind MS_LAZY_T; never part of lib/) to a scratch worktree of BASE,
# builds the work-item tool there and writes RESULTS-DIR (default
# bench/results/YYYY-MM-DD/lazy-transitivity):
#   lazy.csv      variant,bound,shape,layout,counterexample,cpu_seconds,variables,clauses,refinements
#   summary.json  commit, load average before and after
# One item after another, CPU seconds of one process.  Nothing is asserted;
# bench/README.md ("Lazy transitivity, measured") says what each line showed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=3d01e97
OUT=${1:-$ROOT/bench/results/$(date -u +%F)/lazy-transitivity}
SCRIPT_COMMIT=$(git -C "$ROOT" rev-parse --short HEAD)
mkdir -p "$OUT"
SCRATCH=$(mktemp -d)
WT=$SCRATCH/lazy
git -C "$ROOT" worktree add --quiet --detach "$WT" "$BASE"
trap 'git -C "$ROOT" worktree remove --force "$WT"; rm -rf "$SCRATCH"' EXIT
git -C "$WT" apply "$ROOT/bench/experiments/lazy-transitivity.patch"
cmake -S "$WT" -B "$WT/build" -DCMAKE_BUILD_TYPE=Release > /dev/null
nice cmake --build "$WT/build" -j2 --target mapsound-work-item-times > "$SCRATCH/build.log"
TOOL=$WT/build/bench/mapsound-work-item-times
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
CSV=$OUT/lazy.csv
echo "variant,bound,shape,layout,counterexample,cpu_seconds,variables,clauses,refinements" > "$CSV"

# item VARIANT BOUND SHAPE [VAR=VALUE...]: one work item.
item() {
    local variant=$1 bound=$2 shape=$3
    shift 3
    local line refinements
    line=$(cd "$WT" && env "$@" "$TOOL" checks/cxx-to-ptx.check --events "$bound" --axiom coherence \
        --shape "$shape" 2> "$SCRATCH/err" | tail -1)
    refinements=$( (grep -o "lazy refinements [0-9]*" "$SCRATCH/err" || true) | tail -1 | awk '{print $3}')
    python3 - "$variant" "$line" "${refinements:-}" >> "$CSV" <<'PY'
import csv, io, sys
r = next(csv.reader(io.StringIO(sys.argv[2])))
# axiom,bound,shape,shapes,layout,counterexample,wall,cpu,variables,clauses
print(",".join([sys.argv[1], r[1], r[2], '"' + r[4] + '"', r[5], r[7], r[8], r[9], sys.argv[3]]))
PY
}

# The 8-event shapes (a few minutes each) are left for a run with time.
for item_args in "6 50" "6 60" "7 112" "7 113"; do
    set -- $item_args
    item eager "$1" "$2"
    item lazy "$1" "$2" MS_LAZY_T=1
done

LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
cat > "$OUT/summary.json" <<JSON
{"base": "$BASE", "patch": "bench/experiments/lazy-transitivity.patch", "script_commit": "$SCRIPT_COMMIT",
 "load_before": "$LOAD_BEFORE", "load_after": "$LOAD_AFTER", "finished_utc": "$(date -u +%FT%TZ)",
 "tool": "mapsound-work-item-times checks/cxx-to-ptx.check --events B --axiom coherence --shape K"}
JSON
cat "$CSV"
