#!/bin/sh
# godtab against vcube (Voltara's optimal solver, github.com/Voltara/vcube),
# side by side: one thread each, the same random-state cubes, both programs
# at once on a 2-core machine (so both see the same load). vcube is not a
# Debian package: build it and its coordinate-112 table yourself, then
#
#   VCUBE=/path/to/vc-optimal benchmarks/vs_vcube.sh [N [SEED]]
#
# godtab searches with cube3-fsud16-twist-2bit, copied (--load copy): at
# 2.59 GB resident, the memory of vcube's 112 table. Cubes come from
# `godtab-solve cube3 --random N --seed SEED`; vcube reads their scrambles,
# godtab their facelets. Prints each cube's optimal length (both must agree)
# and search seconds (each program's own, table loading excluded), then
# the medians, totals and each program's peak resident memory.
set -eu
VCUBE=${VCUBE:?set VCUBE to the path of vc-optimal, built with its 112 table}
N=${1:-8}
SEED=${2:-20261124}
DB=${GODTAB_DB:-tables/godtab.lmdb}
BIN=${BIN:-bin}
TABLE=${GODTAB_EDGES:-cube3-fsud16-twist-2bit}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BIN/godtab-solve" cube3 --db "$DB" --random "$N" --seed "$SEED" > "$tmp/cubes"
# each line: the facelets, a tab, a scramble that reaches them
cut -f1 "$tmp/cubes" > "$tmp/facelets"
cut -f2 "$tmp/cubes" | sed 's/^ *scramble: *//; s/ *([0-9]*)$//' > "$tmp/scrambles"
if [ "$(wc -l < "$tmp/facelets")" != "$N" ] || grep -qv "^[URFDLB' 2]*$" "$tmp/scrambles"; then
    echo "vs_vcube.sh: godtab-solve cube3 --random printed what this script cannot read" >&2
    exit 2
fi
timed() { # OUT CMD...: runs CMD, its peak resident KiB in OUT.rss
    out=$1; shift
    if [ -x /usr/bin/time ]; then /usr/bin/time -f %M -o "$out.rss" "$@"; else "$@"; echo "?" > "$out.rss"; fi
}
timed "$tmp/gt" "$BIN/godtab-solve" cube3 --db "$DB" --threads 1 --quiet --load copy --edges "$TABLE" --json \
    < "$tmp/facelets" > "$tmp/gt" &
timed "$tmp/vc" "$VCUBE" --coord=112 --workers=1 < "$tmp/scrambles" > "$tmp/vc" 2> "$tmp/vc.err" &
wait
# godtab: one JSON object a line; vcube: "<index> <seconds> <length> <moves...>"
grep -o '"distance":[0-9]*\|"seconds":[0-9.]*' "$tmp/gt" | cut -d: -f2 | paste - - > "$tmp/gt.cols"
# (vcube may print the cubes in the order it finishes them: by its index)
awk 'NF >= 3 && $1 ~ /^[0-9]+$/ {print $1, $3, $2}' "$tmp/vc" | sort -n | cut -d' ' -f2- > "$tmp/vc.cols"
paste "$tmp/gt.cols" "$tmp/vc.cols" | awk -v gt_rss="$(cat "$tmp/gt.rss")" -v vc_rss="$(cat "$tmp/vc.rss")" '
function median(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j] < a[j - 1]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
BEGIN { printf "%-5s %-7s %12s %12s\n", "cube", "length", "godtab s", "vcube s" }
{
    n++; g[n] = $2; v[n] = $4; gs += $2; vs += $4
    if ($1 != $3) bad++
    printf "%-5d %-7s %12.2f %12.2f\n", n, $1 ($1 == $3 ? "" : "/" $3), $2, $4
}
END {
    if (!n) { print "vs_vcube: no results (see the errors above)"; exit 1 }
    printf "median      %12.2f %12.2f  (vcube / godtab: %.2f)\n", median(g, n), median(v, n), median(v, n) / median(g, n)
    printf "total       %12.2f %12.2f  (vcube / godtab: %.2f)\n", gs, vs, vs / gs
    printf "peak resident KiB: godtab %s, vcube %s\n", gt_rss, vc_rss
    if (bad) { printf "%d lengths differ\n", bad; exit 1 }
}'
