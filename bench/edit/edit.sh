#!/usr/bin/env bash
# bench/edit/edit.sh [BINARY]: edit engine and undo figures.
#   1. go benchmarks: one edit on a 5 MB file (exact and indentation tiers),
#      and a shell-scan snapshot of a 2,000-file workspace (cold, warm).
#   2. with BINARY (a built hearth): `hearth apply` of one block to a 5 MB
#      file end to end (parse, validate, atomic write), median of 5 runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
go test -run '^$' -bench 'Apply5MB' -benchmem -benchtime 20x ./agent/edit/
go test -run '^$' -bench 'ShellScan' -benchmem -benchtime 10x ./agent/undo/

bin=${1:-}
[[ -z $bin ]] && exit 0
bin=$(realpath "$bin")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/ws"
awk 'BEGIN { for (i = 0; i < 160000; i++) printf "\tvalue_%06d := compute(%d)\n", i, i }' > "$tmp/ws/big.go"
printf 'big.go\n```go\n<<<<<<< SEARCH\n\tvalue_150000 := compute(150000)\n=======\n\tvalue_150000 := 0\n>>>>>>> REPLACE\n```\n' > "$tmp/fwd.md"
printf 'big.go\n```go\n<<<<<<< SEARCH\n\tvalue_150000 := 0\n=======\n\tvalue_150000 := compute(150000)\n>>>>>>> REPLACE\n```\n' > "$tmp/back.md"
ms=()
for i in 1 2 3 4 5; do
  for r in fwd back; do
    s=$(date +%s%N)
    "$bin" apply --workspace "$tmp/ws" "$tmp/$r.md" > /dev/null
    e=$(date +%s%N)
    ms+=($(( (e - s) / 1000000 )))
  done
done
size=$(stat -c %s "$tmp/ws/big.go")
median=$(printf '%s\n' "${ms[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
echo "hearth apply, one block on a $((size / 1024)) KiB file: median ${median} ms over ${#ms[@]} runs"
