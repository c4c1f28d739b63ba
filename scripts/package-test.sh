#!/usr/bin/env bash
# package-test.sh PKG_DIR: installs the .deb from PKG_DIR with apt (which
# resolves its dependencies), proves the installed app works from /usr/bin
# (version, the window, "Open with" on a folder, a headless run against a
# scripted provider), then purges it and checks nothing of it is left.
# Idempotent; hearth is never left installed. Needs root (or sudo).
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: package-test.sh PKG_DIR}
debs=("$dir"/hearth_*.deb)
[[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || { echo "package-test: want one hearth_*.deb in $dir, found: ${debs[*]}" >&2; exit 1; }
deb=$(realpath "${debs[0]}")
sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
out=$(realpath -m test-artifacts/package)
mkdir -p "$out"

pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "FAIL: $1" >&2; fail=$((fail+1)); fi; }
installed() { dpkg-query -W -f='${Status}' hearth 2>/dev/null | grep -q "install ok installed"; }
purge() { timeout 120 "${sudo_cmd[@]}" apt-get purge -y -qq hearth >"$out/purge.log" 2>&1; }

if installed; then echo "package-test: purging a hearth left installed"; purge; fi
trap 'installed && purge' EXIT

timeout 300 "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$deb" >"$out/install.log" 2>&1 ||
  { cat "$out/install.log" >&2; exit 1; }
check "apt installed hearth" 'installed'
mapfile -t files < <(dpkg -L hearth)

want=$(build/bin/hearth --version 2>/dev/null || true)
got=$(timeout 20 /usr/bin/hearth --version); code=$?
check "/usr/bin/hearth --version prints the built version ($got)" '((code == 0)) && [[ $got == hearth\ * && ( -z $want || $got == "$want" ) ]]'
check "the launcher entry is valid (desktop-file-validate)" 'desktop-file-validate /usr/share/applications/hearth.desktop'
check "the AppStream metainfo is valid (appstreamcli validate)" 'appstreamcli validate --no-net /usr/share/metainfo/io.github.hearth_agent.Hearth.metainfo.xml >"$out/appstream.log" 2>&1'
check "the desktop database maps folders to Hearth" 'grep "^inode/directory=" /usr/share/applications/mimeinfo.cache | grep -q "hearth.desktop"'
check "man hearth shows the commands" 'MANPAGER=cat MANWIDTH=100 timeout 20 man hearth 2>/dev/null | grep -q "Usage: hearth run"'
check "an icon at every hicolor size" '(($(ls /usr/share/icons/hicolor/*/apps/hearth.png | wc -l) == 9))'
check "the bash completion completes a command" '[[ $(bash --norc -c "source /usr/share/bash-completion/completions/hearth; COMP_WORDS=(hearth ke); COMP_CWORD=1; _hearth; echo \${COMPREPLY[*]}") == keys ]]'

ARTIFACTS="$out" scripts/sandbox.sh --x scripts/launch-test.sh /usr/bin/hearth; code=$?
check "the launch test passes from /usr/bin/hearth" '((code == 0))'
scripts/sandbox.sh --x scripts/open-with-test.sh; code=$?
check "Open with Hearth on a folder" '((code == 0))'
scripts/sandbox.sh timeout 120 node scripts/package-run.mjs /usr/bin/hearth; code=$?
check "hearth run from the package against the scripted provider" '((code == 0))'

purge; code=$?
check "apt-get purge hearth exits 0" '((code == 0))'
check "hearth is no longer installed" '! installed'
left=()
for f in "${files[@]}"; do
  [[ $f == /. ]] && continue
  if [[ -d $f && ! -L $f ]]; then
    # A directory may stay when another package owns it or it holds others' files.
    [[ -z $(ls -A "$f") ]] && ! dpkg -S "$f" >/dev/null 2>&1 && left+=("$f (empty)")
  elif [[ -e $f || -L $f ]]; then
    left+=("$f")
  fi
done
check "nothing of the package is left under /usr (${left[*]:-})" '((${#left[@]} == 0))'
check "the desktop database forgot Hearth" '! grep -q "hearth.desktop" /usr/share/applications/mimeinfo.cache'

echo "package test: $pass passed, $fail failed"
((fail == 0))
