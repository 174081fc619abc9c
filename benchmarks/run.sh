#!/bin/sh
# make bench: prints the machine, then runs every benchmark program and script.
# Each prints medians over several runs (see benchmarks/README.md).
cd "$(dirname "$0")/.." || exit 1
echo "== machine"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "cores: $(nproc)  memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
echo "kernel: $(uname -sr)  compiler: $(${CC:-gcc} --version | head -n 1)"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
status=0
for b in build/benchmarks/bench_*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" || status=1
done
for s in benchmarks/bench_*.sh; do
  [ -f "$s" ] || continue
  echo "== $(basename "$s" .sh)"
  sh "$s" || status=1
done
exit $status
