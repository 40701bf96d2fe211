#!/bin/sh
# The README's main command, timed: `mapsound check checks/cxx-to-ptx.check
# --jobs 2`, RUNS times each with the least counterexample (the default)
# and with --first-counterexample, alternating.  Writes RESULTS/runs.tsv
# (variant, run, wall seconds, peak KiB, load average before) and
# RESULTS/summary.txt (medians per variant, commit, machine).
#
#     bench/main-command.sh [BUILD_DIR] [RESULTS_DIR] [RUNS]
set -eu
build=${1:-build}
results=${2:-bench/results/$(date -u +%Y-%m-%d)/main-command}
runs=${3:-5}
mkdir -p "$results"
out="$results/runs.tsv"
printf 'variant\trun\twall_s\tpeak_kib\tload_before\n' > "$out"
i=1
while [ "$i" -le "$runs" ]; do
    for variant in least first; do
        flag=""
        [ "$variant" = first ] && flag="--first-counterexample"
        load=$(cut -d' ' -f1 /proc/loadavg)
        /usr/bin/time -f '%e %M' -o "$results/time.tmp" \
            "$build/mapsound" check checks/cxx-to-ptx.check --jobs 2 $flag --output "$results/out-$variant" \
            > "$results/stdout-$variant.txt" 2>&1
        read -r wall peak < "$results/time.tmp"
        printf '%s\t%s\t%s\t%s\t%s\n' "$variant" "$i" "$wall" "$peak" "$load" >> "$out"
    done
    i=$((i + 1))
done
rm -f "$results/time.tmp"
{
    echo "commit $(git rev-parse HEAD)$(git diff --quiet HEAD -- lib || echo ' (lib/ changed)')"
    echo "machine $(nproc) CPUs, $(uname -m), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    for variant in least first; do
        walls=$(awk -F'\t' -v v="$variant" '$1 == v { print $3 }' "$out" | sort -n)
        peaks=$(awk -F'\t' -v v="$variant" '$1 == v { print $4 }' "$out" | sort -n)
        n=$(echo "$walls" | wc -l)
        mid=$(( (n + 1) / 2 ))
        echo "$variant: median $(echo "$walls" | sed -n "${mid}p") s over $n runs" \
             "(min $(echo "$walls" | head -1), max $(echo "$walls" | tail -1))," \
             "peak memory median $(echo "$peaks" | sed -n "${mid}p") KiB"
    done
    grep '^conclusion' "$results/stdout-least.txt"
    grep '^conclusion' "$results/stdout-first.txt"
} > "$results/summary.txt"
cat "$results/summary.txt"
