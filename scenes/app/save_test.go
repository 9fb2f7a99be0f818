package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/keep"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// testScreens are stand-in screens that say what they show.
func testScreens(problems *[]SaveProblem) Screens {
	return Screens{
		Title: func(c *Context) Scene { return &fake{name: "title"} },
		NewGame: func(c *Context, position string) (Scene, error) {
			s, err := c.NewSession(position)
			if err != nil {
				return nil, err
			}
			return &holder{fake{name: "game", session: s}}, nil
		},
		Resume: func(c *Context, s *play.Session) Scene { return &holder{fake{name: "game", session: s}} },
		SaveProblem: func(c *Context, p SaveProblem) Scene {
			if problems != nil {
				*problems = append(*problems, p)
			}
			return &fake{name: "saveproblem"}
		},
		Elsewhere: func(c *Context) Scene { return &fake{name: "elsewhere"} },
	}
}

func start(t *testing.T, opts Options, problems *[]SaveProblem) *Game {
	t.Helper()
	if opts.Setup.Players == 0 {
		opts.Setup = play.DefaultSetup()
	}
	opts.NoAudio, opts.Seed = true, 1
	g, err := New(opts, testScreens(problems), &inputtest.Script{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play plays moves in the game shown and lets the shell save it.
func playMoves(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	g.Update()
	s := g.holder()
	for _, m := range moves {
		mv, err := s.M.Pos.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		s.M.Play(mv)
		g.Update()
	}
}

func savedMoves(t *testing.T, st saves.Store, name string) int {
	t.Helper()
	b, err := st.Read(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sg, err := saves.DecodeGame(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return len(sg.Record.Moves)
}

// TestStartedGameKeepsTheSave: a game started by flags or a link never
// replaces the game in progress: it is kept aside, listed, the player
// is told, and Resume swaps it back, keeping the other in turn
// (issue 12: two autosaves used to put the new game in both the save and
// its backup).
func TestStartedGameKeepsTheSave(t *testing.T) {
	st := &saves.Memory{}
	g := start(t, Options{Store: st}, nil)
	g.stack = []Scene{&holder{fake{name: "game"}}}
	s, _ := g.ctx.NewSession("")
	g.stack[0].(*holder).session = s
	playMoves(t, g, "W4", "Na", "W4")

	g2 := start(t, Options{Store: st, StartGame: true}, nil)
	if g2.ctx.Notice() == "" || !g2.ctx.notice.tap {
		t.Errorf("the player is not told (notice %q)", g2.ctx.Notice())
	}
	kept := keptAfterTwoSaves(t, g2, 3)
	if savedMoves(t, st, "game") != 2 {
		t.Fatal("the new game is not the save")
	}
	if err := g2.ctx.ResumeKept(kept[0].Name); err != nil {
		t.Fatal(err)
	}
	g2.Update()
	if n := len(g2.holder().M.Moves); n != 3 || savedMoves(t, st, "game") != 3 {
		t.Fatalf("after Resume: %d moves shown, save of %d", n, savedMoves(t, st, "game"))
	}
	kept = g2.ctx.KeptGames()
	if len(kept) != 1 || len(kept[0].Session.M.Moves) != 2 {
		t.Fatalf("the game of 2 moves was not kept in turn: %v", kept)
	}
}

// TestStartedGameKeepsADamagedSave: an unreadable save is put aside
// before a started game writes.
func TestStartedGameKeepsADamagedSave(t *testing.T) {
	st := &saves.Memory{}
	st.WriteNoBackup("game", []byte("{damaged"))
	g := start(t, Options{Store: st, StartGame: true}, nil)
	g.Update()
	found := false
	for k, v := range st.Files {
		found = found || (strings.Contains(k, "damaged") && string(v) == "{damaged")
	}
	if !found {
		t.Fatalf("the damaged save was not kept: %v", st.Files)
	}
}

// TestLoneBackupOffered: the save is gone but its backup is good: the
// backup is offered, and nothing says a file was kept.
func TestLoneBackupOffered(t *testing.T) {
	st := lostSave(t, []string{"W4", "Na"})
	var ps []SaveProblem
	g2 := start(t, Options{Store: st}, &ps)
	if g2.Scene().(*fake).name != "saveproblem" || len(ps) != 1 || ps[0].Backup == nil || ps[0].Kept || !ps[0].Missing() {
		t.Fatalf("scene %s, problems %+v", g2.PagePhase(), ps)
	}
	if ProblemKey(ps[0].Err) != "problem.missing" {
		t.Errorf("key %s", ProblemKey(ps[0].Err))
	}
}

// TestStartedGameKeepsALoneBackup: the save is gone but its backup holds
// an unfinished game; a game started by flags or a link keeps that game
// too, and says so (the new game's second save used to rotate it away,
// silently: issue 12, "a lone backup ... is overwritten after the second
// save of a new game").
func TestStartedGameKeepsALoneBackup(t *testing.T) {
	st := lostSave(t, []string{"W4", "Na"}, []string{"W3"})

	g2 := start(t, Options{Store: st, StartGame: true}, nil)
	if g2.ctx.Notice() != g2.ctx.T("notice.kept") {
		t.Errorf("the player is not told (notice %q)", g2.ctx.Notice())
	}
	keptAfterTwoSaves(t, g2, 2)
}

// stuck is a store whose PutAside fails (a read-only folder).
type stuck struct{ saves.Memory }

func (s *stuck) PutAside(string) (string, error) { return "", errors.New("read-only") }

// TestDamagedSaveNotMovedNeverBecomesTheBackup: when the damaged save
// could not be moved, the screen is told so (Kept false), and the game
// continued from the backup replaces it without rotating it into the
// backup (issue 12: the damaged file was copied over the good backup).
func TestDamagedSaveNotMovedNeverBecomesTheBackup(t *testing.T) {
	st := &stuck{}
	g := start(t, Options{Store: st}, nil)
	s, _ := g.ctx.NewSession("")
	g.stack = []Scene{&holder{fake{name: "game", session: s}}}
	playMoves(t, g, "W4")
	good, _ := st.Read("game")
	st.Write("game", []byte("{damaged"))
	var ps []SaveProblem
	g2 := start(t, Options{Store: st}, &ps)
	if len(ps) != 1 || ps[0].Kept || ps[0].Backup == nil {
		t.Fatalf("problems %+v", ps)
	}
	ses, err := g2.ctx.ResumeSession(ps[0].Backup)
	if err != nil {
		t.Fatal(err)
	}
	g2.stack = []Scene{&holder{fake{name: "game", session: ses}}}
	// The first save (the game resumed, at once) replaces the damaged
	// file and leaves the good backup be; later saves rotate good saves
	// into it as usual. Checked after each: the next save would rotate a
	// damaged backup away, but a crash before it would leave it there.
	for i, m := range []string{"", "Na", "W4"} {
		if m == "" {
			g2.Update()
		} else {
			playMoves(t, g2, m)
		}
		bak, _ := st.ReadBackup("game")
		if strings.Contains(string(bak), "{damaged") {
			t.Fatalf("after save %d the damaged save is the backup", i+1)
		}
		if i == 0 && string(bak) != string(good) {
			t.Fatalf("after the first save the backup is not the good one: %.80q", bak)
		}
	}
}

// TestNoStoreSaysSo: without storage (no HOME, blocked site data) a game
// started by flags says that games are not kept (issue 12: it said
// nothing), and, on the Memory store that saves.Open gives then, the
// game is saved for the session all the same: another screen of the
// same run (a second Game on the store) finds it and resumes it.
func TestNoStoreSaysSo(t *testing.T) {
	g := start(t, Options{StartGame: true, StoreErr: saves.ErrUnavailable}, nil)
	if g.ctx.Notice() != g.ctx.T("notice.nosaves") {
		t.Errorf("notice %q", g.ctx.Notice())
	}
	st := &saves.Memory{}
	g = start(t, Options{Store: st, StoreErr: saves.ErrUnavailable}, nil)
	if g.ctx.Notice() != g.ctx.T("notice.nosaves") {
		t.Errorf("on the session's store: notice %q", g.ctx.Notice())
	}
	s, _ := g.ctx.NewSession("")
	g.stack = []Scene{&holder{fake{name: "game", session: s}}}
	playMoves(t, g, "W4", "Na")
	g.FlushSaves()
	if n := savedMoves(t, st, "game"); n != 2 {
		t.Fatalf("the session's save has %d moves, want 2", n)
	}
	g2 := start(t, Options{Store: st, StoreErr: saves.ErrUnavailable}, nil)
	if h, ok := g2.Scene().(*holder); !ok || len(h.session.M.Moves) != 2 {
		t.Fatalf("the session's save was not resumed: %T", g2.Scene())
	}
}

// failing is a store whose writes fail as the browser's full storage does.
type failing struct{ saves.Memory }

func (f *failing) Write(string, []byte) error {
	return errors.New("localStorage: QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
}

// TestSaveFailureInWords: a failing save says so once, in words, never
// with the browser's own error text.
func TestSaveFailureInWords(t *testing.T) {
	st := &failing{}
	g := start(t, Options{Store: st, StartGame: true}, nil)
	g.ctx.notice.text = ""
	g.Update()
	n := g.ctx.Notice()
	if n == "" || strings.Contains(n, "Quota") || strings.Contains(n, "setItem") {
		t.Fatalf("notice %q", n)
	}
	g.ctx.notice.text = ""
	playMoves(t, g, "W4")
	if g.ctx.Notice() != "" {
		t.Errorf("said again: %q", g.ctx.Notice())
	}
}

// TestOneWriterPerSave: a second copy on the same store finds the first
// one's fresh heartbeat and asks (the Elsewhere screen), writing
// nothing; taking over makes it the writer, and the first copy stops
// saving at its next save or heartbeat and says so. A stale heartbeat
// (the other copy died) is no obstacle; a closed copy frees the save.
func TestOneWriterPerSave(t *testing.T) {
	st := &saves.Memory{}
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	a := start(t, Options{Store: st, InstanceID: "A", Now: clock}, nil)
	s, _ := a.ctx.NewSession("")
	a.stack = []Scene{&holder{fake{name: "game", session: s}}}
	playMoves(t, a, "W4")

	now = now.Add(2 * time.Second)
	b := start(t, Options{Store: st, InstanceID: "B", Now: clock, StartGame: true}, nil)
	if b.PagePhase() != "loading" || b.Scene().(*fake).name != "elsewhere" {
		t.Fatalf("the second copy shows %T %v", b.Scene(), b.Scene())
	}
	b.Update()
	if savedMoves(t, st, "game") != 1 || len(st.Names(keep.KeptPrefix)) != 0 {
		t.Fatal("the second copy wrote before the player chose")
	}
	playMoves(t, a, "Na") // A still owns the save
	if savedMoves(t, st, "game") != 2 {
		t.Fatal("the owner stopped saving")
	}
	b.ctx.TakeOver()
	b.Update()
	if h := b.holder(); h == nil || len(h.M.Moves) != 0 {
		t.Fatalf("after taking over, the started game is not shown")
	}
	if len(st.Names(keep.KeptPrefix)) != 1 {
		t.Fatal("A's game was not kept aside when B's started game took over")
	}
	playMoves(t, a, "W4")
	if !a.ctx.SavingOff() || !strings.Contains(a.ctx.Notice(), a.ctx.T("notice.takenover")) {
		t.Fatalf("A was taken over but saves on (notice %q)", a.ctx.Notice())
	}
	if savedMoves(t, st, "game") != 0 {
		t.Fatal("A wrote over B's game")
	}
	b.Close()
	if _, err := st.Read(keep.OwnerName); !saves.IsNotExist(err) {
		t.Error("closing B left its owner record")
	}
	// A stale record of a copy that died is no obstacle.
	st.WriteNoBackup(keep.OwnerName, []byte(`{"id":"Z","beat":1}`))
	c := start(t, Options{Store: st, InstanceID: "C", Now: clock}, nil)
	if _, ok := c.Scene().(*holder); !ok {
		t.Error("a stale owner blocked the start")
	}
	// "Play without saving" shows the game and writes nothing.
	d := start(t, Options{Store: st, InstanceID: "D", Now: clock}, nil)
	if d.Scene().(*fake).name != "elsewhere" {
		t.Fatal("D did not see C")
	}
	before, _ := st.Read("game")
	d.ctx.PlayWithoutSaving()
	d.Update()
	playMoves(t, d, "W1")
	after, _ := st.Read("game")
	if string(before) != string(after) {
		t.Error("playing without saving saved")
	}
}

// TestNoticeUntilTap: a link's problem stays until a tap; the tap that
// closes it reaches no screen, up to its release.
func TestNoticeUntilTap(t *testing.T) {
	f := &fake{name: "title"}
	g, script, _ := newGame(t, nil, f)
	g.ctx.NotifyUntilTap("the link")
	for i := 0; i < 1000; i++ {
		g.Update()
	}
	if g.ctx.Notice() != "the link" {
		t.Fatal("the notice went by itself")
	}
	g.ctx.Notify("a passing notice")
	if g.ctx.Notice() != "the link" {
		t.Fatal("a passing notice pushed it away")
	}
	script.Hold(10, 10, 5)
	for i := 0; i < 7; i++ {
		g.Update()
	}
	if g.ctx.Notice() != "" || f.sawPress {
		t.Fatalf("after a tap: notice %q, the screen saw the tap %v", g.ctx.Notice(), f.sawPress)
	}
	script.Hold(10, 10, 5)
	for i := 0; i < 7; i++ {
		g.Update()
	}
	if !f.sawPress {
		t.Fatal("the next tap was swallowed too")
	}
}

// TestFullStorageResumes: storage that reads but takes no writes (the
// browser's, full) still resumes the saved game, and says in words that
// it cannot save (issue 12: a reload showed the setup).
func TestFullStorageResumes(t *testing.T) {
	st := &saves.Memory{}
	g := start(t, Options{Store: st}, nil)
	s, _ := g.ctx.NewSession("")
	g.stack = []Scene{&holder{fake{name: "game", session: s}}}
	playMoves(t, g, "W4")
	g2 := start(t, Options{Store: st, StoreErr: saves.ErrFull}, nil)
	if h, ok := g2.Scene().(*holder); !ok || len(h.session.M.Moves) != 1 {
		t.Fatalf("the save was not resumed: %T", g2.Scene())
	}
	if g2.ctx.Notice() != g2.ctx.T("notice.storagefull") {
		t.Errorf("notice %q", g2.ctx.Notice())
	}
}

// TestKilledOwnerIsNoOwner: a window killed a second ago (kill -9) left
// a fresh owner record; its process is gone, so a restart on the same
// machine resumes at once instead of asking.
func TestKilledOwnerIsNoOwner(t *testing.T) {
	st := &saves.Memory{}
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	running := map[int]bool{100: true}
	proc := func(pid int) Process {
		return Process{PID: pid, Host: "box", Alive: func(p int) bool { return running[p] }}
	}
	start(t, Options{Store: st, InstanceID: "A", Now: clock, Process: proc(100)}, nil)
	b := start(t, Options{Store: st, InstanceID: "B", Now: clock, Process: proc(200)}, nil)
	if b.Scene().(*fake).name != "elsewhere" {
		t.Fatal("a running owner was ignored")
	}
	delete(running, 100) // A is killed
	c := start(t, Options{Store: st, InstanceID: "C", Now: clock, Process: proc(300)}, nil)
	if c.Scene().(*fake).name == "elsewhere" {
		t.Fatal("a killed owner still blocks the save")
	}
}

// TestOpenTabOwnsTheSave: in the browser a tab in the background beats no
// more (no animation frames), yet while its tab is open it owns the save;
// a tab that is gone owns nothing, however fresh its last beat. While
// the browser has not answered yet, the tab asks the player rather than
// take a save whose owner may be frozen (unless the beat is a day old);
// where it cannot tell, the heartbeat decides. It is unsure of the owner
// only while the browser has not answered about a tab that beats no more.
func TestOpenTabOwnsTheSave(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	for _, tc := range []struct {
		name     string
		age      time.Duration // of the owner's last beat
		locks    bool          // the browser has Web Locks
		presence keep.Presence // what they say of the owner
		ask      bool          // the new tab asks the player
		hold     keep.Hold     // and what it then knows of the owner
	}{
		{"open in the background, a minute without a beat", time.Minute, true, keep.Open, true, keep.Held},
		{"open, beating", 0, true, keep.Open, true, keep.Held},
		{"gone, its beat fresh", 0, true, keep.Closed, false, keep.Free},
		{"gone, its beat old", time.Minute, true, keep.Closed, false, keep.Free},
		{"locks not answered yet, a minute without a beat", time.Minute, true, keep.Pending, true, keep.Unsure},
		{"locks not answered yet, beat fresh", 0, true, keep.Pending, true, keep.Held},
		{"locks not answered yet, beat two days old", 48 * time.Hour, true, keep.Pending, false, keep.Free},
		{"locks refused to answer, beat fresh", 0, true, keep.Untold, true, keep.Held},
		{"locks refused to answer, beat old", time.Minute, true, keep.Untold, false, keep.Free},
		{"no Web Locks, beat fresh", 0, false, 0, true, keep.Held},
		{"no Web Locks, beat old", time.Minute, false, 0, false, keep.Free},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &saves.Memory{}
			then := func() time.Time { return now.Add(-tc.age) }
			start(t, Options{Store: st, InstanceID: "A", Now: then}, nil)
			var asked []string
			var proc Process
			if tc.locks {
				proc.Open = func(id string) keep.Presence { asked = append(asked, id); return tc.presence }
			}
			b := start(t, Options{Store: st, InstanceID: "B", Now: clock, Process: proc}, nil)
			if got := b.Scene().(*fake).name == "elsewhere"; got != tc.ask {
				t.Errorf("asked %v, want %v", got, tc.ask)
			}
			// The Elsewhere screen says "may be open" only while unsure.
			if got := b.Context().OwnerHold(); got != tc.hold {
				t.Errorf("the owner's hold is %v, want %v", got, tc.hold)
			}
			if tc.locks && (len(asked) == 0 || asked[0] != "A") {
				t.Errorf("Open was asked about %v, want the owner A", asked)
			}
		})
	}
}

// keptAfterTwoSaves plays two moves in g, so that its game is saved twice
// (the second save rotates the backup), and checks that exactly one game
// was kept for Records, of moves moves; it returns the kept games.
func keptAfterTwoSaves(t *testing.T, g *Game, moves int) []KeptGame {
	t.Helper()
	playMoves(t, g, "E1")
	playMoves(t, g, "E2")
	kept := g.ctx.KeptGames()
	if len(kept) != 1 || len(kept[0].Session.M.Moves) != moves {
		t.Fatalf("kept games %v, want one game of %d moves", kept, moves)
	}
	return kept
}

// lostSave plays a game in a fresh store, each group of moves saved once,
// then removes the save and leaves its backup alone in the store.
func lostSave(t *testing.T, groups ...[]string) *saves.Memory {
	t.Helper()
	st := &saves.Memory{}
	g := start(t, Options{Store: st}, nil)
	s, _ := g.ctx.NewSession("")
	g.stack = []Scene{&holder{fake{name: "game", session: s}}}
	for _, moves := range groups {
		playMoves(t, g, moves...)
	}
	st.Remove("game")
	return st
}

// TestHistoryKeepsEveryGame: a finished game is kept in the history once,
// with no step by the player; a game left unfinished for a new one is
// kept as abandoned; a game resumed from the save is not abandoned by
// being resumed.
func TestHistoryKeepsEveryGame(t *testing.T) {
	st := &saves.Memory{}
	// Orange wins with Sf (§4 Express: five in a row).
	win := "7/7/7/7/7/7/1oooo1g express og o 18,21 0,0 0,0"
	g := start(t, Options{Store: st, StartGame: true, Position: win}, nil)
	playMoves(t, g, "Sf")
	if !g.holder().M.Pos.Over() {
		t.Fatalf("the game is not over:\n%s", g.holder().M.Pos.Diagram())
	}
	g.Update()
	g.Update()
	l := saves.NewHistoryList(st)
	l.Step(10)
	if es := l.Entries(); len(es) != 1 || es[0].Outcome != saves.WonGame || es[0].Moves != 1 {
		t.Fatalf("after a finished game the history holds %+v", es)
	}

	// A new game, one move, then another new game over it.
	s, err := g.ctx.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	g.ctx.Reset(&holder{fake{name: "game", session: s}})
	playMoves(t, g, "W4")
	s2, _ := g.ctx.NewSession("")
	g.ctx.Reset(&holder{fake{name: "game", session: s2}})
	g.Update()
	g.Update()
	l = saves.NewHistoryList(st)
	l.Step(10)
	if es := l.Entries(); len(es) != 2 || es[0].Outcome != saves.Abandoned || es[0].Moves != 1 {
		t.Fatalf("after a game left unfinished the history holds %+v", es)
	}

	// Restarting resumes the save: nothing new in the history.
	playMoves(t, g, "W4")
	g2 := start(t, Options{Store: st}, nil)
	g2.Update()
	playMoves(t, g2, "E4")
	l = saves.NewHistoryList(st)
	l.Step(10)
	if n := len(l.Entries()); n != 2 {
		t.Fatalf("a resumed game added to the history: %d games", n)
	}
}

// slowDisk is a store whose saves take a while, as a disk's sync does.
type slowDisk struct{ saves.Memory }

func (s *slowDisk) Write(name string, data []byte) error {
	time.Sleep(20 * time.Millisecond)
	return s.Memory.Write(name, data)
}

// TestWriteBehindLosesNothing: with the saves written off the frame (the
// desktop), moves played faster than the disk writes are all in the save
// once the game closes, and a game started after it resumes the last
// move; a failing save still says so, in words, once.
func TestWriteBehindLosesNothing(t *testing.T) {
	st := &slowDisk{}
	g := start(t, Options{Store: st, StartGame: true, WriteBehind: true, InstanceID: "A"}, nil)
	playMoves(t, g, "W4", "Na", "E1", "Sc")
	g.Close()
	if n := savedMoves(t, st, "game"); n != 4 {
		t.Fatalf("closed right after the fourth move, the save holds %d", n)
	}
	if _, err := st.Read(keep.OwnerName); !saves.IsNotExist(err) {
		t.Error("the owner record outlived Close")
	}
	g2 := start(t, Options{Store: st, WriteBehind: true, InstanceID: "B"}, nil)
	defer g2.Close()
	if h := g2.holder(); h == nil || len(h.M.Moves) != 4 {
		t.Fatal("the game did not resume at its last move")
	}

	f := &failing{}
	g3 := start(t, Options{Store: f, StartGame: true, WriteBehind: true}, nil)
	defer g3.Close()
	g3.ctx.notice.text = ""
	g3.Update()
	g3.FlushSaves()
	g3.Update()
	if n := g3.ctx.Notice(); n != g3.ctx.T("notice.storagefull") && n != g3.ctx.T("notice.savefailed") {
		t.Fatalf("notice %q after a failed save in the background", n)
	}
	g3.ctx.notice.text = ""
	playMoves(t, g3, "W4")
	g3.FlushSaves()
	g3.Update()
	if g3.ctx.Notice() != "" {
		t.Errorf("said again: %q", g3.ctx.Notice())
	}
}
