//go:build !js

package pages

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/keep"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestElsewhereResumesWhenTheOwnerGoes: the Elsewhere screen stays while
// the other copy lives (it never takes a live copy's save by itself),
// and once that copy has gone it resumes here by itself and says so,
// without the player having to choose between two copies when there is
// one. Here the other copy's heartbeat stops; a copy whose tab or
// process is known gone counts as gone at once (keep's owner), which the
// browser test drives with a crashed tab.
func TestElsewhereResumesWhenTheOwnerGoes(t *testing.T) {
	st := &saves.Memory{}
	now := time.Unix(1_800_000_000, 0)
	beat := func() {
		st.WriteNoBackup(keep.OwnerName, fmt.Appendf(nil, `{"id":"Z","beat":%d}`, now.UnixMilli()))
	}
	beat()
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, Store: st, InstanceID: "B", Now: func() time.Time { return now }},
		app.Screens{Title: NewSetup, Elsewhere: NewElsewhere}, &inputtest.Script{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	tick := func() {
		now = now.Add(time.Second / 60)
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	// A minute of the other copy beating every 3 s.
	for i := range 60 * 60 {
		if i%keep.BeatTicks == 0 {
			beat()
		}
		tick()
		if p := g.PagePhase(); p != "elsewhere" {
			t.Fatalf("after %d ticks with the other copy alive, the screen is %q", i+1, p)
		}
	}
	// The other copy stops beating: gone within its 15 s of grace and
	// half a second more.
	for i := 0; g.PagePhase() == "elsewhere"; i++ {
		if i > 16*60 {
			t.Fatal("the screen did not resume after the other copy had gone")
		}
		tick()
	}
	if p := g.PagePhase(); p != "setup" {
		t.Errorf("resumed to %q, want the title (setup)", p)
	}
	if n := g.Context().Notice(); n != g.Context().T("elsewhere.resumed") {
		t.Errorf("the notice is %q", n)
	}
	if g.Context().SavingOff() {
		t.Error("resumed here but does not save")
	}
	if b, err := st.Read(keep.OwnerName); err != nil || !strings.Contains(string(b), `"id":"B"`) {
		t.Errorf("the owner record is %s (%v), want this copy's", b, err)
	}
}
