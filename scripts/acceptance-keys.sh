#!/usr/bin/env bash
# Run inside sandbox.sh: the built binary stores a key in the real Secret
# Service, reports it, and never writes it under the config dir.
set -uo pipefail
bin=${1:?usage: acceptance-keys.sh BINARY}
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); else echo "FAIL: $1" >&2; fail=$((fail+1)); fi; }

secret="sk-test-$RANDOM$RANDOM"
printf '%s' "$secret" | "$bin" keys set openai >/dev/null
check "keys set exits 0" '[[ $? -eq 0 ]]'
check "keys list shows openai in keychain" '"$bin" keys list | grep -x "openai	keychain" >/dev/null'
check "secret-tool finds it under service Hearth" '[[ $(secret-tool lookup service Hearth username openai) == "$secret" ]]'
# Opening the app's settings path must not copy it anywhere either.
"$bin" keys list >/dev/null
check "no file under the config dir contains the key" '! grep -rqF "$secret" "$XDG_CONFIG_HOME" "$HOME"/.local 2>/dev/null'
check "keys list never prints the key" '! "$bin" keys list 2>&1 | grep -qF "$secret"'
"$bin" keys delete openai >/dev/null
check "keys delete removes it" '"$bin" keys list | grep -x "openai	none" >/dev/null'
"$bin" keys set nope </dev/null >/dev/null 2>&1
check "unknown provider is a usage error (exit 2)" '[[ $? -eq 2 ]]'
OPENAI_API_KEY=sk-from-env "$bin" keys list | grep -x "openai	env" >/dev/null
check "environment key reported as env" '[[ $? -eq 0 ]]'
echo "keys acceptance: $pass passed, $fail failed"
((fail == 0))
