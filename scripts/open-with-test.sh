#!/usr/bin/env bash
# Run inside `sandbox.sh --x` once the package is installed: the desktop
# knows Hearth opens folders, and "Open with Hearth" on a folder (the
# launcher entry started as a file manager starts it) opens the window on it.
set -uo pipefail
entry=${1:-/usr/share/applications/hearth.desktop}
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "FAIL: $1" >&2; fail=$((fail+1)); fi; }

mime=$(gio mime inode/directory 2>&1)
check "hearth.desktop is registered for folders (gio mime inode/directory)" 'grep -q "hearth.desktop" <<<"$mime"'

ws=$(mktemp -d)
cfg="$XDG_CONFIG_HOME/Hearth/settings.json"
timeout 20 gio launch "$entry" "$ws"; code=$?
check "gio launch the entry with a folder exits 0 (got $code)" '((code == 0))'
win=""
for _ in $(seq 1 100); do
  win=$(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null | head -1); [[ -n $win ]] && break; sleep 0.1
done
check "the window opened" '[[ -n $win ]]'
for _ in $(seq 1 50); do grep -q "$ws" "$cfg" 2>/dev/null && break; sleep 0.1; done
check "the window opened on the folder" 'grep -A1 recentWorkspaces "$cfg" | grep -q "$ws"'
if [[ -n $win ]]; then
  pid=$(xdotool getwindowpid "$win")
  check "the window belongs to /usr/bin/hearth" '[[ $(readlink "/proc/$pid/exe") == /usr/bin/hearth ]]'
  kill "$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
fi
rm -rf "$ws"
echo "open with: $pass passed, $fail failed"
((fail == 0))
