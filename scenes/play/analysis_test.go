package play

import (
	"fmt"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// analyse runs the analysis of moves (in notation) from pos to its end,
// with a small budget a position, sliced slice nodes at a time.
func analyse(t testing.TB, pos, moves string, slice int) *Analysis {
	t.Helper()
	p, err := logic.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	var ms []logic.Move
	q := p
	for _, s := range strings.Fields(moves) {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if err := q.Play(m, nil); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		ms = append(ms, m)
	}
	a, err := NewAnalysis(p, ms, AnalysisConfig{MaxNodes: 20000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !a.Step(slice); steps++ {
		if steps > 1e6 {
			t.Fatal("the analysis never ends")
		}
	}
	return a
}

// marks writes the marked moves as "ply:verdict" for a table to compare.
func marks(a *Analysis) string {
	var out []string
	for _, p := range a.Marked(nil) {
		out = append(out, fmt.Sprint(p, ":", a.Verdict(p)))
	}
	return strings.Join(out, " ")
}

func TestAnalysisMarksTheMovesThatLost(t *testing.T) {
	for _, tc := range []struct {
		name, pos, moves, want string
	}{
		// Orange's open three on rank 4: only W4 and E4 stop it growing
		// into an open four (§4: five in a row wins with two players).
		{"§4 a push elsewhere lets the open three win", "g6/7/7/1ooo3/7/7/7 express og g 19,21 0,0 0,0", "Nd", "1:lost"},
		{"§4 the block loses nothing", "g6/7/7/1ooo3/7/7/7 express og g 19,21 0,0 0,0", "W4", ""},
		// Orange's four wins after green's forced W4 (the search
		// proves it); green's move is no mistake, the game was lost,
		// orange's W4 lets the win go.
		{"§4 a forced win let go", "g6/7/7/1oooo2/7/7/7 express og g 18,21 0,0 0,0", "W4 W4", "2:missed"},
		{"§4 the forced win kept", "g6/7/7/1oooo2/7/7/7 express og g 18,21 0,0 0,0", "W4 E4", ""},
		// Three players (§4: four in a row): green must block blue, the
		// next seat, who otherwise wins at once.
		{"§4 three players: the next seat's win let through", "o6/7/7/1bbb3/7/7/g6 express ogb g 21,21,19 0,0,0 0,0,0", "Nd", "1:lost"},
		{"§4 three players: the next seat blocked", "o6/7/7/1bbb3/7/7/g6 express ogb g 21,21,19 0,0,0 0,0,0", "W4", ""},
		{"§4 three players: a win in one missed", "g6/7/7/1ooo3/7/7/b6 express ogb o 19,21,21 0,0,0 0,0,0", "Nd", "1:missed"},
		// A quiet opening: nothing is decided yet, nothing is marked.
		{"§2 a quiet opening", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "W4 Nd E3 Sb", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := analyse(t, tc.pos, tc.moves, 3000)
			if got := marks(a); got != tc.want {
				for i := 0; i <= a.Plies(); i++ {
					t.Logf("ply %d: %+v", i, a.At(i))
				}
				t.Errorf("marked %q, want %q", got, tc.want)
			}
		})
	}
}

// TestAnalysisEvaluates: the known wins read as "wins in N" for the right
// seat, a finished game as its result, and a chance the seat to move has.
func TestAnalysisEvaluates(t *testing.T) {
	a := analyse(t, "g6/7/7/1oooo2/7/7/7 express og g 18,21 0,0 0,0", "W4 E4 Ne W4", 3000)
	for _, want := range []struct{ ply, toMove, winner, in int }{
		{0, 1, 0, 0},  // green to move, lost: the search proves orange's win
		{1, 0, 0, 0},  // orange to move wins, not at once
		{3, 0, 0, 1},  // orange wins with W4
		{4, -1, 0, 0}, // over
	} {
		e := a.At(want.ply)
		if !e.Known || e.ToMove != want.toMove || e.Winner != want.winner || e.Chance[want.winner] != 1 || e.WinIn != want.in {
			t.Errorf("ply %d: %+v, want to move %d, winner %d in %d", want.ply, e, want.toMove, want.winner, want.in)
		}
	}
	if b := a.At(3).Best.String(); b != "W4" {
		t.Errorf("best move with the win in one: %s, want W4", b)
	}
	q := analyse(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "W4", 3000)
	for ply := 0; ply <= 1; ply++ {
		e := q.At(ply)
		if sum := e.Chance[0] + e.Chance[1]; e.Winner >= 0 || sum < 0.999 || sum > 1.001 || e.Chance[0] <= 0 || e.Chance[1] <= 0 || e.Best == logic.NoMove {
			t.Errorf("opening ply %d: %+v", ply, e)
		}
	}
}

// TestAnalysisIsDeterministic: the same game gives the same evaluations
// however finely the work is sliced.
func TestAnalysisIsDeterministic(t *testing.T) {
	const pos, moves = "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "W4 Nd E3"
	a, b := analyse(t, pos, moves, 700), analyse(t, pos, moves, 1<<20)
	for ply := 0; ply <= a.Plies(); ply++ {
		if a.At(ply) != b.At(ply) {
			t.Errorf("ply %d: %+v sliced finely, %+v in one go", ply, a.At(ply), b.At(ply))
		}
	}
}

// TestAnalysisStops: a stopped analysis (the replay closed) does no more
// work and reports itself done.
func TestAnalysisStops(t *testing.T) {
	p, _ := logic.ParsePosition("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0")
	var ms []logic.Move
	for _, s := range []string{"W4", "Nd", "E3"} {
		m, _ := p.ParseMove(s)
		ms = append(ms, m)
		p.Play(m, nil)
	}
	start, _ := logic.ParsePosition("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0")
	a, err := NewAnalysis(start, ms, AnalysisConfig{MaxNodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	a.Step(500)
	if a.Done() {
		t.Fatal("done after one slice")
	}
	a.Stop()
	done, total := a.Progress()
	if !a.Done() || !a.Step(1<<20) || total != 4 {
		t.Fatalf("stopped: done %v, progress %d/%d", a.Done(), done, total)
	}
	if d, _ := a.Progress(); d != done || a.At(1).Known {
		t.Errorf("work after Stop: progress %d, was %d", d, done)
	}
}

// TestAnalysisRefusesAnIllegalGame: a move the rules refuse is an error.
func TestAnalysisRefusesAnIllegalGame(t *testing.T) {
	p, err := logic.ParsePosition("ogogogo/7/7/7/7/7/7 express og o 18,19 0,0 0,0")
	if err != nil {
		t.Fatal(err)
	}
	e, err := logic.ParseEntry("E7")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewAnalysis(p, []logic.Move{logic.Insert(e)}, AnalysisConfig{}); err == nil {
		t.Error("a full track accepted")
	}
}

// TestAnalysisEveryVariant: games of every variant and table size, played
// out by Beginners, are analysed to the end; every position's shares add
// up to one, a known winner holds them all, and the verdicts stay on the
// moves.
func TestAnalysisEveryVariant(t *testing.T) {
	colors := []logic.Color{logic.Orange, logic.Green, logic.Blue, logic.White}
	for v := logic.Express; v <= logic.Extreme; v++ {
		for n := 2; n <= 4; n++ {
			t.Run(fmt.Sprint(v, n), func(t *testing.T) {
				start, err := logic.NewGame(logic.Setup{Variant: v, Seats: colors[:n]})
				if err != nil {
					t.Fatal(err)
				}
				p := start
				var ms []logic.Move
				for k := 0; k < 24 && !p.Over(); k++ {
					m := ai.Think(p, ai.Config{Level: 1, Seed: uint64(k)})
					p.Apply(m, nil)
					ms = append(ms, m)
				}
				a, err := NewAnalysis(start, ms, AnalysisConfig{MaxNodes: 3000, Seed: 2})
				if err != nil {
					t.Fatal(err)
				}
				for !a.Step(1000) {
				}
				q := start
				for ply := 0; ply <= a.Plies(); ply++ {
					e := a.At(ply)
					sum := 0.0
					for s := 0; s < n; s++ {
						sum += e.Chance[s]
					}
					toMove := -1
					if !q.Over() {
						toMove = q.ToMoveSeat()
					}
					switch {
					case !e.Known || e.ToMove != toMove:
						t.Errorf("ply %d: %+v, to move %d", ply, e, toMove)
					case sum < 0.999 || sum > 1.001:
						t.Errorf("ply %d: shares add up to %.4f: %+v", ply, sum, e)
					case e.Winner >= 0 && e.Chance[e.Winner] != 1:
						t.Errorf("ply %d: winner %d holds %.3f", ply, e.Winner, e.Chance[e.Winner])
					case !q.Over() && e.Best == logic.NoMove:
						t.Errorf("ply %d: no best move", ply)
					}
					if ply < a.Plies() {
						q.Apply(ms[ply], nil)
					}
				}
				if m := a.Marked(nil); len(m) > 0 && (m[0] < 1 || m[len(m)-1] > a.Plies()) {
					t.Errorf("marks %v off the %d moves", m, a.Plies())
				}
			})
		}
	}
}

// BenchmarkAnalysisStep is one frame's slice of the analysis of an
// opening, new searches started as the positions finish: the time a frame
// gives it (a few ms at most).
func BenchmarkAnalysisStep(b *testing.B) {
	b.ReportAllocs()
	p, _ := logic.ParsePosition("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0")
	var ms []logic.Move
	q := p
	for _, s := range strings.Fields("W4 Nd E3 Sb W2 Nf") {
		m, _ := q.ParseMove(s)
		q.Play(m, nil)
		ms = append(ms, m)
	}
	a, _ := NewAnalysis(p, ms, AnalysisConfig{})
	for b.Loop() {
		if a.Step(DefaultNodesPerTick / 2) {
			a, _ = NewAnalysis(p, ms, AnalysisConfig{})
		}
	}
	a.Stop()
}

// TestAnalysisFocus: the position asked for is evaluated first, the rest
// after it, and the results are those of the analysis in order.
func TestAnalysisFocus(t *testing.T) {
	const pos, moves = "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "W4 Nd E3 Sb"
	plain := analyse(t, pos, moves, 1<<20)
	p, _ := logic.ParsePosition(pos)
	var ms []logic.Move
	q := p
	for _, s := range strings.Fields(moves) {
		m, _ := q.ParseMove(s)
		q.Play(m, nil)
		ms = append(ms, m)
	}
	a, err := NewAnalysis(p, ms, AnalysisConfig{MaxNodes: 20000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	a.Focus(3)
	for done, _ := a.Progress(); done == 0; done, _ = a.Progress() {
		a.Step(900)
	}
	if !a.At(3).Known || a.At(0).Known {
		t.Fatalf("focus on 3: known first %v, 0 known %v", a.At(3).Known, a.At(0).Known)
	}
	a.Focus(1) // while 4 is under way
	a.Step(900)
	for !a.Step(900) {
	}
	for ply := 0; ply <= a.Plies(); ply++ {
		if a.At(ply) != plain.At(ply) {
			t.Errorf("ply %d: %+v focused, %+v in order", ply, a.At(ply), plain.At(ply))
		}
	}
}
