#!/usr/bin/env bash
# sandbox.sh [--x] CMD...: runs CMD with HOME and XDG dirs in a fresh temp
# dir, inside its own D-Bus session with an unlocked gnome-keyring (a real
# Secret Service), and with --x under its own Xvfb display. Tests never touch
# the user's real config or keyring. SANDBOX_DIR names the temp dir for CMD.
set -euo pipefail
use_x=0
if [[ ${1:-} == --x ]]; then use_x=1; shift; fi

# Go's caches stay where they are: a temp HOME would mean a fresh download.
if command -v go >/dev/null; then
  export GOPATH="$(go env GOPATH)" GOMODCACHE="$(go env GOMODCACHE)" GOCACHE="$(go env GOCACHE)"
fi
SANDBOX_DIR=$(mktemp -d -t hearth-sandbox.XXXXXX)
export SANDBOX_DIR HOME=$SANDBOX_DIR/home
export XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache XDG_DATA_HOME=$HOME/.local/share
export XDG_RUNTIME_DIR=$SANDBOX_DIR/run
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset DBUS_SESSION_BUS_ADDRESS GNOME_KEYRING_CONTROL
# Keys in the caller's environment would change what the app reports.
unset OPENAI_API_KEY ANTHROPIC_API_KEY OPENROUTER_API_KEY OLLAMA_HOST
trap 'rm -rf "$SANDBOX_DIR"' EXIT

inner='eval "$(printf hearth-test | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"; export GNOME_KEYRING_CONTROL; "$@"'
if ((use_x)); then
  xvfb-run -a -s "-screen 0 1400x900x24 -nolisten tcp" dbus-run-session -- bash -c "$inner" sandbox "$@" 2> >(grep -v -e 'dbus-daemon' -e 'fd limit' >&2)
else
  dbus-run-session -- bash -c "$inner" sandbox "$@" 2> >(grep -v -e 'dbus-daemon' -e 'fd limit' >&2)
fi
