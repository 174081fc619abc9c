#!/bin/sh
# Runs every cmocka test binary given, TEST_JOBS at a time (default 2: the
# machines have 2 cores and most tests use one), prints each one's output in
# the order given, and one closing line "N passed, N failed" summing
# cmocka's own counts. Exit status 1 if any failed. Each test works in its
# own mkdtemp directory and on a free port, so two can run side by side.
# The slowest tests (TEST_SLOWEST of them, default 5) and their seconds
# close the run: CI's time budget goes there, the place to look when it grows.
jobs=${TEST_JOBS:-2}
# Two tests side by side, each with a thread a core: OpenMP's threads then
# sleep at a barrier instead of spinning on a core the other test needs
# (two heavy tests together: 19.5 -> 17.8 s). Unless the caller chose.
export OMP_WAIT_POLICY="${OMP_WAIT_POLICY:-passive}"
out_dir=$(mktemp -d /tmp/godtab-run-XXXXXX) || exit 1
trap 'rm -rf "$out_dir"' EXIT
i=0
for t in "$@"; do
  i=$((i + 1))
  printf '%s\n%s\n' "$i" "$t"
done | OUT_DIR=$out_dir xargs -n 2 -P "$jobs" sh -c 's=$(date +%s); "$2" >"$OUT_DIR/$1.out" 2>&1; echo $? >"$OUT_DIR/$1.rc"
  echo "$(($(date +%s) - s)) $2" >"$OUT_DIR/$1.time"' run_one
passed=0; failed=0; broken=""; i=0
for t in "$@"; do
  i=$((i + 1))
  echo "== $t"
  cat "$out_dir/$i.out"
  rc=$(cat "$out_dir/$i.rc" 2>/dev/null || echo 1)
  p=$(sed -n 's/.*\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out_dir/$i.out" | tail -n 1)
  f=$(sed -n 's/.*\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out_dir/$i.out" | tail -n 1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  if [ "$rc" -ne 0 ] && [ -z "$f" ]; then failed=$((failed + 1)); broken="$broken $t"; fi
done
echo "slowest:"; cat "$out_dir"/*.time 2>/dev/null | sort -rn | head -n "${TEST_SLOWEST:-5}" | sed 's/^/  /'
[ -n "$broken" ] && echo "crashed or exited non-zero:$broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
