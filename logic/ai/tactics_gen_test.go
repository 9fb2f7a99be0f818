package ai

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
)

var genTactics = flag.Bool("gentactics", false, "print candidate tactical positions")

var (
	genVariants = []logic.Variant{logic.Express, logic.Expert, logic.Extreme}
	genMin      = 2
	genPlies    = 150
)

// winsNow lists the moves after which seat has won.
func winsNow(p *logic.Position) []logic.Move {
	var buf [logic.MaxMoves]logic.Move
	var out []logic.Move
	me := p.ToMoveSeat()
	for _, m := range p.Moves(buf[:0]) {
		q := *p
		q.Apply(m, nil)
		if q.Over() && q.Result().State == logic.Won && q.SeatOf(q.Result().Winner) == me {
			out = append(out, m)
		}
	}
	return out
}

// blocks lists the moves after which the next seat, an opponent, has no
// win in one; threatened says whether some move leaves him one.
func blocks(p *logic.Position) (safe []logic.Move, threatened bool) {
	var buf [logic.MaxMoves]logic.Move
	me := p.ToMoveSeat()
	for _, m := range p.Moves(buf[:0]) {
		q := *p
		q.Apply(m, nil)
		if q.Over() || q.ToMoveSeat() == me || len(winsNow(&q)) == 0 {
			safe = append(safe, m)
		} else {
			threatened = true
		}
	}
	return safe, threatened
}

func TestGenerateTactics(t *testing.T) {
	if !*genTactics {
		t.Skip("run with -gentactics")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, v := range genVariants {
		for n := genMin; n <= 4; n++ {
			found := map[string]int{}
			for tries := 0; tries < 200000 && (found["win"] < 2 || found["block"] < 2 || found["ten"] < 1); tries++ {
				p := aitest.RandomPosition(rng, v, n, 10+rng.IntN(genPlies))
				if p.Over() {
					continue
				}
				var buf [logic.MaxMoves]logic.Move
				all := len(p.Moves(buf[:0]))
				w := winsNow(&p)
				me := p.ToMoveSeat()
				if len(w) > 0 && len(w) <= 2 {
					kind := "win"
					if v != logic.Express && p.Score(me) >= 5 {
						kind = "ten"
					}
					if found[kind] < 2 {
						found[kind]++
						fmt.Printf("{%q, %q}, // %s: %v of %d\n", kind, p.String(), kind, w, all)
					}
					continue
				}
				if len(w) == 0 && found["block"] < 2 {
					safe, thr := blocks(&p)
					if thr && len(safe) > 0 && len(safe) <= 3 {
						found["block"]++
						fmt.Printf("{%q, %q}, // %v of %d\n", "block", p.String(), safe, all)
					}
				}
			}
		}
	}
}
