//go:build !js

// Package servetest starts the real program, shiftago-server
// (logic/online/cmd/shiftago-server), for the tests of every package
// that plays through it (the server's own, the game's online Link):
// built once per test binary, run on loopback with a real database, and
// killed as a crash would kill it. No mocks.
package servetest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Main is the body of a TestMain: it builds the module's shiftago-server
// binary (Build) into a temporary folder, sets *bin to its path, runs the tests
// and exits with their code. A failed build stops the tests with its
// output.
func Main(m *testing.M, bin *string) {
	dir, err := os.MkdirTemp("", "shiftago-serve-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	*bin = filepath.Join(dir, "shiftago-server")
	if err := Build(*bin); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Pkg is the server's main package, as go build names it from the
// module's root.
const Pkg = "./logic/online/cmd/shiftago-server"

// Build builds the module's shiftago-server program (Pkg) into bin as
// the release builds it, but without the web app: without cgo. The program needs none (its SQLite is pure
// Go), and a test binary's own environment has cgo on (-race needs it):
// built so, the program would be compiled a second time beside the
// cgo-free build of `go build ./...` (some 85 s of a core on an empty
// build cache), where now the two share the cache.
func Build(bin string) error {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("go env GOMOD: %w", err)
	}
	build := exec.Command("go", "build", "-o", bin, Pkg)
	build.Dir = filepath.Dir(strings.TrimSpace(string(out)))
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building shiftago-server: %w\n%s", err, out)
	}
	return nil
}

// Node is a running shiftago-server process.
type Node struct {
	Cmd  *exec.Cmd
	Base string // http://127.0.0.1:port (https:// with TLS)
	Addr string // 127.0.0.1:port
	Log  *SyncBuf
	Done chan struct{} // closed once the process has exited
}

// SyncBuf is a strings.Builder that the process's stderr and the test
// may use at once.
type SyncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *SyncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var openLine = regexp.MustCompile(`open (https?://\S+)/`)

// Start runs bin --addr addr args... ("127.0.0.1:0" for a free port) and waits for it to print the address to open. The process is
// killed when the test ends, and its log is shown if the test failed.
func Start(t testing.TB, bin, addr string, args ...string) *Node {
	t.Helper()
	n := &Node{Log: &SyncBuf{}, Done: make(chan struct{})}
	n.Cmd = exec.Command(bin, append([]string{"--addr", addr}, args...)...)
	n.Cmd.Stderr = n.Log
	stdout, err := n.Cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = n.Cmd.Wait(); close(n.Done) }()
	t.Cleanup(func() {
		_ = n.Cmd.Process.Kill()
		<-n.Done
		if t.Failed() {
			t.Logf("server log (%s):\n%s", addr, n.Log.String())
		}
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := openLine.FindStringSubmatch(sc.Text()); m != nil {
				line <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case n.Base = <-line:
	case <-n.Done:
		t.Fatalf("shiftago-server exited: %s", n.Log.String())
	case <-time.After(30 * time.Second):
		t.Fatal("shiftago-server printed no address in 30 s")
	}
	n.Addr = strings.TrimPrefix(strings.TrimPrefix(n.Base, "http://"), "https://")
	return n
}

// Kill9 ends the process as a crash would: no shutdown at all.
func (n *Node) Kill9() {
	_ = n.Cmd.Process.Signal(syscall.SIGKILL)
	<-n.Done
}
