package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100 and 1700/300
// with results 1, 0, 0 and tau 0.5 gives 1464.06 / 151.52 / 0.05999.
func TestGlickmanExample(t *testing.T) {
	p := Rating{Rating: 1500, RD: 200, Vol: 0.06}
	got := Update(p, []Result{
		{Opp: Rating{Rating: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opp: Rating{Rating: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opp: Rating{Rating: 1700, RD: 300, Vol: 0.06}, Score: 0},
	}, 0.5)
	// The paper rounds its intermediate values: its 1464.06 is
	// -0.2069*173.7178+1500 (unrounded, the rating is 1464.0507), and its
	// 0.05999 is 0.059996 cut to 5 decimals. So: the Glicko scale to
	// 0.01, the Glicko-2 scale to the paper's 4 decimals.
	for _, c := range []struct {
		name      string
		got, want float64
		prec      float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"rd", got.RD, 151.52, 0.01},
		{"mu'", (got.Rating - 1500) / 173.7178, -0.2069, 0.00005},
		{"phi'", got.RD / 173.7178, 0.8722, 0.00005},
		{"volatility", got.Vol, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.prec {
			t.Errorf("%s = %.5f, want %.5f", c.name, c.got, c.want)
		}
	}
}

// A period with no game only widens RD (step 6 of the paper).
func TestNoGameWidensRD(t *testing.T) {
	p := Rating{Rating: 1500, RD: 200, Vol: 0.06}
	got := Update(p, nil, DefaultTau)
	if got.Rating != 1500 || got.RD <= 200 || got.Vol != 0.06 {
		t.Fatalf("no game: %+v", got)
	}
}

func TestPairwise(t *testing.T) {
	for _, c := range []struct {
		name   string
		places []int
		want   [][]Pair
	}{
		{"two, first wins", []int{0, 1}, [][]Pair{{{1, 1}}, {{0, 0}}}},
		{"two, draw", []int{0, 0}, [][]Pair{{{1, 0.5}}, {{0, 0.5}}}},
		{"three in order", []int{2, 0, 1}, [][]Pair{
			{{1, 0}, {2, 0}},
			{{0, 1}, {2, 1}},
			{{0, 1}, {1, 0}},
		}},
		{"four, two tied last", []int{0, 1, 2, 2}, [][]Pair{
			{{1, 1}, {2, 1}, {3, 1}},
			{{0, 0}, {2, 1}, {3, 1}},
			{{0, 0}, {1, 0}, {3, 0.5}},
			{{0, 0}, {1, 0}, {2, 0.5}},
		}},
	} {
		got := Pairwise(c.places)
		if len(got) != len(c.want) {
			t.Fatalf("%s: %d seats, want %d", c.name, len(got), len(c.want))
		}
		for i := range got {
			if len(got[i]) != len(c.want[i]) {
				t.Fatalf("%s: seat %d: %v, want %v", c.name, i, got[i], c.want[i])
			}
			for j := range got[i] {
				if got[i][j] != c.want[i][j] {
					t.Errorf("%s: seat %d: %v, want %v", c.name, i, got[i], c.want[i])
				}
			}
		}
	}
}

func TestGameMovesTheRightWay(t *testing.T) {
	a, b := New(), New()
	out := Game([]Rating{a, b}, []int{0, 1}, DefaultTau)
	if !(out[0].Rating > 1500 && out[1].Rating < 1500) {
		t.Fatalf("winner %.2f, loser %.2f", out[0].Rating, out[1].Rating)
	}
	if !(out[0].RD < a.RD && out[1].RD < b.RD) {
		t.Fatalf("RD did not shrink: %.2f %.2f", out[0].RD, out[1].RD)
	}
	if !out[0].Provisional() {
		t.Fatal("one game should leave a new player provisional")
	}
	// A draw between equals changes no rating.
	d := Game([]Rating{a, b}, []int{0, 0}, DefaultTau)
	if math.Abs(d[0].Rating-1500) > 1e-9 || math.Abs(d[1].Rating-1500) > 1e-9 {
		t.Fatalf("draw: %.4f %.4f", d[0].Rating, d[1].Rating)
	}
	// Enough games against settled players make a rating settled.
	p := New()
	opp := Rating{Rating: 1500, RD: 60, Vol: DefaultVol}
	n := 0
	for p.Provisional() && n < 100 {
		p = Game([]Rating{p, opp}, []int{n % 2, 1 - n%2}, DefaultTau)[0]
		n++
	}
	if p.Provisional() || n < 5 {
		t.Fatalf("settled after %d games (RD %.1f)", n, p.RD)
	}
}

// Provisional reports whether the rating is not settled yet (the server
// says so of a stored rating: standings.RatingInfo).
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }
