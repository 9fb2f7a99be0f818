package kit

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/input"
	"shiftago/scenes/looptest"
)

// TestFieldText: what a one-line field keeps of what was typed or pasted:
// no control characters, at most max bytes, never half a character.
func TestFieldText(t *testing.T) {
	cases := []struct {
		name, in string
		max      int
		want     string
	}{
		{"as typed", "Ann", 32, "Ann"},
		{"a pasted line break", "Ann\nLee\r\t", 32, "AnnLee"},
		{"a bell and DEL", "A\anne\x7f", 32, "Anne"},
		{"cut at max", strings.Repeat("a", 40), 32, strings.Repeat("a", 32)},
		{"cut between characters", strings.Repeat("é", 20), 31, strings.Repeat("é", 15)},
		{"an emoji kept whole or not at all", "ab😀", 5, "ab"},
		{"invalid UTF-8 dropped", "A\xffB", 32, "AB"},
		{"a link", "http://127.0.0.1:8080/?join=ABC123", 200, "http://127.0.0.1:8080/?join=ABC123"},
		{"empty", "", 32, ""},
	}
	for _, tc := range cases {
		got := FieldText(tc.in, tc.max)
		if got != tc.want || len(got) > tc.max || !utf8.ValidString(got) {
			t.Errorf("%s: FieldText(%q, %d) = %q, want %q", tc.name, tc.in, tc.max, got, tc.want)
		}
	}
}

// TestTextBoxInsert: a paste goes in the place of the selection, the
// caret after it, cleaned and cut as typing is.
func TestTextBoxInsert(t *testing.T) {
	cases := []struct {
		name, text string
		sel        [2]int
		paste      string
		max        int
		want       string
		caret      int
	}{
		{"at the end", "http://h/?join=", [2]int{15, 15}, "KQ7WXD\n", 64, "http://h/?join=KQ7WXD", 21},
		{"over a selection", "Ann Lee", [2]int{4, 7}, "Bo", 32, "Ann Bo", 6},
		{"in the middle", "AnLee", [2]int{2, 2}, "n ", 32, "Ann Lee", 4},
		{"a selection made backwards", "Ann Lee", [2]int{7, 4}, "Bo", 32, "Ann Bo", 6},
		{"cut at max", "abc", [2]int{3, 3}, strings.Repeat("x", 10), 8, "abcxxxxx", 8},
		{"cut at max, the rest kept in front", "ab", [2]int{1, 1}, strings.Repeat("x", 10), 4, "axxx", 4},
		{"into an empty box", "", [2]int{0, 0}, "KQ7WXD", 8, "KQ7WXD", 6},
	}
	for _, tc := range cases {
		b := TextBox{Max: tc.max}
		b.setSel(tc.text, tc.sel[0], tc.sel[1])
		b.insert(tc.paste)
		i, j := b.i, b.j
		if got := b.s; got != tc.want || i != tc.caret || j != tc.caret {
			t.Errorf("%s: %q with the caret at %d-%d, want %q at %d", tc.name, got, i, j, tc.want, tc.caret)
		}
	}
}

// TestTextBoxPastesOnTheDesktop: Control+V in a box being edited types
// the system clipboard's text at the caret, through the game loop and
// ebiten's text input (a shell script stands in for xsel: the test
// machine has no clipboard); Shift+Insert does the same.
func TestTextBoxPastesOnTheDesktop(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in is a Linux clipboard tool")
	}
	l := looptest.Need(t)
	dir := t.TempDir()
	script := "#!/bin/sh\nprintf 'http://h/?join=KQ7WXD\\n'\n"
	if err := os.WriteFile(filepath.Join(dir, "xsel"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Setenv("WAYLAND_DISPLAY", "")
	c := looptest.NewContext(t, "en", 640, 480, 1)
	b := &TextBox{Max: 200, Rect: layout.Rect{X: 10, Y: 10, W: 400, H: 40}}
	tick := func(in input.Input) {
		l.Do(func() {
			c.In = in
			c.Tick++
			b.Update(c)
		})
	}
	tick(input.Input{Pointer: ui.Pointer{X: 20, Y: 20, Down: true, Pressed: true}})
	tick(input.Input{Pointer: ui.Pointer{X: 20, Y: 20, Released: true}})
	if !b.Editing() {
		t.Fatal("a tap on the box did not start editing")
	}
	paste := func(k ebiten.Key, ctrl, shift bool) {
		in := input.Input{Ctrl: ctrl, Shift: shift}
		in.AddKey(k)
		tick(in)
	}
	waitFor := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); b.Text() != want; tick(input.Input{}) {
			if time.Now().After(deadline) {
				t.Fatalf("the box says %q, want %q", b.Text(), want)
			}
		}
	}
	paste(ebiten.KeyV, true, false)
	waitFor("http://h/?join=KQ7WXD")
	paste(ebiten.KeyInsert, false, true)
	waitFor("http://h/?join=KQ7WXDhttp://h/?join=KQ7WXD")
}
