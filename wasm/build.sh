#!/usr/bin/env bash
# Builds the browser bundle into a folder ready for any static web host:
#   index.html, shiftago.wasm (+ .wasm.gz, and .wasm.br when brotli is
#   installed), and wasm_exec.js from the same Go toolchain.
# Usage: bash wasm/build.sh [OUTDIR]   (default dist/web)
# VERSION in the environment stamps the build (default: git describe).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-dist/web}
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
mkdir -p "$out"
rm -f "$out/shiftago.wasm" "$out/shiftago.wasm.gz" "$out/shiftago.wasm.br"

GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath \
	-ldflags "-s -w -X main.version=$version" -o "$out/shiftago.wasm" .

# wasm_exec.js must come from the toolchain that built the .wasm.
goroot=$(go env GOROOT)
exec_js="$goroot/lib/wasm/wasm_exec.js"
[ -f "$exec_js" ] || exec_js="$goroot/misc/wasm/wasm_exec.js" # Go before 1.24
cp "$exec_js" "$out/wasm_exec.js"

# The loading screen's progress bar needs the uncompressed size.
size=$(wc -c <"$out/shiftago.wasm" | tr -d ' ')
sed "s|var WASM_SIZE = 0; /\*WASM_SIZE\*/|var WASM_SIZE = $size; /* written by wasm/build.sh */|" \
	wasm/index.html >"$out/index.html"
grep -q "WASM_SIZE = $size;" "$out/index.html"

# Pre-compressed copies for servers that send them as they are
# (wasm/serve does, with Content-Encoding).
gzip -9 -n -k -f "$out/shiftago.wasm"
if command -v brotli >/dev/null; then
	brotli -q 11 -k -f "$out/shiftago.wasm"
fi

echo "built $out (version $version):"
ls -l "$out" | awk 'NR > 1 { printf "  %10d  %s\n", $5, $9 }'
