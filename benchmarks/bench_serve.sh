#!/bin/sh
# godtab-serve under load (issue 14's targets), run by `make bench`:
#   start-up with the pocket-htm and taquin-3x3 tables (median of 5: launch
#   to the port file, lazily and with --preload; and the server's own count), pocket single queries over HTTP
#   keep-alive (requests/s and latency percentiles at two loads), and batches
#   of 1000 pocket queries (solves/s). The load generator is wrk (Debian
#   `wrk`, installed by `make bench-deps`); without it only start-up is
#   measured. BIN (default bin) holds the programs; the tables are built into
#   a temporary database.
cd "$(dirname "$0")/.." || exit 1
BIN=${BIN:-bin}
SECONDS_EACH=${BENCH_SERVE_SECONDS:-5}
THREADS=${BENCH_SERVE_THREADS:-2}
tmp=$(mktemp -d /tmp/godtab-bench-serve-XXXXXX) || exit 1
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT INT TERM
"$BIN/godtab-gen" --quiet --db "$tmp/db" pocket-htm taquin-3x3 >/dev/null || exit 1

# start-up: from launch until the port file is written (the server listens);
# sets pid, port and elapsed (microseconds). No command substitution around
# it: the server would hold the substitution's pipe open.
start() {
  rm -f "$tmp/port"
  extra=${1:-}
  t0=$(date +%s%N)
  "$BIN/godtab-serve" --db "$tmp/db" --listen 127.0.0.1:0 --port-file "$tmp/port" --threads "$THREADS" \
    --max-batch 10000 $extra >/dev/null 2>"$tmp/log" &
  pid=$!
  while [ ! -s "$tmp/port" ]; do sleep 0.001; done
  t1=$(date +%s%N)
  port=$(cat "$tmp/port")
  elapsed=$(( (t1 - t0) / 1000 ))
}
stop() { kill "$pid"; wait "$pid"; pid=""; }
us=""
for i in 1 2 3 4 5; do start; us="$us $elapsed"; stop; done
median=$(printf '%s\n' $us | sort -n | sed -n 3p)
echo "start-up (launch to listening, tables loaded on first use, median of 5): $(awk "BEGIN{printf \"%.1f\", $median/1000}") ms"
us=""
for i in 1 2 3 4 5; do start --preload; us="$us $elapsed"; stop; done
median=$(printf '%s\n' $us | sort -n | sed -n 3p)
echo "start-up with --preload (pocket-htm and taquin-3x3 loaded, median of 5): $(awk "BEGIN{printf \"%.1f\", $median/1000}") ms (target <= 100 ms)"
start
grep -o '[0-9.]* ms to start' "$tmp/log" | sed 's/^/  the server'"'"'s own count: /'
# the first query of each table loads it once: time it
t0=$(date +%s%N)
curl -s "http://127.0.0.1:$port/api/solve?puzzle=pocket&scramble=R" >/dev/null 2>&1 || true
t1=$(date +%s%N)
echo "first pocket query (loads pocket-htm): $(( (t1 - t0) / 1000 )) us"

if ! command -v wrk >/dev/null 2>&1; then
  echo "wrk not installed: the load figures are SKIPPED (make bench-deps installs it)"
  exit 0
fi
url="http://127.0.0.1:$port"
"$BIN/godtab-solve" pocket --db "$tmp/db" --random 1000 --seed 1 --json |
  sed 's/.*"scramble":"\([^"]*\)".*/\1/' >"$tmp/batch.txt"
cat >"$tmp/batch.lua" <<EOF
local f = io.open("$tmp/batch.txt", "r")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
EOF
report() { # label, wrk output
  rps=$(printf '%s\n' "$2" | sed -n 's/^Requests\/sec: *//p')
  p50=$(printf '%s\n' "$2" | sed -n 's/^ *50% *//p')
  p99=$(printf '%s\n' "$2" | sed -n 's/^ *99% *//p')
  echo "$1: $rps requests/s, p50 $p50, p99 $p99"
}
q="/api/solve?puzzle=pocket&scramble=R%20U%20F2%20R%27%20U%20F%27%20R2"
report "single pocket queries, 2 wrk threads, 32 keep-alive connections" \
  "$(wrk -t2 -c32 -d"${SECONDS_EACH}s" --latency "$url$q")"
report "single pocket queries, 1 wrk thread, 4 keep-alive connections" \
  "$(wrk -t1 -c4 -d"${SECONDS_EACH}s" --latency "$url$q")"
out=$(wrk -t2 -c4 -d"${SECONDS_EACH}s" --latency -s "$tmp/batch.lua" "$url/api/solve/batch?puzzle=pocket")
rps=$(printf '%s\n' "$out" | sed -n 's/^Requests\/sec: *//p')
echo "batches of 1000 pocket queries, 4 connections: $rps batches/s = $(awk "BEGIN{printf \"%.0f\", $rps*1000}") solves/s"
echo "targets: >= 5000 single requests/s, p99 <= 2 ms, >= 50000 solves/s in batches (2 cores)"
stop

# cube3 through the server: two-phase (at most 20 moves) on 20 random-state
# positions, with the stored cube3-twophase table (built here, ~10 s), one
# request at a time: the median time of a request as curl sees it
if [ "${BENCH_SERVE_CUBE3:-1}" = 1 ]; then
  "$BIN/godtab-gen" --quiet --db "$tmp/db" cube3-twophase >/dev/null 2>&1 || exit 1
  start
  curl -s "http://127.0.0.1:$port/api/solve?puzzle=cube3&near=1&scramble=R" >/dev/null # maps the table
  "$BIN/godtab-solve" cube3 --db "$tmp/db" --random 20 --seed 1 | cut -c1-54 >"$tmp/cube3.txt"
  while read -r f; do
    curl -s -o /dev/null -w '%{time_total}\n' "http://127.0.0.1:$port/api/solve?puzzle=cube3&near=1&facelets=$f"
  done <"$tmp/cube3.txt" | sort -n | sed -n 10p |
    awk '{printf "cube3 two-phase (<= 20 moves), random-state positions, median of 20 requests: %.1f ms (target <= 10 ms)\n", $1 * 1000}'
  stop
fi
