//go:build !js

package worker

import (
	"bufio"
	"fmt"
	"os"
)

// InWorker is false outside a browser: there are no Web Workers.
func InWorker() bool { return false }

// Serve serves the lines of standard input until it ends, for tests and
// the curious (a long search writes "working" lines before its reply):
//
//	echo 'go 1 3 7 1 7/7/7/7/7/7/7 express og o 22,22 0,0 0,0' | go run ./wasm/searcher
func Serve() {
	s := newServer()
	go func() {
		in := bufio.NewScanner(os.Stdin)
		for in.Scan() {
			s.deliver(in.Text())
		}
		s.close()
	}()
	s.run(func(line string) { fmt.Println(line) }, nil)
}
