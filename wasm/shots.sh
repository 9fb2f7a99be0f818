#!/usr/bin/env bash
# Before-and-after screenshots in Chromium (issue 50): builds the web
# bundle of two commits, shoots the screens around the table with
# wasm/e2e/shots.mjs (a notched phone in English and German, a tablet, a
# laptop) and puts each screen's two shots side by side, labelled, in a
# contact sheet OUT/sheet-SCREEN-SIZE.png (imagemagick's montage).
# A maintainer's tool: CI does not run it.
# Usage: bash wasm/shots.sh BEFORE [AFTER [OUT]]
#   AFTER defaults to HEAD, OUT to wasm/e2e/artifacts/shots.
# Needs what the browser tests need (Debian's chromium, `npm ci` in
# wasm/e2e) and imagemagick. SHOTS_SIZES / SHOTS_SCREENS narrow the shots
# (see shots.mjs). The bundles are built at BROTLI_QUALITY=1: the bytes
# on the wire do not matter here.
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: bash wasm/shots.sh BEFORE [AFTER [OUT]]}
after=${2:-HEAD}
out=$(realpath -m "${3:-wasm/e2e/artifacts/shots}")
work=$(mktemp -d)
trap 'for t in "$work"/tree-*; do [ -d "$t" ] && git worktree remove --force "$t"; done; rm -rf "$work"' EXIT
mkdir -p "$out"

# shoot REV: the bundle of REV (built in a worktree of its own, so this
# one's files are not touched) and its shots in $work/shots-REV.
shoot() {
	local sha tree
	sha=$(git rev-parse --short "$1")
	tree="$work/tree-$sha"
	git worktree add --detach "$tree" "$sha" >/dev/null
	BROTLI_QUALITY=1 bash "$tree/wasm/build.sh" "$work/web-$sha" >/dev/null
	git worktree remove --force "$tree"
	node wasm/e2e/shots.mjs "$work/web-$sha" "$work/shots-$sha"
}
b=$(git rev-parse --short "$before")
a=$(git rev-parse --short "$after")
shoot "$b"
shoot "$a"

for f in "$work/shots-$a"/*.png; do
	n=$(basename "$f" .png)
	[ -f "$work/shots-$b/$n.png" ] || continue
	screen=${n%%-*}
	montage -font DejaVu-Sans -pointsize 22 -background '#ddd' \
		-label "before $b · $screen · ${n#*-}" "$work/shots-$b/$n.png" \
		-label "after $a · $screen · ${n#*-}" "$f" \
		-tile 2x1 -geometry '900x900>+16+8' "$out/sheet-$n.png"
done
echo "sheets in $out"
