#!/bin/sh
# tests/install/man_options.sh BIN_DIR MAN_DIR
#
# Checks that the man pages document every long option the programs list in
# their --help: for each program in BIN_DIR (godtab-gen, godtab-solve,
# godtab-group; godtab-serve and godtab-gen-mpi when built) and for each
# godtab-solve puzzle (the ones `godtab-solve --help` lists, and the table
# names of `godtab-gen --list` that have a query front end), it runs --help,
# extracts every long option token (--[a-z][a-z-]*), and looks for it, as a
# whole word, in the program's page MAN_DIR/PROGRAM.1 (its roff source, with
# \- \(hy \(mi turned into '-' and the font escapes \fB \fI \fR \f(XX \f[X]
# removed first). A program without a page has all its options missing.
#
# Prints "man: N options checked, M missing" (N: distinct program/option
# pairs, M: distinct page/option pairs), then each missing option as
# "  PAGE: OPTION (from COMMAND --help, ...)". Exit 0 when none is missing,
# 1 when some are, 2 on a usage error or a required program that is absent
# or whose --help fails.
# MAN_DIR may be a man tree (MAN_DIR/man1/PROGRAM.1[.gz]) or a flat folder.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 BIN_DIR MAN_DIR" >&2
    exit 2
fi
BIN=$1
MAN=$2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/man_options.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
: > "$tmp/missing"
: > "$tmp/checked"

# The page of a program, or nothing.
page_of() {
    for p in "$MAN/man1/$1.1" "$MAN/$1.1" "$MAN/man1/$1.1.gz" "$MAN/$1.1.gz"; do
        if [ -f "$p" ]; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

# The page's text with roff escapes normalised: \fB \fI \fR \fP \f(XX \f[X]
# removed, \- and \(hy and \(mi turned into -, \& and \: dropped.
normalise() {
    case $1 in
    *.gz) gzip -dc "$1" ;;
    *) cat "$1" ;;
    esac | sed -e 's/\\f\[[^]]*\]//g' -e 's/\\f([A-Za-z][A-Za-z]//g' -e 's/\\f[A-Za-z1-9]//g' \
               -e 's/\\-/-/g' -e 's/\\(hy/-/g' -e 's/\\(mi/-/g' -e 's/\\&//g' -e 's/\\://g'
}

status=0
# check PROGRAM LABEL HELP_ARGS...: the options of `PROGRAM HELP_ARGS` in PROGRAM's page.
check() {
    prog=$1
    label=$2
    shift 2
    exe="$BIN/$prog"
    if page=$(page_of "$prog"); then
        normalise "$page" > "$tmp/$prog.txt"
    else # every option of a program without a page is missing
        [ -e "$tmp/$prog.nopage" ] || echo "man: no page for $prog in $MAN" >&2
        : > "$tmp/$prog.nopage"
        page="$prog.1"
        : > "$tmp/$prog.txt"
    fi
    # a program may print its usage on stderr and exit 1 (godtab-gen-mpi has
    # no --help): its text is taken as long as it is a usage
    "$exe" "$@" > "$tmp/help" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && ! grep -qi 'usage' "$tmp/help"; then
        echo "man: '$label' failed (exit $rc)" >&2
        status=2
        return
    fi
    grep -o -e '--[a-z][a-z-]*' "$tmp/help" | sed 's/-*$//' | sort -u > "$tmp/options"
    while read -r opt; do
        [ -n "$opt" ] || continue
        echo "$prog $opt" >> "$tmp/checked"
        # the option as a whole word: not followed by a letter, digit or '-'
        if ! grep -q -e "$opt\([^a-zA-Z0-9-]\|\$\)" "$tmp/$prog.txt"; then
            printf '%s\t%s\t%s\n' "$(basename "$page")" "$opt" "$label" >> "$tmp/missing"
        fi
    done < "$tmp/options"
}

for prog in godtab-gen godtab-solve godtab-group godtab-serve godtab-gen-mpi; do
    if [ ! -x "$BIN/$prog" ]; then
        case $prog in godtab-serve | godtab-gen-mpi) continue ;; esac # built only with their dependencies
        echo "man: $BIN/$prog is missing" >&2
        status=2
        continue
    fi
    check "$prog" "$prog --help" --help
done

# godtab-solve's puzzles: the indented names under "puzzles:" in its --help,
# then the table names with a query front end (their --help succeeds).
if [ -x "$BIN/godtab-solve" ]; then
    "$BIN/godtab-solve" --help 2>/dev/null |
        sed -n '/^puzzles:/,/^$/p' | sed -n 's/^  \([a-z0-9][a-z0-9-]*\) .*/\1/p' > "$tmp/puzzles"
    if [ -x "$BIN/godtab-gen" ]; then
        "$BIN/godtab-gen" --list --db "$tmp/no-such-db" 2>/dev/null |
            sed -n 's/^\([A-Za-z0-9][A-Za-z0-9._+-]*\) .*/\1/p' > "$tmp/tables"
        while read -r t; do
            if "$BIN/godtab-solve" "$t" --help > /dev/null 2>&1; then
                echo "$t" >> "$tmp/puzzles"
            fi
        done < "$tmp/tables"
    fi
    if [ ! -s "$tmp/puzzles" ]; then
        echo "man: no puzzle found in godtab-solve --help" >&2
        status=2
    fi
    while read -r puzzle; do
        check godtab-solve "godtab-solve $puzzle --help" "$puzzle" --help
    done < "$tmp/puzzles"
fi

# one line per page and option, with every --help that lists it
# (the first three, then how many more)
awk -F '\t' '{ k = $1 ": " $2
               if (!(k in count)) { order[++n] = k; from[k] = $3 }
               else if (count[k] < 3) from[k] = from[k] ", " $3
               count[k]++ }
              END { for (i = 1; i <= n; i++) {
                        k = order[i]; more = count[k] > 3 ? ", and " (count[k] - 3) " more" : ""
                        print "  " k " (from " from[k] more ")" } }' \
    "$tmp/missing" > "$tmp/report"
n=$(sort -u "$tmp/checked" | wc -l | tr -d ' ')
m=$(wc -l < "$tmp/report" | tr -d ' ')
echo "man: $n options checked, $m missing"
cat "$tmp/report"
[ "$m" -eq 0 ] || exit 1
exit $status
