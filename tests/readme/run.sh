#!/bin/sh
# tests/readme/run.sh BIN_DIR — every example of README.md and docs/*.md runs
# as written (issues 16 and 27).
#
# Extracts the command lines of the ```sh blocks of README.md, then of each
# docs/*.md in name order, and runs them in that order, each with `sh -c`
# (one database for all: a table a file builds is there for the files after
# it), and prints one line per command, named FILE:LINE (ok / FAILED /
# skipped: reason), then "readme: N run, N passed, N failed, N skipped".
# Exit status 1 if any failed, or if README.md's Documentation list misses
# a docs/*.md. A block that is not meant to run (a usage
# synopsis) is fenced ``` or ```text, not ```sh.
#
# Where they run: a temporary directory that looks like the repository root
# (a symlink to each top-level entry, `bin` -> BIN_DIR, and a real `tables/`
# holding links to tables/*.txt etc. but not the database), so files the
# examples write (-o pocket.npy, --svg FILE) land there, never in the tree.
# GODTAB_DB is a temporary database first filled by `bin/godtab-gen` with no
# argument (every default table, what `make run` builds). `make` and
# `make TARGET` lines run from the repository root, as the README means them (they build
# in the tree, as `make` does). Standard input is /dev/null unless the
# command redirects it. Each command gets CMD_TIMEOUT seconds (600). A
# pipeline's status is its last command's (POSIX sh has no pipefail). A
# line that starts a server in the background (`... &`) runs, so it has to
# stop it itself. README_FILE="FILE..." tests other files instead (this
# script's own check); README_LIST=1 prints what was extracted and stops.
#
# Extraction rules (one awk pass, below):
#   - a command is a line of a ```sh block that is not a comment; a
#     block whose first line starts with "$ " is a transcript: only "$ "
#     lines are commands, the lines after one (but "...") its output;
#   - a command whose quotes are still open at the end of the line, or
#     that ends in an unquoted "\\", goes on over the next lines (the Python
#     example);
#   - its trailing comment is what follows an unquoted "#" after a blank;
#   - lines starting with "#" in column 1 right after a command are its
#     expected output; an indented "#" line is a comment continuation.
# Checks:
#   - exit status 0, or N when the trailing comment says "exit N" (or
#     "(exit N)"), or when an expected-output line ends in "(exit N)";
#   - expected output: every expected-output line, and a trailing comment
#     that is a literal answer — moves then a parenthesised count, such as
#     "# B L F R (4)", "# R (1): corners ..." (the part before the colon),
#     "# U R U' R' (OBTM 4, STM 4)" — must appear in the command's output
#     (stdout and stderr together; runs of blanks count as one; "..." in an
#     expected line stands for anything). Other trailing comments are prose.
#
# Skips: the table SKIPS below, first matching shell pattern wins; a reason
# "-" means run. Anything not in it runs, so a new README example is tested
# by default. "@cube3" skips only while the cube3 optimal tables are not in
# the database (they take 1.8 GB and 4 minutes; the temporary database
# never has them).
SKIPS='make run*|builds, generates and verifies into the tree: make run itself
make test*|runs this whole suite
sudo *|installs system-wide: tests/install/run.sh checks make install/uninstall in a DESTDIR
make install*|installs into the tree: tests/install/run.sh checks make install with PREFIX, DESTDIR and LIBDIR
make *FLAGS=*|rebuilds the tree with other flags: tests/install/run.sh checks that CPPFLAGS and LDFLAGS reach every compile and link
cc *|needs an installed godtab.pc: tests/install/run.sh compiles the README example with pkg-config alone
python3 -c *import godtab*|needs the installed Python module: tests/install/run.sh imports it from PYTHONDIR
PYTHONPATH=*|needs the installed Python module: tests/install/run.sh imports it from PYTHONDIR
godtab-*|an installed program (not bin/): tests/install/run.sh runs them
man *|an installed man page: tests/install/run.sh checks them
*godtab-serve*&|-
*godtab-serve*& *|-
*godtab-serve*|starts the HTTP server and blocks until killed: tests/cli/test_90_serve.c
*curl *|needs the HTTP server of the skipped godtab-serve line (network)
*--db /data/*|writes a database under /data, outside the test directory
*godtab-solve cube3*--max-length*|-
*godtab-solve cube3*--near*|-
*godtab-solve cube3*--random*|-
*godtab-solve cube3*|@cube3
*godtab-gen cube3-twophase*|-
*godtab-gen*cube3*|@cube3'
CUBE3_REASON='needs the cube3 optimal tables (1.8 GB, ~4 min; make run does not build them)'

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: tests/readme/run.sh BIN_DIR" >&2
  exit 1
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
bindir=$(cd "$1" && pwd)
# README_FILE: other files, to test this script
files=${README_FILE:-"$root/README.md $(LC_ALL=C ls "$root"/docs/*.md | tr '\n' ' ')"}
: "${CMD_TIMEOUT:=600}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/godtab-readme.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
work=$tmp/work
mkdir "$work" "$work/tables" "$tmp/cmd" "$tmp/xdg"
for f in "$root"/*; do
  name=${f##*/}
  case $name in bin|tables) continue ;; esac
  ln -s "$f" "$work/$name"
done
ln -s "$bindir" "$work/bin"
for f in "$root"/tables/*; do
  case ${f##*/} in *.lmdb) continue ;; esac
  ln -s "$f" "$work/tables/${f##*/}"
done

GODTAB_DB=$tmp/godtab.lmdb
XDG_DATA_HOME=$tmp/xdg
NO_COLOR=1
export GODTAB_DB XDG_DATA_HOME NO_COLOR
# The README: "As root, Open MPI wants OMPI_ALLOW_RUN_AS_ROOT=1 ...".
if [ "$(id -u)" = 0 ]; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
if command -v timeout >/dev/null 2>&1; then tmo="timeout $CMD_TIMEOUT"; else tmo=; fi

# ---- extraction: $tmp/cmd/NNNN.{sh,exp,rc,line}
# shellcheck disable=SC2086
awk -v dir="$tmp/cmd" -v root="$root/" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# scan s from quote state st; sets st (0 none, 1 single, 2 double) and
# cpos (index of an unquoted comment "#", 0 if none)
function scan(s, first,    i, c, n, prev) {
  n = length(s); cpos = 0; prev = first ? " " : "x"; bs = 0
  for (i = 1; i <= n; i++) {
    c = substr(s, i, 1)
    if (st == 1) { if (c == "\047") st = 0 }
    else if (st == 2) { if (c == "\\") i++; else if (c == "\"") st = 0 }
    else if (c == "\\") { if (i == n) bs = 1; i++ }
    else if (c == "\047") st = 1
    else if (c == "\"") st = 2
    else if (c == "#" && (prev == " " || prev == "\t")) { cpos = i; return }
    prev = c
  }
}
function newcmd(text, comment,    m, f) {
  close(cur ".sh"); close(cur ".exp"); close(cur ".rc"); close(cur ".line")
  ncmd++; cur = sprintf("%s/%04d", dir, ncmd); have = 1
  printf "%s\n", text > (cur ".sh")
  printf "" > (cur ".exp")
  print where (pstart ? pstart : FNR) > (cur ".line"); pstart = 0
  rc = 0
  if (match(comment, /(^|[( ])exit [0-9]+/)) {
    m = substr(comment, RSTART, RLENGTH); sub(/.*exit /, "", m); rc = m
  }
  print rc > (cur ".rc")
  if (match(comment, /^[A-Z][A-Za-z0-9\047]*( [A-Z][A-Za-z0-9\047]*)* \((OBTM )?[0-9][^)]*\)/))
    print substr(comment, RSTART, RLENGTH) > (cur ".exp")
}
function expect(s,    m) {
  s = trim(s)
  if (s == "" || s == "...") return
  if (match(s, /[ \t]\(exit [0-9]+\)$/)) {
    m = substr(s, RSTART, RLENGTH); gsub(/[^0-9]/, "", m)
    close(cur ".rc"); print m > (cur ".rc")
    s = trim(substr(s, 1, RSTART - 1))
  }
  print s > (cur ".exp")
}
FNR == 1 {              # a new file: no block, no command open
  where = FILENAME; if (index(where, root) == 1) where = substr(where, length(root) + 1)
  where = where ":"; insh = 0; have = 0; prompt = 0; pending = ""; pstart = 0
}
/^```/ && !insh { insh = ($0 ~ /^```sh[ \t]*$/); first = 1; have = 0; prompt = 0; next }
/^```/ && insh { insh = 0; next }
!insh { next }
pending != "" {          # a command whose quotes are open
  scan($0, 0)
  if (st != 0 || bs) { pending = pending "\n" $0; next }
  if (cpos) newcmd(pending "\n" trim(substr($0, 1, cpos - 1)), trim(substr($0, cpos + 1)))
  else newcmd(pending "\n" $0, "")
  pending = ""; next
}
{
  line = $0
  if (first && line !~ /^[ \t]*$/) { prompt = (line ~ /^\$ /); first = 0 }
  if (line ~ /^[ \t]*$/) { have = 0; next }
  if (prompt) {
    if (line !~ /^\$ /) { if (have) expect(line); next }
    line = substr(line, 3)
  } else if (line ~ /^#/) { if (have) expect(substr(line, 2)); next }
  if (line ~ /^[ \t]*#/) next
  st = 0; scan(line, 1)
  if (st != 0 || bs) { pending = line; pstart = FNR; next }
  if (cpos) newcmd(trim(substr(line, 1, cpos - 1)), trim(substr(line, cpos + 1)))
  else newcmd(trim(line), "")
}
' $files || { echo "readme: cannot parse $files"; exit 1; }

# README_LIST=1: print what was extracted (command, exit, expected) and stop
if [ -n "${README_LIST:-}" ]; then
  for sh in "$tmp"/cmd/*.sh; do
    base=${sh%.sh}
    printf '%s: exit %s: %s\n' "$(cat "$base.line")" "$(cat "$base.rc")" "$(cat "$sh")"
    sed 's/^/    expect: /' "$base.exp"
  done
  exit 0
fi

# ---- the database every example reads: what `make run` builds by default
echo "readme: building the default tables into $GODTAB_DB"
printf 'bin/godtab-gen\n' >"$tmp/setup.sh"
echo "the set-up" >"$tmp/setup.line"
echo 0 >"$tmp/setup.got"
if ! (cd "$work" && bin/godtab-gen >"$tmp/setup.out" 2>&1); then
  tail -n 20 "$tmp/setup.out"
  echo "readme: bin/godtab-gen (every default table) failed; nothing run"
  exit 1
fi
have_cube3=no
if (cd "$work" && bin/godtab-gen --list 2>/dev/null) | grep -q '^cube3-fss16-twist .*stored' &&
   (cd "$work" && bin/godtab-gen --list 2>/dev/null) | grep -q '^cube3-corners .*stored'; then
  have_cube3=yes
fi

skip_reason() {          # $1 command -> the reason, or nothing to run it
  reason=
  while IFS='|' read -r pat why; do
    # shellcheck disable=SC2254
    case $1 in
      $pat)
        if [ "$why" = @cube3 ]; then
          why=$CUBE3_REASON
          [ "$have_cube3" = yes ] && why=-
        fi
        [ "$why" = - ] || reason=$why
        break ;;
    esac
  done <<EOF
$SKIPS
EOF
  printf '%s' "$reason"
}

# does every line of $1 (expected) appear in $2 (output)? prints the missing
missing_lines() {
  awk '
    function norm(s) { gsub(/[ \t\r]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
    NR == FNR { out[++n] = norm($0); next }
    { want = norm($0); if (want == "") next
      k = split(want, part, /\.\.\./); found = 0
      for (i = 1; i <= n && !found; i++) {
        s = out[i]; ok = 1
        for (j = 1; j <= k && ok; j++) {
          p = norm(part[j]); if (p == "") continue
          at = index(s, p); if (!at) ok = 0; else s = substr(s, at + length(p))
        }
        found = ok
      }
      if (!found) print "    expected: " $0
    }' "$2" "$1"
}

# A table build (bin/godtab-gen [TABLE...], which builds the same tables
# whatever else is stored) whose text is one that already ran and passed is
# not run again: its output is that run's, checked against this example's
# expectations. README.md and docs/gen.md each build every default table
# (14-15 s), as the set-up did first. Reads of the database (--verify,
# --list, --export), whose output depends on what is stored, always run.
ran="$tmp/setup"
same_run() {            # $1 the command's .sh -> the base of an earlier run of it
  case $(cat "$1") in
    *--verify*|*--list*|*--export*|*--db*|*[\|\;\&\>\<]*) return 0 ;;
    bin/godtab-gen|bin/godtab-gen\ *) ;;
    *) return 0 ;;
  esac
  for prev in $ran; do
    if cmp -s "$prev.sh" "$1"; then printf '%s' "$prev"; return 0; fi
  done
}

run=0 passed=0 failed=0 skipped=0 reused=0
for sh in "$tmp"/cmd/*.sh; do
  [ -e "$sh" ] || continue
  base=${sh%.sh}
  cmd=$(cat "$sh")
  where=$(cat "$base.line")
  label=$(printf '%s\n' "$cmd" | head -n 1)
  [ "$(printf '%s\n' "$cmd" | wc -l)" -gt 1 ] && label="$label ..."
  why=$(skip_reason "$cmd")
  if [ -n "$why" ]; then
    skipped=$((skipped + 1))
    printf 'skipped: %s  %s\n    (%s)\n' "$where" "$label" "$why"
    continue
  fi
  want_rc=$(cat "$base.rc")
  case $cmd in
    make|make\ *) dir=$root ;;
    *) dir=$work ;;
  esac
  prev=$(same_run "$sh")
  if [ -n "$prev" ]; then
    cp "$prev.out" "$base.out"; rc=$(cat "$prev.got"); note="  (as $(cat "$prev.line"), not run again)"
    reused=$((reused + 1))
  else
    (cd "$dir" && $tmo sh -c "$cmd" </dev/null >"$base.out" 2>&1); rc=$?
    echo "$rc" >"$base.got"; note=
    run=$((run + 1))
  fi
  problems=$(missing_lines "$base.exp" "$base.out")
  if [ "$rc" = "$want_rc" ] && [ -z "$problems" ]; then
    passed=$((passed + 1))
    printf 'ok       %s  %s%s\n' "$where" "$label" "$note"
    [ -n "$prev" ] || [ "$rc" != 0 ] || ran="$ran $base"
  else
    failed=$((failed + 1))
    printf 'FAILED   %s  %s\n' "$where" "$label"
    [ "$rc" != "$want_rc" ] && printf '    exit %s, expected %s\n' "$rc" "$want_rc"
    [ -n "$problems" ] && printf '%s\n' "$problems"
    printf '    output (first 15 lines):\n'
    head -n 15 "$base.out" | sed 's/^/    | /'
  fi
done
# README's Documentation list names every docs/*.md (issue 27: it had missed three)
if [ -z "${README_FILE:-}" ]; then
  for f in "$root"/docs/*.md; do
    grep -q "](docs/${f##*/})" "$root/README.md" && continue
    failed=$((failed + 1))
    printf 'FAILED   README.md  the Documentation list does not link docs/%s\n' "${f##*/}"
  done
fi
echo "readme: $run run, $reused reused, $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
