#!/bin/sh
# godtab-gen-mpi against godtab-gen (issue 17, docs/distributed.md): the
# pocket HTM table built by the single-process OpenMP BFS and by 1, 2 and 4
# MPI ranks (oversubscribed on 2 cores), interleaved, 5 runs each; medians
# of the BFS time, the ratio to the single process (target: 2 ranks within
# 3x), the checksums (target: identical, always), and the per-level figures
# of one 2-rank run (states sent between ranks, bytes, memory a rank).
# Skips, saying so, without mpirun or bin/godtab-gen-mpi.
BIN=${GODTAB_BIN:-bin}
if ! command -v mpirun >/dev/null 2>&1 || [ ! -x "$BIN/godtab-gen-mpi" ]; then
  echo "mpi: skipped (no mpirun or $BIN/godtab-gen-mpi; make test installs Open MPI)"
  exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 GODTAB_MPI_QUIET=1
tmp=$(mktemp -d /tmp/godtab-bench-mpi.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
bfs_ms() { sed -n 's/.*BFS \([0-9.]*\) ms.*/\1/p' | head -n 1; }
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for run in 1 2 3 4 5; do
  "$BIN/godtab-gen" --db "$tmp/s" pocket-htm | bfs_ms >> "$tmp/t0"
  for k in 1 2 4; do
    mpirun --oversubscribe -n $k "$BIN/godtab-gen-mpi" --db "$tmp/r$k" pocket-htm | bfs_ms >> "$tmp/t$k"
  done
done
single=$(median < "$tmp/t0")
printf "pocket-htm BFS, median of 5: single process %s ms" "$single"
for k in 1 2 4; do
  m=$(median < "$tmp/t$k")
  printf "; %d rank%s %s ms (%.1fx)" $k "$([ $k = 1 ] || echo s)" "$m" "$(echo "$m / $single" | bc -l)"
done
echo
m2=$(median < "$tmp/t2")
awk -v a="$m2" -v b="$single" 'BEGIN {r = a / b; printf "2 ranks: %.1fx the single process (target <= 3x): %s\n", r, r <= 3 ? "met" : "MISSED"}'
sums=$(for d in s r1 r2 r4; do "$BIN/godtab-gen" --verify --db "$tmp/$d" pocket-htm | sed -n 's/.*checksum \([0-9a-f]*\).*/\1/p'; done | sort -u | wc -l)
echo "checksums of the single, 1-, 2- and 4-rank tables: $([ "$sums" = 1 ] && echo "identical (met)" || echo "DIFFER")"
echo "one 2-rank run, level by level:"
mpirun --oversubscribe -n 2 "$BIN/godtab-gen-mpi" --stats --quiet --db "$tmp/x" pocket-htm 2>&1 | grep -E "level|memory"
