package ui

import (
	"image"

	"shiftago/render/layout"
)

// Meets reports whether r, in pixels, shares some area with clip: a frame
// drawn in part is clipped to its screen's bounds (a sub-image), and
// ebiten clips the pixels, not the calls, so what draws only within an r
// that misses the clip need not be drawn at all.
func Meets(clip image.Rectangle, r layout.Rect) bool {
	return r.Overlaps(layout.Rect{X: float64(clip.Min.X), Y: float64(clip.Min.Y), W: float64(clip.Dx()), H: float64(clip.Dy())})
}

// ButtonArea is the rectangle DrawMenuButton and DrawUndoButton may draw
// in for a button in r: r and two pixels about it (a panel's edge at a
// fraction of a pixel, filtered).
func ButtonArea(r layout.Rect) layout.Rect { return r.Inset(-2) }
