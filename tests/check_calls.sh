#!/bin/sh
# Checks the call graph inside each folder, from the compiled objects, and that
# the library reads no environment variable (docs/architecture.md):
#
#   - no two files of one folder call each other: every defined global symbol
#     (nm: T D B R C W V) is mapped to its source file, every undefined one (U)
#     is an edge to the file of the same folder defining it; a strongly
#     connected component of two or more files is a cycle. Each cycle is printed
#     as "cycle: folder: a.c b.c ..." followed by its two-way pairs
#     "  a.c <-> b.c" (with one symbol each way, to show where to cut);
#   - no object of common/ refers to getenv or secure_getenv.
#
# Usage: check_calls.sh [ROOT [BUILD]] (defaults: the current directory and
# ROOT/build). Sources under common/ gen/ solve/ group/ serve/ mpi/ are read
# from ROOT, their objects from BUILD/<path>.o; a source without an object is
# skipped (not built in this configuration). Prints "calls: N files, M folders,
# C cycles, E environment reads"; exit 0 if none, 1 if any, 2 on bad usage.
root=${1:-.}
cd "$root" 2>/dev/null || { echo "check_calls: no directory $root" >&2; exit 2; }
build=${2:-build}
[ -d "$build/common" ] || { echo "check_calls: no $build/common (build first)" >&2; exit 2; }
command -v nm >/dev/null 2>&1 || { echo "check_calls: nm not found" >&2; exit 2; }
dirs=""
for d in common gen solve group serve mpi; do [ -d "$d" ] && dirs="$dirs $d"; done
# One line per symbol: "src<TAB>kind<TAB>name", kind D (defined) or U (undefined).
# One nm for every object: nm starts slowly (0.1 s a run here), one run a
# file took 13 s of each suite.
# shellcheck disable=SC2086
find $dirs -type f -name '*.c' | LC_ALL=C sort | while read -r src; do
    obj="$build/${src%.c}.o"
    [ -f "$obj" ] && printf '%s\n' "$obj"
done | xargs -r nm -P -A | awk -v build="$build/" '
    { src = $1; sub(/:$/, "", src); src = substr(src, length(build) + 1); sub(/\.o$/, ".c", src) }
    $3 == "U" { print src "\tU\t" $2; next }
    $3 ~ /^[TDBRCWVG]$/ { print src "\tD\t" $2 }' | awk -F '\t' '
function dir_of(p) { sub(/\/[^\/]*$/, "", p); return p }
function base_of(p) { sub(/^.*\//, "", p); return p }
# Tarjan over the files of one folder (edges only inside a folder).
function strong(v,    i, w, members, n) {
    idx[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
    for (i = 1; i <= nout[v]; i++) {
        w = out[v, i]
        if (!(w in idx)) { strong(w); if (low[w] < low[v]) low[v] = low[w] }
        else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
    }
    if (low[v] != idx[v]) return
    n = 0; members = ""
    do { w = stack[sp--]; on[w] = 0; comp[++n] = w } while (w != v)
    if (n < 2) return
    cycles++
    for (i = n; i >= 1; i--) members = members " " base_of(comp[i])
    print "cycle: " dir_of(v) ":" members
    pairs(n)
}
function pairs(n,    i, j, a, b) {
    for (i = n; i >= 1; i--)
        for (j = i - 1; j >= 1; j--) {
            a = comp[i]; b = comp[j]
            if ((a, b) in via && (b, a) in via)
                print "  " base_of(a) " <-> " base_of(b) "  (" via[a, b] " / " via[b, a] ")"
        }
}
{
    if (!($1 in src)) { src[$1] = 1; order[++nsrc] = $1 }
    if ($2 == "D") { if (!($3 in owner)) owner[$3] = $1 }
    else { nu++; usef[nu] = $1; uses[nu] = $3 }
}
END {
    for (i = 1; i <= nu; i++) {
        f = usef[i]; s = uses[i]
        if (f ~ /^common\// && (s == "getenv" || s == "secure_getenv")) {
            print f ": the library may not read the environment: " s
            envreads++
        }
        if (!(s in owner)) continue
        g = owner[s]
        if (g == f || dir_of(g) != dir_of(f)) continue
        if (!((f, g) in via)) { via[f, g] = s; out[f, ++nout[f]] = g }
    }
    for (f in src) { nfiles++; folder[dir_of(f)] = 1 }
    for (d in folder) nfolders++
    for (i = 1; i <= nsrc; i++) if (!(order[i] in idx)) strong(order[i])
    printf "calls: %d files, %d folders, %d cycles, %d environment reads\n", \
           nfiles, nfolders, cycles, envreads
    exit (cycles + envreads > 0 ? 1 : 0)
}'
