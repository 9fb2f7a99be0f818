// Package rating is Glicko-2 (Mark Glickman, "Example of the Glicko-2
// system", 2013) for Shiftago's rated online games: pure arithmetic, no
// window, no store.
//
// A rating period is one game, as lichess does: a player's rating is
// updated after each rated game, against the ratings their opponents
// had before it. A game of 3 or 4 is its pairwise results by finishing
// order (Pairwise): every seat played every other seat, and the one
// who finished ahead won that pair (a tie is half a point each), all in
// the one period of that game.
//
// A rating is provisional while its RD is above ProvisionalRD (110, as
// lichess): a new player starts at 1500 with RD 350 and needs some
// games (about 8 against settled opponents) to get below it.
package rating

import "math"

// Rating is a player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	Rating float64 // 1500 for a new player
	RD     float64 // rating deviation: how unsure the rating is
	Vol    float64 // volatility: how erratic the player's results are
}

// The starting values and the system constant.
const (
	DefaultRating = 1500
	DefaultRD     = 350 // also the largest RD: no rating is less sure than a new one
	DefaultVol    = 0.06
	// DefaultTau constrains the change of volatility; Glickman suggests
	// 0.3 to 1.2, and his example uses 0.5.
	DefaultTau = 0.5
	// ProvisionalRD: a rating with a larger RD is provisional (lichess's
	// bound); leaderboards list settled ratings first.
	ProvisionalRD = 110
	// scale turns the Glicko scale into Glicko-2's (step 2).
	scale = 173.7178
	// epsilon ends the volatility iteration (step 5).
	epsilon = 0.000001
)

// New is a new player's rating.
func New() Rating { return Rating{Rating: DefaultRating, RD: DefaultRD, Vol: DefaultVol} }

// Result is one game result against an opponent: Score 1 won, 0 lost,
// 0.5 tied.
type Result struct {
	Opp   Rating
	Score float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func e(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update is p's rating after one rating period with results (the steps
// of Glickman's paper). With no results only the RD grows.
func Update(p Rating, results []Result, tau float64) Rating {
	mu := (p.Rating - DefaultRating) / scale
	phi := p.RD / scale
	sigma := p.Vol
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{Rating: p.Rating, RD: math.Min(phiStar*scale, DefaultRD), Vol: sigma}
	}
	// Step 3 and 4: the estimated variance v and improvement delta.
	var vInv, sum float64
	for _, r := range results {
		muj := (r.Opp.Rating - DefaultRating) / scale
		phij := r.Opp.RD / scale
		gj := g(phij)
		ej := e(mu, muj, phij)
		vInv += gj * gj * ej * (1 - ej)
		sum += gj * (r.Score - ej)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	// Step 6 to 8: the new RD and rating, back on the Glicko scale.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Rating{Rating: mu2*scale + DefaultRating, RD: math.Min(phi2*scale, DefaultRD), Vol: sigma2}
}

// Pair is one pairwise result of a seat: against seat Opp it scored
// Score (1 finished ahead, 0 behind, 0.5 tied).
type Pair struct {
	Opp   int
	Score float64
}

// Pairwise turns a game's finishing order into each seat's results:
// places[i] is seat i's place (0 first; equal places are a tie, so a
// draw is all zeros). Out[i] lists seat i's results against every other
// seat, in seat order.
func Pairwise(places []int) [][]Pair {
	out := make([][]Pair, len(places))
	for i, pi := range places {
		for j, pj := range places {
			if i == j {
				continue
			}
			s := 0.5
			switch {
			case pi < pj:
				s = 1
			case pi > pj:
				s = 0
			}
			out[i] = append(out[i], Pair{Opp: j, Score: s})
		}
	}
	return out
}

// Game is the ratings after one game of len(before) seats finishing in
// places (see Pairwise): one rating period each, against the other
// seats' ratings before the game.
func Game(before []Rating, places []int, tau float64) []Rating {
	after := make([]Rating, len(before))
	for i, pairs := range Pairwise(places) {
		res := make([]Result, len(pairs))
		for k, p := range pairs {
			res[k] = Result{Opp: before[p.Opp], Score: p.Score}
		}
		after[i] = Update(before[i], res, tau)
	}
	return after
}
