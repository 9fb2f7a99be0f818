package sound

import "testing"

// TestLazyWaitsForWake: a lazy Sound (the browser's) opens no audio
// context before the player's first gesture, plays nothing meanwhile, and
// still says sound can be had, so the menu offers it.
func TestLazyWaitsForWake(t *testing.T) {
	s := newSound(false, false, 1, true)
	if s.ctx != nil || !s.asleep {
		t.Fatalf("a lazy Sound opened its context before Wake (ctx %v, asleep %v)", s.ctx, s.asleep)
	}
	if !s.Available() {
		t.Fatal("a lazy Sound says no sound can be had before Wake")
	}
	s.Play(CueTap, 0, 0)
	s.Play(CueRoll, 3, 0.5)
	if s.ctx != nil || len(s.playing) != 0 {
		t.Fatalf("Play before Wake opened a context or a player (%d players)", len(s.playing))
	}
	if off := newSound(true, false, 1, true); off.Available() || off.asleep {
		t.Fatal("sound turned off waits for Wake all the same")
	}
}
