package logic

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"shiftago/logic/race"
)

// checkPlayout plays a seeded random game and checks, after every move, the
// invariants the rules promise. It returns the first violation.
func checkPlayout(seed int64, v Variant, players int, sitOuts []int) error {
	r := rand.New(rand.NewSource(seed))
	p, err := NewGame(Standard(v, players, sitOuts))
	if err != nil {
		return err
	}
	var buf [MaxMoves]Move
	var tr Trace
	for ply := 0; !p.Over(); ply++ {
		if ply > 2000 {
			return fmt.Errorf("seed %d: game longer than 2000 moves", seed)
		}
		moves := p.Moves(buf[:0])
		if len(moves) == 0 {
			return fmt.Errorf("seed %d ply %d: ongoing with no legal move\n%s", seed, ply, p.Diagram())
		}
		// MovesAt is Moves for one entry point.
		e := Entry(r.Intn(NumEntries))
		var at []Move
		for _, m := range moves {
			if m.Entry() == e {
				at = append(at, m)
			}
		}
		if got := p.MovesAt(e, nil); !slices.Equal(got, at) {
			return fmt.Errorf("seed %d ply %d: MovesAt(%s) = %v, Moves has %v\n%s", seed, ply, e, got, at, p.Diagram())
		}
		prev := p
		m := moves[r.Intn(len(moves))]
		p.Apply(m, &tr)
		if err := checkStep(&prev, m, &p, &tr); err != nil {
			return fmt.Errorf("seed %d ply %d move %s: %v\nbefore:\n%s\nafter:\n%s", seed, ply, m, err, prev.Diagram(), p.Diagram())
		}
	}
	return nil
}

func checkStep(prev *Position, m Move, p *Position, tr *Trace) error {
	n := p.Players()
	mover := prev.ToMoveSeat()
	// §1: marbles are never lost: board + supply = 22 for every colour.
	for i := 0; i < n; i++ {
		if c := p.Marbles(i).Count() + p.Supply(i); c != MarblesPerColor || p.Supply(i) < 0 {
			return fmt.Errorf("%s: board + supply = %d", p.SeatColor(i), c)
		}
		// §5: scores never fall; only the mover's changes.
		if p.Score(i) < prev.Score(i) || (i != mover && p.Score(i) != prev.Score(i)) {
			return fmt.Errorf("%s's score went from %d to %d", p.SeatColor(i), prev.Score(i), p.Score(i))
		}
		if p.SitOuts(i) > prev.SitOuts(i) {
			return fmt.Errorf("%s's sit-outs grew", p.SeatColor(i))
		}
	}
	var all Bitboard
	for i := 0; i < n; i++ {
		if all&p.Marbles(i) != 0 {
			return fmt.Errorf("two marbles on one square")
		}
		all |= p.Marbles(i)
	}
	if all != p.Occupied() || all&^boardMask != 0 {
		return fmt.Errorf("occupancy out of step")
	}
	// §2: a board of one colour never has two marbles side by side.
	for i := 0; i < n; i++ {
		if all == p.Marbles(i) && orthoAdjacent(all) {
			return fmt.Errorf("single-colour board with neighbours")
		}
	}
	// The incremental hash equals one computed from scratch.
	if p.Hash() != p.computeHash() {
		return fmt.Errorf("incremental hash %x, recomputed %x", p.Hash(), p.computeHash())
	}
	// §10 §11.1: the to-move field is the colour to move, or once the game
	// is over '-' and the winner's letter, '-' alone for a draw.
	if got, want := strings.Fields(p.String())[3], toMoveField(p); got != want {
		return fmt.Errorf("to-move field %q, want %q for %s", got, want, p.Result())
	}
	if err := checkRoundTrip(p); err != nil {
		return err
	}
	// The move's notation reads back as the same move.
	if back, err := prev.ParseMove(m.String()); err != nil || back != m {
		return fmt.Errorf("notation %s reads back as %s, %v", m, back, err)
	}
	// The trace replays: slides on the previous board, then removals, give
	// the new board.
	board := map[Square]Color{}
	for s := Square(0); s < 56; s++ {
		if c := prev.At(s); c != NoColor {
			board[s] = c
		}
	}
	sl := tr.Slides()
	for k := len(sl) - 1; k >= 1; k-- {
		board[sl[k].To] = board[sl[k].From]
	}
	board[sl[0].To] = prev.ToMove()
	for _, s := range tr.Removed() {
		delete(board, s)
	}
	for s := Square(0); s < 56; s++ {
		if got, ok := board[s]; p.At(s) != NoColor && (!ok || got != p.At(s)) || p.At(s) == NoColor && ok {
			return fmt.Errorf("trace replays to a different board at %s", s)
		}
	}
	// §4 §5 §9: the game ends exactly when the rules say.
	line := hasRun(p.Marbles(mover), WinLength(n))
	switch {
	case p.Variant() == Express && line:
		if p.Result() != (Result{Won, prev.ToMove()}) {
			return fmt.Errorf("the mover made a line but the result is %s", p.Result())
		}
	case p.Variant() != Express && p.Score(mover) >= WinningPoints:
		if p.Result() != (Result{Won, prev.ToMove()}) {
			return fmt.Errorf("the mover reached 10 but the result is %s", p.Result())
		}
	case p.Over():
		// Someone whose turn it was had no marble or no legal insertion.
		if tr.Next != NoColor || tr.Handover != GameOver {
			return fmt.Errorf("over but the trace hands over to %s", tr.Next)
		}
		if p.Variant() == Express && p.Result().State != Drawn {
			return fmt.Errorf("Express ended without a line but result %s", p.Result())
		}
	default:
		if !p.hasInsertion(p.ToMoveSeat()) || p.Result().State != Ongoing {
			return fmt.Errorf("ongoing but %s cannot insert", p.ToMove())
		}
		if m.Scores() != (p.ToMoveSeat() == mover && tr.Handover == ExtraTurn) {
			return fmt.Errorf("scoring %v but hand-over %s to %s", m.Scores(), tr.Handover, p.ToMove())
		}
	}
	return nil
}

// toMoveField is what the to-move field of p's string must say (RULES.md
// §10, §11.1).
func toMoveField(p *Position) string {
	switch r := p.Result(); r.State {
	case Won:
		return "-" + string(r.Winner.Letter())
	case Drawn:
		return "-"
	}
	return string(p.ToMove().Letter())
}

// unreadableDraw reports whether p is a drawn Express game with a winning
// line on the board. Its string has '-' alone (§11.1), and a reader given
// a bare '-' cannot tell that draw from a win by the line's owner, so it
// refuses the string (§10): the one position whose string does not read
// back.
func unreadableDraw(p *Position) bool {
	if p.Variant() != Express || p.Result().State != Drawn {
		return false
	}
	for i := 0; i < p.Players(); i++ {
		if hasRun(p.Marbles(i), WinLength(p.Players())) {
			return true
		}
	}
	return false
}

// checkRoundTrip requires p's string to read back as p, but for the
// unreadable draw, which must be refused as unknown.
func checkRoundTrip(p *Position) error {
	q, err := ParsePosition(p.String())
	switch {
	case unreadableDraw(p):
		if err == nil || !strings.Contains(err.Error(), "unknown") {
			return fmt.Errorf("%q, a draw with a winning line on the board, reads back as %s, %v: want it refused as unknown (RULES.md §10)", p.String(), q.Result(), err)
		}
	case err != nil:
		return fmt.Errorf("format %q does not parse: %v", p.String(), err)
	case q != *p:
		return fmt.Errorf("round trip changed the position:\n%s\n%s", p.String(), q.String())
	}
	return nil
}

// TestRandomPlayouts checks the rules' invariants after every move of
// 1,800 seeded random games. One goroutine: it skips under -race.
func TestRandomPlayouts(t *testing.T) {
	race.SkipSlow(t)
	games := 200
	if testing.Short() {
		games = 30
	}
	for _, v := range []Variant{Express, Expert, Extreme} {
		for n := 2; n <= 4; n++ {
			for g := 0; g < games; g++ {
				var sits []int
				if g%3 == 1 {
					sits = make([]int, n)
					sits[g%n] = 1 + g%MaxSitOuts
				}
				if err := checkPlayout(int64(g*31+n), v, n, sits); err != nil {
					t.Fatalf("%s %dp sit-outs %v: %v", v, n, sits, err)
				}
			}
		}
	}
}

func FuzzPlayout(f *testing.F) {
	f.Add(int64(1), uint8(0), uint8(2), uint8(0))
	f.Add(int64(7), uint8(1), uint8(3), uint8(2))
	f.Add(int64(9), uint8(2), uint8(4), uint8(5))
	f.Fuzz(func(t *testing.T, seed int64, v, n, sit uint8) {
		players := 2 + int(n%3)
		sits := make([]int, players)
		sits[int(sit)%players] = int(sit) % (MaxSitOuts + 1)
		if err := checkPlayout(seed, Variant(v%3), players, sits); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzParsePosition feeds arbitrary text to the parser: it must never
// panic, and whatever it accepts must format to a string that parses back
// to the same position (but for the unreadable draw, see unreadableDraw),
// naming a finished game's winner (RULES.md §10, §11.1).
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"7/7/7/7/7/7/7 express og o 22,22 0,0 0,0",
		"5g1/7/7/b2o3/7/7/6o extreme ogb o 20,21,21 0,0,0 0,0,0",
		"7/7/7/o5o/5g1/7/7 expert og - 20,21 10,0 0,0",
		"7/7/7/o5o/5g1/7/7 expert og -o 20,21 10,0 0,0",
		"ooooo2/7/ggggg2/7/7/7/7 express og -g 17,17 0,0 0,0",
		"gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/1ogggoo extreme og -g 1,0 2,5 0,0",
		"gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/1ogggoo express og - 1,0 0,0 0,0",
		"gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/1ogggoo express og o 1,0 0,0 0,0",
		"7/7/7/7/7/7/7 express ogbw w 22,22,22,22 0,0,0,0 0,3,0,1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if got, want := strings.Fields(p.String())[3], toMoveField(&p); got != want {
			t.Fatalf("%q formats as %q: to-move %q, want %q", s, p.String(), got, want)
		}
		if err := checkRoundTrip(&p); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if p.Hash() != p.computeHash() {
			t.Fatal("hash out of step")
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"W4", "Nd", "W4xa4-d4=d4", "Saxa1-a4=a1", "E7xg1-g5", "x", ""} {
		f.Add(s)
	}
	p, _ := ParsePosition("5g1/7/7/1ooo3/o6/o6/o6 expert ogb o 16,21,22 0,0,0 0,0,0")
	legal := map[Move]bool{}
	for _, m := range p.Moves(nil) {
		legal[m] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		if !legal[m] {
			t.Fatalf("ParseMove(%q) = %s, which is not legal", s, m)
		}
		if back, err := p.ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("%s does not read back: %v", m, err)
		}
	})
}
