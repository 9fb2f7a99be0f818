//go:build js

package server

import (
	"fmt"
	"io"
)

// Command is `shiftago serve`, which needs sockets and a database: not
// in the browser.
func Command(_ []string, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "shiftago serve: not available in the browser")
	return 2
}
