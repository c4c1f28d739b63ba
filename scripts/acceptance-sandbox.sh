#!/usr/bin/env bash
# The built binary is its own sandbox helper: started with a policy in
# HEARTH_SANDBOX_POLICY it confines itself with Landlock and execs the
# command. This checks the production build (cgo, the desktop's libraries)
# does that, as the Go tests do for test binaries.
set -uo pipefail
bin=$(realpath "${1:?usage: acceptance-sandbox.sh BINARY}")
if HEARTH_SANDBOX_POLICY='{}' timeout 20 "$bin" /bin/true true 2>&1 | grep -q "no sandbox is available"; then
  echo "sandbox acceptance: skipped, the kernel has no Landlock"; exit 0
fi
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "FAIL: $1" >&2; fail=$((fail+1)); fi; }
ws=$(mktemp -d) out=$(mktemp -d) tmp=$(mktemp -d)
trap 'rm -rf "$ws" "$out" "$tmp"' EXIT
echo inside >"$ws/in.txt"; echo TOPSECRET >"$out/secret"
bash_path=$(command -v bash) cat_path=$(command -v cat)
policy=$(printf '{"readDirs":["%s","/usr","/bin","/lib","/lib64"],"readFiles":["/etc/ld.so.cache"],"writeDirs":["%s"],"writeFiles":["/dev/null"],"execFiles":["%s","%s"]}' \
  "$ws" "$tmp" "$bash_path" "$cat_path")
contained() { (cd "$ws" && HEARTH_SANDBOX_POLICY=$policy timeout 20 "$bin" "$bash_path" bash -c "$1" 2>&1); }

check "reads the workspace" '[[ $(contained "cat in.txt") == inside ]]'
check "writes its temp dir" '[[ $(contained "echo t >'"$tmp"'/t && cat '"$tmp"'/t") == t ]]'
check "cannot read outside" '! contained "cat '"$out"'/secret" | grep -q TOPSECRET'
check "cannot write outside" 'contained "echo x >'"$out"'/planted" >/dev/null; [[ ! -e '"$out"'/planted ]]'
check "cannot write the workspace" 'contained "echo x >new.txt" >/dev/null; [[ ! -e '"$ws"'/new.txt ]]'
check "cannot run an unjudged program" 'contained "touch '"$tmp"'/touched" >/dev/null; [[ ! -e '"$tmp"'/touched ]]'
check "a bad policy never runs the command" '! HEARTH_SANDBOX_POLICY="{" "$bin" "$cat_path" cat "$out/secret" 2>/dev/null | grep -q TOPSECRET'
echo "sandbox acceptance: $pass passed, $fail failed"
((fail == 0))
