//go:build !js

// Command shiftago-server hosts online Shiftago: the games' service and
// the web app, from one address (logic/online/README.md, Hosting).
//
//	go run ./logic/online/cmd/shiftago-server          this machine: http://127.0.0.1:8080/
//	shiftago-server --addr :8080                       the home network, with a QR code
//	shiftago-server --domain play.example.org          HTTPS by itself (Let's Encrypt)
//	shiftago-server -h                                 every flag
//
// It is a program of its own, not a subcommand of the game, so that
// playing (go run .) never compiles the server's database drivers.
// Built with the embedweb tag (bash wasm/release.sh VERSION server) it
// carries the web app; built without, it serves --web's folder, or
// dist/web when run from a checkout that has built it, or at / a page
// that says how to build one.
package main

import (
	"fmt"
	"os"

	"shiftago/logic/online/server/hosting"
)

// version is the release's, set by wasm/release.sh (-X main.version).
var version = "dev"

// webApp is the web app built into the binary: set by web.go when built
// with the embedweb tag; none otherwise.
var webApp hosting.WebApp

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		// wasm/release.sh reads it: the version, and whether the game is in.
		web := "no web app built in"
		if webApp.FS != nil {
			web = "web app built in"
		}
		fmt.Printf("shiftago-server %s (%s)\n", version, web)
		return
	}
	os.Exit(hosting.Command(os.Args[1:], os.Stdout, os.Stderr, webApp))
}
