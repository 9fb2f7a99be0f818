//go:build embedweb && !js

package main

import (
	"embed"
	"io/fs"
)

// bundle is the web app that wasm/release.sh copies into web/ (from
// wasm/build.sh's output) before it builds with -tags embedweb. The
// folder is not in git: without the tag nothing is embedded, and with it
// but no folder the build fails, so no release ships without the game.
//
//go:embed all:web
var bundle embed.FS

func init() {
	sub, err := fs.Sub(bundle, "web")
	if err != nil {
		panic(err) // "web" is a valid name: never
	}
	webApp.FS, webApp.Version = sub, version
}
