#!/usr/bin/env bash
# bench/experiments/eco-closed-form.sh [RESULTS-DIR]
#
# What writing RC11's eco in closed form bought (issue 28): the coherence
# work items of checks/cxx-to-ptx.check searched with scoped RC11 as
# shipped (models/lib/rc11-base.cat: eco = rf | (mo | rb) ; rf?) and with
# tests/models/rc11-scoped-eco-closure.cat (eco = (rf | mo | rb)+, seed
# 000 Figure 10(b), the same model otherwise; the two allow the same
# executions, tests/check_engine_test.cpp).  Both are data: the closure
# variant is the same check file with its source model replaced, written
# to a scratch folder.  Items: the two slowest 7-event shapes, the slowest
# 8-event shape, and every work item of coherence up to 7 events, one
# after another in one process (build/bench/mapsound-work-item-times).
# Then the two models compared up to 6 events (`mapsound compare`, both
# directions: the programs one allows and the other forbids).
# Writes RESULTS-DIR (default bench/results/YYYY-MM-DD/eco-closed-form):
#   items.csv     variant,bound,shape,layout,counterexample,cpu_seconds,variables,clauses
#   sweep-VARIANT.csv  every item of the 7-event sweep
#   compare-6.txt the comparison's output (exit status on its last line)
#   check-6-VARIANT.json  `mapsound check --json` of the check at 6 events
#                 with each model, every axiom (verdicts and smallest sizes)
#   summary.json  commit, load average before and after
# CPU seconds of one process; nothing is asserted.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-$ROOT/bench/results/$(date -u +%F)/eco-closed-form}
TOOL=$ROOT/build/bench/mapsound-work-item-times
mkdir -p "$OUT"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
# The check with the closure: the shipped check file, its paths made
# absolute, its source model the reference.
sed -e "s|^source .*|source  $ROOT/tests/models/rc11-scoped-eco-closure.cat|" \
    -e "s|^target  \.\./|target  $ROOT/|" -e "s|^mapping \.\./|mapping $ROOT/|" \
    "$ROOT/checks/cxx-to-ptx.check" > "$SCRATCH/cxx-to-ptx-eco-closure.check"
declare -A CHECK=([closed]="$ROOT/checks/cxx-to-ptx.check" [closure]="$SCRATCH/cxx-to-ptx-eco-closure.check")
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
CSV=$OUT/items.csv
echo "variant,bound,shape,layout,counterexample,cpu_seconds,variables,clauses" > "$CSV"
# The index of a layout's item at a bound (the same for both variants: the
# shapes come from the mapping, not the model).
index_of() { "$TOOL" "${CHECK[closed]}" --events "$1" --axiom coherence --list | grep -F "\"$2\"" | cut -d, -f3; }
for item in "7 [2,2,2,1]" "7 [2,2,1,1,1]" "8 [2,2,2,2]"; do
    read -r bound layout <<< "$item"
    shape=$(index_of "$bound" "$layout")
    for variant in closed closure; do
        "$TOOL" "${CHECK[$variant]}" --events "$bound" --axiom coherence --shape "$shape" | tail -1 |
            python3 -c '
import csv, sys
r = next(csv.reader(sys.stdin))
# axiom,bound,shape,shapes,layout,counterexample,wall,cpu,variables,clauses
print(",".join([sys.argv[1], r[1], r[2], "\"" + r[4] + "\"", r[5], r[7], r[8], r[9]]))' "$variant" >> "$CSV"
        tail -1 "$CSV"
    done
done
for variant in closed closure; do
    "$TOOL" "${CHECK[$variant]}" --events 7 --axiom coherence > "$OUT/sweep-$variant.csv"
    python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(sys.argv[2], "sweep to 7 events:", len(rows), "items,", round(sum(float(r["cpu_seconds"]) for r in rows), 1), "CPU s")
' "$OUT/sweep-$variant.csv" "$variant"
done
for variant in closed closure; do
    "$ROOT/build/mapsound" check "${CHECK[$variant]}" --events 6 --jobs 1 --json --output "$SCRATCH/out-$variant" \
        > "$OUT/check-6-$variant.json" || true
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sys.argv[2], "at 6 events:", ", ".join(r["axiom"] + " " + r["verdict"] + " " + str(r["events"]) for r in d["results"]))
' "$OUT/check-6-$variant.json" "$variant"
done
{ "$ROOT/build/mapsound" compare "$ROOT/models/rc11-scoped.cat" "$ROOT/tests/models/rc11-scoped-eco-closure.cat" \
    --dialect c --events 6 --jobs 1 && echo "exit 0" || echo "exit $?"; } > "$OUT/compare-6.txt"
tail -3 "$OUT/compare-6.txt"
python3 - "$OUT/summary.json" "$(git -C "$ROOT" describe --always --dirty)" "$LOAD_BEFORE" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, sys
json.dump({"commit": sys.argv[2], "loadavg_before": sys.argv[3], "loadavg_after": sys.argv[4]},
          open(sys.argv[1], "w"), indent=1)
PY
