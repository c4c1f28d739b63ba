#!/usr/bin/env bash
# Run inside `sandbox.sh --x`: the built binary opens a window titled Hearth
# that paints; a garbage settings.json leaves it running with a .bad- copy.
# Screenshots go to test-artifacts/.
set -uo pipefail
bin=${1:?usage: launch-test.sh BINARY}
out=${ARTIFACTS:-test-artifacts}
mkdir -p "$out"
# Absolute, because the second-launch check runs the binary from another directory.
bin=$(realpath "$bin") out=$(realpath "$out")
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "FAIL: $1" >&2; fail=$((fail+1)); fi; }

launch() { # launch NAME [VAR=VALUE...]: start, wait for the window, screenshot, stop
  local name=$1 log="$out/launch-$1.log"
  env "${@:2}" HEARTH_TRACE_STARTUP=1 "$bin" >"$log" 2>&1 &
  local pid=$! win=""
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null | head -1)
    [[ -n $win ]] && break
    sleep 0.1
  done
  check "$name: window titled Hearth is mapped" '[[ -n $win ]]'
  sleep 2.5 # let WebKit paint before the screenshot
  import -window root "$out/launch-$name.png"
  local sd
  sd=$(convert "$out/launch-$name.png" -colorspace Gray -format '%[fx:standard_deviation]' info:)
  check "$name: the window painted content (stddev $sd)" 'awk -v s="$sd" "BEGIN{exit !(s > 0.02)}"'
  check "$name: still running" 'kill -0 $pid 2>/dev/null'
  # The wheel scrolls as a native view: WebKit's smooth scrolling is off.
  for _ in $(seq 1 100); do grep -q 'native scrolling in' "$log" && break; sleep 0.1; done
  check "$name: smooth scrolling is off in the web view ($(grep -o 'native scrolling in.*' "$log"))" 'grep -Eq "native scrolling in [1-9][0-9]* web view" "$log"'
  # After its first paint the window pages out the binary's startup pages
  # (a kernel without MADV_PAGEOUT keeps them and says so).
  for _ in $(seq 1 100); do grep -Eq 'paged out the binary|startup pages kept' "$log" && break; sleep 0.1; done
  local trimmed
  trimmed=$(grep -Eo 'paged out the binary.*|startup pages kept.*' "$log" | head -1)
  check "$name: the binary's startup pages are handed back ($trimmed)" \
    'grep -q "not supported here" <<<"$trimmed" || awk "{ exit !(\$5 > \$9) }" <<<"$trimmed"'
  local web
  web=$(pgrep -P $pid -f WebKitWebProcess | head -1)
  if [[ $name == clean ]]; then
    # On X11 the window's own process loads no GL driver (WebKit's web
    # process paints), and what kept it out reaches none of its children.
    local gl
    gl=$(grep -Eo '[^/]*(libLLVM|_dri\.so|libEGL_mesa|libGLX_mesa)[^ ]*' /proc/$pid/maps | sort -u | tr '\n' ' ')
    check "$name: the window's process maps no GL driver (maps: ${gl:-none})" '[[ -z $gl ]]'
    check "$name: WebKit's web process paints with one" '[[ -n $web ]] && grep -q _dri.so /proc/$web/maps'
    check "$name: GDK_GL and the EGL vendor list reach no child" '[[ -n $web ]] && ! tr "\0" "\n" </proc/$web/environ | grep -Eq "^(GDK_GL|__EGL_VENDOR_LIBRARY_FILENAMES)="'
  fi
  if [[ $name == user-dmabuf ]]; then
    check "$name: the user's WEBKIT_DISABLE_DMABUF_RENDERER reaches WebKit as set" '[[ -n $web ]] && tr "\0" "\n" </proc/$web/environ | grep -qx WEBKIT_DISABLE_DMABUF_RENDERER=1'
  fi
  if [[ $name == bindnow ]]; then
    # The window restarted itself without LD_BIND_NOW, and gave it back to
    # what it starts: WebKit's processes have it.
    local child
    child=$(pgrep -P $pid -f WebKitWebProcess | head -1)
    check "$name: WebKit's web process has LD_BIND_NOW again" '[[ -n $child ]] && tr "\0" "\n" </proc/$child/environ | grep -qx LD_BIND_NOW=1'
  fi
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
}

launch clean
# With LD_BIND_NOW the loader binds every function at exec, before the
# window has loaded the toolkit; the window still opens.
launch bindnow LD_BIND_NOW=1
# A user's own choice of renderer is kept, and the window still paints.
launch user-dmabuf WEBKIT_DISABLE_DMABUF_RENDERER=1

# The window remembers its size: resize it, restart, and it comes back so.
remembers_size() {
  local cfg="$XDG_CONFIG_HOME/Hearth/settings.json" win="" pid
  "$bin" >"$out/launch-geometry.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null | head -1); [[ -n $win ]] && break; sleep 0.1
  done
  sleep 1.5
  xdotool windowsize "$win" 910 655
  for _ in $(seq 1 50); do grep -q '"width": 910' "$cfg" 2>/dev/null && break; sleep 0.1; done
  check "geometry: a resize is saved to settings.json" 'grep -q "\"width\": 910" "$cfg" && grep -q "\"height\": 655" "$cfg"'
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
  "$bin" >>"$out/launch-geometry.log" 2>&1 &
  pid=$!
  win=""
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null | head -1); [[ -n $win ]] && break; sleep 0.1
  done
  local geo
  geo=$(xdotool getwindowgeometry "$win" 2>/dev/null | sed -n 's/.*Geometry: //p')
  check "geometry: the restarted window is 910x655 (got $geo)" '[[ $geo == 910x655 ]]'
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
}
remembers_size
cfg="$XDG_CONFIG_HOME/Hearth"
mkdir -p "$cfg" && printf '{"version":1, garbage' >"$cfg/settings.json"
launch garbage-settings
check "garbage settings moved aside as .bad-" 'ls "$cfg"/settings.json.bad-* >/dev/null 2>&1'
check "the bad copy keeps the original bytes" 'grep -q garbage "$cfg"/settings.json.bad-*'
check "the warning was reported" 'grep -q "moved to settings.json.bad-" "$out/launch-garbage-settings.log"'

# Started on a folder, the window opens on it: it heads the recent list.
on_folder() {
  local ws; ws=$(mktemp -d); local pid win=""
  "$bin" "$ws" >"$out/launch-folder.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null | head -1); [[ -n $win ]] && break; sleep 0.1
  done
  for _ in $(seq 1 50); do grep -q "$ws" "$cfg/settings.json" 2>/dev/null && break; sleep 0.1; done
  check "hearth DIR opens the window on DIR" 'grep -A1 recentWorkspaces "$cfg/settings.json" | grep -q "$ws"'
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
}
on_folder

# A second launch hands its folder to the running window and exits.
second_launch() {
  local ws2; ws2=$(mktemp -d); local pid win="" code
  "$bin" >"$out/launch-first.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null | head -1); [[ -n $win ]] && break; sleep 0.1
  done
  sleep 1
  # Hidden (as when minimised or behind others), the window must come back on the second launch.
  xdotool windowunmap "$win"
  check "the first window is hidden before the second launch" '[[ -z $(xdotool search --onlyvisible --name "^Hearth$" 2>/dev/null) ]]'
  (cd "$(dirname "$ws2")" && timeout 20 "$bin" "$(basename "$ws2")" >"$out/launch-second.log" 2>&1); code=$?
  # Wails ends the second process with status 1 once it has handed over.
  check "a second launch exits at once (got $code)" '((code != 124))'
  for _ in $(seq 1 50); do grep -q "$ws2" "$cfg/settings.json" 2>/dev/null && break; sleep 0.1; done
  check "the running window opened the second launch's folder" 'grep -A1 recentWorkspaces "$cfg/settings.json" | grep -q "$ws2"'
  for _ in $(seq 1 50); do [[ -n $(xdotool search --onlyvisible --name '^Hearth$' 2>/dev/null) ]] && break; sleep 0.1; done
  check "the second launch brought the window back, still one window" '[[ $(xdotool search --onlyvisible --name "^Hearth$" 2>/dev/null | wc -l) == 1 ]]'
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
}
second_launch

# The CLI never panics: nonsense is a usage error, and no display is one line.
timeout 20 "$bin" nonsense >"$out/launch-nonsense.log" 2>&1; code=$?
check "hearth nonsense exits 2 (got $code)" '((code == 2))'
check "hearth nonsense says unknown command" 'grep -q "unknown command \"nonsense\"" "$out/launch-nonsense.log"'
env -u DISPLAY -u WAYLAND_DISPLAY timeout 20 "$bin" >"$out/launch-nodisplay.log" 2>&1; code=$?
check "no display exits 1 (got $code)" '((code == 1))'
check "no display says so in one line, no stack trace" '[[ $(wc -l <"$out/launch-nodisplay.log") == 1 ]] && grep -q "no display" "$out/launch-nodisplay.log" && ! grep -q goroutine "$out/launch-nodisplay.log"'
DISPLAY=:97 WAYLAND_DISPLAY= timeout 20 "$bin" >"$out/launch-baddisplay.log" 2>&1; code=$?
check "an unreachable display exits 1 in one line (got $code)" '((code == 1)) && ! grep -q goroutine "$out/launch-baddisplay.log"'

# The command line starts without the window's libraries; the window (above)
# loaded them itself.
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
check "the shipped binary names only the C library for the loader (names: $needed)" '[[ $needed == "libc.so.6 " ]]'
timeout 20 "$bin" --version >"$out/launch-version.log" 2>&1; code=$?
check "hearth --version runs without the window's libraries (got $code)" '((code == 0))'
LD_DEBUG=files timeout 20 "$bin" --version 2>"$out/launch-version-libs.log" >/dev/null
check "hearth --version loads no GTK or WebKit library" '! grep -Eq "(gtk|webkit|javascriptcore)" "$out/launch-version-libs.log"'

echo "launch test: $pass passed, $fail failed"
((fail == 0))
