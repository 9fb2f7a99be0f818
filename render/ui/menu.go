package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/sprites"
)

// DrawMenuButton draws the ☰ button in b, lit while its menu is open.
func DrawMenuButton(dst *ebiten.Image, k Kit, b layout.Rect, open bool) {
	if b.Empty() {
		return
	}
	kind, bar := sprites.PlateInlay, render.Ink
	if open {
		kind, bar = sprites.PlateBrass, render.Dark
	}
	k.Sprites.Plate(dst, b.X, b.Y, b.W, b.H, kind, 1)
	for i := -1; i <= 1; i++ {
		k.Sprites.Rect(dst, b.X+b.W*0.25, b.Y+b.H/2+float64(i)*b.H*0.2-b.H*0.035, b.W*0.5, math.Max(2, b.H*0.07), bar)
	}
}

// DrawUndoButton draws the undo button in r: an arrow curling back,
// dimmed when there is nothing to take back (on false), darker while
// pressed.
func DrawUndoButton(dst *ebiten.Image, k Kit, icon *UndoIcon, r layout.Rect, on, down bool) {
	ink := render.Ink
	if !on {
		ink = render.Fade(render.Dim, 0.55)
	}
	k.Sprites.Plate(dst, r.X, r.Y, r.W, r.H, sprites.PlateInlay, 1)
	if down && on {
		k.Sprites.Panel(dst, r.X, r.Y, r.W, r.H, r.H*0.28, render.PlateHover)
	}
	icon.Draw(dst, r.X, r.Y, r.H, ink)
}

// DrawMenuItems draws an open menu's items over one opaque backing (in
// two columns, a phone on its side, the seat cards showed in the gap
// between them), those that cannot act dimmed.
func DrawMenuItems[A comparable](dst *ebiten.Image, k Kit, items []Button[A]) {
	if len(items) == 0 {
		return
	}
	bk := items[0].Rect()
	for _, it := range items[1:] {
		bk = bk.Union(it.Rect())
	}
	ih := items[0].H
	pad := ih * 0.08
	// Opaque: nothing of the game shows through the menu.
	k.Sprites.Panel(dst, bk.X-pad, bk.Y-pad, bk.W+2*pad, bk.H+2*pad, ih*0.25, render.MenuItem)
	k.Sprites.Inlay(dst, bk.X-pad, bk.Y-pad, bk.W+2*pad, bk.H+2*pad, ih*0.25)
	for _, it := range items {
		r := it.Rect()
		k.Sprites.Plate(dst, r.X, r.Y, r.W, r.H, sprites.PlateInlay, 1)
		col := render.Ink
		if it.Off {
			col = render.Dim
		}
		k.Text.Draw(dst, it.Label, r.X+r.H*0.4, r.Y+r.H/2, k.Text.Fit(it.Label, r.H*0.42, r.W-r.H*0.6, false), col, render.AlignLeft, false)
	}
}
