#!/bin/sh
# godtab against twsearch (github.com/cubing/twsearch, C++, built from
# source), side by side in one run: the same definition files, the same
# positions, 2 threads each, the same 2 GiB memory cap for tables (issue 28,
# "Targets"). twsearch is not a Debian package: build it, then
#
#   TWSEARCH=/path/to/build/bin/twsearch benchmarks/bench_vs_twsearch.sh
#
# - dino: `twsearch -g` against `godtab-gen --def` (a full table): wall
#   seconds, median of GODTAB_BENCH_TWS_RUNS (3) alternated runs; God's
#   number and distribution compared. Target: godtab >= 3x faster.
# - optimal solves of benchmarks/data/twsearch_PUZZLE.txt (3x3x3: 10
#   positions of 12-14 moves; megaminx, FTO, 4x4x4: 5 random 8-move
#   scrambles): twsearch builds its pruning table in 2 GiB (-M 2048, filled
#   in full before the first solve: --startprunedepth), then solves the list
#   in one process and reports each search's seconds itself; godtab builds
#   pattern databases (`godtab-gen --def F --pdb auto --max-memory 2G`,
#   timed apart: target <= 120 s for the 3x3x3), then one `godtab-solve
#   def` process answers the list from standard input (the tables copied
#   in once, as twsearch keeps its table), each search's own seconds from
#   --json. Lengths must agree. Targets: 3x3x3 >= 3x, the others >= 2x.
#
# A single solve is cut at GODTAB_BENCH_TWS_TIMEOUT seconds (600); twsearch
# solves its list in one process, cut at that times the count, plus one for
# its table. GODTAB_BENCH_TWS_PARTS picks parts ("dino 3x3x3 megaminx FTO
# 4x4x4"). Where godtab refuses a definition, its one-line error is printed
# as the result. twsearch reads a copy of each file whose Name line is cut
# to one word (its reader takes `Name WORD` only); nothing else changes.
# GODTAB_BENCH_TWS_RANDOM=N (200 by default; 0: none) adds, after the
# megaminx's, FTO's and 4x4x4's fixed positions, N random 8-move scrambles
# (seed 99) to both lists, reported apart: their mean search seconds and
# the ratio of the means (five searches of a fraction of a millisecond
# vary from run to run by more than the factor asked).
#
#   benchmarks/bench_vs_twsearch.sh --scrambles FILE.tws COUNT LENGTH SEED
#
# prints the random scrambles benchmarks/data was made from (their headers
# give the exact commands).
BIN=${GODTAB_BIN:-bin}
THREADS=2
MEM_MB=2048
RANDOM_N=${GODTAB_BENCH_TWS_RANDOM:-200}

# gen_scrambles FILE.tws COUNT LENGTH SEED: COUNT random scrambles of LENGTH
# moves in FILE's move names, each power named as twsearch names it (order 3:
# X X'; 4: X X2 X'; 5: X X2 X2' X'), in canonical order: never the same move
# twice in a row, and of two commuting moves in a row the first is the one
# defined first (so R L and L R are not both drawn, nor R L R). Park-Miller
# (x = 16807 x mod 2^31-1, exact in any awk) makes a seed give the same lines
# everywhere.
gen_scrambles() {
  awk -v count="$2" -v len="$3" -v seed="$4" -v q="'" '
  function rnd(n) { x = (x * 16807) % 2147483647; return x % n }
  $1 == "Set" { size[$2] = $3; mod[$2] = $4; nset++; sname[nset] = $2; next }
  $1 == "Move" { name[++nm] = $2; inmove = 1; next }
  $1 == "End" { inmove = 0; next }
  inmove && ($1 in size) { cur = $1; want = "perm"; next }
  inmove && want == "perm" && $1 ~ /^[0-9]/ {
    for (i = 1; i <= NF; i++) { p[nm, cur, i] = $i; o[nm, cur, i] = 0 }
    want = "ori"; next
  }
  inmove && want == "ori" && $1 ~ /^[0-9]/ { for (i = 1; i <= NF; i++) o[nm, cur, i] = $i; want = ""; next }
  # a then b, as one permutation with orientations (any group law will do to
  # compare a b with b a); sets a move leaves out are the identity
  function img(m, s, i) { return ((m, s, i) in p) ? p[m, s, i] : i }
  function twi(m, s, i) { return ((m, s, i) in o) ? o[m, s, i] : 0 }
  function commute(a, b,    k, s, i, m) {
    for (k = 1; k <= nset; k++) {
      s = sname[k]; m = mod[s] ? mod[s] : 1
      for (i = 1; i <= size[s]; i++) {
        if (img(a, s, img(b, s, i)) != img(b, s, img(a, s, i))) return 0
        if ((twi(a, s, img(b, s, i)) + twi(b, s, i)) % m != (twi(b, s, img(a, s, i)) + twi(a, s, i)) % m) return 0
      }
    }
    return 1
  }
  function order(m,    k, s, i, j, l, g, a, b, t) {
    g = 1
    for (k = 1; k <= nset; k++) {
      s = sname[k]
      for (i = 1; i <= size[s]; i++) seen[i] = 0
      for (i = 1; i <= size[s]; i++) if (!seen[i]) {
        l = 0; j = i; t = 0
        while (!seen[j]) { seen[j] = 1; t += twi(m, s, j); j = img(m, s, j); l++ }
        if (mod[s] > 1 && t % mod[s]) l *= mod[s] / gcd(t % mod[s], mod[s])
        a = g; b = l; while (b) { t = a % b; a = b; b = t }
        g = g / a * l
      }
    }
    return g
  }
  function gcd(a, b,    t) { while (b) { t = a % b; a = b; b = t }; return a }
  END {
    x = seed % 2147483647; if (x <= 0) x = 1
    for (m = 1; m <= nm; m++) {
      ord = order(m); np[m] = 0
      for (t = 1; t < ord; t++) {
        tw = (ord - t < t) ? t - ord : t
        s = name[m]
        if (tw != 1 && tw != -1) s = s (tw < 0 ? -tw : tw)
        if (tw < 0) s = s q
        pw[m, ++np[m]] = s
      }
      for (k = 1; k < m; k++) if (commute(k, m)) comm[k, m] = comm[m, k] = 1
    }
    for (c = 0; c < count; c++) {
      line = ""; last = 0
      for (k = 0; k < len; k++) {
        do m = 1 + rnd(nm); while (m == last || (last && comm[last, m] && m < last))
        last = m; line = line (k ? " " : "") pw[m, 1 + rnd(np[m])]
      }
      print line
    }
  }' "$1"
}

if [ "${1:-}" = --scrambles ]; then
  [ $# = 5 ] || { echo "usage: $0 --scrambles FILE.tws COUNT LENGTH SEED" >&2; exit 1; }
  gen_scrambles "$2" "$3" "$4" "$5"
  exit
fi
cd "$(dirname "$0")/.." || exit 1

TW=${TWSEARCH:-}
if [ -z "$TW" ]; then
  echo "twsearch: skipped (set TWSEARCH to a twsearch binary built from github.com/cubing/twsearch)"
  exit 0
fi
if [ ! -x "$TW" ]; then
  echo "twsearch: skipped ($TW is not an executable file)"
  exit 0
fi
TIMEOUT=${GODTAB_BENCH_TWS_TIMEOUT:-600}
RUNS=${GODTAB_BENCH_TWS_RUNS:-3}
# twsearch fills its table up to this depth before the first solve, or less if
# the table is full first (a small puzzle whose states all fit never is: give
# it its God's number)
PRUNEDEPTH=${GODTAB_BENCH_TWS_PRUNEDEPTH:-100}
PARTS=${GODTAB_BENCH_TWS_PARTS:-dino 3x3x3 megaminx FTO 4x4x4}
tmp=$(mktemp -d /tmp/godtab-bench-tws.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "twsearch: $("$TW" < /dev/null 2>&1 | sed -n 's/^# This is \(twsearch [^ ]*\).*/\1/p' | head -n 1) ($TW); $THREADS threads each, tables in $MEM_MB MiB"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.2f\n", b - a}'; }
median() { sort -n | awk '{v[NR] = $1} END {if (!NR) print "?"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
# twsearch reads `Name WORD` only: a copy with the Name line cut to one word
tws_copy() { sed 's/^Name \([^ ]*\) .*/Name \1/' "$1" > "$2"; }
# ratio LABEL GODTAB_S TWSEARCH_S TARGET: the line with met / MISSED
ratio() {
  awk -v l="$1" -v g="$2" -v t="$3" -v x="$4" 'BEGIN {
    if (g + 0 <= 0 || t + 0 <= 0) { printf "%s: not measured (target >= %sx)\n", l, x; exit }
    r = t / g; printf "%s: twsearch / godtab = %.2fx (target >= %sx): %s\n", l, r, x, (r >= x ? "met" : "MISSED")
  }'
}
# godtab_err FILE: the first line of a refused command's output, one line
godtab_err() { grep -m 1 -i 'error\|godtab\|too big\|unknown\|refused' "$1" || head -n 1 "$1"; }

bench_dino() {
  def=puzzles/dino.tws
  tws_copy "$def" "$tmp/dino.tws"
  gt_ok=1
  : > "$tmp/tw.s"; : > "$tmp/gt.s"
  for _ in $(seq "$RUNS"); do
    t0=$(now)
    timeout "$TIMEOUT" /usr/bin/time -f %M -o "$tmp/tw.rss" "$TW" -g -t $THREADS -M $MEM_MB --nowrite \
      --cachedir "$tmp/cache" "$tmp/dino.tws" > "$tmp/tw.out" 2>&1 || { echo "dino: twsearch -g failed or timed out:"; tail -n 2 "$tmp/tw.out"; return; }
    since "$t0" >> "$tmp/tw.s"
    [ $gt_ok = 1 ] || continue
    rm -rf "$tmp/db"; mkdir "$tmp/db"
    t0=$(now)
    if timeout "$TIMEOUT" "$BIN/godtab-gen" --def "$def" --db "$tmp/db" --threads $THREADS > "$tmp/gt.out" 2>&1; then
      since "$t0" >> "$tmp/gt.s"
    else
      gt_ok=0; echo "dino: godtab: $(godtab_err "$tmp/gt.out")"
    fi
  done
  rm -rf "$tmp/db"
  sed -n 's/^Dist \([0-9]*\) cnt \([0-9]*\) .*/\1 \2/p' "$tmp/tw.out" > "$tmp/tw.dist"
  tw=$(median < "$tmp/tw.s")
  printf "dino -g, twsearch: %s s (median of %d; God's number %s, %s states; peak resident %s KiB)\n" "$tw" "$RUNS" \
    "$(tail -n 1 "$tmp/tw.dist" | cut -d' ' -f1)" "$(awk '{s += $2} END {print s}' "$tmp/tw.dist")" "$(cat "$tmp/tw.rss")"
  echo "  twsearch distribution: $(awk '{printf "%s%s", (NR > 1 ? " " : ""), $2}' "$tmp/tw.dist")"
  if [ $gt_ok = 1 ]; then
    # godtab-gen prints "  depth  states", then "  D  COUNT" a line
    awk '/depth +states/ {on = 1; next} on && /^ *[0-9]+ +[0-9]+ *$/ {print $1, $2; next} on {exit}' "$tmp/gt.out" > "$tmp/gt.dist"
    gt=$(median < "$tmp/gt.s")
    printf "dino table, godtab: %s s (median of %d)\n" "$gt" "$RUNS"
    if cmp -s "$tmp/gt.dist" "$tmp/tw.dist"; then
      echo "dino God's number and distribution: equal to twsearch's (met)"
    else
      echo "dino God's number and distribution: DIFFER (godtab | twsearch):"
      diff "$tmp/gt.dist" "$tmp/tw.dist" | sed 's/^/  /'
    fi
    ratio "dino" "$gt" "$tw" 3
  else
    ratio "dino" 0 "$tw" 3
  fi
}

# godtab_solve DEF N: $tmp/in through one godtab-solve def process (the
# tables mapped once, as twsearch keeps its table), "LENGTH SECONDS" a line
# into $tmp/gt.cols. The seconds are the search's own ("seconds" of --json,
# as twsearch's are its own) where godtab reports them, else the wall time
# between one answer and the next (the first from the process start: table
# mapping included). --timeout bounds each solve where godtab has it, else
# `timeout` bounds the whole list at GODTAB_BENCH_TWS_TIMEOUT times N.
godtab_solve() {
  def=$1; count=$2
  set -- "$BIN/godtab-solve" def --def "$def" --db "$tmp/db" --threads $THREADS
  case $("$1" def --help 2>&1) in *--timeout*) set -- "$@" --timeout "$TIMEOUT" ;; esac
  json=0
  if head -n 1 "$tmp/in" | timeout "$TIMEOUT" "$@" --json 2>/dev/null | grep -q '"seconds"'; then
    json=1; set -- "$@" --json
  fi
  t0=$(now)
  timeout $((TIMEOUT * count)) stdbuf -oL "$@" < "$tmp/in" 2> "$tmp/gt.err" |
    while IFS= read -r l; do printf '%s %s\n' "$(now)" "$l"; done > "$tmp/gt.ans"
  awk -v t0="$t0" -v json=$json '
    { stamp = $1; sub(/^[^ ]* /, "") }
    json { len = "error"; sec = "-"
           if (match($0, /"(length|distance)":[0-9]+/)) { len = substr($0, RSTART, RLENGTH); sub(/.*:/, "", len) }
           if (match($0, /"seconds":[0-9.]+/)) { sec = substr($0, RSTART, RLENGTH); sub(/.*:/, "", sec) }
           print len, sec; next }
    { len = "error"; if (match($0, /\([0-9]+\)$/)) len = substr($0, RSTART + 1, RLENGTH - 2)
      printf "%s %.4f\n", len, stamp - t0; t0 = stamp }' "$tmp/gt.ans" > "$tmp/gt.cols"
  # a refused or cut run answers fewer lines: the rest are "-", so that the
  # columns stay beside twsearch's
  awk -v n="$count" '{print} END {for (i = NR; i < n; i++) print "- -"}' "$tmp/gt.cols" > "$tmp/gt.pad"
  mv "$tmp/gt.pad" "$tmp/gt.cols"
  grep -m 1 . "$tmp/gt.err" | sed "s|^godtab-solve: ||; s|^|$name: godtab-solve: |"
  grep -m 1 '^error' "$tmp/gt.ans" | sed "s|^[^ ]* |$name: godtab-solve: |"
  echo "$name: godtab seconds: $([ $json = 1 ] && echo "its own search seconds (--json)" || echo "wall between answers, the first from the process start")"
}

# bench_solve NAME TARGET: benchmarks/data/twsearch_NAME.txt on puzzles/NAME.tws
bench_solve() {
  name=$1; def=puzzles/$1.tws; data=benchmarks/data/twsearch_$1.txt
  if [ ! -f "$def" ] || [ ! -f "$data" ]; then echo "$name: skipped (no $def or $data)"; return; fi
  grep -v '^#' "$data" | grep . > "$tmp/in"
  nfix=$(wc -l < "$tmp/in")
  [ "$name" = 3x3x3 ] || [ "$RANDOM_N" = 0 ] || gen_scrambles "$def" "$RANDOM_N" 8 99 | grep -v '^#' | grep . >> "$tmp/in"
  n=$(wc -l < "$tmp/in")
  tws_copy "$def" "$tmp/$name.tws"
  # twsearch: the table filled in full first (--startprunedepth), then each
  # line solved; it prints "Solving", then "Found 1 solution max depth D ...
  # in SECONDS rate ..." (or "No solution found in D")
  t0=$(now)
  timeout $((TIMEOUT * (n + 1))) /usr/bin/time -f %M -o "$tmp/tw.rss" "$TW" -s -t $THREADS -M $MEM_MB --nowrite \
    --cachedir "$tmp/cache" --startprunedepth "$PRUNEDEPTH" "$tmp/$name.tws" < "$tmp/in" > "$tmp/tw.out" 2>&1
  twrc=$?
  twwall=$(since "$t0")
  awk '/^Solving/ {k++; d[k] = "-"; s[k] = "-"}
       /^Found/ {for (i = 1; i < NF; i++) {if ($i == "depth") d[k] = $(i + 1); if ($i == "in") s[k] = $(i + 1)}}
       /^No solution/ {d[k] = "none"}
       END {for (i = 1; i <= n; i++) print (i in d) ? d[i] : "-", (i in s) ? s[i] : "-"}' n="$n" "$tmp/tw.out" > "$tmp/tw.cols"
  twfill=$(awk '/^Filling depth/ {for (i = 1; i < NF; i++) if ($i == "in") s += $(i + 1)} END {printf "%.2f", s}' "$tmp/tw.out")
  [ $twrc = 0 ] || echo "$name: twsearch stopped (exit $twrc after $twwall s): $(grep -m 1 '^!\|rror' "$tmp/tw.out")"
  printf "%s: twsearch pruning table %s s (filled in full), peak resident %s KiB\n" "$name" "$twfill" "$(cat "$tmp/tw.rss" 2>/dev/null)"
  # godtab: pattern databases within the same memory, then one process a line
  rm -rf "$tmp/db"; mkdir "$tmp/db"
  gt_ok=0; gtbuild=-
  t0=$(now)
  if timeout "$TIMEOUT" /usr/bin/time -f %M -o "$tmp/gt.rss" "$BIN/godtab-gen" --def "$def" --pdb auto --max-memory 2G \
      --db "$tmp/db" --threads $THREADS > "$tmp/gt.out" 2>&1; then
    gt_ok=1
    gtbuild=$(since "$t0")
    if [ "$name" = 3x3x3 ]; then
      awk -v b="$gtbuild" -v r="$(cat "$tmp/gt.rss")" 'BEGIN {printf "3x3x3: godtab pattern databases %.2f s, peak resident %s KiB (target <= 120 s): %s\n", b, r, (b <= 120 ? "met" : "MISSED")}'
    else
      echo "$name: godtab pattern databases $gtbuild s, peak resident $(cat "$tmp/gt.rss") KiB"
    fi
  else
    echo "$name: godtab: $(godtab_err "$tmp/gt.out")"
  fi
  : > "$tmp/gt.cols"
  [ $gt_ok = 0 ] || godtab_solve "$def" "$n"
  [ $gt_ok = 1 ] || awk -v n="$n" 'BEGIN {for (i = 0; i < n; i++) print "- -"}' > "$tmp/gt.cols"
  rm -rf "$tmp/db"
  paste -d' ' "$tmp/gt.cols" "$tmp/tw.cols" | awk -v name="$name" -v target="$2" -v twfill="$twfill" -v gtbuild="${gtbuild:--}" -v fixed="$nfix" '
  function median(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j] < a[j - 1]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function num(v) { return v ~ /^[0-9][0-9.e+-]*$/ ? sprintf("%.6f", v) : v }
  BEGIN { printf "  %-4s %-9s %12s %12s\n", "pos", "length", "godtab s", "twsearch s" }
  NR > fixed {
    if ($1 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/) { rn++; rg += $2; rt += $4; if ($1 != $3) rbad++ }
    rk++; next
  }
  {
    k++; ok = ($1 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/)
    if ($1 ~ /^[0-9]+$/) { ng++; g[ng] = $2; gs += $2 }
    if ($3 ~ /^[0-9]+$/) { nt++; t[nt] = $4; ts += $4 }
    if (ok && $1 != $3) bad++
    printf "  %-4d %-9s %12s %12s\n", k, ($1 == $3 ? $1 : $1 "/" $3), num($2), num($4)
  }
  END {
    if (nt) printf "  %s twsearch: total %.6f s, median %.6f s over %d positions\n", name, ts, median(t, nt), nt
    if (ng) printf "  %s godtab:   total %.6f s, median %.6f s over %d positions\n", name, gs, median(g, ng), ng
    if (bad) printf "%s: %d lengths DIFFER (godtab/twsearch above)\n", name, bad
    else if (ng && nt) printf "%s: every length equal to twsearch'"'"'s (met)\n", name
    if (ng == k && nt == k && gs > 0) { r = ts / gs; printf "%s: twsearch / godtab total search = %.2fx (target >= %sx): %s\n", name, r, target, (r >= target ? "met" : "MISSED") }
    else printf "%s: not measured (target >= %sx)\n", name, target
    if (ng == k && nt == k && gtbuild != "-") printf "  %s tables + search: godtab %.2f s, twsearch %.2f s\n", name, gtbuild + gs, twfill + ts
    if (rk) {
      printf "  %s, %d random 8-move scrambles (seed 99): %d answered by both, %s\n", name, rk, rn, (rbad ? rbad " lengths DIFFER" : "every length equal")
      if (rn && rg > 0) printf "%s random: twsearch mean %.1f us, godtab mean %.1f us: %.2fx (target >= %sx): %s\n", name, rt / rn * 1e6, rg / rn * 1e6, rt / rg, target, (rn == rk && !rbad && rt / rg >= target ? "met" : "MISSED")
    }
  }'
}

for part in $PARTS; do
  case $part in
    dino) bench_dino ;;
    3x3x3) bench_solve 3x3x3 3 ;;
    megaminx|FTO|4x4x4) bench_solve "$part" 2 ;;
    *) if [ -f "benchmarks/data/twsearch_$part.txt" ]; then bench_solve "$part" 2
       else echo "unknown part $part (dino, or NAME with benchmarks/data/twsearch_NAME.txt)"; fi ;;
  esac
done
