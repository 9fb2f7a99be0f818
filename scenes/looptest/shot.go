package looptest

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// DrawPNG writes what draw draws on a w×h image to path as a PNG, for a
// person to look at; it runs on the loop's thread (inside Loop.Do).
func DrawPNG(t testing.TB, path string, w, h int, draw func(*ebiten.Image)) {
	t.Helper()
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	draw(img)
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(rgba.Pix)
	WritePNG(t, path, rgba)
}
