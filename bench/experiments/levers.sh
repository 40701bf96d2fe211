#!/usr/bin/env bash
# bench/experiments/levers.sh [RESULTS-DIR]
#
# Measures ideas for issue 14 (make the solver's work smaller) on the
# hardest coherence shapes of scoped C++ -> PTX at 7 events, one solve per
# line, against the same shape unchanged.  Applies levers.patch (each idea
# behind an environment variable) to a scratch worktree of the commit it
# was made for (BASE below: lib/ as it was before --cubes; the patch does
# not apply to later lib/), builds the work-item tool there, and writes
# RESULTS-DIR (default
# bench/results/YYYY-MM-DD/levers):
#   levers.csv    experiment,variant,bound,shape,layout,cpu_seconds,variables,clauses
#   summary.json  commit, load average before and after, the command
# Timings are CPU seconds of one process, one item after another.  Nothing
# here is asserted; bench/README.md says what each line showed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=e42d624
COMMIT=$BASE
OUT=${1:-$ROOT/bench/results/$(date -u +%F)/levers}
mkdir -p "$OUT"
SCRATCH=$(mktemp -d)
WT=$SCRATCH/levers
git -C "$ROOT" worktree add --quiet --detach "$WT" "$BASE"
trap 'git -C "$ROOT" worktree remove --force "$WT"; rm -rf "$SCRATCH"' EXIT
git -C "$WT" apply "$ROOT/bench/experiments/levers.patch"
cmake -S "$WT" -B "$WT/build" -DCMAKE_BUILD_TYPE=Release > /dev/null
nice cmake --build "$WT/build" -j2 --target mapsound-work-item-times > "$SCRATCH/build.log"
g++ -O2 -o "$SCRATCH/cnf-solve" "$ROOT/bench/experiments/cnf_solve.cpp" -lcadical
TOOL=$WT/build/bench/mapsound-work-item-times
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
CSV=$OUT/levers.csv
echo "experiment,variant,bound,shape,layout,cpu_seconds,variables,clauses" > "$CSV"

# item EXPERIMENT VARIANT CHECK BOUND SHAPE [VAR=VALUE...]: one work item.
item() {
    local experiment=$1 variant=$2 check=$3 bound=$4 shape=$5
    shift 5
    local line
    line=$(cd "$(dirname "$check")/.." && env "$@" "$TOOL" "checks/$(basename "$check")" --events "$bound" \
        --axiom coherence --shape "$shape" | tail -1)
    python3 - "$experiment" "$variant" "$line" >> "$CSV" <<'PY'
import csv, io, sys
r = next(csv.reader(io.StringIO(sys.argv[3])))
# axiom,bound,shape,shapes,layout,counterexample,wall,cpu,variables,clauses
print(",".join([sys.argv[1], sys.argv[2], r[1], r[2], '"' + r[4] + '"', r[7], r[8], r[9]]))
PY
}

CHECK=$WT/checks/cxx-to-ptx.check
RELAXED_ONLY=0,2,3,4,6,7,8,9,10,11  # every class but R.rlx and W.rlx
for shape in 112 113; do  # [2,2,2,1] and [2,2,1,1,1], the two slowest at 7 events
    item baseline default "$CHECK" 7 $shape
    item restrict sys-one-cta "$CHECK" 7 $shape MAPSOUND_SYSONLY=1 MAPSOUND_ONECTA=1
    item restrict sys-one-cta-no-sc "$CHECK" 7 $shape MAPSOUND_SYSONLY=1 MAPSOUND_ONECTA=1 MAPSOUND_DROP=3,7,11
    item restrict sys-one-cta-no-fences "$CHECK" 7 $shape MAPSOUND_SYSONLY=1 MAPSOUND_ONECTA=1 MAPSOUND_DROP=8,9,10,11
    item restrict sys-one-cta-relaxed-only "$CHECK" 7 $shape MAPSOUND_SYSONLY=1 MAPSOUND_ONECTA=1 \
        MAPSOUND_DROP=$RELAXED_ONLY
    item canonical no-lone-fence "$CHECK" 7 $shape MAPSOUND_NOLONEFENCE=1
    item canonical minimal-fence-sc "$CHECK" 7 $shape MAPSOUND_MINSC=1
done

# The redundant acyclicity requirements (co and Fence-SC order are also
# required transitive and irreflexive) left out of copies of the models.
VARIANT=$SCRATCH/no-redundant-acyclic
mkdir -p "$VARIANT/checks"
cp -r "$WT/models" "$WT/mappings" "$VARIANT/"
cp "$CHECK" "$VARIANT/checks/"
sed -i '/^require acyclic co as/d; /^require acyclic sc as/d' "$VARIANT/models/ptx-6.0.cat" \
    "$VARIANT/models/lib/co-total.cat"
for shape in 112 113; do
    item encoding no-redundant-acyclic "$VARIANT/checks/cxx-to-ptx.check" 7 $shape
done

# Cubes: shape 112 split by the rule class of its first operation (classes
# 0-11 are the mapping's single-event rules; cxx-to-ptx.map has 12).
for k in $(seq 0 11); do item cube "class-$k" "$CHECK" 7 112 MAPSOUND_CUBE=$k; done

# CaDiCaL options on shape 112's CNF.
item dump cnf "$CHECK" 7 112 MAPSOUND_DUMP_CNF="$SCRATCH/112.cnf"
for option in "" cfg=unsat cfg=sat stabilize=0 elim=0 walk=0 vivify=0 chrono=0 probe=0 phase=0; do
    read -r result seconds < <("$SCRATCH/cnf-solve" "$SCRATCH/112.cnf" $option)
    echo "cadical,${option:-defaults},7,112,\"[2,2,2,1]\",$seconds,," >> "$CSV"
done

# Thread layouts chosen by the solver: at bounds 5, 6 and 7 the shape of
# one-operation threads with MAPSOUND_FREELAYOUT is one problem for every
# layout without RMWs; the sum of those layouts' items (every item of
# bounds 1-7 searched once, as the sweep does) is the comparison.
(cd "$WT" && "$TOOL" checks/cxx-to-ptx.check --events 7 --axiom coherence) > "$SCRATCH/all-7.csv"
python3 - "$SCRATCH/all-7.csv" >> "$CSV" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if int(r["bound"]) >= 5 and "*" not in r["layout"]:
        print(",".join(["layouts-enumerated", "shape", r["bound"], r["shape"], '"' + r["layout"] + '"',
                        r["cpu_seconds"], r["variables"], r["clauses"]]))
PY
for bound in 5 6 7; do
    ones=$(python3 -c "print('[' + ','.join(['1'] * $bound) + ']')")
    shape=$(python3 - "$SCRATCH/all-7.csv" "$bound" "$ones" <<'PY'
import csv, sys
print(next(r["shape"] for r in csv.DictReader(open(sys.argv[1])) if r["bound"] == sys.argv[2] and r["layout"] == sys.argv[3]))
PY
)
    item layouts-free one-problem "$CHECK" $bound "$shape" MAPSOUND_FREELAYOUT=1
done

python3 - "$OUT/summary.json" "$COMMIT" "$LOAD_BEFORE" "$(cut -d' ' -f1-3 /proc/loadavg)" "$0 $*" <<'PY'
import json, sys, datetime
json.dump({"commit": sys.argv[2], "utc": datetime.datetime.utcnow().isoformat() + "Z",
           "load_average_before": sys.argv[3].split(), "load_average_after": sys.argv[4].split(),
           "command": sys.argv[5], "cpus": 2}, open(sys.argv[1], "w"), indent=1)
PY
echo "wrote $CSV"
