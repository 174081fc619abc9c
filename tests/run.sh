#!/bin/sh
# Runs every cmocka test binary given, in order, and prints one closing line
# "N passed, N failed" summing cmocka's own counts. Exit status 1 if any failed.
passed=0; failed=0; broken=""
for t in "$@"; do
  echo "== $t"
  out=$("$t" 2>&1); rc=$?
  printf '%s\n' "$out"
  p=$(printf '%s\n' "$out" | sed -n 's/.*\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
  f=$(printf '%s\n' "$out" | sed -n 's/.*\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  if [ "$rc" -ne 0 ] && [ -z "$f" ]; then failed=$((failed + 1)); broken="$broken $t"; fi
done
[ -n "$broken" ] && echo "crashed or exited non-zero:$broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
