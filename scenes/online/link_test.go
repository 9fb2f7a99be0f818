//go:build !js

package online

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// device is one screen playing an online game: a session, its Link, the
// table and the turn controller, ticked as the game screen ticks them.
type device struct {
	t    testing.TB
	name string
	sess *client.Session
	link *Link
	keep saves.Store
	ctl  *play.Controller

	played  int // Played events shown since the table was built
	back    int // moves shown going back (Replayed, Back) since then
	tables  int // tables built
	notices []play.Message
}

func openDevice(t testing.TB, ctx context.Context, name string, c *client.Client, game string, keep saves.Store) *device {
	t.Helper()
	sess, err := c.Open(ctx, game)
	if err != nil {
		t.Fatalf("%s: open %s: %v", name, game, err)
	}
	l, err := NewLink(sess, keep)
	if err != nil {
		t.Fatal(err)
	}
	d := &device{t: t, name: name, sess: sess, link: l, keep: keep}
	d.table()
	t.Cleanup(d.close)
	return d
}

func (d *device) close() {
	if d.link != nil {
		d.link.Close()
		d.sess.Close()
		d.link = nil
	}
}

func (d *device) table() {
	d.t.Helper()
	s, err := d.link.Table(play.DefaultSetup())
	if err != nil {
		d.t.Fatalf("%s: table: %v", d.name, err)
	}
	d.ctl = play.NewController(s, play.Pace{Hurry: true})
	if err := d.link.Seat(d.ctl); err != nil {
		d.t.Fatal(err)
	}
	d.played, d.back, d.tables = 0, 0, d.tables+1
}

// tick is one frame: the Link, the controller, the events shown at once.
func (d *device) tick() {
	if d.link.NeedsTable() {
		d.table()
	}
	d.link.Step(d.ctl)
	d.ctl.Step()
	for _, ev := range d.ctl.Events() {
		if ev.Kind == play.Played {
			d.played++
		}
		if ev.Kind == play.Replayed && ev.Back {
			d.back++
		}
	}
	if d.ctl.Phase() == play.Showing {
		d.ctl.Shown()
	}
	d.notices = append(d.notices, d.link.Notices()...)
}

// canMove says whether this device's player is to move now.
func (d *device) canMove() bool {
	return d.ctl.HumanToMove() && d.link.Playing()
}

// move plays a random legal move by hand, other than not.
func (d *device) move(r *rand.Rand, not string) string {
	d.t.Helper()
	var buf [logic.MaxMoves]logic.Move
	pos := d.ctl.Match().Pos
	moves := pos.Moves(buf[:0])
	mv := moves[r.IntN(len(moves))].String()
	for mv == not {
		mv = moves[r.IntN(len(moves))].String()
	}
	if err := d.ctl.PlayString(mv); err != nil {
		d.t.Fatalf("%s: %s: %v", d.name, mv, err)
	}
	return mv
}

// until ticks the devices until cond holds.
func until(t testing.TB, ctx context.Context, what string, cond func() bool, ds ...*device) {
	t.Helper()
	for !cond() {
		if ctx.Err() != nil {
			for _, d := range ds {
				st := d.link.Server()
				t.Logf("%s: table %d moves (base %d), server ply %d synced %v status %s, pending %d, notices %v",
					d.name, len(d.ctl.Match().Moves), d.link.base, st.Ply(), st.Synced, st.Status, d.link.Pending(), d.notices)
			}
			t.Fatalf("waiting for %s: %v", what, ctx.Err())
		}
		for _, d := range ds {
			d.tick()
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// shows reports whether the device's table is the server's game at ply.
func (d *device) shows(ply int) bool {
	st := d.link.Server()
	return st.Ply() == ply && d.link.base+len(d.ctl.Match().Moves) == ply &&
		d.ctl.Match().Pos.String() == st.Pos.String()
}

// annAndBob is a server, Ann on a device behind a cable the test
// unplugs, and Bob, in Ann's two-player game that Bob joined.
func annAndBob(t *testing.T) (ctx context.Context, n *node, wire *cable, ann, bob *client.Client, g proto.GameReply) {
	t.Helper()
	n = serve(t, "127.0.0.1:0", t.TempDir())
	ctx = ctxFor(t, 60*time.Second)
	wire = newCable(t, n.Addr)
	ann, bob = guest(t, ctx, "Ann", wire.base()), guest(t, ctx, "Bob", n.Base)
	return ctx, n, wire, ann, bob, newGame(t, ctx, ann, bob)
}

// newGame is Ann's two-player game that Bob joined.
func newGame(t testing.TB, ctx context.Context, ann, bob *client.Client) proto.GameReply {
	t.Helper()
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g.Invite); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLinkWholeGame: two devices play a whole game through the real
// server, each at its own table; one device's connection drops now and
// then, and the server is killed (-9) and restarted once. Every move is
// shown exactly once on each table, both tables end as the server's
// game, and no move was doubled.
func TestLinkWholeGame(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	n := serve(t, "127.0.0.1:0", data)
	ctx := ctxFor(t, 90*time.Second)
	ann, bob := guest(t, ctx, "Ann", n.Base), guest(t, ctx, "Bob", n.Base)
	g := newGame(t, ctx, ann, bob)
	a := openDevice(t, ctx, "Ann", ann, g.Game, &saves.Memory{})
	b := openDevice(t, ctx, "Bob", bob, g.Game, &saves.Memory{})
	r := rand.New(rand.NewPCG(25, 1))
	made := 0
	restarted := false
	var ways []time.Duration // from a move made here to its showing there
	for {
		until(t, ctx, "a turn", func() bool {
			return a.ctl.Phase() == play.Over && b.ctl.Phase() == play.Over || a.canMove() || b.canMove()
		}, a, b)
		if a.ctl.Phase() == play.Over {
			break
		}
		d := a
		if b.canMove() {
			d = b
		}
		other := b
		if d == b {
			other = a
		}
		shown, t0 := other.played, time.Now()
		d.move(r, "")
		made++
		until(t, ctx, "the move on the other table", func() bool { return other.played > shown }, a, b)
		ways = append(ways, time.Since(t0))
		// The page API's measure of the move's way to the other Link.
		if p, at := other.link.Arrived(); p != made || at < t0.UnixMilli() || at > time.Now().UnixMilli() {
			t.Errorf("move %d: %s's Link says ply %d arrived at %d, the move was made at %d", made, other.name, p, at, t0.UnixMilli())
		}
		if made%7 == 3 {
			a.sess.Drop() // the network drops; the session comes back by itself
		}
		if made == 12 && !restarted {
			n.Kill9()
			n = serve(t, n.Addr, data) // the same port: the sessions come back
			restarted = true
		}
		if made > 400 {
			t.Fatal("no end after 400 moves")
		}
	}
	slices.Sort(ways)
	t.Logf("a move's way from one table to the other (ticks of 2 ms, loopback, -race if on): p50 %v, p95 %v, max %v of %d",
		ways[len(ways)/2], ways[len(ways)*95/100], ways[len(ways)-1], len(ways))
	ply := a.link.Server().Ply()
	until(t, ctx, "both tables at the end", func() bool { return a.shows(ply) && b.shows(ply) }, a, b)
	if ply != made {
		t.Fatalf("the server has %d moves, the players made %d", ply, made)
	}
	for _, d := range []*device{a, b} {
		if d.tables != 1 || d.played != made || len(d.notices) != 0 || d.link.Conflicts() != 0 {
			t.Errorf("%s: %d tables, %d moves shown of %d, notices %v, conflicts %d",
				d.name, d.tables, d.played, made, d.notices, d.link.Conflicts())
		}
		d.link.Flush()
		if _, err := d.keep.Read(KeptName(g.Game)); !saves.IsNotExist(err) {
			t.Errorf("%s: a kept move is left after the game: %v", d.name, err)
		}
	}
	if a.link.Acknowledged()+b.link.Acknowledged() != made {
		t.Errorf("acknowledged %d+%d, made %d", a.link.Acknowledged(), b.link.Acknowledged(), made)
	}
	if !restarted || a.sess.Conns() < 3 {
		t.Errorf("Ann's session connected %d times: the faults did not happen", a.sess.Conns())
	}
}

// TestLinkOfflineMoveKept: Ann moves while her device is offline, then
// closes the app. The move is in the device's store, not lost; when the
// app opens the game again with the network back, it is sent once, and
// Bob's table shows it.
func TestLinkOfflineMoveKept(t *testing.T) {
	t.Parallel()
	ctx, _, wire, ann, bob, g := annAndBob(t)
	keep := &saves.Memory{}
	a := openDevice(t, ctx, "Ann", ann, g.Game, keep)
	b := openDevice(t, ctx, "Bob", bob, g.Game, &saves.Memory{})
	r := rand.New(rand.NewPCG(25, 2))
	until(t, ctx, "a playing game", func() bool { return a.canMove() || b.canMove() }, a, b)
	if !a.canMove() {
		b.move(r, "")
		until(t, ctx, "Ann's turn", a.canMove, a, b)
	}
	ply := a.link.Server().Ply()
	wire.unplug()
	until(t, ctx, "Ann offline", func() bool { return a.link.State() == Reconnecting }, a)
	mv := a.move(r, "")
	until(t, ctx, "the move kept", func() bool { return a.link.Pending() == 1 }, a)
	a.link.Flush() // the writer's, off the frame
	ks, err := ReadKept(keep, g.Game)
	if err != nil || len(ks) != 1 || ks[0].Move != mv || ks[0].Ply != ply {
		t.Fatalf("kept %+v %v, want %s at %d", ks, err, mv, ply)
	}
	a.close() // the app is closed while offline
	if b.link.Server().Ply() != ply {
		t.Fatal("the move reached the server through an unplugged cable")
	}

	wire.plug()
	a2 := openDevice(t, ctx, "Ann again", as(ann, wire.base()), g.Game, keep)
	until(t, ctx, "the kept move on both tables", func() bool { return a2.shows(ply+1) && b.shows(ply+1) }, a2, b)
	if got := b.link.Server().Moves[ply]; got != mv {
		t.Fatalf("the server has %s at %d, Ann kept %s", got, ply, mv)
	}
	if b.played != 1 || a2.played != 1 || a2.link.Conflicts() != 0 || len(a2.notices) != 0 {
		t.Fatalf("shown %d (Bob) and %d (Ann), conflicts %d, notices %v", b.played, a2.played, a2.link.Conflicts(), a2.notices)
	}
	until(t, ctx, "the acknowledgement", func() bool { return a2.link.Pending() == 0 }, a2, b)
	a2.link.Flush()
	if ks, _ := ReadKept(keep, g.Game); len(ks) != 0 {
		t.Fatalf("the sent move is still kept: %+v", ks)
	}
}

// TestLinkOfflineConflict: Ann plays on two devices. While the first is
// offline she moves there, and moves differently on the second. When the
// first comes back, its move is not forced on the game: she is told so
// plainly, and the table shows the game as it stands. A move made on
// the second device while the first is online is shown on the first,
// once.
func TestLinkOfflineConflict(t *testing.T) {
	t.Parallel()
	ctx, n, wire, ann, bob, g := annAndBob(t)
	keep := &saves.Memory{}
	a1 := openDevice(t, ctx, "Ann's phone", ann, g.Game, keep)
	a2 := openDevice(t, ctx, "Ann's laptop", as(ann, n.Base), g.Game, &saves.Memory{})
	b := openDevice(t, ctx, "Bob", bob, g.Game, &saves.Memory{})
	r := rand.New(rand.NewPCG(25, 3))
	all := []*device{a1, a2, b}
	until(t, ctx, "a playing game", func() bool { return (a1.canMove() && a2.canMove()) || b.canMove() }, all...)
	if b.canMove() {
		b.move(r, "")
		until(t, ctx, "Ann's turn", func() bool { return a1.canMove() && a2.canMove() }, all...)
	}
	// A move on the laptop reaches the phone as if carried from the tray.
	ply := a1.link.Server().Ply()
	a2.move(r, "")
	until(t, ctx, "the laptop's move everywhere", func() bool { return a1.shows(ply+1) && a2.shows(ply+1) && b.shows(ply+1) }, all...)
	if a1.played != a2.played || a1.tables != 1 || a1.link.Acknowledged() != 0 || a1.link.Pending() != 0 {
		t.Fatalf("the phone showed %d moves on %d tables (the laptop %d), sent %d, has %d to send",
			a1.played, a1.tables, a2.played, a1.link.Acknowledged(), a1.link.Pending())
	}
	b.move(r, "")
	until(t, ctx, "Ann's turn again", func() bool { return a1.canMove() && a2.canMove() }, all...)

	ply = a1.link.Server().Ply()
	wire.unplug()
	until(t, ctx, "the phone offline", func() bool { return a1.link.State() == Reconnecting }, a1)
	phone := a1.move(r, "")
	laptop := a2.move(r, phone) // another move than the phone's
	until(t, ctx, "the laptop's move on the server", func() bool { return b.shows(ply + 1) }, a2, b)
	wire.plug()
	until(t, ctx, "the phone told and resynced", func() bool { return len(a1.notices) > 0 && a1.shows(ply+1) }, a1, a2, b)
	if got := b.link.Server().Moves[ply]; got != laptop {
		t.Fatalf("the server has %s at %d, the laptop played %s", got, ply, laptop)
	}
	n0 := a1.notices[0]
	if n0.Key != "online.notsent" || len(n0.Args) != 2 || n0.Args[0] != phone {
		t.Fatalf("the notice: %+v", n0)
	}
	if why, ok := n0.Args[1].(play.Message); !ok || !strings.HasPrefix(why.Key, "online.why.") {
		t.Fatalf("the notice's reason: %+v", n0.Args[1])
	}
	if a1.tables != 2 || a1.link.Conflicts() != 1 || a1.link.Pending() != 0 {
		t.Fatalf("the phone: %d tables, %d conflicts, %d pending", a1.tables, a1.link.Conflicts(), a1.link.Pending())
	}
	a1.link.Flush()
	if ks, _ := ReadKept(keep, g.Game); len(ks) != 0 {
		t.Fatalf("the refused move is still kept: %+v", ks)
	}
}
