package view_test

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/looptest"
)

func TestMain(m *testing.M) { looptest.Main(m) }

// tableShot draws what a game screen of w × h shows of the view: the
// table top, the board, pos's marbles and the seats' cards (the first to
// move framed, the last sitting out), and reads it back.
func tableShot(t *testing.T, l *looptest.Loop, k ui.Kit, cfg layout.Config, pos *logic.Position) *image.RGBA {
	t.Helper()
	v := view.Board{Geo: layout.New(cfg)}
	w, h := int(cfg.W), int(cfg.H)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	l.Do(func() {
		img := ebiten.NewImage(w, h)
		defer img.Deallocate()
		k.Sprites.Ensure(int(2 * v.Geo.MarbleRadius))
		v.DrawTable(img, k.Sprites.Theme())
		v.Position(img, k.Sprites, pos, view.Marks{})
		for i := 0; i < pos.Players(); i++ {
			card := view.Card{Name: "Seat " + view.Number(i+1), Supply: pos.Supply(i), Score: 3 * i, Pulse: -1}
			if i == 0 {
				card.Pulse = 1
			}
			if i == pos.Players()-1 {
				card.SitOut = "sits out 1 turn"
			}
			v.SeatCard(img, k, pos, i, card)
		}
		img.ReadPixels(out.Pix)
	})
	return out
}

// lookSetup is what a look test needs: the folder SHIFTAGO_LOOK names
// (the test skips without one), the game loop and the text.
func lookSetup(t *testing.T) (string, *looptest.Loop, *render.Text) {
	t.Helper()
	dir := os.Getenv("SHIFTAGO_LOOK")
	if dir == "" {
		t.Skip("set SHIFTAGO_LOOK to a folder to render the look into")
	}
	l := looptest.Need(t)
	text, err := render.NewText()
	if err != nil {
		t.Fatal(err)
	}
	return dir, l, text
}

// TestLookTable renders the table, board and cards of every layout
// (landscape, portrait, a phone both ways; 2, 3 and 4 players; with and
// without a score track) into SHIFTAGO_LOOK, for a person to look at.
func TestLookTable(t *testing.T) {
	dir, l, text := lookSetup(t)
	for _, th := range []struct {
		name  string
		theme render.Theme
	}{{"", render.ThemeOf(render.BoardWalnut, true)}, {"classic-", render.Classic}, {"walnut-", render.Walnut}} {
		k := ui.Kit{Text: text, Sprites: &sprites.Sprites{}}
		k.Sprites.SetTheme(th.theme)
		lookTables(t, l, k, dir, th.name)
	}
}

// lookTables renders TestLookTable's layouts in k's theme, their names
// prefixed by name.
func lookTables(t *testing.T, l *looptest.Loop, k ui.Kit, dir, name string) {
	for _, sc := range []struct {
		name    string
		w, h    float64
		players int
		scoring bool
	}{
		{"landscape-3p-expert", 1280, 800, 3, true},
		{"portrait-4p", 800, 1280, 4, false},
		{"phone-2p", 390, 844, 2, false},
		{"phone-3p-expert", 390, 844, 3, true},
		{"phone-wide-4p-expert", 844, 390, 4, true},
		{"around-2p-expert", 1000, 1000, 2, true},
	} {
		pos := crowdedPosition(t, sc.players, sc.scoring)
		shot := tableShot(t, l, k, layout.Config{W: sc.w, H: sc.h, Players: sc.players, Scoring: sc.scoring}, pos)
		looptest.WritePNG(t, filepath.Join(dir, "table-"+name+sc.name+".png"), shot)
	}
}

// crowdedPosition is a position of n seats some moves in.
func crowdedPosition(t *testing.T, n int, scoring bool) *logic.Position {
	t.Helper()
	v := logic.Express
	if scoring {
		v = logic.Expert
	}
	pos, err := logic.NewGame(logic.Standard(v, n, nil))
	if err != nil {
		t.Fatal(err)
	}
	var tr logic.Trace
	for _, m := range []string{"W4", "Nd", "E3", "S2", "W2", "Nb", "E5", "S6", "W6", "Nf", "W4", "W4"} {
		if err := pos.PlayString(m, &tr); err != nil {
			t.Logf("%s: %v", m, err)
		}
	}
	return &pos
}

// TestLookChainRoll renders a chain push (W4 into three marbles) as a
// strip of frames, one every four ticks, top to bottom, at 2×: each
// marble's interior rolls forward about the axis across the row while it
// moves and keeps its last pose once it stops; the last frame is the
// position at rest as the game draws it after the move, in the poses the
// animation ended in (it must look the same as the frame above it).
func TestLookChainRoll(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_LOOK")
	if dir == "" {
		t.Skip("set SHIFTAGO_LOOK to a folder to render the look into")
	}
	l := looptest.Need(t)
	const scale = 2
	cfg := layout.Config{W: 960 * scale, H: 640 * scale, Scale: scale, Players: 2}
	v := view.Board{Geo: layout.New(cfg)}
	before, err := logic.ParsePosition("7/7/7/ogo4/7/7/7 express og o 20,21 0,0 0,0")
	if err != nil {
		t.Fatal(err)
	}
	after := before
	var tr logic.Trace
	if err := after.PlayString("W4", &tr); err != nil {
		t.Fatal(err)
	}
	a := motion.New(tr, before, v.Geo, motion.Options{})
	n := len(a.Marbles())
	base := make([]sprites.Turn, n)
	seeds := make([]uint32, n)
	for i := range n {
		seeds[i] = uint32(100 + i)
		base[i] = sprites.SeedTurn(seeds[i])
	}
	// The row's strip: the entry point to the fifth cell.
	g := &v.Geo
	x0, x1 := g.EntryPoint(tr.Entry).X-g.Cell*0.6, g.CellCenter(logic.Sq(4, 3)).X+g.Cell*0.6
	y0 := g.CellCenter(logic.Sq(0, 3)).Y - g.Cell*0.6
	fw, fh := int(x1-x0), int(1.2*g.Cell)
	var frames []*ebiten.Image
	sp := &sprites.Sprites{}
	shot := func(rest bool) {
		img := ebiten.NewImage(int(cfg.W), int(cfg.H))
		sp.Ensure(int(2 * g.MarbleRadius))
		v.DrawBoard(img, render.Walnut)
		if rest {
			// As the table keeps them: each marble's seed and the
			// orientation it was last drawn in.
			var turns [64]sprites.Turn
			var sd [64]uint32
			for i, m := range a.Marbles() {
				if m.Square.Valid() {
					turns[m.Square], sd[m.Square] = v.Rolled(a, i, base[i]), seeds[i]
				}
			}
			mk := view.Marks{Turn: func(s logic.Square) sprites.Turn { return turns[s] }, Seed: func(s logic.Square) uint32 { return sd[s] }}
			v.Position(img, sp, &after, mk)
			v.Position(img, sp, &after, mk) // the second time from the bake
		} else {
			v.Animation(img, sp, a, base, seeds)
		}
		frames = append(frames, img)
	}
	l.Do(func() {
		for tick := 0; !a.Done(); tick++ {
			if tick%4 == 0 {
				shot(false)
			}
			a.Step()
		}
		shot(false)
		shot(true)
	})
	out := image.NewRGBA(image.Rect(0, 0, fw, fh*len(frames)))
	l.Do(func() {
		for k, f := range frames {
			full := image.NewRGBA(image.Rect(0, 0, int(cfg.W), int(cfg.H)))
			f.ReadPixels(full.Pix)
			f.Deallocate()
			for y := range fh {
				copy(out.Pix[out.PixOffset(0, k*fh+y):out.PixOffset(fw, k*fh+y)], full.Pix[full.PixOffset(int(x0), int(y0)+y):full.PixOffset(int(x0)+fw, int(y0)+y)])
			}
		}
	})
	looptest.WritePNG(t, filepath.Join(dir, "chain-roll-2x.png"), out)
}

// TestLookScoredMove renders a computer's move that scores (chainPush,
// carried from the tray) as a contact sheet, a frame every eight ticks at
// half size, left to right and down: the marble carried from the tray
// and set down without turning, the chain rolling, then the scored
// marbles lifted and flown to the tray one at a time, their interiors
// turning along their arcs.
func TestLookScoredMove(t *testing.T) {
	dir, l, text := lookSetup(t)
	const W, H, cols = 960, 640, 4
	before, tr := chainPush(t)
	v := view.Board{Geo: layout.New(layout.Config{W: W, H: H, Players: 3, Scoring: true})}
	a := motion.New(tr, before, v.Geo, motion.Options{Carry: true})
	k := ui.Kit{Text: text, Sprites: &sprites.Sprites{}}
	var sheet *image.RGBA
	var shots []*image.RGBA
	l.Do(func() {
		img := ebiten.NewImage(W, H)
		defer img.Deallocate()
		k.Sprites.Ensure(int(2 * v.Geo.MarbleRadius))
		for tick := 0; ; tick++ {
			if tick%8 == 0 || a.Done() {
				v.DrawTable(img, render.Walnut)
				for i := range before.Players() {
					v.SeatCard(img, k, &before, i, view.Card{Name: "Seat", Supply: a.TrayCount(i), Pulse: -1})
				}
				v.Animation(img, k.Sprites, a, nil, nil)
				full := image.NewRGBA(image.Rect(0, 0, W, H))
				img.ReadPixels(full.Pix)
				shots = append(shots, full)
			}
			if a.Done() {
				break
			}
			a.Step()
		}
	})
	rows := (len(shots) + cols - 1) / cols
	sheet = image.NewRGBA(image.Rect(0, 0, cols*W/2, rows*H/2))
	for n, s := range shots {
		ox, oy := n%cols*W/2, n/cols*H/2
		for y := range H / 2 {
			for x := range W / 2 {
				var sum [4]int
				for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
					o := s.PixOffset(2*x+d[0], 2*y+d[1])
					for c := range 4 {
						sum[c] += int(s.Pix[o+c])
					}
				}
				o := sheet.PixOffset(ox+x, oy+y)
				for c := range 4 {
					sheet.Pix[o+c] = uint8(sum[c] / 4)
				}
			}
		}
	}
	looptest.WritePNG(t, filepath.Join(dir, "scored-move-sheet.png"), sheet)
}
