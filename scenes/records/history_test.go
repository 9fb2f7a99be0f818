package records

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/record"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/saves"
)

// opened stands in for the replay the records screen opens.
type opened struct{ rec *record.Record }

func (o *opened) Update(*app.Context) error        { return nil }
func (o *opened) Draw(*ebiten.Image, *app.Context) {}

// keptGames fills a store with n finished games, orange (a person here)
// against the computer at levels 1..5 in turn, orange winning each in one
// move; the game with id k is against level (k-1)%5+1.
func keptGames(t *testing.T, n int) *saves.Memory {
	t.Helper()
	st := &saves.Memory{}
	for k := 1; k <= n; k++ {
		rec, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer " +
			string(rune('0'+(k-1)%5+1)) + "\nDate: 2026-11-25\nPosition: 7/7/7/7/7/7/1oooo1g express og o 18,21 0,0 0,0\n\n1. Sf\n")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := saves.KeepInHistory(st, rec, false, 0); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// tapButton taps the first button of r with act (and arg, if arg >= 0).
func tapButton(t *testing.T, c *app.Context, r *Records, act recordsAct, arg int) {
	t.Helper()
	for _, b := range r.bs.List {
		if b.Act == act && (arg < 0 || b.Arg == arg) && !b.Off {
			p := b.Rect().Center()
			c.In = inputtest.At(p.X, p.Y, true, true, true)
			r.Update(c)
			c.In = input.Input{}
			return
		}
	}
	t.Fatalf("no button %v %d", act, arg)
}

// TestHistoryOf500InRecords: with 500 kept games the records screen
// reads at most histPerFrame index lines an Update, never a record, and
// lists the games newest first a page at a time; the opponent filter
// keeps the games against one level; a tap on a row opens that game.
func TestHistoryOf500InRecords(t *testing.T) {
	for _, sz := range [][2]float64{{390 * 3, 844 * 3}, {1280, 800}} {
		c := looptest.NewContext(t, "en", sz[0], sz[1], 1)
		st := keptGames(t, 500)
		c.Opts.Store = st
		var got *opened
		c.Screens.Replay = func(c *app.Context, rec *record.Record) app.Scene { got = &opened{rec}; return got }
		r := NewRecords(c, nil).(*Records)
		updates := 0
		for !r.HistoryLoaded() {
			before := r.HistoryParsed()
			r.Update(c)
			if n := r.HistoryParsed() - before; n > histPerFrame {
				t.Fatalf("%v: one Update parsed %d index lines", sz, n)
			}
			if updates++; updates > 500 {
				t.Fatalf("%v: the history never finished loading", sz)
			}
		}
		rows := r.Rows()
		if len(rows) < 2 || rows[0] != 500 || !slices.IsSortedFunc(rows, func(a, b int) int { return b - a }) {
			t.Fatalf("%v: rows %v, want the newest first from 500", sz, rows)
		}
		tapButton(t, c, r, actRecOlder, -1)
		if older := r.Rows(); older[0] != 500-len(rows) {
			t.Errorf("%v: the next page starts at %d, want %d", sz, older[0], 500-len(rows))
		}
		// The opponents were met newest first: 500 is against level 5, 499
		// against 4, 498 against 3: the third choice is level 3.
		for range 3 {
			tapButton(t, c, r, actRecOpponent, -1)
		}
		for _, id := range r.Rows() {
			if (id-1)%5+1 != 3 {
				t.Fatalf("%v: filtered on level 3, game %d (level %d) is listed", sz, id, (id-1)%5+1)
			}
		}
		if r.kept != 100 {
			t.Errorf("%v: %d games against level 3, want 100", sz, r.kept)
		}
		id := r.Rows()[0]
		tapButton(t, c, r, actRecGame, 0)
		for k := 0; k < 10000 && r.Loading(); k++ { // a hang detector, not a timing
			time.Sleep(time.Millisecond)
			r.Update(c)
		}
		want, _ := saves.ReadKept(st, id)
		if got == nil || got.rec.String() != want.String() {
			t.Errorf("%v: tapping game %d opened %v", sz, id, got)
		}
		// Every variant but Express: nothing matches, and it says so.
		tapButton(t, c, r, actRecVariant, -1)
		tapButton(t, c, r, actRecVariant, -1)
		if len(r.Rows()) != 0 || r.kept != 0 {
			t.Errorf("%v: Expert filter lists %v", sz, r.Rows())
		}
	}
}

// TestRecordsRefusalIsDrawn: a record read off the frame loop and refused
// comes without a touch, and an idle page is drawn only on a touch or
// when its screen is not still; so the screen is not still until it has
// drawn the refusal. (It was still throughout, and in the browser the
// refusal waited, unseen, for the player's next touch.) The screen says
// so for the tick that laid it out anew, as the other pages do.
func TestRecordsRefusalIsDrawn(t *testing.T) {
	l := looptest.Need(t)
	c := looptest.NewContext(t, "en", 390*3, 844*3, 1)
	c.Opts.Store = &saves.Memory{}
	r := NewRecords(c, nil).(*Records)
	draw := func() {
		l.Do(func() {
			img := ebiten.NewImage(int(c.W), int(c.H))
			defer img.Deallocate()
			r.Draw(img, c)
		})
	}
	for k := 0; k < 100 && !r.HistoryLoaded(); k++ {
		r.Update(c)
	}
	r.Update(c) // laid out
	draw()
	r.Update(c) // the next tick, with nothing new
	if !r.Still() {
		t.Fatal("drawn and left alone, the records screen is not still")
	}
	release := make(chan struct{})
	r.load(c, func() (*record.Record, error) {
		<-release
		return nil, errors.New("line 9: not a move")
	})
	draw() // "Opening…"
	close(release)
	for k := 0; k < 10000 && r.Loading(); k++ { // a hang detector, not a timing
		time.Sleep(time.Millisecond)
		r.Update(c)
	}
	if !strings.Contains(r.PageNotice(), "line 9") {
		t.Fatalf("the refusal says %q", r.PageNotice())
	}
	if r.Still() {
		t.Fatal("the refusal came, and the screen says it is still: it would not be drawn")
	}
	draw()
	r.Update(c) // the next tick, with nothing new
	if !r.Still() {
		t.Error("the refusal drawn, the screen is still not still")
	}
}
