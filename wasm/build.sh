#!/usr/bin/env bash
# Builds the browser bundle into a folder ready for any static web host:
#   index.html                 the loading screen, naming the files below
#   shiftago.HASH.wasm         the game, content-hashed (cache for a year)
#   wasm_exec.HASH.js          from the same Go toolchain, content-hashed
#   searcher.HASH.js           the computer's search, run in a Web Worker by
#                              the game's own .wasm (wasm/searcher/worker)
#   manifest.webmanifest, icon-*.HASH.png, apple-touch-icon.HASH.png
#                              the installable app (icons drawn by wasm/pack)
#   sw.js                      the service worker: offline play, safe updates
#   *.br, *.gz                 brotli and gzip copies of every text file
# The brotli and gzip copies are made in Go (wasm/pack), with no system
# tool; the build fails if they cannot be. The folder is replaced whole,
# so no file of an older build is left in it.
# Usage: bash wasm/build.sh [OUTDIR]   (default dist/web)
# Environment: VERSION stamps the build (default: git describe);
# BROTLI_QUALITY (0-11, default 11; the whole build took 79 s at 11 on 2
# cores at load 5, and 529 s at load 20-35; 5 makes compressing about 1 s).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-dist/web}
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
quality=${BROTLI_QUALITY:-11}

# The folder is replaced whole: refuse one that holds something else.
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/index.html" ]; then
	echo "build: $out is not empty and holds no bundle; refusing to replace it" >&2
	exit 1
fi
tmp="$out.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath \
	-ldflags "-s -w -X main.version=$version" -o "$tmp/shiftago.wasm" .

# wasm_exec.js must come from the toolchain that built the .wasm.
goroot=$(go env GOROOT)
exec_js="$goroot/lib/wasm/wasm_exec.js"
[ -f "$exec_js" ] || exec_js="$goroot/misc/wasm/wasm_exec.js" # Go before 1.24
cp "$exec_js" "$tmp/wasm_exec.js"

# Hashed names, icons, manifest, page, service worker, .br and .gz.
go run ./wasm/pack -dir "$tmp" -src wasm -version "$version" -brotli-quality "$quality"

rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT

echo "built $out (version $version):"
ls -l "$out" | awk 'NR > 1 { printf "  %10d  %s\n", $5, $9 }'
