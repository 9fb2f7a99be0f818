package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render/layout"
)

// InsetAware is a screen that keeps clear of the screen's unsafe edges
// (Context.Inset: a notch, rounded corners, a home bar) by itself: the
// game's table and what is drawn over it, the replay. Every other screen
// (the setup, the settings, the rules, the lists) is laid out, fed and
// drawn by the shell in the safe part of the screen only, as if that
// were the whole of it (a phone's notch covered the setup's and the
// rules' top buttons).
type InsetAware interface {
	KeepsClearOfInsets()
}

// safeFrame is where the shell puts screen s: the safe area's corner and
// size, and whether s goes there (there are insets, and s does not keep
// clear of them itself).
func (g *Game) safeFrame(s Scene) (dx, dy, w, h float64, framed bool) {
	c := g.ctx
	in := c.Inset
	if in == (layout.Insets{}) {
		return 0, 0, c.W, c.H, false
	}
	if _, ok := s.(InsetAware); ok {
		return 0, 0, c.W, c.H, false
	}
	w, h = math.Floor(c.W-in.Left-in.Right), math.Floor(c.H-in.Top-in.Bottom)
	if w < 1 || h < 1 {
		return 0, 0, c.W, c.H, false
	}
	return math.Round(in.Left), math.Round(in.Top), w, h, true
}

// updateScene runs one tick of s: in the safe area, when it goes there
// (the pointer moved into its coordinates, the size its own).
func (g *Game) updateScene(s Scene) error {
	c := g.ctx
	dx, dy, w, h, framed := g.safeFrame(s)
	if !framed {
		return s.Update(c)
	}
	W, H := c.W, c.H
	c.W, c.H = w, h
	c.In.X, c.In.Y = c.In.X-dx, c.In.Y-dy
	err := s.Update(c)
	c.W, c.H = W, H
	c.In.X, c.In.Y = c.In.X+dx, c.In.Y+dy
	return err
}

// drawFramed draws the screen and any notice over it into dst, through
// an image the size of the safe area when the screen goes there; the
// unsafe edges get the pages' table top, the screen's, which the page's
// own continues. It reports false when the
// screen is not framed (drawFrame draws it directly).
func (g *Game) drawFramed(dst *ebiten.Image) bool {
	c := g.ctx
	dx, dy, w, h, framed := g.safeFrame(g.Scene())
	if !framed {
		return false
	}
	if g.safeImg == nil || g.safeImg.Bounds().Dx() != int(w) || g.safeImg.Bounds().Dy() != int(h) {
		if g.safeImg != nil {
			g.safeImg.Deallocate()
		}
		g.safeImg = ebiten.NewImage(int(w), int(h))
	}
	g.safeImg.Clear()
	W, H := c.W, c.H
	c.W, c.H = w, h
	c.Sprites.SetPageFrame(dx, dy, W, H)
	g.drawScene(g.safeImg)
	c.Sprites.SetPageFrame(0, 0, 0, 0)
	c.W, c.H = W, H
	// The unsafe edges: the same table top, which the page's continues.
	c.Sprites.FillPage(dst)
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(dx, dy)
	dst.DrawImage(g.safeImg, &op)
	return true
}
