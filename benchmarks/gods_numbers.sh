#!/bin/sh
# The catalogue of God's numbers of twsearch's sample definitions (issue 28,
# "God's numbers"): every file of DIR that godtab tables in full, with its
# distribution, checked against `twsearch -g` when TWSEARCH is set.
#
#   benchmarks/gods_numbers.sh [DIR]        # DIR: $GODTAB_TWS_SAMPLES or tests/tws-samples
#   TWSEARCH=/path/to/twsearch benchmarks/gods_numbers.sh DIR
#
# Long-running (minutes a file, up to GODS_TIMEOUT each side): not a bench_*
# script, so `make bench` does not run it. One heavy job at a time.
#
# 1. Each file is built with `godtab-gen --def F --threads GODS_THREADS
#    --max-memory GODS_MEM` into a scratch database, cut at GODS_TIMEOUT
#    seconds. Planning stays within GODS_MEM (issue 28): a file refused for
#    its memory (exit 9, the figure given), or for any other reason (a
#    feature, an orbit too big to rank ...), is a "skipped" line with
#    godtab's reason. (Before, the files were planned apart with
#    `--max-memory 1K`, which planning ignored; it no longer does.)
# 2. The tables built, in order of increasing index states, are reported.
# 3. With TWSEARCH, `twsearch -g -t GODS_THREADS -M MB` on a copy of the file
#    whose Name line is cut to one word (twsearch reads `Name WORD` only),
#    cut at GODS_TIMEOUT; its "Dist D cnt N" lines are compared with godtab's.
#
# One line a file:
#   FILE states=S god=G dist=c0,c1,... godtab_s=T twsearch_s=T2 twsearch=equal|DIFFER|-
#   FILE skipped: REASON
# then, for a difference, twsearch's distribution on a line of its own.
cd "$(dirname "$0")/.." || exit 1
DIR=${1:-${GODTAB_TWS_SAMPLES:-tests/tws-samples}}
BIN=${GODTAB_BIN:-bin}
T=${GODS_TIMEOUT:-180}
MEM=${GODS_MEM:-4G}
THREADS=${GODS_THREADS:-1}
TW=${TWSEARCH:-}
[ -d "$DIR" ] || { echo "gods_numbers: skipped (no directory $DIR: twsearch's samples/main)"; exit 0; }
[ -x "$BIN/godtab-gen" ] || { echo "gods_numbers: $BIN/godtab-gen not built (make)"; exit 1; }
if [ -n "$TW" ] && [ ! -x "$TW" ]; then echo "gods_numbers: TWSEARCH=$TW is not executable: twsearch side skipped"; TW=; fi
mem_mb=$(echo "$MEM" | awk '{v = $1 + 0; u = toupper(substr($1, length($1)))
  if (u == "G") v *= 1024; else if (u == "K") v /= 1024; else if (u != "M") v /= 1048576; printf "%d", v}')
tmp=$(mktemp -d /tmp/godtab-gods.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
# the reason of a refusal: godtab-gen's one line, the path and program cut
reason() { grep -m 1 . "$1" | sed 's|^godtab-gen: ||; s|^[^ ]*/||; s|; the largest projection.*||; s|; not built.*||'; }

echo "# $("$BIN/godtab-gen" --version 2>&1 | head -n 1 | sed 's/^godtab-gen: //'); $THREADS thread(s), --max-memory $MEM, ${T} s a file"
[ -z "$TW" ] || echo "# twsearch: $("$TW" < /dev/null 2>&1 | sed -n 's/^# This is \(twsearch [^ ]*\).*/\1/p' | head -n 1), -g -t $THREADS -M $mem_mb"
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores"

# 1. build (planning within --max-memory)
: > "$tmp/todo"; : > "$tmp/skipped"
for f in "$DIR"/*; do
  [ -f "$f" ] || continue
  b=$(basename "$f")
  rm -rf "$tmp/db"; mkdir "$tmp/db"
  t0=$(now)
  timeout "$T" "$BIN/godtab-gen" --def "$f" --db "$tmp/db" --threads "$THREADS" --max-memory "$MEM" > "$tmp/gt.$b" 2>&1
  rc=$?; echo "$(since "$t0")" > "$tmp/s.$b"
  n=$(sed -n 's/.*index at most \([0-9]*\) states.*/\1/p' "$tmp/gt.$b" | head -n 1)
  case $rc in
    0) echo "${n:-0} $b" >> "$tmp/todo" ;;
    124) echo "$b skipped: ${n:+index $n states, }not built within $T s" >> "$tmp/skipped" ;;
    *) echo "$b skipped: exit $rc: $(reason "$tmp/gt.$b")" >> "$tmp/skipped" ;;
  esac
done
rm -rf "$tmp/db"

# 2, 3. report, compare
sort -n "$tmp/todo" | while read -r n b; do
  f=$DIR/$b
  cp "$tmp/gt.$b" "$tmp/gt.out"; gs=$(cat "$tmp/s.$b")
  awk '/depth +states/ {on = 1; next} on && /^ *[0-9]+ +[0-9]+ *$/ {print $1, $2; next} on {exit}' "$tmp/gt.out" > "$tmp/gt.dist"
  states=$(awk '{s += $2} END {printf "%.0f", s}' "$tmp/gt.dist")
  god=$(tail -n 1 "$tmp/gt.dist" | cut -d' ' -f1)
  dist=$(awk '{printf "%s%s", (NR > 1 ? "," : ""), $2}' "$tmp/gt.dist")
  ts=-; cmp=-
  if [ -n "$TW" ]; then
    sed 's/^Name \([^ ]*\) .*/Name \1/' "$f" > "$tmp/$b"
    t0=$(now)
    timeout "$T" "$TW" -g -t "$THREADS" -M "$mem_mb" --nowrite --cachedir "$tmp/cache" "$tmp/$b" > "$tmp/tw.out" 2>&1
    trc=$?; ts=$(since "$t0")
    # (a last "cnt 0" line when the BFS finds nothing new is dropped)
    sed -n 's/^Dist \([0-9]*\) cnt \([1-9][0-9]*\) .*/\1 \2/p' "$tmp/tw.out" > "$tmp/tw.dist"
    if [ $trc = 124 ]; then cmp="not finished within $T s"; ts=-
    elif [ $trc != 0 ] || [ ! -s "$tmp/tw.dist" ]; then cmp="failed (exit $trc: $(grep -m 1 -i 'error\|^!' "$tmp/tw.out"))"
    elif cmp -s "$tmp/gt.dist" "$tmp/tw.dist"; then cmp=equal
    else cmp=DIFFER
    fi
  fi
  echo "$b states=$states god=$god dist=$dist godtab_s=$gs twsearch_s=$ts twsearch=$cmp"
  [ "$cmp" != DIFFER ] || echo "  twsearch: god=$(tail -n 1 "$tmp/tw.dist" | cut -d' ' -f1) dist=$(awk '{printf "%s%s", (NR > 1 ? "," : ""), $2}' "$tmp/tw.dist")"
done
cat "$tmp/skipped"
