package render

import (
	"math"
	"testing"

	"shiftago/logic"
)

// Machado, Oliveira and Fernandes (2009): full protanopia and
// deuteranopia as matrices on linear RGB.
var cvdSims = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
}

// seenAs is straight sRGB colour c (0..1 each) as CIELAB, seen through m.
func seenAs(m [3][3]float64, c [3]float64) [3]float64 {
	var l, o [3]float64
	for i, v := range c {
		if v <= 0.04045 {
			l[i] = v / 12.92
		} else {
			l[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	for i := range 3 {
		for j := range 3 {
			o[i] += m[i][j] * l[j]
		}
		o[i] = max(0, min(1, o[i]))
	}
	x := 0.4124*o[0] + 0.3576*o[1] + 0.1805*o[2]
	y := 0.2126*o[0] + 0.7152*o[1] + 0.0722*o[2]
	z := 0.0193*o[0] + 0.1192*o[1] + 0.9505*o[2]
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	fx, fy, fz := f(x/0.9505), f(y), f(z/1.089)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// leastDifference is the smallest CIELAB distance (ΔE 1976) between two
// of cs as seen through m.
func leastDifference(m [3][3]float64, cs [4][3]float64) float64 {
	least := math.Inf(1)
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			a, b := seenAs(m, cs[i]), seenAs(m, cs[j])
			least = min(least, math.Sqrt((a[0]-b[0])*(a[0]-b[0])+(a[1]-b[1])*(a[1]-b[1])+(a[2]-b[2])*(a[2]-b[2])))
		}
	}
	return least
}

func tintsOf(t Theme) [4][3]float64 {
	var cs [4][3]float64
	for i, c := range t.Tints {
		cs[i] = [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
	}
	return cs
}

func basesOf(t Theme) [4][3]float64 {
	var cs [4][3]float64
	for i, o := range t.Marbles {
		cs[i] = o.Base
	}
	return cs
}

// safeDistance is the least ΔE the colour-blind-safe colours keep
// between any two colours under protanopia and deuteranopia; the box's
// orange and green come to 15 under protanopia.
const safeDistance = 35

// TestThemeColourBlindSafe checks that the marks' theme tells its four
// colours apart (the flat ones and the glass) as protanopes and
// deuteranopes see them, on either board, and that the box's colours do
// not (what the set is for, and what makes the test able to fail).
func TestThemeColourBlindSafe(t *testing.T) {
	for _, b := range []BoardKind{BoardWalnut, BoardClassic} {
		th := ThemeOf(b, true)
		if !th.Marks {
			t.Errorf("%v: the colour-blind-safe theme has no marks", b)
		}
		for _, sim := range cvdSims {
			if d := leastDifference(sim.m, tintsOf(th)); d < safeDistance {
				t.Errorf("%v, %s: two colours only ΔE %.1f apart", b, sim.name, d)
			}
			if d := leastDifference(sim.m, basesOf(th)); d < safeDistance {
				t.Errorf("%v, %s: two marbles' glass only ΔE %.1f apart", b, sim.name, d)
			}
		}
	}
	if d := leastDifference(cvdSims[0].m, tintsOf(Walnut)); d >= safeDistance {
		t.Errorf("the box's colours are ΔE %.1f apart under protanopia: the measure tells nothing", d)
	}
}

// TestThemeOf checks the themes a player can choose: each board keeps its
// wood with or without the marks, the marks change only the marbles, and
// the board's name round trips through the settings.
func TestThemeOf(t *testing.T) {
	for _, b := range []BoardKind{BoardWalnut, BoardClassic} {
		plain, marked := ThemeOf(b, false), ThemeOf(b, true)
		if plain.Board != b || marked.Board != b || plain.Wood != marked.Wood || plain.Page != marked.Page {
			t.Errorf("%v: the marks changed the board", b)
		}
		if plain.Marks || plain.Marbles == marked.Marbles {
			t.Errorf("%v: the marks did not change the marbles", b)
		}
		if ParseBoard(b.String()) != b {
			t.Errorf("%v does not round trip: %q", b, b.String())
		}
	}
	if Walnut.Wood == Classic.Wood {
		t.Error("the classic board is the walnut one")
	}
	if Classic.Wood.CupDepth <= Walnut.Wood.CupDepth {
		t.Error("the classic board's cups are not deeper")
	}
	if ParseBoard("oak") != BoardWalnut {
		t.Error("an unknown board is not the walnut one")
	}
	if l := luma(Classic.Wood.Frame); l > 0.2*255 {
		t.Errorf("the classic board is not black: luma %v", l)
	}
}

// TestSafeOrangeIsOrange: the colour-blind-safe set's "Orange", its flat
// tint and its glass, is an orange (hue 20°-34°), not the gold or amber
// the name does not say (issue 50: with colour symbols on, the Orange
// player's marbles were gold, hue 41°).
func TestSafeOrangeIsOrange(t *testing.T) {
	hue := func(r, g, b float64) float64 {
		mx, mn := max(r, g, b), min(r, g, b)
		if mx != r || mx == mn {
			return -1
		}
		return 60 * (g - b) / (mx - mn)
	}
	for _, b := range []BoardKind{BoardWalnut, BoardClassic} {
		th := ThemeOf(b, true)
		tint := th.Tints[logic.Orange]
		if h := hue(float64(tint.R), float64(tint.G), float64(tint.B)); h < 20 || h > 34 {
			t.Errorf("%v: Orange's tint %v has hue %.0f°", b, tint, h)
		}
		base := th.Marbles[logic.Orange].Base
		if h := hue(base[0], base[1], base[2]); h < 20 || h > 34 {
			t.Errorf("%v: Orange's glass %v has hue %.0f°", b, base, h)
		}
	}
}
