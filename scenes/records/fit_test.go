package records

import (
	"fmt"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/looptest"
)

// TestRecordsFit: the records page's texts fit their boxes at the
// smallest supported size, 640×480, in every language.
func TestRecordsFit(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			c := looptest.NewContext(t, lg, 640, 480, 1)
			rs := NewRecords(c, &record.Record{}).(*Records)
			rs.layout(c)
			looptest.CheckFits(t, c, lg+", records", rs.Fits(c), looptest.MinFit)
		}
	})
}

// TestRecordsTargetsAreFingerSized: at phone, tablet and desktop sizes,
// upright and on their side, at device pixel ratios 1 to 3, every button
// of the records page and the move list is at least 44 CSS pixels each
// way and within reach.
func TestRecordsTargetsAreFingerSized(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		rec, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n")
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {768, 1024}, {1024, 768}, {1280, 800}} {
			for _, dpr := range []float64{1, 2, 3} {
				c := looptest.NewContext(t, "en", sz[0]*dpr, sz[1]*dpr, dpr)
				for name, p := range map[string]interface {
					Update(c *app.Context) error
					PageButtons() []ui.Info
				}{"records": NewRecords(c, rec).(*Records), "moves": NewMoves(c, rec).(*Moves)} {
					c.In = input.Input{}
					p.Update(c)
					looptest.CheckTargets(t, c, fmt.Sprintf("%v@%v %s", sz, dpr, name), p.PageButtons(), dpr, 0)
				}
			}
		}
	})
}

// TestMoveList: the move list names each move's player and entry point
// in words, opens at the latest move, and pages by held taps on its
// buttons.
func TestMoveList(t *testing.T) {
	c := looptest.NewContext(t, "en", 640, 480, 1)
	rec, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n2. Nd\n")
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := rec.Final()
	for i := 0; i < 30 && !pos.Over(); i++ {
		var buf [logic.MaxMoves]logic.Move
		ms := pos.Moves(buf[:0])
		mv := ms[(i*7)%len(ms)]
		pos.Apply(mv, nil)
		rec.Moves = append(rec.Moves, mv)
	}
	c.H = 320 // room for about a dozen lines
	m := NewMoves(c, rec).(*Moves)
	m.layout(c)
	if len(m.lines) <= m.rows {
		t.Fatalf("%d moves fit in %d rows: nothing to page", len(m.lines), m.rows)
	}
	if got := m.Lines()[0]; got != "1. Orange: row 4 from the left (W4)" {
		t.Errorf("first line %q", got)
	}
	if got := m.Lines()[1]; got != "2. Green: column d from the top (Nd)" {
		t.Errorf("second line %q", got)
	}
	if m.first+m.rows != len(m.lines) {
		t.Errorf("the list opens at line %d of %d (%d rows), not at its end", m.first, len(m.lines), m.rows)
	}
	up := m.bs.List[1]
	if up.Act != actMovesUp || up.Off {
		t.Fatalf("no Up button: %+v", m.bs.List)
	}
	first := m.first
	pc := up.Rect().Center()
	for k, tick := range []struct{ down, pressed, released bool }{{true, true, false}, {true, false, false}, {true, false, false}, {true, false, false}, {false, false, true}} {
		c.In.Pointer = ui.Pointer{X: pc.X, Y: pc.Y, Down: tick.down, Pressed: tick.pressed, Released: tick.released}
		m.Update(c)
		if k < 4 && m.first != first {
			t.Fatal("the list moved before the tap ended")
		}
	}
	if m.first >= first {
		t.Errorf("a held tap on Up left the list at line %d (was %d)", m.first, first)
	}
}
