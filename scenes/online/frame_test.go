//go:build !js

package online

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// Flush waits until the store holds the moves kept now (the writer's
// work asked for so far is done), or the Link is closed.
func (l *Link) Flush() {
	for {
		l.mu.Lock()
		done := l.diskVer == l.outVer || l.ctx.Err() != nil
		l.mu.Unlock()
		if done {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// heldDisk is a device's store whose writes wait while it is held, as a
// slow or stalled disk makes them wait, and which remembers who wrote.
type heldDisk struct {
	saves.Memory

	mu      sync.Mutex
	gate    chan struct{} // closed: writes go through
	waiting int           // writes waiting at the gate now
	callers []string      // the stack of each write
}

func newHeldDisk() *heldDisk {
	d := &heldDisk{gate: make(chan struct{})}
	close(d.gate)
	return d
}

// hold makes every write from now on wait until release.
func (d *heldDisk) hold() {
	d.mu.Lock()
	d.gate = make(chan struct{})
	d.mu.Unlock()
}

func (d *heldDisk) release() {
	d.mu.Lock()
	select {
	case <-d.gate:
	default:
		close(d.gate)
	}
	d.mu.Unlock()
}

// wait is a write's way through the gate.
func (d *heldDisk) wait() {
	buf := make([]byte, 16<<10)
	stack := string(buf[:runtime.Stack(buf, false)])
	d.mu.Lock()
	d.callers = append(d.callers, stack)
	gate := d.gate
	d.waiting++
	d.mu.Unlock()
	<-gate
	d.mu.Lock()
	d.waiting--
	d.mu.Unlock()
}

func (d *heldDisk) stalled() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.waiting > 0
}

func (d *heldDisk) Write(name string, b []byte) error {
	d.wait()
	return d.Memory.Write(name, b)
}

func (d *heldDisk) WriteNoBackup(name string, b []byte) error {
	d.wait()
	return d.Memory.WriteNoBackup(name, b)
}

func (d *heldDisk) Remove(name string) error {
	d.wait()
	return d.Memory.Remove(name)
}

// TestFrameNeverWaitsForTheDisk: with an online game open, a move made by
// hand is kept on the device's disk before it is sent, and the frames
// (the move itself, Link.Step, the controller's Step) go on while the
// disk is stalled; the move goes to the server only once it is written.
// No write ever runs on the frame's goroutine.
func TestFrameNeverWaitsForTheDisk(t *testing.T) {
	t.Parallel()
	ctx, _, _, ann, bob, g := annAndBob(t)
	disk := newHeldDisk()
	a := openDevice(t, ctx, "Ann", ann, g.Game, disk)
	b := openDevice(t, ctx, "Bob", bob, g.Game, &saves.Memory{})
	r := rand.New(rand.NewPCG(48, 1))
	until(t, ctx, "a playing game", func() bool { return a.canMove() || b.canMove() }, a, b)
	if !a.canMove() {
		b.move(r, "")
		until(t, ctx, "Ann's turn", a.canMove, a, b)
	}
	ply := a.link.Server().Ply()

	disk.hold()
	var mv string
	frames := make(chan struct{})
	go func() { // the frames, while the disk holds every write
		defer close(frames)
		mv = a.move(r, "")
		for range 30 {
			a.tick()
			time.Sleep(2 * time.Millisecond)
		}
	}()
	select {
	case <-frames:
	case <-time.After(10 * time.Second):
		disk.release()
		<-frames
		t.Fatal("a frame waited for the disk: the move's tick did not return while the disk was stalled")
	}
	until(t, ctx, "the move's write under way", disk.stalled, a, b)
	for range 100 { // 0.2 s of frames: the move must not leave before it is on disk
		a.tick()
		b.tick()
		time.Sleep(2 * time.Millisecond)
	}
	if got := b.link.Server().Ply(); got != ply {
		disk.release()
		t.Fatalf("the move reached the server (ply %d → %d) before it was on the disk", ply, got)
	}
	if a.link.Pending() != 1 {
		t.Errorf("pending %d while the disk holds the move, want 1", a.link.Pending())
	}
	disk.release()
	until(t, ctx, "the move on both tables", func() bool { return a.shows(ply+1) && b.shows(ply+1) }, a, b)
	if got := b.link.Server().Moves[ply]; got != mv {
		t.Fatalf("the server has %s at %d, Ann played %s", got, ply, mv)
	}
	until(t, ctx, "the acknowledgement", func() bool { return a.link.Pending() == 0 }, a, b)
	a.link.Flush()
	if ks, err := ReadKept(disk, g.Game); err != nil || len(ks) != 0 {
		t.Errorf("after the acknowledgement the store keeps %+v (%v)", ks, err)
	}
	disk.mu.Lock()
	defer disk.mu.Unlock()
	if len(disk.callers) == 0 {
		t.Fatal("the move was never written")
	}
	for _, s := range disk.callers {
		if strings.Contains(s, "(*Link).Step") || strings.Contains(s, "(*Controller).") || strings.Contains(s, "(*device).tick") {
			t.Errorf("a write on the frame's goroutine:\n%s", s)
		}
	}
	if a.played != 1 || b.played != 1 || a.ctl.Phase() == play.Over && ply == 0 {
		t.Errorf("shown %d (Ann) and %d (Bob)", a.played, b.played)
	}
}

// TestLinkDamagedKeptRemoved: a damaged file of kept moves is never sent
// half-read: the player is told, and the Link's writer removes it.
func TestLinkDamagedKeptRemoved(t *testing.T) {
	t.Parallel()
	ctx, _, _, ann, _, g := annAndBob(t)
	keep := &saves.Memory{}
	if err := keep.WriteNoBackup(KeptName(g.Game), []byte(`[{"game":`)); err != nil {
		t.Fatal(err)
	}
	a := openDevice(t, ctx, "Ann", ann, g.Game, keep)
	a.tick()
	if len(a.notices) != 1 || a.notices[0].Key != "online.keptbad" {
		t.Errorf("notices %v, want online.keptbad", a.notices)
	}
	a.link.Flush()
	if _, err := keep.Read(KeptName(g.Game)); !saves.IsNotExist(err) {
		t.Errorf("the damaged file is still there: %v", err)
	}
}
