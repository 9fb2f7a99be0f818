package assets

import (
	"math"
	"testing"
)

func TestSoundsAreAudibleAndBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    Sound
		min  float64 // seconds
	}{
		{"roll short slow", Roll(0.2, 0.1, 1), 0.19},
		{"roll long fast", Roll(1.2, 1, 2), 1.19},
		{"click soft", Click(0.1, 1), 0.05},
		{"click hard", Click(1, 1), 0.05},
		{"score", Score(), 0.5},
		{"win", Win(), 1.5},
		{"tap", Tap(), 0.02},
		{"refuse", Refuse(), 0.2},
	} {
		if d := tc.s.Duration(); d < tc.min {
			t.Errorf("%s lasts %.3fs, want at least %.3fs", tc.name, d, tc.min)
		}
		if p := tc.s.Peak(); p < 0.02 || p > 1 {
			t.Errorf("%s peaks at %.3f, want audible and within -1..1", tc.name, p)
		}
		if b := tc.s.PCM16Stereo(1); len(b) != 4*len(tc.s) {
			t.Errorf("%s: %d bytes of PCM for %d samples", tc.name, len(b), len(tc.s))
		}
	}
}

func TestClickLouderWhenHarder(t *testing.T) {
	if soft, hard := Click(0.15, 3).Peak(), Click(0.9, 3).Peak(); hard <= soft {
		t.Errorf("hard click peaks at %.3f, soft at %.3f: want the hard one louder", hard, soft)
	}
	if slow, fast := Roll(0.5, 0.1, 3).Peak(), Roll(0.5, 0.9, 3).Peak(); fast <= slow {
		t.Errorf("fast roll peaks at %.3f, slow at %.3f: want the fast one louder", fast, slow)
	}
}

func TestSoundsAreDeterministic(t *testing.T) {
	a, b := Roll(0.3, 0.5, 9), Roll(0.3, 0.5, 9)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("Roll differs at sample %d", i)
		}
	}
}

func TestFonts(t *testing.T) {
	for name, f := range map[string]func() (any, error){
		"regular": func() (any, error) { return Regular() },
		"bold":    func() (any, error) { return Bold() },
	} {
		if _, err := f(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Duration is the sound's length in seconds.
func (s Sound) Duration() float64 { return float64(len(s)) / SampleRate }

// Peak is the largest absolute sample.
func (s Sound) Peak() float32 {
	var p float32
	for _, x := range s {
		p = max(p, float32(math.Abs(float64(x))))
	}
	return p
}
