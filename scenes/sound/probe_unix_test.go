//go:build (linux && !android) || freebsd || netbsd

package sound

import (
	"io"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// catchStderr runs f with descriptor 2 pointed at a pipe and returns
// what reached it (C code writes to the descriptor, not to os.Stderr).
func catchStderr(t *testing.T, f func()) []byte {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved, err := unix.Dup(2)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.Dup2(int(w.Fd()), 2); err != nil {
		t.Fatal(err)
	}
	f()
	unix.Dup2(saved, 2)
	unix.Close(saved)
	w.Close()
	out, _ := io.ReadAll(r)
	return out
}

// TestQuietStderr: what C code writes to descriptor 2 during the sound
// probe goes nowhere (issue 12: 16 lines of ALSA complaints where there
// is no sound card); descriptor 2 works again afterwards.
func TestQuietStderr(t *testing.T) {
	out := catchStderr(t, func() {
		quietStderr(func() { unix.Write(2, []byte("ALSA lib pcm.c: cannot find card '0'\n")) })
		unix.Write(2, []byte("after\n"))
	})
	if string(out) != "after\n" {
		t.Fatalf("descriptor 2 got %q, want only %q", out, "after\n")
	}
}

// TestProbeSaysNothingOnStderr runs the real probe with descriptor 2 caught:
// whether or not there is a sound card, nothing reaches it (where there is
// none, ALSA's complaints used to: issue 12).
func TestProbeSaysNothingOnStderr(t *testing.T) {
	var perr error
	out := catchStderr(t, func() { perr = probeSoundDevice() })
	t.Logf("probe: %v", perr)
	if len(out) > 0 {
		t.Fatalf("the probe wrote %d bytes to stderr: %.300q", len(out), out)
	}
}
