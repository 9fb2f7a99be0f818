package app

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// Partial is a screen that can tell, before a frame is drawn, that only a
// part of the screen changes since the last frame it drew: the rectangle
// of the marbles that roll while the rest stands still. The shell then
// draws the screen into that part alone (ebiten clips a sub-image's
// drawing, so every pixel outside it keeps the last frame's). Filling
// pixels is what a frame costs where the GPU is the CPU (software GL, a
// cheap tablet): one full-screen copy costs a quarter of an empty frame
// under Xvfb, so a screen that redraws everything each frame can never
// run near the speed of an empty one.
//
// Dirty is asked only when the last frame on screen is this screen's own,
// drawn at the same size with the same notice; false means: draw it all.
// A screen says true only when it is sure that nothing outside the
// rectangle differs from a full drawing: the test that pins this compares
// every partly drawn frame with a full one.
type Partial interface {
	Dirty(c *Context) (image.Rectangle, bool)
}

// partialDraw draws the screen into the part that changed, if the screen
// can say which; it reports whether it did.
func (g *Game) partialDraw(screen *ebiten.Image) bool {
	c := g.ctx
	s := g.Scene()
	if !g.SkipIdleDraws || s != g.drawnScene || c.W != g.seenW || c.H != g.seenH || c.Inset != g.seenInset || c.Notice() != g.notice {
		return false
	}
	if _, _, _, _, framed := g.safeFrame(s); framed {
		return false // drawn whole, through the safe area's image
	}
	p := g.drawnPartial
	if p == nil {
		return false
	}
	r, ok := p.Dirty(c)
	if !ok {
		return false
	}
	r = g.clips.snap(r).Intersect(screen.Bounds())
	if !r.Empty() {
		g.drawFrame(g.clips.sub(screen, r))
	}
	g.Partials++
	return true
}

// clipGrid is the grid, in pixels, that a partial frame's rectangle is
// widened to, so that the frames of one move share a few rectangles.
const clipGrid = 32

// maxClips bounds the sub-images kept.
const maxClips = 256

// clips keeps the screen's sub-images that partial frames drew into: a
// sub-image is a new ebiten.Image, with buffers of its own that drawing
// fills, so a new one each frame would allocate every frame.
type clips struct {
	of   *ebiten.Image
	size image.Point
	m    map[image.Rectangle]*ebiten.Image
}

// snap widens r to the grid.
func (c *clips) snap(r image.Rectangle) image.Rectangle {
	fl := func(v int) int { return v - ((v%clipGrid)+clipGrid)%clipGrid }
	return image.Rect(fl(r.Min.X), fl(r.Min.Y), fl(r.Max.X+clipGrid-1), fl(r.Max.Y+clipGrid-1))
}

// sub is screen's sub-image r, made once.
func (c *clips) sub(screen *ebiten.Image, r image.Rectangle) *ebiten.Image {
	if c.of != screen || c.size != screen.Bounds().Size() || len(c.m) >= maxClips {
		c.of, c.size = screen, screen.Bounds().Size()
		clear(c.m)
	}
	if c.m == nil {
		c.m = make(map[image.Rectangle]*ebiten.Image, maxClips)
	}
	img, ok := c.m[r]
	if !ok {
		img = screen.SubImage(r).(*ebiten.Image)
		c.m[r] = img
	}
	return img
}
