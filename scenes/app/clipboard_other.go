//go:build !js

package app

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"time"
)

// Paste reads the text on the system's clipboard off the frame: the
// channel gets it once, or closes with nothing where no clipboard could
// be read. Ebitengine has no clipboard on the desktop, so the system's
// own tools are asked, each for at most 2 s: pbpaste on macOS,
// PowerShell's Get-Clipboard on Windows, and wl-paste, xclip or xsel
// elsewhere (the first one there that answers).
func Paste() <-chan string {
	ch := make(chan string, 1)
	go func() {
		defer close(ch)
		for _, argv := range pasteCommands(runtime.GOOS, os.Getenv("WAYLAND_DISPLAY") != "") {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).Output()
			cancel()
			if err == nil {
				ch <- string(out[:min(len(out), maxPaste)])
				return
			}
		}
	}()
	return ch
}

// maxPaste is the most of a clipboard that is read: a text box keeps a
// name or a link, and a clipboard may hold a book.
const maxPaste = 4096

// pasteCommands are the commands that print the clipboard's text on
// goos, in the order they are tried (Wayland's first where it runs).
func pasteCommands(goos string, wayland bool) [][]string {
	switch goos {
	case "darwin":
		return [][]string{{"pbpaste"}}
	case "windows":
		return [][]string{{"powershell", "-NoProfile", "-NonInteractive", "-Command", "Get-Clipboard -Raw"}}
	}
	var cmds [][]string
	if wayland {
		cmds = append(cmds, []string{"wl-paste", "--no-newline", "--type", "text"})
	}
	return append(cmds, []string{"xclip", "-selection", "clipboard", "-out"}, []string{"xsel", "--clipboard", "--output"})
}
