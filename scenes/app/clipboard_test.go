//go:build !js

package app

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestPasteCommands: each system's clipboard tool, Wayland's first where
// it runs.
func TestPasteCommands(t *testing.T) {
	for _, tc := range []struct {
		goos    string
		wayland bool
		want    string
	}{
		{"darwin", false, "[[pbpaste]]"},
		{"windows", false, "[[powershell -NoProfile -NonInteractive -Command Get-Clipboard -Raw]]"},
		{"linux", false, "[[xclip -selection clipboard -out] [xsel --clipboard --output]]"},
		{"linux", true, "[[wl-paste --no-newline --type text] [xclip -selection clipboard -out] [xsel --clipboard --output]]"},
		{"freebsd", false, "[[xclip -selection clipboard -out] [xsel --clipboard --output]]"},
	} {
		if got := fmt.Sprint(pasteCommands(tc.goos, tc.wayland)); got != tc.want {
			t.Errorf("%s (Wayland %v): %s, want %s", tc.goos, tc.wayland, got, tc.want)
		}
	}
}

// TestPasteAsksTheSystem runs Paste against clipboard tools on PATH (shell
// scripts in their place: a test machine has no clipboard): the first
// that answers gives the text; a tool that fails passes to the next; with
// none, the channel closes with nothing.
func TestPasteAsksTheSystem(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the tools are Linux's")
	}
	dir := t.TempDir()
	tool := func(name, script string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	head, err := exec.LookPath("head")
	if err != nil {
		t.Skip("no head to stand in for a big clipboard")
	}
	t.Setenv("PATH", dir)
	t.Setenv("WAYLAND_DISPLAY", "")
	if s, ok := <-Paste(); ok {
		t.Fatalf("with no tool, Paste gave %q", s)
	}
	tool("xclip", "exit 1") // no X server, say
	tool("xsel", "printf 'http://h/?join=KQ7WXD\\n'")
	if s := <-Paste(); s != "http://h/?join=KQ7WXD\n" {
		t.Fatalf("Paste gave %q", s)
	}
	tool("xsel", head+" -c 10000 /dev/zero")
	if s := <-Paste(); len(s) != maxPaste {
		t.Fatalf("a clipboard of 10,000 bytes gave %d", len(s))
	}
}
