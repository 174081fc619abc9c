#!/bin/sh
# Runs libFuzzer targets and prints one line a target (fuzz/README.md):
#
#   sh fuzz/run.sh DIR SECONDS JOBS MAX_LEN TARGET...
#
# DIR holds the built targets (build-fuzz/fuzz). Each target runs SECONDS
# seconds, JOBS targets at a time, on its growing corpus build-fuzz/corpus/T
# (new inputs land there; the committed seeds fuzz/corpus/T and the
# regressions fuzz/regressions/T are read, never written), inputs up to
# MAX_LEN bytes (or $FUZZ_MAX_LEN_T for target T). Crashes, leaks, timeouts
# and broken invariants go to fuzz/findings/T/ (not committed); the log of a
# run is build-fuzz/logs/T.log. Without network when unshare(1) allows it
# (the targets never need it). $FUZZ_EXTRA adds libFuzzer flags
# (-fork=2 -ignore_crashes=1 keeps going past a crash).
# Exit status 1 if any target found something.
set -u
dir=$1 seconds=$2 jobs=$3 max_len=$4
shift 4
work=$(dirname "$dir")
mkdir -p "$work/logs" fuzz/findings
netns=""
unshare -rn true 2>/dev/null && netns="unshare -rn"

run_one() {
  t=$1
  len=$(eval "echo \${FUZZ_MAX_LEN_$t:-$max_len}")
  mkdir -p "$work/corpus/$t" "fuzz/findings/$t"
  for d in "fuzz/corpus/$t" "fuzz/regressions/$t"; do [ -d "$d" ] && set -- "$@" "$d"; done
  shift
  start=$(date +%s)
  touch "$work/logs/$t.start" # the report counts the findings newer than this
  # shellcheck disable=SC2086
  $netns "$dir/$t" -max_total_time="$seconds" -max_len="$len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="fuzz/findings/$t/" ${FUZZ_EXTRA:-} \
    "$work/corpus/$t" "$@" >"$work/logs/$t.log" 2>&1
  rc=$?
  echo $(($(date +%s) - start)) >"$work/logs/$t.seconds"
  echo "$t: exit $rc after $(cat "$work/logs/$t.seconds") s (log $work/logs/$t.log)"
}

# JOBS at a time: each batch waits for its slowest target.
while [ $# -gt 0 ]; do
  n=0
  while [ $# -gt 0 ] && [ $n -lt "$jobs" ]; do
    run_one "$1" &
    shift; n=$((n + 1))
  done
  wait
done
sh "$(dirname "$0")/report.sh" "$work"
