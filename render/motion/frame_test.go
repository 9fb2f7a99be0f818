package motion

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/render/layout"
)

// TestNoMarbleJumps: for every kind of move, forwards and taken back,
// carried from the tray or dragged, at every speed and with up to six
// ticks run in one frame (an undo catching up), no marble moves farther
// than maxFrameMove cells or changes its lift by more than maxFrameLift
// from one frame to the next (issue 26: a 58 px jump at a chain push's
// contact; an undo's 145 px jump, a stall and a 253 px jump), and every
// animation still ends as the engine says.
func TestNoMarbleJumps(t *testing.T) {
	geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: 4, Scoring: true})
	opts := []Options{
		{Carry: true}, {Carry: true, Speed: 2}, {Carry: true, Reduced: true, Speed: 2},
		{Selected: true}, {Dragged: true, From: -3, Velocity: 0.4, Speed: 2},
		{Back: true}, {Back: true, Speed: 2}, {Back: true, Reduced: true},
	}
	worst := 0.0
	for _, tc := range traceCases() {
		before, after, tr := play(t, tc.pos, tc.move)
		g := geo
		if before.Players() != 4 {
			g = layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: before.Players(), Scoring: before.Variant().Scores()})
		}
		for _, o := range opts {
			for _, n := range []int{1, 3, 6} {
				from, end := before, after
				if o.Back {
					from, end = after, before
				}
				a := New(tr, from, g, o)
				prev := append([]Marble(nil), a.Marbles()...)
				for f := 0; !a.Done(); f++ {
					if f > 2000 {
						t.Fatalf("%s %+v ×%d: not done after 2000 frames", tc.name, o, n)
					}
					a.StepN(n)
					for i, m := range a.Marbles() {
						p := prev[i]
						if m.InTray && p.InTray {
							continue
						}
						d := m.Pos.Dist(p.Pos)
						worst = math.Max(worst, d)
						if d > maxFrameMove+1e-9 || math.Abs(m.Lift-p.Lift) > maxFrameLift+1e-9 {
							t.Errorf("%s %+v ×%d, frame %d: marble %d moved %.3f cells, lift %.2f → %.2f", tc.name, o, n, f, i, d, p.Lift, m.Lift)
						}
					}
					prev = append(prev[:0], a.Marbles()...)
				}
				if o.Back {
					_ = end // the way back ends as the position before: back_test checks it
				} else {
					checkEnd(t, a, end, tr, g)
				}
			}
		}
	}
	t.Logf("the largest move between two frames: %.3f cells", worst)
}

// TestCarryGoesRoundTheBoard: a marble carried from the tray to its entry
// point (a computer's move), or back to the tray (undo), never passes
// over the board's cells: it goes round the rim, lifted, and comes down
// on its entry point (issue 26: it flew across the board, over the
// marbles it was about to push).
func TestCarryGoesRoundTheBoard(t *testing.T) {
	inside := func(p layout.Point) bool { return p.X > -0.5 && p.X < 7.5 && p.Y > -0.5 && p.Y < 7.5 }
	for _, players := range []int{2, 3, 4} {
		for _, sz := range [][2]float64{{1280, 800}, {800, 1280}, {1170, 2532}} {
			geo := layout.New(layout.Config{W: sz[0], H: sz[1], Scale: 1, Players: players, Scoring: true})
			colors := "ogbw"[:players]
			pos := "7/7/7/7/7/7/7 expert " + colors + " o " + [...]string{"", "", "22,22", "22,22,22", "22,22,22,22"}[players] +
				" " + [...]string{"", "", "0,0", "0,0,0", "0,0,0,0"}[players] + " " + [...]string{"", "", "0,0", "0,0,0", "0,0,0,0"}[players]
			for e := logic.Entry(0); e < logic.NumEntries; e++ {
				before, after, tr := play(t, pos, e.String())
				for _, back := range []bool{false, true} {
					from := before
					if back {
						from = after
					}
					a := New(tr, from, geo, Options{Carry: !back, Back: back})
					in := a.onTrk[0]
					lifted := false
					for !a.Done() {
						a.Step()
						m := a.Marbles()[in]
						if m.Lift > 0 && !m.InTray {
							lifted = lifted || m.Lift > 0.5
							if inside(m.Pos) {
								t.Fatalf("%d players %v, %s back=%v: carried over the board at %v", players, sz, e, back, m.Pos)
							}
						}
					}
					if !lifted {
						t.Errorf("%d players %v, %s back=%v: never lifted", players, sz, e, back)
					}
				}
			}
		}
	}
}

// TestScoredMarblesKeepOffOtherCards: a scored line's marbles fly over
// the board to the rim nearest their tray and out to it, never over
// another seat's card (its name and tray), wherever the line lies, for
// every mover, on the layouts whose cards stand beside the board or on
// its far side (issue 50: on a desktop a marble scored high on the board
// flew diagonally across the cards above its tray). Where the cards are
// stacked on the mover's way out (an upright phone with four), crossing
// them cannot be helped.
func TestScoredMarblesKeepOffOtherCards(t *testing.T) {
	for _, tc := range []struct {
		w, h, scale float64
		players     []int
	}{
		{1280, 800, 1, []int{2, 3, 4}},
		{2532, 1170, 3, []int{2, 4}},
		{2360, 1640, 2, []int{2, 4}},
		{1170, 2532, 3, []int{2}},
		{1640, 2360, 2, []int{2}},
	} {
		for _, players := range tc.players {
			geo := layout.New(layout.Config{W: tc.w, H: tc.h, Scale: tc.scale, Players: players, Scoring: true})
			colors := "ogbw"[:players]
			n := 3 // a line of four scores with three or four players
			if players == 2 {
				n = 4 // five with two
			}
			for mover := 0; mover < players; mover++ {
				c := colors[mover : mover+1]
				line := strings.Repeat(c, n)
				for _, mv := range []struct{ rank, move string }{
					// Scored towards the right, and towards the left.
					{fmt.Sprintf("%d%s1", 6-n, line), fmt.Sprintf("E%%[1]dx%c%%[1]d-g%%[1]d", 'a'+6-n)},
					{fmt.Sprintf("1%s%d", line, 6-n), fmt.Sprintf("W%%[1]dxa%%[1]d-%c%%[1]d", 'a'+n)},
				} {
					for _, rank := range []int{1, 4, 7} {
						rows := []string{"7", "7", "7", "7", "7", "7", "7"}
						rows[7-rank] = mv.rank
						// The others' marbles: one each, a rank away.
						others := strings.Replace(colors, c, "", 1)
						rows[7-[8]int{0, 2, 0, 0, 3, 0, 0, 6}[rank]] = fmt.Sprintf("%s%d", others, 7-len(others))
						sup := make([]string, players)
						zero := make([]string, players)
						for i := range sup {
							sup[i], zero[i] = "21", "0"
						}
						sup[mover] = fmt.Sprint(22 - n)
						pos := fmt.Sprintf("%s expert %s %s %s %s %s", strings.Join(rows, "/"), colors, c, strings.Join(sup, ","), strings.Join(zero, ","), strings.Join(zero, ","))
						move := fmt.Sprintf(mv.move, rank)
						if players > 2 {
							move += "=" + move[3:5] // a line of four keeps one marble
						}
						before, _, tr := play(t, pos, move)
						if !tr.Scored {
							t.Fatalf("%s %s: nothing scored", pos, move)
						}
						a := New(tr, before, geo, Options{})
						for tick := 0; !a.Done(); tick++ {
							a.Step()
							for k := 0; k < a.nRem; k++ {
								m := a.Marbles()[a.rem[k].marble]
								if m.Lift == 0 || m.InTray {
									continue
								}
								p := geo.ToPixel(m.Pos)
								for s := 0; s < players; s++ {
									if s != mover && geo.Seats[s].Card.Contains(p) {
										t.Fatalf("%v×%v, %d players, %s plays %s: at tick %d a scored marble flies over seat %d's card at %v", tc.w, tc.h, players, c, move, tick, s, p)
									}
								}
							}
						}
					}
				}
			}
		}
	}
}
