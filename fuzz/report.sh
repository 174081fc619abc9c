#!/bin/sh
# Prints the table of fuzz/README.md from the logs of the last runs:
#
#   sh fuzz/report.sh [WORK]        (WORK: build-fuzz)
#
# target, wall seconds, executions, executions per second, coverage (edges)
# and corpus (inputs and bytes libFuzzer kept) at the end, findings (files
# the run wrote to fuzz/findings/T: crashes, leaks, timeouts, broken
# invariants; -fork mode writes one a crash, duplicates included). Exit
# status 1 if any target found something.
work=${1:-build-fuzz}
found=0
echo "| target | seconds | executions | exec/s | cov | corpus | findings |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for log in "$work"/logs/*.log; do
  [ -f "$log" ] || continue
  t=$(basename "$log" .log)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  last=$(grep '^#[0-9].* corp: ' "$log" | tail -n 1)
  cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  corpus=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
  fork=$(grep '^#[0-9]*: cov: ' "$log" | tail -n 1)
  if [ -n "$fork" ]; then # -fork=N: the parent's lines "#EXECS: cov: C ft: F corp: N exec/s R ..."
    execs=$(printf '%s\n' "$fork" | sed -n 's/^#\([0-9]*\):.*/\1/p')
    cov=$(printf '%s\n' "$fork" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    corpus=$(printf '%s\n' "$fork" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
  fi
  secs=$(cat "$work/logs/$t.seconds" 2>/dev/null)
  # the parent prints the last job's rate only: the average over the run
  [ -n "$fork" ] && [ -n "$execs" ] && [ "${secs:-0}" -gt 0 ] && rate=$((execs / secs))
  findings=$(find "fuzz/findings/$t" -type f -newer "$work/logs/$t.start" 2>/dev/null | wc -l)
  [ "$findings" -gt 0 ] && found=1
  echo "| $t | ${secs:-?} | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${corpus:-?} | $findings |"
done
exit $found
