package view_test

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/looptest"
)

// TestDrawingStaysInItsArea: SeatCard, Status and the menu and undo
// buttons draw nothing outside SeatCardArea, StatusArea and ButtonArea,
// in every layout, with everything a card
// can show (the frame of the seat to move, a long name, a sitting-out
// plate, the score track, a full tray) and the status with two lines and
// the thinking dots. A frame drawn in part leaves out the cards, the
// status line and the buttons whose areas miss its clip: were anything
// drawn beyond them, it would be left stale.
func TestDrawingStaysInItsArea(t *testing.T) {
	l := looptest.Need(t)
	text, err := render.NewText()
	if err != nil {
		t.Fatal(err)
	}
	k := ui.Kit{Text: text, Sprites: &sprites.Sprites{}}
	k.Sprites.SetTheme(render.ThemeOf(render.BoardWalnut, true))
	for _, sc := range []struct {
		w, h, scale float64
		players     int
		scoring     bool
	}{
		{1280, 800, 1, 3, true},
		{800, 1280, 1, 4, false},
		{1170, 2532, 3, 2, false},
		{1170, 2532, 3, 3, true},
		{2532, 1170, 3, 4, true},
		{1000, 1000, 1, 2, true},
	} {
		name := fmt.Sprintf("%gx%g@%g-%dp", sc.w, sc.h, sc.scale, sc.players)
		pos := crowdedPosition(t, sc.players, sc.scoring)
		v := view.Board{Geo: layout.New(layout.Config{W: sc.w, H: sc.h, Scale: sc.scale, Players: sc.players, Scoring: sc.scoring})}
		w, h := int(sc.w), int(sc.h)
		pix := make([]byte, 4*w*h)
		check := func(what string, area layout.Rect, draw func(dst *ebiten.Image)) {
			l.Do(func() {
				img := ebiten.NewImage(w, h)
				defer img.Deallocate()
				k.Sprites.Ensure(int(2 * v.Geo.MarbleRadius))
				draw(img)
				img.ReadPixels(pix)
			})
			in := image.Rect(int(math.Floor(area.X)), int(math.Floor(area.Y)), int(math.Ceil(area.X+area.W)), int(math.Ceil(area.Y+area.H)))
			var drawn image.Rectangle
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if pix[4*(y*w+x)+3] != 0 {
						drawn = drawn.Union(image.Rect(x, y, x+1, y+1))
					}
				}
			}
			if drawn.Empty() {
				t.Errorf("%s, %s: nothing drawn", name, what)
			} else if !drawn.In(in) {
				t.Errorf("%s, %s: drawn over %v, beyond its area %v", name, what, drawn, in)
			}
		}
		for i := 0; i < sc.players; i++ {
			card := view.Card{Name: "A rather long seat name " + view.Number(i+1), Supply: 22, Score: 7, Pulse: 1, SitOut: "sits out 2 turns", Left: "22 left"}
			check(fmt.Sprintf("seat %d's card", i), v.SeatCardArea(i), func(dst *ebiten.Image) { v.SeatCard(dst, k, pos, i, card) })
		}
		lines := []string{"Orange pushes into the row and scores", "Green to move", ""}
		size := v.Geo.Bar * 0.4
		x := v.Geo.Status.X + v.Geo.Bar*2
		check("the status", v.StatusArea(lines, size), func(dst *ebiten.Image) {
			v.Status(dst, k, "Expert", lines, size, x, true, 9)
		})
		for _, open := range []bool{false, true} {
			check(fmt.Sprintf("the menu button (open %v)", open), ui.ButtonArea(v.Geo.Menu), func(dst *ebiten.Image) {
				ui.DrawMenuButton(dst, k, v.Geo.Menu, open)
			})
		}
		if !v.Geo.Undo.Empty() {
			var icon ui.UndoIcon
			check("the undo button", ui.ButtonArea(v.Geo.Undo), func(dst *ebiten.Image) {
				ui.DrawUndoButton(dst, k, &icon, v.Geo.Undo, true, true)
			})
		}
	}
}
