#!/bin/sh
# Checks the layer rules of docs/architecture.md on every .c/.h file under
# common/, gen/, solve/, group/ and serve/ of ROOT (default: the current directory):
#
#   util     <- nothing            cube    <- util     draw <- util
#   engine   <- util               defn    <- util (the one definition grammar)
#   groups   <- util, cube, defn (never engine)
#   models/X <- util, cube, defn, engine (not store.h, not even through another
#               header), its own folder; never another model, groups, catalog
#   catalog  <- every library folder      common/godtab.h <- anything in common/
#   registry (common/models/families.h, the list of GT_FAMILY lines) <- catalog
#               only; it includes nothing
#   gen/ solve/ group/ serve/ mpi/ <- any common/ header, their own folder; serve/
#               also solve/answer_json.h (the JSON answers both programs emit)
#   *_internal.h       <- its own folder only
#   <lmdb.h> <zstd.h>  <- common/engine/store.c, store_*.c, store_db_internal.h only
#   common/ never prints or exits: no printf fprintf vprintf vfprintf dprintf
#     puts fputs putchar putc fputc fwrite perror exit _exit _Exit quick_exit
#     abort assert err errx warn warnx calls, no stdin/stdout/stderr; FILE and
#     stdio file calls (fopen fread ...) only in common/groups/puzdef.[ch].
#
# Quoted includes are mapped to their folder by file name (header names are
# unique; a duplicate or unknown header is itself a violation). Prints one
# line per violation, "file:line: layer X may not include Y (layer Z)", then
# "layers: N files, M violations". Exit 0 if none, 1 if any, 2 on bad usage.
root=${1:-.}
cd "$root" 2>/dev/null || { echo "check_layers: no directory $root" >&2; exit 2; }
[ -d common ] || { echo "check_layers: no common/ under $root" >&2; exit 2; }
dirs=""
for d in common gen solve group serve mpi; do [ -d "$d" ] && dirs="$dirs $d"; done
# shellcheck disable=SC2086
files=$(find $dirs -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
[ -n "$files" ] || { echo "check_layers: no sources under $root" >&2; exit 2; }

# shellcheck disable=SC2086
exec awk '
function layer_of(path,    n, part) {
    n = split(path, part, "/")
    if (part[1] != "common") return part[1]             # gen, solve, group, serve
    if (n == 2) return path == "common/godtab.h" ? "umbrella" : "common(unknown)"
    if (path == "common/models/families.h") return "registry"
    if (part[2] == "models") return n >= 4 ? "models/" part[3] : "models(unknown)"
    if (part[2] ~ /^(util|cube|engine|groups|catalog|draw|defn)$/) return part[2]
    return "common/" part[2] "(unknown)"
}
function dir_of(path) { sub(/\/[^\/]*$/, "", path); return path }
function base_of(path) { sub(/^.*\//, "", path); return path }
function is_library(l) { return l ~ /^(util|cube|engine|groups|catalog|draw|defn|models\/)/ }
function is_program(l) { return l == "gen" || l == "solve" || l == "group" || l == "serve" || l == "mpi" }
# May a file of layer `from` include header `h` of layer `to`?
function allowed(from, to, h) {
    if (to ~ /unknown/) return 0
    if (to == "registry") return from == "catalog"
    if (from == to) return 1
    if (from == "registry") return 0
    if (from == "util") return 0
    if (from == "cube") return to == "util"
    if (from == "draw") return to == "util"
    if (from == "engine") return to == "util"
    if (from == "defn") return to == "util"
    if (from == "groups") return to == "util" || to == "cube" || to == "defn"
    if (from ~ /^models\//) return to == "util" || to == "cube" || to == "defn" || (to == "engine" && h != "store.h")
    if (from == "catalog") return is_library(to)
    if (from == "serve" && to == "solve") return h == "answer_json.h"
    if (from == "umbrella" || is_program(from)) return is_library(to) || (is_program(from) && to == "umbrella")
    return 0
}
function report(file, line, text) {
    print file ":" line ": " text
    violations++
}
# Does header h (by name) reach store.h through quoted includes?
function reaches_store(h,    i) {
    if (h == "store.h") return 1
    if (h in visiting) return 0
    visiting[h] = 1
    for (i = 1; i <= ninc[h]; i++)
        if (reaches_store(inc[h, i])) return 1
    return 0
}
# The line with comments, string and character literals blanked; in_block
# carries an open /* comment over to the next line.
function code_of(s,    out, i, n, c, d, q) {
    out = ""; n = length(s); i = 1
    while (i <= n) {
        c = substr(s, i, 1); d = substr(s, i, 2)
        if (in_block) {
            if (d == "*/") { in_block = 0; i += 2 } else i++
            out = out " "
        } else if (d == "/*") { in_block = 1; i += 2; out = out " " }
        else if (d == "//") break
        else if (c == "\"" || c == "\047") {
            q = c; i++
            while (i <= n && substr(s, i, 1) != q) i += substr(s, i, 1) == "\\" ? 2 : 1
            i++; out = out " " q q " "
        } else { out = out c; i++ }
    }
    return out
}
BEGIN {
    for (i = 1; i < ARGC; i++) {
        path = ARGV[i]; b = base_of(path)
        if (b ~ /\.h$/) {
            if (b in header) dup[b] = path
            else header[b] = path
        }
    }
    split("printf fprintf vprintf vfprintf dprintf vdprintf puts fputs putchar putc fputc fwrite perror " \
          "exit _exit _Exit quick_exit abort assert err errx warn warnx", w, " ")
    for (k in w) banned_call[w[k]] = 1
    split("fopen fdopen freopen fclose fread fgets fgetc getc getchar fscanf scanf fflush tmpfile popen", w, " ")
    for (k in w) file_call[w[k]] = 1
    violations = 0
}
FNR == 1 {
    file = FILENAME; from = layer_of(file); in_block = 0; nfiles++
    library = file ~ /^common\//
    if (from ~ /unknown/) report(file, 1, "layer " from " is no known layer (docs/architecture.md)")
    if (base_of(file) in dup) report(file, 1, "header name " base_of(file) " is not unique: also " \
                                     (dup[base_of(file)] == file ? header[base_of(file)] : dup[base_of(file)]))
}
{
    raw = $0
    if (!in_block && raw ~ /^[ \t]*#[ \t]*include[ \t]*"/) {
        h = raw; sub(/^[ \t]*#[ \t]*include[ \t]*"/, "", h); sub(/".*$/, "", h); h = base_of(h)
        to = (h in header) ? layer_of(header[h]) : "not found"
        if (to == "not found" || !allowed(from, to, h))
            report(file, FNR, "layer " from " may not include " h " (layer " to ")")
        else if (h ~ /_internal\.h$/ && dir_of(header[h]) != dir_of(file))
            report(file, FNR, "layer " from " may not include " h " (internal to " dir_of(header[h]) ")")
        else if (from ~ /^models\// && dir_of(header[h]) != dir_of(file))
            model_inc[++nmodel] = file SUBSEP FNR SUBSEP h   # where the model leaves its folder
        if (file ~ /\.h$/) inc[base_of(file), ++ninc[base_of(file)]] = h
    } else if (!in_block && raw ~ /^[ \t]*#[ \t]*include[ \t]*<(lmdb|zstd)\.h>/) {
        h = raw; sub(/^[^<]*</, "", h); sub(/>.*$/, "", h)
        if (file !~ /^common\/engine\/store[a-z_]*\.c$/ && file != "common/engine/store_db_internal.h")
            report(file, FNR, "layer " from " may not include <" h "> (only common/engine/store.c and its store_*.c)")
    }
    if (!library) { code_of(raw); next }
    code = code_of(raw)
    rest = code
    while (match(rest, /[A-Za-z_][A-Za-z0-9_]*/)) {
        word = substr(rest, RSTART, RLENGTH)
        before = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
        before2 = RSTART > 2 ? substr(rest, RSTART - 2, 2) : ""
        rest = substr(rest, RSTART + RLENGTH)
        if (before == "." || before2 == "->") continue   # a struct member
        call = rest ~ /^[ \t]*\(/
        if (((word in banned_call) && call) || word ~ /^(stdin|stdout|stderr)$/)
            report(file, FNR, "layer " from " may not print or exit: " word)
        else if ((word == "FILE" || ((word in file_call) && call)) && file !~ /^common\/groups\/puzdef\.[ch]$/)
            report(file, FNR, "layer " from " may not do file I/O: " word " (only common/groups/puzdef reads files)")
    }
}
END {
    for (m = 1; m <= nmodel; m++) {
        split(model_inc[m], f, SUBSEP)
        for (k in visiting) delete visiting[k]
        if (reaches_store(f[3]))
            report(f[1], f[2], "layer " layer_of(f[1]) " may not include " f[3] \
                   " (layer " layer_of(header[f[3]]) ", which reaches store.h)")
    }
    print "layers: " nfiles " files, " violations " violations"
    exit (violations > 0 ? 1 : 0)
}' $files
