//go:build linux

package lobby

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/servetest"
	"shiftago/scenes/app"
	"shiftago/scenes/looptest"
	"shiftago/scenes/pages"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestCodeBoxTypedWhileFramesAreSlow types an invite code into the code
// box of the Play online page with real keys (xdotool, as a player types:
// 150 ms a key) while every frame takes 300 ms, as the desktop's frames
// did at a load of 40, in the real game loop at the game's 60 ticks a
// second; then presses Enter. Every letter arrives, Enter joins once,
// and the real server's refusal ("No game has this code") shows; Back
// (Escape) then returns to the online page, not the title.
// Typed so, the desktop kept two letters of six and Enter did nothing.
func TestCodeBoxTypedWhileFramesAreSlow(t *testing.T) {
	xdo, err := exec.LookPath("xdotool")
	if err != nil {
		t.Skip("xdotool is not installed")
	}
	// Real keys go to the window that has the display's focus, and `go
	// test ./...` runs several packages' game loops at once on one
	// display (xvfb-run -a), whose windows take the focus from each
	// other: in CI the box got none of the keys. So the test runs again
	// in a process of its own on a display of its own, where its window
	// is the only one.
	if os.Getenv("SHIFTAGO_TYPING_DISPLAY") == "" {
		if _, err := exec.LookPath("xvfb-run"); err == nil {
			cmd := exec.Command("xvfb-run", "-a", "-s", "-screen 0 1280x800x24", os.Args[0],
				"-test.run", "^TestCodeBoxTypedWhileFramesAreSlow$", "-test.count", "1", "-test.v")
			cmd.Env = append(os.Environ(), "SHIFTAGO_TYPING_DISPLAY=own")
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "--- PASS: TestCodeBoxTypedWhileFramesAreSlow") {
				t.Fatalf("on a display of its own: %v\n%s", err, out)
			}
			return
		}
	}
	l := looptest.Need(t)
	bin := filepath.Join(t.TempDir(), "shiftago")
	if err := servetest.Build(bin); err != nil {
		t.Fatal(err)
	}
	n := servetest.Start(t, bin, "127.0.0.1:0", "--data", t.TempDir(), "--quiet")
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, Store: &saves.Memory{},
		Online: app.OnlineOptions{Server: n.Base, Open: true}}, app.Screens{Title: pages.NewSetup, Online: NewOnline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var o *Online
	l.Do(func() {
		ebiten.SetTPS(ebiten.DefaultTPS) // the game's own: catch-up ticks after a slow frame
		g.OnDraw = func(*app.Game, *ebiten.Image) { time.Sleep(300 * time.Millisecond) }
	})
	defer l.Do(func() { ebiten.SetTPS(ebiten.SyncWithFPS); g.OnDraw = nil })
	l.Run(g)
	defer l.Run(nil)
	if !l.Until(600, func() bool { o, _ = g.Scene().(*Online); return o != nil && !o.codeBox.Rect.Empty() }) {
		t.Fatal("the online page did not open")
	}
	l.Do(func() { o.codeBox.Focus(g.Context()) })
	xdotool := func(args ...string) {
		t.Helper()
		if out, err := exec.Command(xdo, args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	// This process's window: `go test ./...` runs the packages' loops at
	// once on one display, each with a window of the same name.
	xdotool("search", "--pid", strconv.Itoa(os.Getpid()), "--name", "shiftago tests", "windowfocus", "--sync")
	const code = "QX7WKD"
	xdotool("type", "--delay", "150", code)
	var typed string
	l.Until(60, func() bool { typed = o.codeBox.Text(); return typed == code })
	if typed != code {
		t.Fatalf("typed %q at 150 ms a key while frames took 300 ms; the box got %q", code, typed)
	}
	// Enter held across ticks (down for a few 300 ms frames): one join.
	xdotool("keydown", "Return")
	time.Sleep(time.Second)
	xdotool("keyup", "Return")
	var why string
	l.Until(300, func() bool { why = o.why; return o.stage == stageFailed })
	if want := g.Context().T("online.err.nogame"); why != want {
		t.Fatalf("after Enter the page is at stage %d saying %q, want the server's kit.Refusal %q", o.stage, why, want)
	}
	xdotool("key", "Escape")
	if !l.Until(60, func() bool { return o.stage == stageCreate }) || g.Scene() != app.Scene(o) {
		t.Fatalf("Back after the kit.Refusal left the online page (stage %d, %T on top)", o.stage, g.Scene())
	}
	if got := o.codeBox.Text(); got != code {
		t.Errorf("back on the online page, the code box says %q, want the code typed, %q, to mend", got, code)
	}
}
