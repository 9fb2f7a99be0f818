package assets

import (
	"encoding/binary"
	"math"
)

// SampleRate is the rate, in samples per second, of every synthesized sound.
const SampleRate = 48000

// A Sound is mono samples in -1..1 at SampleRate.
type Sound []float32

// PCM16Stereo encodes the sound as signed 16-bit little-endian stereo, the
// format an audio player takes, at the given volume (0..1).
func (s Sound) PCM16Stereo(volume float64) []byte {
	out := make([]byte, 4*len(s))
	for i, x := range s {
		v := int16(max(-1, min(1, float64(x)*volume)) * 32767)
		binary.LittleEndian.PutUint16(out[4*i:], uint16(v))
		binary.LittleEndian.PutUint16(out[4*i+2:], uint16(v))
	}
	return out
}

// noise is a small deterministic white-noise source, so that the same call
// gives the same sound (tests compare them).
type noise uint64

func (n *noise) next() float64 {
	*n = *n*6364136223846793005 + 1442695040888963407
	return float64(int64(*n)>>11) / float64(1<<52) // in -1..1
}

func samples(seconds float64) Sound { return make(Sound, int(seconds*SampleRate)) }

// envelope fades in over a and out over r seconds, linearly, at sample i
// of a sound of n samples.
func envelope(i, n int, a, r float64) float64 {
	t := float64(i) / SampleRate
	end := float64(n-i) / SampleRate
	g := 1.0
	if a > 0 && t < a {
		g = t / a
	}
	if r > 0 && end < r {
		g = min(g, end/r)
	}
	return g
}

// Roll is a marble rolling on wood for the given seconds at speed 0..1:
// a low rumble of filtered noise whose brightness and pulse (one bump per
// turn of the marble) rise with speed. Longer rolls last longer.
func Roll(seconds, speed float64, seed uint64) Sound {
	speed = max(0, min(1, speed))
	s := samples(max(0.05, seconds))
	n := noise(seed*0x9E3779B97F4A7C15 + 1)
	cut := 180 + 700*speed // low-pass corner, Hz
	k := 1 - math.Exp(-2*math.Pi*cut/SampleRate)
	var lp1, lp2 float64
	pulse := 6 + 26*speed // bumps per second
	amp := 0.18 + 0.32*speed
	for i := range s {
		lp1 += k * (n.next() - lp1)
		lp2 += k * (lp1 - lp2)
		t := float64(i) / SampleRate
		wob := 0.75 + 0.25*math.Sin(2*math.Pi*pulse*t)
		s[i] = float32(3 * lp2 * wob * amp * envelope(i, len(s), 0.015, 0.06))
	}
	return s
}

// Click is two glass marbles meeting at an impact of 0..1: a few
// inharmonic partials that die within tens of milliseconds, louder and a
// little brighter the harder they hit.
func Click(impact float64, seed uint64) Sound {
	impact = max(0.05, min(1, impact))
	s := samples(0.09)
	n := noise(seed + 77)
	detune := 1 + 0.04*n.next()
	partials := [...]struct{ f, decay, a float64 }{
		{2950, 0.030, 1.0},
		{4730, 0.018, 0.6},
		{7210, 0.011, 0.45},
		{9830, 0.007, 0.3 * (0.5 + impact)},
	}
	amp := 0.7 * math.Pow(impact, 0.7)
	for i := range s {
		t := float64(i) / SampleRate
		var v float64
		for _, p := range partials {
			v += p.a * math.Exp(-t/p.decay) * math.Sin(2*math.Pi*p.f*detune*t)
		}
		if t < 0.0015 {
			v += 0.8 * n.next() * (1 - t/0.0015)
		}
		s[i] = float32(amp * v / 2.4)
	}
	return s
}

// bell adds a struck bell of frequency f at time at (seconds) into s.
func bell(s Sound, f, at, decay, amp float64) {
	ratios := [...]struct{ r, a, d float64 }{{1, 1, 1}, {2.0, 0.45, 0.6}, {2.76, 0.3, 0.45}, {5.4, 0.15, 0.25}}
	start := int(at * SampleRate)
	for i := start; i < len(s); i++ {
		t := float64(i-start) / SampleRate
		var v float64
		for _, p := range ratios {
			v += p.a * math.Exp(-t/(decay*p.d)) * math.Sin(2*math.Pi*f*p.r*t)
		}
		atk := min(1, t/0.003)
		s[i] += float32(amp * atk * v / 1.9)
	}
}

// Score is the chime of a scored line: three rising bell notes.
func Score() Sound {
	s := samples(0.9)
	for k, f := range []float64{1046.5, 1318.5, 1568} {
		bell(s, f, 0.09*float64(k), 0.35, 0.32)
	}
	return s
}

// Win is the fanfare of a won game: a rising arpeggio that rings on as a
// chord.
func Win() Sound {
	s := samples(2.2)
	notes := []float64{523.25, 659.25, 783.99, 1046.5, 1318.5}
	for k, f := range notes {
		bell(s, f, 0.12*float64(k), 0.7, 0.22)
	}
	for _, f := range []float64{523.25, 783.99, 1046.5} {
		bell(s, f, 0.7, 1.0, 0.14)
	}
	return s
}

// Tap is the small wooden tick of a button or a chosen entry point.
func Tap() Sound {
	s := samples(0.05)
	n := noise(5)
	for i := range s {
		t := float64(i) / SampleRate
		v := math.Exp(-t/0.006)*math.Sin(2*math.Pi*1750*t) + 0.5*math.Exp(-t/0.002)*n.next()
		s[i] = float32(0.35 * v)
	}
	return s
}

// Refuse is the dull double knock of a move that is not allowed.
func Refuse() Sound {
	s := samples(0.26)
	for k, f := range []float64{230, 185} {
		start := int(0.12 * float64(k) * SampleRate)
		for i := start; i < len(s); i++ {
			t := float64(i-start) / SampleRate
			s[i] += float32(0.4 * math.Exp(-t/0.03) * math.Sin(2*math.Pi*f*t) * min(1, t/0.002))
		}
	}
	return s
}
