package saves

import (
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
)

// finished plays a whole game between two level-1 computers (orange a
// person here, green the computer at level) and returns its record;
// moves > 0 stops it unfinished after that many moves.
func finished(t testing.TB, level int, seed uint64, moves int) *record.Record {
	t.Helper()
	s := logic.Standard(logic.Express, 2, nil)
	p, err := logic.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	r := &record.Record{Variant: logic.Express, Date: "2026-11-25", Seats: []record.Seat{
		{Color: s.Seats[0], Player: record.Player{Kind: record.Human}},
		{Color: s.Seats[1], Player: record.Player{Kind: record.Computer, Level: level}},
	}}
	for k := 0; !p.Over() && (moves == 0 || k < moves); k++ {
		mv := ai.Think(p, ai.Config{Level: 1, Seed: seed + uint64(k), Workers: 1})
		p.Apply(mv, nil)
		r.Moves = append(r.Moves, mv)
	}
	return r
}

// counting counts the reads of kept games' records.
type counting struct {
	Memory
	recordReads int
}

func (c *counting) Read(name string) ([]byte, error) {
	if strings.HasPrefix(name, histPrefix) {
		c.recordReads++
	}
	return c.Memory.Read(name)
}

// TestHistoryKeepsAndLists: finished and abandoned games are kept with
// their date, variant, players, outcome and length, listed newest first,
// and open as the record that was kept; a game marked wrongly is refused.
func TestHistoryKeepsAndLists(t *testing.T) {
	st := &Memory{}
	won := finished(t, 2, 1, 0)
	left := finished(t, 4, 2, 3)
	if _, err := KeepInHistory(st, left, false, 0); err == nil {
		t.Error("an unfinished game kept as finished")
	}
	if _, err := KeepInHistory(st, won, true, 0); err == nil {
		t.Error("a finished game kept as abandoned")
	}
	if _, err := KeepInHistory(st, won, false, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := KeepInHistory(st, left, true, 0); err != nil {
		t.Fatal(err)
	}
	l := NewHistoryList(st)
	for !l.Step(1) {
	}
	es := l.Entries()
	if len(es) != 2 || l.Total() != 2 {
		t.Fatalf("%d entries listed (total %d), want 2", len(es), l.Total())
	}
	if e := es[0]; e.ID != 2 || e.Outcome != Abandoned || e.Moves != 3 || e.Opponent() != (record.Player{Kind: record.Computer, Level: 4}) {
		t.Errorf("newest: %+v", e)
	}
	fin, _ := won.Final()
	if e := es[1]; e.ID != 1 || e.Outcome == Abandoned || e.Moves != len(won.Moves) || e.Variant != logic.Express || e.Date != "2026-11-25" ||
		(e.Outcome == WonGame) != (fin.Result().State == logic.Won) || e.Winner != fin.Result().Winner {
		t.Errorf("oldest: %+v, the game ended %+v", e, fin.Result())
	}
	rec, err := ReadKept(st, es[1].ID)
	if err != nil || rec.String() != won.String() {
		t.Errorf("kept game 1 reads back as %v, %v", rec, err)
	}
}

// TestHistoryRollsOut: past the limit the oldest games leave the index
// and the store; the newest stay.
func TestHistoryRollsOut(t *testing.T) {
	st := &Memory{}
	rec := finished(t, 1, 3, 0)
	for range 7 {
		if _, err := KeepInHistory(st, rec, false, 5); err != nil {
			t.Fatal(err)
		}
	}
	l := NewHistoryList(st)
	l.Step(100)
	var ids []int
	for _, e := range l.Entries() {
		ids = append(ids, e.ID)
	}
	if len(ids) != 5 || ids[0] != 7 || ids[4] != 3 {
		t.Errorf("ids listed %v, want 7..3", ids)
	}
	if n := len(st.Names(histPrefix)); n != 5 {
		t.Errorf("%d kept records in the store, want 5", n)
	}
	if _, err := ReadKept(st, 2); !IsNotExist(err) {
		t.Errorf("rolled-out game 2: %v", err)
	}
}

// TestHistoryOf500LoadsInParts: 500 kept games list without reading a
// single record, at most the step's lines parsed per frame, all of them
// in the end; a bad index line is skipped, never fatal.
func TestHistoryOf500LoadsInParts(t *testing.T) {
	st := &counting{}
	rec := finished(t, 3, 4, 0)
	for range 500 {
		if _, err := KeepInHistory(st, rec, false, 0); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := st.Memory.Read(histIndex)
	st.Memory.Write(histIndex, append(data, "garbage|line\n42|x|express|orange human, green computer 3|win purple|9\n"...))
	st.recordReads = 0
	const perFrame = 40
	l := NewHistoryList(st)
	frames := 0
	for {
		before := l.Parsed
		done := l.Step(perFrame)
		if got := l.Parsed - before; got > perFrame {
			t.Fatalf("frame %d parsed %d index lines, more than %d", frames, got, perFrame)
		}
		frames++
		if done {
			break
		}
	}
	if n := len(l.Entries()); n != 500 {
		t.Errorf("%d entries listed, want 500", n)
	}
	if st.recordReads != 0 {
		t.Errorf("listing read %d records; it must read the index only", st.recordReads)
	}
	if frames < 500/perFrame {
		t.Errorf("listed in %d frames", frames)
	}
}

// TestTallyAndFilter: the score against each level counts finished games
// only, from the side of the person here; the filter picks by opponent and
// variant.
func TestTallyAndFilter(t *testing.T) {
	seat := func(c logic.Color, k record.Kind, lv int) record.Seat {
		return record.Seat{Color: c, Player: record.Player{Kind: k, Level: lv}}
	}
	es := []HistoryEntry{
		{Variant: logic.Express, Seats: []record.Seat{seat(logic.Orange, record.Human, 0), seat(logic.Green, record.Computer, 2)}, Outcome: WonGame, Winner: logic.Orange},
		{Variant: logic.Express, Seats: []record.Seat{seat(logic.Orange, record.Human, 0), seat(logic.Green, record.Computer, 2)}, Outcome: WonGame, Winner: logic.Green},
		{Variant: logic.Expert, Seats: []record.Seat{seat(logic.Green, record.Computer, 2), seat(logic.Blue, record.Human, 0)}, Outcome: DrawnGame},
		{Variant: logic.Express, Seats: []record.Seat{seat(logic.Orange, record.Human, 0), seat(logic.Green, record.Computer, 2)}, Outcome: Abandoned},
		{Variant: logic.Express, Seats: []record.Seat{seat(logic.Orange, record.Human, 0), seat(logic.Green, record.Computer, 5)}, Outcome: WonGame, Winner: logic.Orange},
		{Variant: logic.Express, Seats: []record.Seat{seat(logic.Orange, record.Computer, 1), seat(logic.Green, record.Computer, 5)}, Outcome: WonGame, Winner: logic.Orange},
		{Variant: logic.Express, Seats: []record.Seat{seat(logic.Orange, record.Human, 0), seat(logic.Green, record.Human, 0)}, Outcome: WonGame, Winner: logic.Green},
	}
	tally := Tally(es)
	if tally[2] != (Score{Won: 1, Drawn: 1, Lost: 1}) || tally[5] != (Score{Won: 1}) || tally[1].Played() != 0 {
		t.Errorf("tally %+v", tally)
	}
	count := func(f HistoryFilter) int {
		n := 0
		for i := range es {
			if f.Keeps(&es[i]) {
				n++
			}
		}
		return n
	}
	if n := count(HistoryFilter{AnyOpponent: true, AnyVariant: true}); n != len(es) {
		t.Errorf("no filter keeps %d", n)
	}
	if n := count(HistoryFilter{Opponent: record.Player{Kind: record.Computer, Level: 2}, AnyVariant: true}); n != 4 {
		t.Errorf("against level 2: %d", n)
	}
	if n := count(HistoryFilter{Opponent: record.Player{Kind: record.Computer, Level: 2}, Variant: logic.Expert}); n != 1 {
		t.Errorf("against level 2 in Expert: %d", n)
	}
	if n := count(HistoryFilter{Opponent: record.Player{Kind: record.Human}, AnyVariant: true}); n != 1 {
		t.Errorf("between people here: %d", n)
	}
}
