package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestDrawPlaceholder builds the board cache and draws the title into an
// offscreen image. Drawing is only queued until the game loop runs, so this
// needs no display: it catches panics in the drawing code, not how it looks.
func TestDrawPlaceholder(t *testing.T) {
	dst := ebiten.NewImage(800, 600)
	defer dst.Deallocate()
	title, err := NewTitle()
	if err != nil {
		t.Fatal(err)
	}
	var b BoardCache
	for _, size := range [][2]float64{{800, 600}, {300, 500}, {800, 600}} {
		g := Fit(size[0], size[1])
		b.Draw(dst, g)
		if b.size != int(g.BoardSize) {
			t.Errorf("cache is %d px for a %v px board", b.size, g.BoardSize)
		}
		title.Draw(dst, g, "Shiftago")
	}
	b.Draw(dst, Fit(1, 1)) // an empty board draws nothing
}
