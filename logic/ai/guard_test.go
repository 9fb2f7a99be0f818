package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
)

// rootMovesOf lists the root moves a level's search would think about.
func rootMovesOf(p logic.Position, level int) []logic.Move {
	st := newSearcher(p, Config{Level: level, NoBook: true})
	var out []logic.Move
	for _, rm := range st.rootMoves {
		out = append(out, rm.m)
	}
	return out
}

// TestGuardStopsWinsFurtherOn: positions where a move leaves a seat beyond
// the next one a win the seats before it cannot stop. The first is from an
// arena game (Grandmaster against three Masters): the Grandmaster, green,
// played Na, after which blue could not stop white's win. In the second
// (seeded random play) orange's Nd leaves white, three seats on, a win
// that neither green nor blue can stop. The tactics every level has look
// at the next seat only, so the Master considers these moves.
func TestGuardStopsWinsFurtherOn(t *testing.T) {
	for _, c := range []struct{ pos, move, winner string }{
		{"1g1gbw1/1g1goww/gg2bw1/1og1bbw/wboowgg/owooobb/woo1bb1 express ogbw g 12,13,13,13 0,0,0,0 0,0,0,0", "Na", "w"},
		{"boowgbb/ogg1wob/bg2b1o/1b3bw/wgww1oo/gobwbgg/wggwoow express ogbw o 12,12,12,12 0,0,0,0 0,0,0,0", "Nd", "w"},
	} {
		p, err := logic.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(rootMovesOf(p, 4), m) {
			t.Fatalf("%s: the Master does not consider %s: the position no longer shows the guard's work", c.pos, c.move)
		}
		gm := rootMovesOf(p, MaxLevel)
		if slices.Contains(gm, m) || len(gm) == 0 {
			t.Fatalf("%s: the Grandmaster's root moves %v (%s should be dropped)", c.pos, gm, c.move)
		}
		w, _ := logic.ColorOf(c.winner[0])
		q := p
		q.Apply(m, nil)
		if !forcedByBrute(&q, p.SeatOf(w), p.ToMoveSeat()) {
			t.Fatalf("%s: after %s the win of %s is not forced: the test's premise is wrong", c.pos, c.move, c.winner)
		}
	}
}

// forcedByBrute is the guard's question asked the long way: does seat x win
// at its turn whatever the seats before it (up to root's turn) play, trying
// every move of x rather than the bitboard test?
func forcedByBrute(q *logic.Position, x, root int) bool {
	if q.Over() {
		r := q.Result()
		return r.State == logic.Won && q.SeatOf(r.Winner) == x
	}
	var buf [logic.MaxMoves]logic.Move
	moves := q.Moves(buf[:0])
	switch q.ToMoveSeat() {
	case x:
		for _, m := range moves {
			y := *q
			y.Apply(m, nil)
			if r := y.Result(); y.Over() && r.State == logic.Won && y.SeatOf(r.Winner) == x {
				return true
			}
		}
		return false
	case root:
		return false
	}
	for _, m := range moves {
		y := *q
		y.Apply(m, nil)
		if !forcedByBrute(&y, x, root) {
			return false
		}
	}
	return len(moves) > 0
}

// TestGuardMatchesBruteForce: on seeded random three- and four-player
// Express positions, the Grandmaster's root moves are exactly the moves
// the next seat cannot answer with a win and after which no later seat's
// win is forced (all of the former when none is). It fails if the guard
// drops a sound move or keeps one that hands a forced win.
func TestGuardMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 15))
	positions, cut := 0, 0
	for i := 0; positions < 600 && i < 30000; i++ {
		n := 3 + i%2
		p := aitest.RandomPosition(rng, logic.Express, n, 12+rng.IntN(28))
		if p.Over() {
			continue
		}
		master, gm := rootMovesOf(p, 4), rootMovesOf(p, MaxLevel)
		if len(master) <= 1 {
			continue // a single move (a win, or one safe move) is played unsearched
		}
		positions++
		me := p.ToMoveSeat()
		var want []logic.Move
		for _, m := range master {
			q := p
			q.Apply(m, nil)
			forced := false
			for x := 0; x < n && !q.Over(); x++ {
				if x != me && forcedByBrute(&q, x, me) {
					forced = true
					break
				}
			}
			if !forced {
				want = append(want, m)
			}
		}
		if len(want) == 0 {
			want = master
		}
		if !slices.Equal(gm, want) {
			t.Fatalf("root moves %v, want %v\n%s", gm, want, p.Diagram())
		}
		if len(gm) < len(master) {
			cut++
		}
	}
	if positions < 600 || cut < 20 {
		t.Fatalf("%d positions, %d where the guard dropped a move: too few to show anything", positions, cut)
	}
	t.Logf("%d positions; the guard dropped moves in %d", positions, cut)
}
