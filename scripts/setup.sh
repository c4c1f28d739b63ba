#!/usr/bin/env bash
# Installs everything Hearth needs to build and test on Debian/Ubuntu: system
# packages (sudo when not root), the pinned Wails CLI, and npm packages.
# Idempotent: only what is missing is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

WAILS_VERSION=v2.16.0
# The language server the diagnostics tests run against (agent/lsp).
GOPLS_VERSION=v0.23.0
APT_PACKAGES=(build-essential pkg-config git patchelf libgtk-3-dev libwebkit2gtk-4.1-dev
  xvfb xauth xdotool x11-utils imagemagick dbus dbus-x11 gnome-keyring libsecret-tools libglib2.0-bin
  chromium ripgrep nsis desktop-file-utils appstream zsh fish groff-base man-db)

sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node may come from another packager (nodesource): ask for the commands.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

command -v go >/dev/null || { echo "setup: Go 1.24+ is required (https://go.dev/dl/)" >&2; exit 1; }
GOBIN=$(go env GOPATH)/bin
if ! "$GOBIN/wails" version 2>/dev/null | grep -q "${WAILS_VERSION}"; then
  echo "setup: installing the Wails CLI ${WAILS_VERSION}"
  go install "github.com/wailsapp/wails/v2/cmd/wails@${WAILS_VERSION}"
fi

if ! "$GOBIN/gopls" version 2>/dev/null | grep -q "${GOPLS_VERSION}"; then
  echo "setup: installing gopls ${GOPLS_VERSION}"
  go install "golang.org/x/tools/gopls@${GOPLS_VERSION}"
fi

if [[ ! -d frontend/node_modules ]] || [[ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]]; then
  echo "setup: installing npm packages"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
fi

# The npm language servers agent/lsp's tests run against.
if [[ ! -d test/lsp/node_modules ]] || [[ test/lsp/package-lock.json -nt test/lsp/node_modules/.package-lock.json ]]; then
  echo "setup: installing the language servers for tests"
  (cd test/lsp && npm ci --no-audit --no-fund --loglevel=error)
fi

# The reference MCP servers and the conformance suite the Go tests run against.
if [[ ! -d test/mcp/node_modules ]] || [[ test/mcp/package-lock.json -nt test/mcp/node_modules/.package-lock.json ]]; then
  echo "setup: installing the MCP test servers"
  (cd test/mcp && npm ci --no-audit --no-fund --loglevel=error)
fi
