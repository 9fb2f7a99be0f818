//go:build !js

package online

import (
	"runtime"
	"testing"
	"time"

	"shiftago/logic/online/client"
)

// TestLinkSignedOut: Ann links a second device (her tablet) with a
// one-time code and opens her game there; revoked from her phone, the
// tablet's Link says SignedOut (no longer "Reconnecting" for ever, as it
// did: the session stopped quietly) and takes no move, and its Link
// stops following the stopped session rather than spin; the phone
// stays connected.
func TestLinkSignedOut(t *testing.T) {
	n := serve(t, "127.0.0.1:0", t.TempDir())
	ctx := ctxFor(t, 60*time.Second)
	phone, bob := guest(t, ctx, "Ann", n.Base), guest(t, ctx, "Bob", n.Base)
	g := newGame(t, ctx, phone, bob)
	lc, err := phone.LinkCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tablet := client.New(n.Base)
	if err := tablet.UseCode(ctx, lc.Code, "Tablet"); err != nil {
		t.Fatal(err)
	}
	onPhone := openDevice(t, ctx, "phone", phone, g.Game, nil)
	onTablet := openDevice(t, ctx, "tablet", tablet, g.Game, nil)
	until(t, ctx, "both tables playing", func() bool { return onPhone.canMove() && onTablet.canMove() }, onPhone, onTablet)

	list, err := phone.Devices(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var id string
	for _, d := range list.Devices {
		if d.Name == "Tablet" {
			id = d.ID
		}
	}
	if id == "" {
		t.Fatalf("no tablet among %+v", list.Devices)
	}
	if _, err := phone.Revoke(ctx, id); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "the tablet signed out", func() bool { return onTablet.link.State() == SignedOut }, onTablet)
	if onTablet.link.Playing() || onTablet.canMove() {
		t.Fatal("the revoked tablet still takes moves")
	}
	// The stopped session's Wait returns at once: a Link still waiting
	// on it spins (in the browser, with no preemption, the page froze:
	// the revoked desktop never even saw its socket close). Spinning, it
	// allocates a context and a timer a turn, hundreds of thousands a
	// second; idle, the two Links allocate a few hundred.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	time.Sleep(time.Second)
	runtime.ReadMemStats(&after)
	if n := after.Mallocs - before.Mallocs; n > 20_000 {
		t.Fatalf("%d allocations in a second of a signed-out Link: it spins", n)
	}
	if onPhone.link.State() != Connected {
		t.Fatalf("the phone's Link: %v, want connected", onPhone.link.State())
	}
}
