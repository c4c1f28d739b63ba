#!/usr/bin/env bash
# bench/startup.sh BINARY [RUNS]: startup time and idle memory of the desktop
# app under Xvfb, median of RUNS (default 5) cold-ish runs.
#   mapped: exec → the "Hearth" window is mapped (polled every 10 ms)
#   paint:  exec → the frontend's first frame (the app prints it when
#           HEARTH_TRACE_STARTUP=1)
#   pss:    proportional set size summed over hearth and its WebKit helper
#           processes after 5 s idle, in MB
# Runs itself inside scripts/sandbox.sh --x for a clean HOME and display.
set -euo pipefail
bin=$(realpath "${1:?usage: bench/startup.sh BINARY [RUNS]}")
runs=${2:-5}
if [[ -z ${SANDBOX_DIR:-} ]]; then
  exec "$(dirname "$0")/../scripts/sandbox.sh" --x "$0" "$bin" "$runs"
fi

now_ms() { date +%s%3N; }
pss_tree() { # sum Pss (kB) of pid and all descendants
  local total=0 p
  for p in $1 $(pgrep -P "$1" || true) $(for c in $(pgrep -P "$1" || true); do pgrep -P "$c" || true; done); do
    local v
    v=$(awk '/^Pss:/{print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || echo 0)
    total=$((total + ${v:-0}))
  done
  echo "$total"
}
median() { sort -n | awk '{a[NR]=$1} END{print (NR%2)? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

mapped=() paint=() pss=()
for i in $(seq 1 "$runs"); do
  log=$(mktemp)
  t0=$(now_ms)
  HEARTH_TRACE_STARTUP=1 "$bin" 2>"$log" &
  pid=$!
  tm=""
  for _ in $(seq 1 1000); do
    if xdotool search --onlyvisible --name '^Hearth$' >/dev/null 2>&1; then tm=$(now_ms); break; fi
    sleep 0.01
  done
  for _ in $(seq 1 500); do grep -q first-paint "$log" && break; sleep 0.01; done
  tp=$(sed -n 's/.*first-paint unix_ms=\([0-9]*\).*/\1/p' "$log" | head -1)
  sleep 5
  kb=$(pss_tree "$pid")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -f "$log"
  [[ -n $tm ]] && mapped+=($((tm - t0)))
  [[ -n $tp ]] && paint+=($((tp - t0)))
  pss+=($((kb / 1024)))
  echo "run $i: mapped ${tm:+$((tm - t0))} ms, first paint ${tp:+$((tp - t0))} ms, idle PSS $((kb / 1024)) MB"
done
printf 'median over %d runs: window mapped %s ms, first paint %s ms, idle PSS %s MB\n' "$runs" \
  "$(printf '%s\n' "${mapped[@]}" | median)" "$(printf '%s\n' "${paint[@]}" | median)" "$(printf '%s\n' "${pss[@]}" | median)"
