//go:build js

package hosting

import (
	"fmt"
	"io"
	"io/fs"
)

// WebApp is a web app built into the program; the browser has none.
type WebApp struct {
	FS      fs.FS
	Version string
}

// Command is shiftago-server, which needs sockets and a database: not
// in the browser.
func Command(_ []string, _, stderr io.Writer, _ WebApp) int {
	fmt.Fprintln(stderr, "shiftago-server: not available in the browser")
	return 2
}
