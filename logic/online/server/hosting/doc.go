// Package hosting is shiftago-server's command line and how it is
// hosted: the flags (and their environment variables), opening the
// store, the web app to serve (built in, --web's folder or dist/web),
// listening (a free port when 8080 is taken), HTTPS by itself with
// certificates from an ACME CA (--domain, hosting.go), the home
// network's addresses and QR code (lan.go), and the clean stop on
// SIGTERM. It assembles the service: the game hub (package server) and
// its HTTP features, registered at the hub's construction.
//
// The package builds for the browser only as a stub (cmd_js.go).
package hosting
