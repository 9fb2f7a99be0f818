package ai

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/eval"
	"shiftago/logic/race"
)

// The Grandmaster's evaluation weights (eval.Tuned, eval/eval.go) are fitted
// Texel-style: self-play games at a small budget give quiet positions,
// each labelled with the final result for its side to move, and the
// weights are those of the logistic regression of the results on the
// evaluation's terms. Regenerate the data with
//
//	go test ./logic/ai -run TestGenerateTexel -gentexel -timeout 0 [-texelgames 2000] [-texelvariants express,expert]
//
// and refit (TestTunedWeights prints the fitted weights when they differ
// from the ones in eval/eval.go).
var (
	genTexel      = flag.Bool("gentexel", false, "write testdata/texel_<variant>.txt.gz (slow)")
	texelGames    = flag.Int("texelgames", 2000, "self-play games per variant")
	texelNodes    = flag.Int("texelnodes", 6000, "node budget of each self-play move")
	texelVariants = flag.String("texelvariants", "express,expert", "variants to generate")
)

// Self-play: four random plies, then level 3 at texelNodes against itself.
// Every position from ply 6 on in which the side to move cannot win at
// once is a candidate; each game keeps at most texelPerGame of them,
// spread by a hash, so that one game's correlated positions do not weigh
// more than others.
const (
	texelOpening = 4
	texelFirst   = 6
	texelPerGame = 6
)

func TestGenerateTexel(t *testing.T) {
	if !*genTexel {
		t.Skip("run with -gentexel to write testdata/texel_<variant>.txt.gz")
	}
	for _, name := range strings.Split(*texelVariants, ",") {
		v, err := logic.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		games := make([][]string, *texelGames)
		var wg sync.WaitGroup
		const workers = 2
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for g := w; g < len(games); g += workers {
					games[g] = texelGame(t, v, uint64(g))
				}
			}()
		}
		wg.Wait()
		path := filepath.Join("testdata", "texel_"+name+".txt.gz")
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
		fmt.Fprintf(zw, "# Texel data (texel_test.go): go test ./logic/ai -run TestGenerateTexel -gentexel -texelgames %d -texelnodes %d -texelvariants %s\n", *texelGames, *texelNodes, name)
		fmt.Fprintf(zw, "# <position>;<game>;<result for the side to move: 1 won, 0.5 drawn, 0 lost>\n")
		n := 0
		for g, lines := range games {
			for _, l := range lines {
				fmt.Fprintf(zw, "%s;%d;%s\n", strings.SplitN(l, ";", 2)[0], g, strings.SplitN(l, ";", 2)[1])
				n++
			}
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d games, %d positions", path, len(games), n)
	}
}

// texelGame plays self-play game g and returns its sampled positions as
// "<position>;<result>".
func texelGame(t *testing.T, v logic.Variant, g uint64) []string {
	p, err := logic.NewGame(logic.Standard(v, 2, nil))
	if err != nil {
		t.Fatal(err)
	}
	var buf [logic.MaxMoves]logic.Move
	var seen []logic.Position
	probe := newSearcher(p, Config{Level: 3})
	for ply := 0; !p.Over(); ply++ {
		if ply >= texelFirst && !probe.ImmediateWin(&p, p.ToMoveSeat()) {
			seen = append(seen, p)
		}
		var m logic.Move
		if ply < texelOpening {
			ms := p.Moves(buf[:0])
			m = ms[mix(g<<8^uint64(ply))%uint64(len(ms))]
		} else {
			m = Think(p, Config{Level: 3, MaxNodes: *texelNodes, Seed: g<<8 ^ uint64(ply)})
		}
		p.Apply(m, nil)
	}
	r := p.Result()
	var out []string
	for _, q := range seen {
		// Keep a position when its hash falls in the game's share.
		if len(seen) > texelPerGame && mix(q.Hash()^g)%uint64(len(seen)) >= texelPerGame {
			continue
		}
		res := "0.5"
		if r.State == logic.Won {
			res = "0"
			if q.SeatOf(r.Winner) == q.ToMoveSeat() {
				res = "1"
			}
		}
		out = append(out, q.String()+";"+res)
	}
	return out
}

// texelSample is one quiet position's evaluation terms and its result.
type texelSample struct {
	f    [numTerms]float64
	y    float64
	game int
}

// The evaluation's terms, in the order of weightVec.
const (
	tWindow  = 0 // 1..7: window[k]
	tThreat1 = 8
	tThreat2 = 9
	tPoint   = 10
	tReach   = 11
	tReach2  = 12
	tTempo   = 13
	numTerms = 14
)

func weightVec(w eval.Weights) [numTerms]float64 {
	var x [numTerms]float64
	for k := 1; k < 8; k++ {
		x[tWindow+k] = float64(w.Window[k])
	}
	x[tThreat1], x[tThreat2] = float64(w.Threat1), float64(w.Threat2)
	x[tPoint], x[tReach], x[tReach2], x[tTempo] = float64(w.Point), float64(w.Reach), float64(w.Reach2), float64(w.Tempo)
	return x
}

func vecWeights(x [numTerms]float64, base eval.Weights) eval.Weights {
	w := base
	r := func(f float64) int32 { return int32(math.Round(f)) }
	for k := 1; k < 8; k++ {
		w.Window[k] = r(x[tWindow+k])
	}
	w.Threat1, w.Threat2 = r(x[tThreat1]), r(x[tThreat2])
	w.Point, w.Reach, w.Reach2, w.Tempo = r(x[tPoint]), r(x[tReach]), r(x[tReach2]), r(x[tTempo])
	return w
}

// terms splits the two-player evaluation of a quiet position (the side to
// move cannot win at once) into its terms: eval is their dot product with
// weightVec, before the clamp (TestTermsMatchEval).
func (s *searcher) terms(p *logic.Position) [numTerms]float64 {
	var f [numTerms]float64
	mover := p.ToMoveSeat()
	for side, sign := range [2]float64{1, -1} {
		seat := mover
		if side == 1 {
			seat = 1 - mover
		}
		own, occ := p.Marbles(seat), p.Occupied()
		for k := 1; k < 8; k++ {
			var unit [8]int32
			unit[k] = 1
			f[tWindow+k] += sign * float64(eval.WindowScore(own, occ&^own, s.WinLen, &unit))
		}
		if s.Variant == logic.Express {
			if side == 1 {
				switch t := threats(own, occ, s.WinLen); {
				case t >= 2:
					f[tThreat2]--
				case t == 1:
					f[tThreat1]--
				}
			}
			continue
		}
		f[tPoint] += sign * float64(p.Score(seat))
		if p.Supply(seat) > 0 {
			r := float64(s.PointsOf(s.BestPush(own, occ)))
			if side == 0 {
				f[tReach] += r
			} else {
				f[tReach2] -= r
			}
		}
	}
	f[tTempo] = 1
	return f
}

func loadTexel(t *testing.T, v logic.Variant) []texelSample {
	path := filepath.Join("testdata", "texel_"+v.String()+".txt.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []texelSample
	var st *searcher
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 3 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		p, err := logic.ParsePosition(parts[0])
		if err != nil {
			t.Fatal(err)
		}
		g, err1 := strconv.Atoi(parts[1])
		y, err2 := strconv.ParseFloat(parts[2], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		if st == nil {
			st = newSearcher(p, Config{Level: 3})
		}
		out = append(out, texelSample{f: st.terms(&p), y: y, game: g})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func dot(a, b *[numTerms]float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// logLoss is the mean cross-entropy of the results against the logistic
// of the evaluation, scaled by k: the Texel error.
func logLoss(data []texelSample, w [numTerms]float64, k float64) float64 {
	sum := 0.0
	for i := range data {
		q := 1 / (1 + math.Exp(-k*dot(&data[i].f, &w)))
		q = min(max(q, 1e-9), 1-1e-9)
		y := data[i].y
		sum -= y*math.Log(q) + (1-y)*math.Log(1-q)
	}
	return sum / float64(len(data))
}

// fitScale finds the k of the default weights' best fit (a golden-section
// search): the scale that turns evaluation units into a win probability.
func fitScale(data []texelSample, w [numTerms]float64) float64 {
	lo, hi := 1e-5, 0.05
	for range 100 {
		a, b := lo+(hi-lo)*0.382, lo+(hi-lo)*0.618
		if logLoss(data, w, a) < logLoss(data, w, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// fitWeights is the logistic regression of the results on the terms at
// scale k (Newton's method with a small ridge towards the start weights),
// fitting only the terms that vary in the data; the others keep w0.
func fitWeights(data []texelSample, w0 [numTerms]float64, k float64) [numTerms]float64 {
	var active []int
	for i := 0; i < numTerms; i++ {
		if i == tWindow || i == tWindow+5 || i == tWindow+6 || i == tWindow+7 {
			continue // unused (0) or a full window: too rare to fit
		}
		for j := range data {
			if data[j].f[i] != data[0].f[i] || i == tTempo {
				active = append(active, i)
				break
			}
		}
	}
	// Work in z = k·w, the logistic's own scale.
	var z [numTerms]float64
	for i := range z {
		z[i] = k * w0[i]
	}
	z0 := z
	const ridge = 1e-3
	n := len(active)
	for range 30 {
		g := make([]float64, n)
		h := make([]float64, n*n)
		for j := range data {
			f := &data[j].f
			q := 1 / (1 + math.Exp(-dot(f, &z)))
			r := q - data[j].y
			d := q * (1 - q)
			for a, ia := range active {
				g[a] += r * f[ia]
				for b, ib := range active {
					h[a*n+b] += d * f[ia] * f[ib]
				}
			}
		}
		m := float64(len(data))
		for a, ia := range active {
			g[a] = g[a]/m + ridge*(z[ia]-z0[ia])
			for b := range active {
				h[a*n+b] /= m
			}
			h[a*n+a] += ridge
		}
		step := solve(h, g, n)
		for a, ia := range active {
			z[ia] -= step[a]
		}
	}
	var w [numTerms]float64
	for i := range w {
		w[i] = z[i] / k
	}
	return w
}

// solve returns x with h·x = g (Gaussian elimination with partial
// pivoting; h is small and positive definite).
func solve(h, g []float64, n int) []float64 {
	a := append([]float64(nil), h...)
	x := append([]float64(nil), g...)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r*n+c]) > math.Abs(a[p*n+c]) {
				p = r
			}
		}
		for j := 0; j < n; j++ {
			a[c*n+j], a[p*n+j] = a[p*n+j], a[c*n+j]
		}
		x[c], x[p] = x[p], x[c]
		for r := c + 1; r < n; r++ {
			f := a[r*n+c] / a[c*n+c]
			for j := c; j < n; j++ {
				a[r*n+j] -= f * a[c*n+j]
			}
			x[r] -= f * x[c]
		}
	}
	for c := n - 1; c >= 0; c-- {
		for j := c + 1; j < n; j++ {
			x[c] -= a[c*n+j] * x[j]
		}
		x[c] /= a[c*n+c]
	}
	return x
}

// splitTexel puts every fifth game aside to check the fit on games it
// was not fitted to.
func splitTexel(data []texelSample) (train, test []texelSample) {
	for _, s := range data {
		if s.game%5 == 4 {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	return train, test
}

// TestTermsMatchEval: the terms the fit uses are the evaluation's, for
// both weight sets.
func TestTermsMatchEval(t *testing.T) {
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		data := 0
		for g := uint64(0); g < 6; g++ {
			p, _ := logic.NewGame(logic.Standard(v, 2, nil))
			var buf [logic.MaxMoves]logic.Move
			for ply := 0; !p.Over() && ply < 40; ply++ {
				for _, w := range []eval.Weights{eval.Default, eval.Tuned[v]} {
					st := newSearcher(p, Config{Level: 3})
					st.W = w
					if st.ImmediateWin(&p, p.ToMoveSeat()) {
						continue
					}
					f := st.terms(&p)
					wv := weightVec(w)
					want := int(max(-eval.Limit, min(eval.Limit, dot(&f, &wv))))
					if got := st.Eval(&p, 0, false); got != want {
						t.Fatalf("%s: eval %d, terms give %d", p.String(), got, want)
					}
					data++
				}
				ms := p.Moves(buf[:0])
				p.Apply(ms[mix(g<<8^uint64(ply))%uint64(len(ms))], nil)
			}
		}
		if data < 100 {
			t.Fatalf("%s: only %d positions checked", v, data)
		}
	}
}

// TestTunedWeights refits the weights from the data in testdata: they
// must be the ones in eval/eval.go, and predict the results of the games set
// aside better than the hand-set weights.
func TestTunedWeights(t *testing.T) {
	race.SkipSlow(t)
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		data := loadTexel(t, v)
		train, test := splitTexel(data)
		if len(train) < 1000 || len(test) < 200 {
			t.Fatalf("%s: %d positions to fit, %d to test", v, len(train), len(test))
		}
		w0 := weightVec(eval.Default)
		k := fitScale(train, w0)
		fit := fitWeights(train, w0, k)
		got := vecWeights(fit, eval.Default)
		if got != eval.Tuned[v] {
			t.Errorf("%s: refitted weights %+v, eval/eval.go has %+v", v, got, eval.Tuned[v])
		}
		tuned := weightVec(eval.Tuned[v])
		before, after := logLoss(test, w0, k), logLoss(test, tuned, k)
		t.Logf("%s: %d positions, scale %.5f, held-out log loss %.4f hand-set, %.4f tuned", v, len(data), k, before, after)
		if after >= before {
			t.Errorf("%s: tuned weights predict the held-out games no better (%.4f against %.4f)", v, after, before)
		}
	}
}

// threats counts, up to 2, the entry points at which own, inserting, has a
// run of n: the evaluation's threat term, by trying every entry point
// (the evaluation finds them with a filter first).
func threats(own, occ logic.Bitboard, n int) int {
	c := 0
	for e := logic.Entry(0); e < logic.NumEntries && c < 2; e++ {
		if logic.TrackOf(e).Mask()&^occ != 0 && logic.Pushed(own, occ, e).HasRun(n) {
			c++
		}
	}
	return c
}
