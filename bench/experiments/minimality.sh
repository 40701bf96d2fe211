#!/usr/bin/env bash
# bench/experiments/minimality.sh [RESULTS-DIR]
#
# Measures memalloy's minimality (issue 28) on the hardest coherence shapes
# of scoped C++ -> PTX (checks/cxx-to-ptx.check), against the same shapes
# searched as they ship.  Applies minimality.patch to a scratch worktree of
# the commit it was written against (BASE below), builds the work-item tool
# and the command there, and writes RESULTS-DIR (default
# bench/results/YYYY-MM-DD/minimality):
#   minimality.csv  experiment,variant,bound,shape,layout,cpu_seconds,variables,clauses
#   sweeps.txt      whole 7-event runs (coherence, atomicity) with and without variant A
#   summary.json    commit, load average before and after, the commands
# One item after another, CPU seconds of one process.  Nothing is asserted;
# bench/README.md ("Minimal counterexamples, measured") says what each
# line showed.
#
# The patch (each variant behind MS_MIN_VARIANT; never part of lib/) adds,
# for each operation k of a shape that nothing else reads from, a
# constraint about the execution with k deleted (every relation and witness
# restricted to the other events):
#   full  the target execution is inconsistent, or the restricted lift is not
#         admissible and race-free, or some admissible race-free lift (fresh
#         witnesses) satisfies the axiom: implied for every counterexample
#         of the smallest failing bound, whatever the models;
#   C     the same with the restricted lift in place of the fresh one: implied
#         when no smaller bound had any candidate at all;
#   B     full without the target disjunct: needs the target model's
#         consistency to survive deletions;
#   A     the restricted lift satisfies the axiom: needs that and the
#         source's well-formedness and lift to survive deletions as well.
# MS_CO_EXACT=1: the source's co is exactly the target's, lifted (not a
# lift in general: an optimistic bound on what fixing the lift could buy).
# MS_DROP_TARGET_AXIOM=NAME: one PTX axiom left out (its share of the work).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=5a54064
OUT=${1:-$ROOT/bench/results/$(date -u +%F)/minimality}
SCRIPT_COMMIT=$(git -C "$ROOT" rev-parse --short HEAD)
mkdir -p "$OUT"
SCRATCH=$(mktemp -d)
WT=$SCRATCH/minimality
git -C "$ROOT" worktree add --quiet --detach "$WT" "$BASE"
trap 'git -C "$ROOT" worktree remove --force "$WT"; rm -rf "$SCRATCH"' EXIT
git -C "$WT" apply "$ROOT/bench/experiments/minimality.patch"
cmake -S "$WT" -B "$WT/build" -DCMAKE_BUILD_TYPE=Release > /dev/null
nice cmake --build "$WT/build" -j2 --target mapsound-work-item-times mapsound-cli > "$SCRATCH/build.log"
TOOL=$WT/build/bench/mapsound-work-item-times
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
CSV=$OUT/minimality.csv
echo "experiment,variant,bound,shape,layout,cpu_seconds,variables,clauses" > "$CSV"

# item EXPERIMENT VARIANT BOUND SHAPE [VAR=VALUE...]: one work item.
item() {
    local experiment=$1 variant=$2 bound=$3 shape=$4
    shift 4
    local line
    line=$(cd "$WT" && env "$@" "$TOOL" checks/cxx-to-ptx.check --events "$bound" --axiom coherence \
        --shape "$shape" | tail -1)
    python3 - "$experiment" "$variant" "$line" >> "$CSV" <<'PY'
import csv, io, sys
r = next(csv.reader(io.StringIO(sys.argv[3])))
# axiom,bound,shape,shapes,layout,counterexample,wall,cpu,variables,clauses
print(",".join([sys.argv[1], sys.argv[2], r[1], r[2], '"' + r[4] + '"', r[7], r[8], r[9]]))
PY
}

for shape in 112 113; do  # [2,2,2,1] and [2,2,1,1,1], the two slowest at 7 events
    item baseline as-shipped 7 $shape
    for v in full C B A; do item minimality $v 7 $shape MS_MIN_VARIANT=$v; done
    item lift co-exact 7 $shape MS_CO_EXACT=1
    # Irrelevant axioms only: leaving out causality, coherence or
    # sc-per-location makes the shape satisfiable (their counterexamples).
    for a in fence-sc no-thin-air atomicity; do item target-axiom "without-$a" 7 $shape MS_DROP_TARGET_AXIOM=$a; done
done
item baseline as-shipped 8 238  # [2,2,2,2], the slowest at 8 events
item minimality A 8 238 MS_MIN_VARIANT=A

: > "$OUT/sweeps.txt"
for v in as-shipped A; do
    env_args=()
    [ "$v" = A ] && env_args=(MS_MIN_VARIANT=A)
    { echo "== $v: mapsound check checks/cxx-to-ptx.check --events 7 --axiom coherence --axiom atomicity --jobs 1"
      (cd "$WT" && env "${env_args[@]}" /usr/bin/time -f "wall %e s, user %U s, peak %M KiB" \
          build/mapsound check checks/cxx-to-ptx.check --events 7 --axiom coherence --axiom atomicity \
          --jobs 1 --output "$SCRATCH/out-$v" 2>&1 | grep -E "holds|fails|wall") || true
    } >> "$OUT/sweeps.txt"
done

LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
cat > "$OUT/summary.json" <<EOF
{"base": "$BASE", "patch": "bench/experiments/minimality.patch", "script_commit": "$SCRIPT_COMMIT",
 "load_before": "$LOAD_BEFORE", "load_after": "$LOAD_AFTER", "finished_utc": "$(date -u +%FT%TZ)",
 "tool": "mapsound-work-item-times checks/cxx-to-ptx.check --events B --axiom coherence --shape K"}
EOF
cat "$CSV" "$OUT/sweeps.txt"
