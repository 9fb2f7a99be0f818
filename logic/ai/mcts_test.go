package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
	"shiftago/logic/race"
)

// TestPlayoutPolicy: a playout move takes a win in one (a winning line in
// Express, 10 points in Expert and Extreme) and otherwise never leaves the
// next seat a win in one when some move avoids it, on seeded random
// positions of every variant with three and four players.
func TestPlayoutPolicy(t *testing.T) {
	race.SkipSlow(t)
	rng := rand.New(rand.NewPCG(8, 9))
	checked := [2]int{}
	for i := 0; i < 3000; i++ {
		v := logic.Variant(i % 3)
		n := 3 + i%2
		p := aitest.RandomPosition(rng, v, n, 6+rng.IntN(60))
		if p.Over() {
			continue
		}
		st := newSearcher(p, Config{Level: 5, Seed: uint64(i)})
		tr := &mcts{rng: rand.New(rand.NewPCG(uint64(i), 1))}
		q := p
		st.playoutStep(tr, &q, false)
		var buf [logic.MaxMoves]logic.Move
		var played []logic.Move
		for _, m := range p.Moves(buf[:0]) {
			x := p
			x.Apply(m, nil)
			if x == q {
				played = append(played, m)
			}
		}
		if len(played) == 0 {
			t.Fatalf("the playout move is no legal move\n%s", p.Diagram())
		}
		me := p.ToMoveSeat()
		if wins := outrightWins(&p); len(wins) > 0 {
			checked[0]++
			if !q.Over() || q.SeatOf(q.Result().Winner) != me {
				t.Fatalf("played %v, not a win of %v\n%s", played, wins, p.Diagram())
			}
			continue
		}
		safe, threatened := blocks(&p)
		if threatened && len(safe) > 0 {
			checked[1]++
			if !slices.ContainsFunc(played, func(m logic.Move) bool { return slices.Contains(safe, m) }) {
				t.Fatalf("played %v, leaving the next seat a win; safe: %v\n%s", played, safe, p.Diagram())
			}
		}
	}
	if checked[0] < 50 || checked[1] < 50 {
		t.Fatalf("too few telling positions: %d with a win, %d with a threat", checked[0], checked[1])
	}
	t.Logf("%d positions with a win in one, %d with a threat to stop", checked[0], checked[1])
}

// outrightWins lists the moves that win at once by a line (Express) or by
// reaching 10 points (Expert, Extreme), not by the game running out.
func outrightWins(p *logic.Position) []logic.Move {
	var out []logic.Move
	for _, m := range winsNow(p) {
		q := *p
		q.Apply(m, nil)
		if p.Variant() == logic.Express || q.Score(p.ToMoveSeat()) >= logic.WinningPoints {
			out = append(out, m)
		}
	}
	return out
}
