#!/usr/bin/env bash
# scripts/unlink-toolkit.sh BINARY: drops every library but the C library
# from the binary's list for the loader, so a command line run starts
# without WebKitGTK's hundred-odd libraries; the window loads them itself
# (app.LoadToolkit). patchelf rewrites only the dynamic section's entries,
# elfweak only the binding of the toolkit's functions.
set -euo pipefail
bin=${1:?usage: unlink-toolkit.sh BINARY}
keep='^(libc|libm|libpthread|libdl|librt|ld-linux[^.]*)\.so'
for lib in $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  [[ $lib =~ $keep ]] || patchelf --remove-needed "$lib" "$bin"
done
# With LD_BIND_NOW the loader would bind the toolkit's functions at exec,
# before the window loads them; weak, they bind to nothing instead, and the
# desktop restarts itself without the variable (app.LoadToolkit).
(cd "$(dirname "$0")/.." && go run ./tools/elfweak "$(realpath "$bin")")
left=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
"$bin" --version >/dev/null || { echo "unlink-toolkit: $bin no longer starts (needs: $left)" >&2; exit 1; }
LD_BIND_NOW=1 "$bin" --version >/dev/null || { echo "unlink-toolkit: $bin does not start with LD_BIND_NOW=1" >&2; exit 1; }
echo "unlink-toolkit: $bin needs only $left"
