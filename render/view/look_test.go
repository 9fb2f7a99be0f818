package view_test

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
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
		v.DrawTable(img)
		v.DrawBoard(img)
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

// TestLookTable renders the table, board and cards of every layout
// (landscape, portrait, a phone both ways; 2, 3 and 4 players; with and
// without a score track) into SHIFTAGO_LOOK, for a person to look at.
func TestLookTable(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_LOOK")
	if dir == "" {
		t.Skip("set SHIFTAGO_LOOK to a folder to render the look into")
	}
	l := looptest.Need(t)
	text, err := render.NewText()
	if err != nil {
		t.Fatal(err)
	}
	k := ui.Kit{Text: text, Sprites: &render.Sprites{Symbols: true}}
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
		f, err := os.Create(filepath.Join(dir, "table-"+sc.name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, shot); err != nil {
			t.Fatal(err)
		}
		f.Close()
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
