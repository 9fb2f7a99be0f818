package record

import (
	"reflect"
	"strings"
	"testing"

	"shiftago/logic"
)

const sample = `Shiftago record 1
Variant: express
Seats: orange human, green computer 3
Handicap: 0, 0
Starter: orange
Date: 2026-03-01

1. W4
2. Nd
3. W3   # a comment
4. Ng 5. Sa
`

func TestParseGood(t *testing.T) {
	r, err := Parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	if r.Variant != logic.Express || len(r.Seats) != 2 || r.Starter != 0 || r.Date != "2026-03-01" {
		t.Fatalf("header read wrong: %+v", r)
	}
	if !r.Seats[1].Player.IsComputer() || r.Seats[1].Player.Level != 3 || r.Seats[0].Player.IsComputer() {
		t.Fatalf("seats read wrong: %+v", r.Seats)
	}
	if got := len(r.Moves); got != 5 {
		t.Fatalf("%d moves, want 5", got)
	}
	p, err := r.Final()
	if err != nil {
		t.Fatal(err)
	}
	if p.ToMove() != logic.Green {
		t.Errorf("after 5 moves %s is to move, want green", p.ToMove())
	}
}

// TestParseBad: a bad record is refused with the line and the reason.
func TestParseBad(t *testing.T) {
	cases := []struct {
		name string
		text string
		line int
		want string
	}{
		{"empty", "", 0, "empty"},
		{"foreign", "{\"json\": true}\n", 1, "not a Shiftago game record"},
		{"future version", "Shiftago record 7\nVariant: express\n", 1, "newer version"},
		{"no variant", "Shiftago record 1\nSeats: o human, g human\n", 1, "no Variant"},
		{"bad variant", "Shiftago record 1\nVariant: turbo\n", 2, "unknown variant"},
		{"one seat", "Shiftago record 1\nVariant: express\nSeats: orange human\n", 3, "2 to 4"},
		{"seat twice", "Shiftago record 1\nVariant: express\nSeats: orange human, orange human\n", 3, "seated twice"},
		{"bad level", "Shiftago record 1\nVariant: express\nSeats: orange human, green computer 42\n", 3, "level"},
		{"handicap count", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nHandicap: 1\n", 4, "1 handicaps for 2 seats"},
		{"handicap 7 (§7)", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nHandicap: 7, 0\n", 4, "0 to 6"},
		{"starter not seated", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nStarter: blue\n", 4, "not one of the seats"},
		{"bad date", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nDate: yesterday\n", 4, "YYYY-MM-DD"},
		{"unknown header", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nColour: red\n", 4, "unknown header"},
		{"twice", "Shiftago record 1\nVariant: express\nVariant: expert\n", 3, "twice"},
		{"§2 bad entry", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\n\nW4\nQ9\n", 6, "move 2"},
		{"§5 must score", "Shiftago record 1\nVariant: expert\nSeats: orange human, green human\nPosition: 7/7/7/oooo3/7/7/g6 expert og o 18,21 0,0 0,0\n\nW4\n", 6, "must be scored"},
		{"§4 express scores nothing", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\n\nW4xa4-e4\n", 5, "Express scores no lines"},
		{"move number", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\n\n1. W4\n3. Nd\n", 6, "move number 3"},
		{"result wrong", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nResult: win green\n\nW4\n", 4, "the moves give \"ongoing\""},
		{"§2 full track", "Shiftago record 1\nVariant: express\nSeats: orange human, green human\nPosition: 7/7/7/ogogogo/7/7/7 express og g 18,19 0,0 0,0\n\nW4\n", 6, "full"},
		{"position seats differ", "Shiftago record 1\nVariant: express\nSeats: orange human, blue human\nPosition: 7/7/7/7/7/7/7 express og o 22,22 0,0 0,0\n", 1, "seat 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Parse(tc.text)
			if err == nil {
				t.Fatalf("accepted: %+v", r)
			}
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %T %v is not a *record.Error", err, err)
			}
			if e.Line != tc.line || !strings.Contains(e.Msg, tc.want) {
				t.Errorf("got %q (line %d), want line %d and %q", err, e.Line, tc.line, tc.want)
			}
		})
	}
}

// playout plays a seeded game of the given setup to its end or n moves.
func playout(t testing.TB, s logic.Setup, seed uint64, n int) []logic.Move {
	p, err := logic.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []logic.Move
	var buf [logic.MaxMoves]logic.Move
	x := seed | 1
	for len(out) < n && !p.Over() {
		ms := p.Moves(buf[:0])
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		m := ms[x%uint64(len(ms))]
		p.Apply(m, nil)
		out = append(out, m)
	}
	return out
}

// TestRoundTrip writes and reads back whole games of every variant and
// player count, with handicaps, scoring moves and kept ends.
func TestRoundTrip(t *testing.T) {
	for v := logic.Express; v <= logic.Extreme; v++ {
		for n := 2; n <= 4; n++ {
			for seed := uint64(1); seed <= 3; seed++ {
				s := logic.Standard(v, n, nil)
				s.SitOuts = make([]int, n)
				s.SitOuts[n-1] = int(seed) % 3
				s.Starter = int(seed) % n
				r := &Record{Variant: v, Starter: s.Starter, Date: "2026-01-31"}
				for i, c := range s.Seats {
					r.Seats = append(r.Seats, Seat{Color: c, Player: OldPlayer(i%2 == 1, (i%2)*4), SitOuts: s.SitOuts[i]})
				}
				r.Moves = playout(t, s, seed*977+uint64(n), 400)
				text := r.String()
				back, err := Parse(text)
				if err != nil {
					t.Fatalf("%s %dp: %v\n%s", v, n, err, text)
				}
				if !reflect.DeepEqual(r, back) {
					t.Fatalf("%s %dp: round trip differs:\n%+v\n%+v", v, n, r, back)
				}
				if p, _ := back.Final(); p.Over() != strings.Contains(text, "Result: ") {
					t.Errorf("%s %dp: Result header written %v for a game over=%v", v, n, strings.Contains(text, "Result: "), p.Over())
				}
			}
		}
	}
}

// TestReplay steps to every ply and matches a straight playthrough.
func TestReplay(t *testing.T) {
	s := logic.Standard(logic.Expert, 3, nil)
	r := &Record{Variant: logic.Expert, Seats: []Seat{{Color: logic.Orange}, {Color: logic.Green}, {Color: logic.Blue}}}
	r.Moves = playout(t, s, 99, 300)
	p, _ := logic.NewGame(s)
	movers, err := r.Movers()
	if err != nil {
		t.Fatal(err)
	}
	for ply := 0; ply <= len(r.Moves); ply++ {
		q, tr, ok, err := r.Replay(ply)
		if err != nil {
			t.Fatal(err)
		}
		if q.String() != p.String() {
			t.Fatalf("ply %d: %s, want %s", ply, q.String(), p.String())
		}
		if ok != (ply > 0) || (ok && tr.Mover != q.SeatColor(movers[ply-1])) {
			t.Fatalf("ply %d: trace mover %s, want seat %d", ply, tr.Mover, movers[ply-1])
		}
		if ply < len(r.Moves) {
			p.Apply(r.Moves[ply], nil)
		}
	}
	if _, _, _, err := r.Replay(len(r.Moves) + 1); err == nil {
		t.Error("replay past the end accepted")
	}
}

// FuzzParse: whatever the input, Parse never panics; what it accepts is a
// legal game (every colour's marbles on the board and in supply add up to
// 22, §1), and writing it out reads back to the same record.
func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("Shiftago record 1\nVariant: extreme\nSeats: o human, g computer 2, b human\nHandicap: 0,1,0\nStarter: g\n\nW4 Nd\n")
	f.Add("Shiftago record 1\nVariant: expert\nSeats: orange human, green human\nPosition: 7/7/7/oooo3/7/7/g6 expert og o 18,21 0,0 0,0\n\nW4xa4-e4\n")
	r := &Record{Variant: logic.Extreme, Seats: []Seat{{Color: logic.Orange}, {Color: logic.Green}, {Color: logic.Blue}}}
	r.Moves = playout(f, logic.Standard(logic.Extreme, 3, nil), 5, 120)
	f.Add(r.String())
	f.Fuzz(func(t *testing.T, text string) {
		r, err := Parse(text)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T is not a *record.Error", err)
			}
			return
		}
		p, err := r.Final()
		if err != nil {
			t.Fatalf("accepted a record that does not replay: %v", err)
		}
		for i := 0; i < p.Players(); i++ {
			if on := p.Marbles(i).Count(); on+p.Supply(i) != logic.MarblesPerColor || p.Supply(i) < 0 {
				t.Fatalf("seat %d: %d on board + %d in supply", i, on, p.Supply(i))
			}
		}
		out := r.String()
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("own output refused: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(r, back) || back.String() != out {
			t.Fatalf("round trip differs:\n%s\n---\n%s", out, back.String())
		}
	})
}
