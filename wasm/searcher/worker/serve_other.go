//go:build !js

package main

import (
	"bufio"
	"fmt"
	"os"
)

// main serves the lines of standard input, for tests and the curious:
//
//	echo 'go 1 3 7 1 7/7/7/7/7/7/7 express og o 22,22 0,0 0,0' | go run ./wasm/searcher
func main() {
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
