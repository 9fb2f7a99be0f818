package sound

import (
	"errors"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/audio"
)

// TestLaterOpensOnOpen: a context left for later (the browser's) counts
// as available, plays nothing until Open, and Open creates it once; off
// and a context made at once are left as they are.
func TestLaterOpensOnOpen(t *testing.T) {
	device := func() error { return nil } // a device answers
	off := newSound(true, false, 1, true, device)
	off.Open()
	if off.Available() || off.ctx != nil {
		t.Fatalf("off: available %v, context %v", off.Available(), off.ctx)
	}
	none := newSound(false, false, 1, true, func() error { return errors.New("no device") })
	none.Open()
	if none.Available() || none.ctx != nil || none.Notice() != "notice.nodevice" {
		t.Fatalf("no device: available %v, context %v, notice %q", none.Available(), none.ctx, none.Notice())
	}
	s := newSound(false, false, 1, true, device)
	if !s.Available() || s.ctx != nil || !s.later {
		t.Fatalf("left for later: available %v, context %v, later %v", s.Available(), s.ctx, s.later)
	}
	s.Play(CueTap, 0, 0) // no context yet: silent, no panic
	if len(s.playing) != 0 {
		t.Fatalf("played %d sounds before Open", len(s.playing))
	}
	if audio.CurrentContext() != nil {
		t.Skip("an audio context exists already (a second one would panic)")
	}
	s.Open()
	if s.ctx == nil || s.later || !s.Available() || audio.CurrentContext() != s.ctx {
		t.Fatalf("after Open: context %v, later %v", s.ctx, s.later)
	}
	ctx := s.ctx
	s.Open() // once only: a second context would panic
	if s.ctx != ctx {
		t.Fatal("a second Open made another context")
	}
}
