#!/usr/bin/env bash
# Builds everything a release needs into dist/:
#   dist/web/                         the browser bundle (wasm/build.sh)
#   dist/shiftago-VERSION-web.tar.gz  the same, packed
#   dist/shiftago-VERSION-OS-ARCH     desktop binaries: linux amd64/arm64,
#                                     windows amd64 (.exe), darwin arm64/amd64
#   dist/shiftago-server-VERSION-OS-ARCH
#                                     the online server carrying the web app
#                                     (logic/online/cmd/shiftago-server), the
#                                     same systems
#   dist/SHA256SUMS
# each stamped with VERSION (shiftago --version, shiftago-server --version).
# Usage: bash wasm/release.sh [VERSION [PART]]   (VERSION default: git describe)
# TARGETS="linux/amd64 windows/amd64" builds only those binaries.
# PART is all (the default), web (a fresh dist/ with the bundle and its
# tarball), desktop (the game's binaries, into the dist/ that web made)
# or server (the server's binaries, with the bundle of the dist/ that web
# made, or built first when there is none of VERSION): CI runs the
# browser test on the web part while the other parts build beside it.
# The one command for a server that carries the game, on this machine:
#   bash wasm/release.sh VERSION server   (TARGETS=$(go env GOOS)/$(go env GOARCH) for one)
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
part=${2:-all}
case $part in
all | web | desktop | server) ;;
*)
	echo "release: PART is all, web, desktop or server, not \"$part\"" >&2
	exit 2
	;;
esac

web=$part
if [ "$part" = server ] && [ ! -f "dist/shiftago-$version-web.tar.gz" ]; then
	web=all # the server carries the bundle: build it first
fi
if [ "$web" = all ] || [ "$web" = web ]; then
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

# binaries NAME PKG [BUILD FLAGS...]: dist/NAME-VERSION-OS-ARCH for each
# target, from the main package PKG. Ebitengine v2.10 and the server's
# SQLite (modernc.org/sqlite) need no cgo on any of these, so all
# cross-compile here. TARGETS (GOOS/GOARCH words) narrows them: CI builds
# few, since neither program has code of its own for one processor and
# not another. The binary that runs here must say its version.
binaries() {
	local name=$1 pkg=$2 target os arch bin host got
	shift 2
	for target in ${TARGETS:-linux/amd64 linux/arm64 windows/amd64 darwin/arm64 darwin/amd64}; do
		os=${target%/*} arch=${target#*/}
		bin="dist/$name-$version-$os-$arch"
		[ "$os" = windows ] && bin="$bin.exe"
		echo "==> $bin"
		CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath "$@" \
			-ldflags "-s -w -X main.version=$version" -o "$bin" "$pkg"
	done
	host="dist/$name-$version-$(go env GOHOSTOS)-$(go env GOHOSTARCH)"
	if [ -x "$host" ]; then
		got=$("$host" --version)
		if [ "${got%% (*}" != "$name $version" ]; then
			echo "release: $host --version says \"$got\", want \"$name $version\"" >&2
			exit 1
		fi
		echo "$host --version: $got"
	fi
}

if [ "$part" = all ] || [ "$part" = desktop ]; then
	binaries shiftago .
fi
if [ "$part" = all ] || [ "$part" = server ]; then
	# The server embeds the bundle it is released with (the embedweb tag
	# and logic/online/cmd/shiftago-server/web.go): the folder is a copy,
	# not in git, removed once built.
	embed=logic/online/cmd/shiftago-server/web
	rm -rf "$embed"
	trap 'rm -rf "$embed"' EXIT
	cp -R dist/web "$embed"
	binaries shiftago-server ./logic/online/cmd/shiftago-server -tags embedweb
	rm -rf "$embed"
fi

(cd dist && sha256sum shiftago-* >SHA256SUMS)
echo "==> dist/"
ls -l dist | awk 'NR > 1 { printf "  %10d  %s\n", $5, $9 }'
