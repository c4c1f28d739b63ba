#!/usr/bin/env bash
# bench/startup.sh BINARY [RUNS]: startup time and idle memory of the desktop
# app under Xvfb beside a bare Wails v2 window (bench/barewails, built here
# with the desktop's tags), runs of the two alternated, medians of RUNS
# (default 5) cold-ish runs and the app's ratio to the bare window.
#   mapped: exec → the window is mapped (polled every 10 ms)
#   paint:  exec → the page's first frame (each prints it when
#           HEARTH_TRACE_STARTUP=1)
#   phases: exec → each traced step of the start (main; toolkit loaded, the
#           app only; Wails' OnStartup; DOM ready; first paint)
#   pss:    proportional set size summed over the process and its WebKit
#           helper processes after 5 s idle, in MB, and each run's split
#           (window, web, network)
# Runs itself inside scripts/sandbox.sh --x for a clean HOME and display.
set -euo pipefail
bin=$(realpath "${1:?usage: bench/startup.sh BINARY [RUNS]}")
runs=${2:-5}
if [[ -z ${SANDBOX_DIR:-} ]]; then
  here=$(cd "$(dirname "$0")/.." && pwd)
  bare=$(mktemp -d -t hearth-barewails.XXXXXX)
  trap 'rm -rf "$bare"' EXIT
  # The flags `wails build -tags webkit2_41` gives the app (Makefile's build).
  (cd "$here" && go build -tags desktop,production,webkit2_41 -trimpath -ldflags "-w -s" -o "$bare/barewails" ./bench/barewails)
  BARE_BIN=$bare/barewails "$here/scripts/sandbox.sh" --x "$0" "$bin" "$runs"
  exit
fi

now_ms() { date +%s%3N; }
# pss_tree PID: sets pss_kb, the Pss summed over PID and its descendants,
# and split, the MB of each: the window's, WebKit's web and network processes.
pss_kb=0 split=""
pss_tree() {
  local total=0 p
  split=""
  for p in $1 $(pgrep -P "$1" || true) $(for c in $(pgrep -P "$1" || true); do pgrep -P "$c" || true; done); do
    local v name
    v=$(awk '/^Pss:/{print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || echo 0)
    total=$((total + ${v:-0}))
    case $(cat "/proc/$p/comm" 2>/dev/null) in
      WebKitWebProces*) name=web ;;
      WebKitNetworkPr*) name=network ;;
      *) name=window ;;
    esac
    split="$split $name $((${v:-0} / 1024))"
  done
  pss_kb=$total
}
median() { sort -n | awk '{a[NR]=$1} END{print (NR%2)? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# measure NAME BINARY TITLE: one run; appends to NAME_mapped, NAME_paint, NAME_pss.
measure() {
  local name=$1 exe=$2 title=$3 log t0 pid tm tp kb
  log=$(mktemp)
  t0=$(now_ms)
  HEARTH_TRACE_STARTUP=1 "$exe" 2>"$log" &
  pid=$!
  tm=""
  for _ in $(seq 1 1000); do
    if xdotool search --onlyvisible --name "^$title\$" >/dev/null 2>&1; then tm=$(now_ms); break; fi
    sleep 0.01
  done
  for _ in $(seq 1 500); do grep -q first-paint "$log" && break; sleep 0.01; done
  tp=$(sed -n 's/.*first-paint unix_ms=\([0-9]*\).*/\1/p' "$log" | head -1)
  sleep 5
  pss_tree "$pid"
  kb=$pss_kb
  if ! kill "$pid" 2>/dev/null; then
    echo "  $name exited before it was measured; its last words:"; tail -5 "$log" | sed 's/^/    /'
    rm -f "$log"
    return
  fi
  wait "$pid" 2>/dev/null || true
  local phase ts
  while read -r phase ts; do
    eval "${name}_phase_${phase//-/_}+=($((ts - t0)))"
  done < <(sed -n 's/^[a-z]*: \([a-z-]*\) unix_ms=\([0-9]*\)$/\1 \2/p' "$log")
  rm -f "$log"
  [[ -n $tm ]] && eval "${name}_mapped+=($((tm - t0)))"
  [[ -n $tp ]] && eval "${name}_paint+=($((tp - t0)))"
  eval "${name}_pss+=($((kb / 1024)))"
  printf '  %-6s mapped %s ms, first paint %s ms, idle PSS %s MB (%s)\n' "$name" "${tm:+$((tm - t0))}" "${tp:+$((tp - t0))}" "$((kb / 1024))" "${split# }"
}

app_mapped=() app_paint=() app_pss=() bare_mapped=() bare_paint=() bare_pss=()
phases=(main toolkit startup dom_ready first_paint)
for p in "${phases[@]}"; do eval "app_phase_$p=() bare_phase_$p=()"; done
for i in $(seq 1 "$runs"); do
  echo "run $i:"
  measure app "$bin" Hearth
  measure bare "$BARE_BIN" "Bare Wails"
done
med() { local -n a=$1; printf '%s\n' "${a[@]}" | median; }
printf 'median over %d runs:\n' "$runs"
printf '  app:  window mapped %s ms, first paint %s ms, idle PSS %s MB\n' "$(med app_mapped)" "$(med app_paint)" "$(med app_pss)"
printf '  bare: window mapped %s ms, first paint %s ms, idle PSS %s MB\n' "$(med bare_mapped)" "$(med bare_paint)" "$(med bare_pss)"
# phase_line NAME: the median ms from exec to each phase NAME traced.
phase_line() {
  local p out="" n
  for p in "${phases[@]}"; do
    n=$1_phase_$p
    local -n arr=$n
    [[ ${#arr[@]} -gt 0 ]] && out="$out, ${p//_/ } $(printf '%s\n' "${arr[@]}" | median)"
  done
  echo "${out#, }"
}
printf '  phases, median ms from exec: app:  %s\n' "$(phase_line app)"
printf '  phases, median ms from exec: bare: %s\n' "$(phase_line bare)"
awk -v a="$(med app_pss)" -v b="$(med bare_pss)" -v p="$(med app_paint)" -v q="$(med bare_paint)" \
  'BEGIN{printf "  ratio app/bare of the medians: idle PSS %.2f, first paint %.2f\n", a/b, p/q}'
# Other processes mapping the same WebKit libraries change every PSS on
# the machine between runs; the two windows of one run share that state.
ratios() { local -n x=$1 y=$2; local i; for i in "${!x[@]}"; do [[ -n ${y[$i]:-} ]] && awk -v a="${x[$i]}" -v b="${y[$i]}" 'BEGIN{printf "%.3f\n", a/b}'; done | median; }
printf '  median of the runs'"'"' own ratios app/bare: idle PSS %.2f, first paint %.2f\n' "$(ratios app_pss bare_pss)" "$(ratios app_paint bare_paint)"
