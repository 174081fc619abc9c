#!/bin/sh
# Checks that docs/architecture.md's tables say what the tree holds (issue 27:
# the file table had missed 11 files and said two front ends named a model
# when six did). Run by `make test` next to check_layers.sh.
#
#   tests/check_architecture.sh [ROOT]        check (default ROOT: .)
#   tests/check_architecture.sh --models [ROOT]   print the model table's rows
#
# 1. "What each folder holds": every file under common/ gen/ solve/ group/
#    serve/ mpi/ is named in a row, and every file a row names exists. A row
#    is | `FOLDER` | `file` `file` ... | what |; an empty FOLDER cell is the
#    row above's; `name.h/.c` names name.h and name.c, `dir/` a folder and
#    all under it, a name with `*` a glob (which must match something).
# 2. "Program files that name a model": one row | `FILE` | `h` ... | per
#    file of gen/ solve/ group/ serve/ mpi/ that includes a header of
#    common/models/, naming exactly the model headers it includes.
#
# Prints one line per mismatch, then "architecture: N files, M problems";
# exit 0 if none, 1 if any, 2 on bad usage.
models_only=
[ "${1:-}" = --models ] && { models_only=1; shift; }
root=${1:-.}
cd "$root" 2>/dev/null || { echo "check_architecture: no directory $root" >&2; exit 2; }
doc=docs/architecture.md
[ -f "$doc" ] || { echo "check_architecture: no $doc under $root" >&2; exit 2; }
dirs=""
for d in common gen solve group serve mpi; do [ -d "$d" ] && dirs="$dirs $d"; done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/godtab-arch.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
find $dirs -type f | LC_ALL=C sort >"$tmp/files"

# ---- the model rows the tree calls for: "FILE|h h h"
model_headers=$(find common/models -name '*.h' | sed 's|.*/||' | LC_ALL=C sort | tr '\n' ' ')
grep -E '^(gen|solve|group|serve|mpi)/[^/]*\.[ch]$|^(gen|solve|group|serve|mpi)/.*\.[ch]$' "$tmp/files" |
while read -r f; do
  hs=$(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" | LC_ALL=C sort -u |
       while read -r h; do
         case " $model_headers " in *" $h "*) printf '%s ' "$h" ;; esac
       done)
  [ -n "$hs" ] && printf '%s|%s\n' "$f" "${hs% }"
done >"$tmp/models.want"
if [ -n "$models_only" ]; then
  sed 's/^\([^|]*\)|\(.*\)$/| `\1` | \2 |/; s/ \([^ |`][^ |]*\)/ `\1`/g; s/` `/`, `/g' "$tmp/models.want" |
    sed 's/^| ``/| `/'
  exit 0
fi

# ---- what the document says
awk -v out="$tmp" '
function tokens(cell, arr,    n, s) {
  n = 0; s = cell
  while (match(s, /`[^`]+`/)) { arr[++n] = substr(s, RSTART + 1, RLENGTH - 2); s = substr(s, RSTART + RLENGTH) }
  return n
}
/^## / || /^### / { sec = ""
  if ($0 ~ /^## What each folder holds/) sec = "files"
  if ($0 ~ /^### Program files that name a model/) sec = "models"
  next }
sec != "" && /^\|/ && $0 !~ /^\|[ -:|]*$/ {
  n = split($0, cell, "|")
  if (sec == "files") {
    if (cell[2] ~ /^[ \t]*folder[ \t]*$/) next
    k = tokens(cell[2], fold); if (k > 0) folder = fold[1]
    sub(/\/$/, "", folder)
    m = tokens(cell[3], name)
    for (i = 1; i <= m; i++) print NR "|" folder "|" name[i] > (out "/named")
  } else {
    if (cell[2] ~ /^[ \t]*file[ \t]*$/) next
    tokens(cell[2], f); m = tokens(cell[3], h); line = f[1] "|"
    for (i = 1; i <= m; i++) line = line (i > 1 ? " " : "") h[i]
    print line > (out "/models.have")
  }
}' "$doc"
touch "$tmp/named" "$tmp/models.have"

problems=0
: >"$tmp/covered"
: >"$tmp/report"
while IFS='|' read -r line folder name; do
  case $name in
    */.*)                         # name.h/.c
      stem=${name%%/*}; ext2=${name##*/}
      set -- "$folder/$stem" "$folder/${stem%.*}$ext2" ;;
    */) set -- "$folder/${name%/}/" ;;
    *) set -- "$folder/$name" ;;
  esac
  for p in "$@"; do
    case $p in
      */)
        if [ -d "$p" ]; then grep "^$p" "$tmp/files" >>"$tmp/covered"
        else echo "$doc:$line: names $p, which does not exist" >>"$tmp/report"; fi ;;
      *\**)
        # shellcheck disable=SC2086
        found=$(ls -d $p 2>/dev/null)
        if [ -n "$found" ]; then printf '%s\n' $found >>"$tmp/covered"
        else echo "$doc:$line: names $p, which matches nothing" >>"$tmp/report"; fi ;;
      *)
        if [ -e "$p" ]; then echo "$p" >>"$tmp/covered"
        else echo "$doc:$line: names $p, which does not exist" >>"$tmp/report"; fi ;;
    esac
  done
done <"$tmp/named"
LC_ALL=C sort -u "$tmp/covered" >"$tmp/covered.s"
LC_ALL=C comm -23 "$tmp/files" "$tmp/covered.s" |
  sed "s|^\(.*\)$|$doc: \1 is in no row of \"What each folder holds\"|" >>"$tmp/report"

LC_ALL=C sort "$tmp/models.want" >"$tmp/mw"
LC_ALL=C sort "$tmp/models.have" >"$tmp/mh"
LC_ALL=C comm -23 "$tmp/mw" "$tmp/mh" |
  sed "s#^\([^|]*\)|\(.*\)\$#$doc: \1 includes the model headers \2: \"Program files that name a model\" needs that row#" >>"$tmp/report"
LC_ALL=C comm -13 "$tmp/mw" "$tmp/mh" |
  sed "s#^\([^|]*\)|\(.*\)\$#$doc: the row \1 | \2 of \"Program files that name a model\" is not what the file includes (or no such file)#" >>"$tmp/report"

cat "$tmp/report"
problems=$(wc -l <"$tmp/report" | tr -d ' ')
echo "architecture: $(wc -l <"$tmp/files" | tr -d ' ') files, $problems problems (tests/check_architecture.sh --models prints the model rows)"
[ "$problems" -eq 0 ]
