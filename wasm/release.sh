#!/usr/bin/env bash
# Builds everything a release needs into dist/:
#   dist/web/                         the browser bundle (wasm/build.sh)
#   dist/shiftago-VERSION-web.tar.gz  the same, packed
#   dist/shiftago-VERSION-OS-ARCH     desktop binaries: linux amd64/arm64,
#                                     windows amd64 (.exe), darwin arm64/amd64
#   dist/SHA256SUMS
# each stamped with VERSION (shiftago --version prints it).
# Usage: bash wasm/release.sh [VERSION [PART]]   (VERSION default: git describe)
# TARGETS="linux/amd64 windows/amd64" builds only those desktop binaries.
# PART is all (the default), web (a fresh dist/ with the bundle and its
# tarball) or desktop (the binaries and SHA256SUMS, into the dist/ that
# web made): CI runs the browser test on the web part while the desktop
# part builds beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
part=${2:-all}
case $part in
all | web | desktop) ;;
*)
	echo "release: PART is all, web or desktop, not \"$part\"" >&2
	exit 2
	;;
esac

if [ "$part" != desktop ]; then
	rm -rf dist
	mkdir -p dist
	echo "==> web bundle"
	VERSION=$version bash wasm/build.sh dist/web
	tar -C dist -czf "dist/shiftago-$version-web.tar.gz" web
fi
[ "$part" != web ] || exit 0
if [ ! -f "dist/shiftago-$version-web.tar.gz" ]; then
	echo "release: no dist/shiftago-$version-web.tar.gz: run the web part first" >&2
	exit 1
fi

# Ebitengine v2.10 needs no cgo on any of these, so all cross-compile here.
# TARGETS (GOOS/GOARCH words) narrows them: CI builds one of each system,
# since the game has no code of its own for one processor and not another.
for target in ${TARGETS:-linux/amd64 linux/arm64 windows/amd64 darwin/arm64 darwin/amd64}; do
	os=${target%/*} arch=${target#*/}
	bin="dist/shiftago-$version-$os-$arch"
	[ "$os" = windows ] && bin="$bin.exe"
	echo "==> $bin"
	CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath \
		-ldflags "-s -w -X main.version=$version" -o "$bin" .
done

# The binary that runs here says its version.
host="dist/shiftago-$version-$(go env GOHOSTOS)-$(go env GOHOSTARCH)"
if [ -x "$host" ]; then
	got=$("$host" --version)
	if [ "$got" != "shiftago $version" ]; then
		echo "release: $host --version says \"$got\", want \"shiftago $version\"" >&2
		exit 1
	fi
	echo "$host --version: $got"
fi

(cd dist && sha256sum shiftago-* >SHA256SUMS)
echo "==> dist/"
ls -l dist | awk 'NR > 1 { printf "  %10d  %s\n", $5, $9 }'
