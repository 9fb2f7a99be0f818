package app

import (
	"fmt"
	"runtime/debug"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// fake is a screen that notes what the shell does with it.
type fake struct {
	name      string
	updates   int
	drawn     int
	drawnLaid bool // the first Draw came after an Update
	sawPress  bool
	resumed   int
	closed    int       // times told it was closed (Closer)
	log       *[]string // where Resume and Closed are noted, if set
	session   *play.Session
	onUpdate  func(c *Context)
}

func (f *fake) Update(c *Context) error {
	f.updates++
	if c.In.Pressed || c.In.Released || len(c.In.Keys()) > 0 {
		f.sawPress = true
	}
	if f.onUpdate != nil {
		on := f.onUpdate
		f.onUpdate = nil
		on(c)
	}
	return nil
}

func (f *fake) Draw(screen *ebiten.Image, c *Context) {
	if f.drawn == 0 {
		f.drawnLaid = f.updates > 0
	}
	f.drawn++
}

func (f *fake) Resume(c *Context) { f.resumed++; f.note("resumed") }

func (f *fake) Closed(c *Context) { f.closed++; f.note("closed") }

func (f *fake) note(what string) {
	if f.log != nil {
		*f.log = append(*f.log, f.name+" "+what)
	}
}

func (f *fake) PagePhase() string { return f.name }

// holder is a fake screen that holds a game.
type holder struct{ fake }

func (h *holder) Session() *play.Session { return h.session }

func newGame(t *testing.T, st saves.Store, first *fake) (*Game, *inputtest.Script, *int) {
	t.Helper()
	titles := 0
	screens := testScreens(nil)
	screens.Title = func(c *Context) Scene { titles++; return &fake{name: "title"} }
	script := &inputtest.Script{}
	g, err := New(Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 1, Store: st}, screens, script)
	if err != nil {
		t.Fatal(err)
	}
	if first != nil {
		g.stack = []Scene{first}
	}
	return g, script, &titles
}

// TestStack: screens open over each other and close back; the last one
// closed gives the title; a screen shown again hears it; every screen
// that leaves the stack hears it once, however it left (Pop, Replace,
// Reset), before the one under it resumes; a screen opened
// this tick is updated, with the tick's press taken away, before it is
// drawn.
func TestStack(t *testing.T) {
	a := &fake{name: "a"}
	g, script, titles := newGame(t, nil, a)
	b := &fake{name: "b"}
	a.onUpdate = func(c *Context) { c.Push(b) }
	script.Push(inputtest.At(10, 10, true, true, false))
	g.Update()
	if g.Scene() != b || g.Depth() != 2 {
		t.Fatalf("after Push: %v, depth %d", g.PagePhase(), g.Depth())
	}
	if b.updates != 1 || b.sawPress {
		t.Errorf("the new screen: %d updates, saw the press %v", b.updates, b.sawPress)
	}
	// Each way a screen comes on top (push, replace, the title after the
	// last pop, reset) lays it out before its first Draw.
	laidOut := func(how string, s *fake) {
		t.Helper()
		g.Draw(nil)
		if !s.drawnLaid || s.drawn == 0 {
			t.Errorf("after %s: the new screen was drawn %d times, the first before it was updated: %v", how, s.drawn, !s.drawnLaid)
		}
	}
	laidOut("Push", b)
	var order []string // what the shell told whom, in turn
	a.log, b.log = &order, &order
	b.onUpdate = func(c *Context) { c.Pop() }
	g.Update()
	if g.Scene() != a || a.resumed != 1 {
		t.Fatalf("after Pop: %s, resumed %d", g.PagePhase(), a.resumed)
	}
	if b.closed != 1 || a.closed != 0 || fmt.Sprint(order) != "[b closed a resumed]" {
		t.Errorf("after Pop: the closed screen told %d times, the one shown again %d; in turn %v", b.closed, a.closed, order)
	}
	c := &fake{name: "c"}
	a.onUpdate = func(ctx *Context) { ctx.Replace(c) }
	g.Update()
	if g.Scene() != c || g.Depth() != 1 {
		t.Fatalf("after Replace: %s, depth %d", g.PagePhase(), g.Depth())
	}
	if a.closed != 1 || c.closed != 0 {
		t.Errorf("after Replace: the replaced screen told %d times, the new one %d", a.closed, c.closed)
	}
	laidOut("Replace", c)
	c.onUpdate = func(ctx *Context) { ctx.Pop() }
	g.Update()
	if g.PagePhase() != "title" || g.Depth() != 1 || *titles != 2 { // one at the start, one now
		t.Fatalf("closing the last screen gave %s (depth %d, %d titles)", g.PagePhase(), g.Depth(), *titles)
	}
	laidOut("the last Pop", g.Scene().(*fake))
	d, e, title := &fake{name: "d"}, &fake{name: "e"}, g.Scene().(*fake)
	order = order[:0]
	title.log, e.log = &order, &order
	title.onUpdate = func(ctx *Context) { ctx.Push(e) }
	g.Update()
	e.onUpdate = func(ctx *Context) { ctx.Reset(d) }
	g.Update()
	if g.Scene() != d || g.Depth() != 1 {
		t.Fatalf("after Reset: %s, depth %d", g.PagePhase(), g.Depth())
	}
	if fmt.Sprint(order) != "[e closed title closed]" || d.closed != 0 || c.closed != 1 {
		t.Errorf("after Reset: told in turn %v; the new screen closed %d times, the last popped %d", order, d.closed, c.closed)
	}
	laidOut("Reset", d)
}

// TestAutosave: the screen nearest the top that holds a game is saved
// after each change to its moves, once; a screen over it (the settings)
// changes nothing; a game resumed from the save is not written back.
func TestAutosave(t *testing.T) {
	st := &saves.Memory{}
	g, _, _ := newGame(t, st, nil)
	c := g.Context()
	s, err := c.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	h := &holder{fake{name: "game", session: s}}
	g.stack = []Scene{h}
	writes := func() int {
		b, err := st.Read("game")
		if err != nil {
			return 0
		}
		sg, err := saves.DecodeGame(b)
		if err != nil {
			t.Fatal(err)
		}
		return len(sg.Record.Moves) + 1
	}
	g.Update()
	if writes() != 1 {
		t.Fatalf("a new game is not saved at once")
	}
	mv, _ := s.M.Pos.ParseMove("W4")
	s.M.Play(mv)
	g.stack = append(g.stack, &fake{name: "settings"})
	g.Update()
	if writes() != 2 {
		t.Fatalf("the move under the settings was not saved")
	}
	// Resumed from the save: the same game, not saved again.
	g2, _, _ := newGame(t, st, nil)
	if g2.PagePhase() != "loading" {
		t.Fatalf("phase %q before the first tick", g2.PagePhase())
	}
	if _, ok := g2.Scene().(*holder); !ok {
		t.Fatalf("the save was not resumed: %T", g2.Scene())
	}
	if g2.ctx.keeper().Unsaved(g2.holder()) {
		t.Error("a resumed game counts as unsaved")
	}
	if n := g2.Context().Notice(); n == "" {
		t.Error("no word that the game goes on")
	}
}

// TestDamagedSave: a save that cannot be read is put aside and never
// overwritten; the screen that says so is shown.
func TestDamagedSave(t *testing.T) {
	st := &saves.Memory{}
	st.Write("game", []byte("{not a save"))
	g, _, _ := newGame(t, st, nil)
	if p := g.PagePhase(); p == "title" {
		t.Fatal("a damaged save opened the title")
	}
	if _, err := st.Read("game"); !saves.IsNotExist(err) {
		t.Errorf("the damaged save is still in the game's place: %v", err)
	}
}

// pageScreen is a fake screen with a board and buttons.
type pageScreen struct {
	fake
	geo layout.Geometry
	m   *play.Match
}

func (p *pageScreen) PageGeometry() *layout.Geometry { return &p.geo }
func (p *pageScreen) PageMatch() *play.Match         { return p.m }
func (p *pageScreen) PageButtons() []ui.Info {
	return []ui.Info{{ID: "play", Label: "Play", Enabled: true, Rect: layout.Rect{X: 100, Y: 40, W: 88, H: 88}}}
}

// TestPageAPI: the page API's answers, in CSS pixels at a device scale
// of 2.
func TestPageAPI(t *testing.T) {
	g, _, _ := newGame(t, nil, nil)
	c := g.Context()
	c.Scale = 2
	pos, _ := logic.ParsePosition("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0")
	st := play.DefaultSetup()
	p := &pageScreen{fake: fake{name: "playing"}, geo: layout.New(layout.Config{W: 1536, H: 2048, Scale: 2}), m: play.NewMatch(pos, &st, 1)}
	g.stack = []Scene{p}
	if g.PagePhase() != "loading" {
		t.Errorf("phase before the first tick: %q", g.PagePhase())
	}
	g.Update()
	if g.PagePhase() != "playing" || len(g.PageMoves()) != 28 || len(g.PageRecord()) != 0 {
		t.Errorf("phase %q, %d moves, record %v", g.PagePhase(), len(g.PageMoves()), g.PageRecord())
	}
	if s, ok := g.PagePosition(); !ok || s != pos.String() {
		t.Errorf("position %q %v", s, ok)
	}
	w4, ok := g.PageEntryPoint("W4")
	want := p.geo.EntryPoint(logic.NewEntry(logic.West, 3))
	if !ok || w4.X != want.X/2 || w4.Y != want.Y/2 {
		t.Errorf("W4 at %v, want %v / 2", w4, want)
	}
	if _, ok := g.PageEntryPoint("Q9"); ok {
		t.Error("a bad entry point was placed")
	}
	if b := g.PageButtons(); len(b) != 1 || b[0].Rect.W != 44 || b[0].Rect.X != 50 {
		t.Errorf("buttons %+v", b)
	}
	c.Notify("hello")
	if g.PageNotice() != "hello" {
		t.Errorf("notice %q", g.PageNotice())
	}
}

// stillScene is a fake screen that says whether it moves.
type stillScene struct {
	fake
	still bool
}

func (s *stillScene) Still() bool { return s.still }

// TestIdleFramesAreNotDrawn: with SkipIdleDraws, a still screen with no
// input is drawn once and then not again, until the pointer moves, a key
// comes, or the screen says it moves.
func TestIdleFramesAreNotDrawn(t *testing.T) {
	s := &stillScene{fake: fake{name: "still"}, still: true}
	g, script, _ := newGame(t, nil, &s.fake)
	g.stack = []Scene{s}
	g.SkipIdleDraws = true
	frame := func() { g.Update(); g.Draw(nil) }
	for i := 0; i < 10; i++ {
		frame()
	}
	if s.drawn != 1 {
		t.Fatalf("a still screen was drawn %d times in 10 idle frames, want once", s.drawn)
	}
	script.Push(inputtest.At(5, 5, false, false, false)) // the pointer moves
	frame()
	frame()
	if s.drawn != 2 {
		t.Errorf("drawn %d times after the pointer moved, want 2", s.drawn)
	}
	s.still = false
	frame()
	frame()
	if s.drawn != 4 {
		t.Errorf("drawn %d times while it moves, want 4", s.drawn)
	}
	g.SkipIdleDraws = false
	s.still = true
	frame()
	if s.drawn != 5 {
		t.Errorf("without SkipIdleDraws a frame was not drawn")
	}
}

// TestNoticeBelongsToItsScreenAndLanguage: a notice given on one screen
// goes when another opens over it or it closes (issue 26: "Move taken
// back" showed on the rules), but not when given in the tick that opens
// the next screen (it speaks of that change); a notice in one language
// is not shown once the player picks another ("Link kopiert" on English
// screens); one that waits for a tap stays.
func TestNoticeBelongsToItsScreenAndLanguage(t *testing.T) {
	a := &fake{name: "a"}
	g, _, _ := newGame(t, nil, a)
	c := g.ctx
	c.SetLanguage("en")
	g.Update()
	a.onUpdate = func(c *Context) { c.Notify("Move taken back") }
	g.Update()
	if c.Notice() == "" {
		t.Fatal("the notice was not shown")
	}
	b := &fake{name: "b"}
	a.onUpdate = func(c *Context) { c.Push(b) }
	g.Update()
	if n := c.Notice(); n != "" {
		t.Errorf("a screen opened over the one that gave it, and it still shows %q", n)
	}
	b.onUpdate = func(c *Context) { c.Notify("Saved"); c.Pop() }
	g.Update()
	if n := c.Notice(); n != "Saved" {
		t.Errorf("a notice given as its screen closed shows %q, want it on the screen under", n)
	}
	a.onUpdate = func(c *Context) { c.SetLanguage("de") }
	g.Update()
	if n := c.Notice(); n != "" {
		t.Errorf("after the language changed it still shows %q", n)
	}
	c.NotifyUntilTap("read me")
	a.onUpdate = func(c *Context) { c.Push(&fake{name: "d"}) }
	g.Update()
	if n := c.Notice(); n != "read me" {
		t.Errorf("a notice waiting for a tap went with its screen: %q", n)
	}
}

// TestIdleWindowRepaintsNowAndThen: an idle desktop window is shown again
// once a second all the same, so that one uncovered on X11 without a
// compositor shows its own pixels again (issue 26), but from the screen
// image it keeps, not drawn afresh (issue 50: that cost an idle game
// three times the rest of its work); a browser's canvas keeps its pixels
// and is not shown again.
func TestIdleWindowRepaintsNowAndThen(t *testing.T) {
	s := &stillScene{fake: fake{name: "still"}, still: true}
	g, _, _ := newGame(t, nil, &s.fake)
	g.stack = []Scene{s}
	g.SkipIdleDraws = true
	for i := 0; i < 3*idleRepaint+1; i++ {
		g.Update()
		g.Draw(nil)
	}
	if s.drawn != 1 {
		t.Errorf("a still screen was drawn %d times in %d idle ticks, want once", s.drawn, 3*idleRepaint+1)
	}
	want := 3 // one a second
	if Browser {
		want = 0
	}
	if g.Presents != want {
		t.Errorf("an idle window was shown again %d times in %d idle ticks, want %d", g.Presents, 3*idleRepaint+1, want)
	}
}

// TestNoticeLastsByTheClock: a notice stays NoticeFor by the wall clock
// however many ticks pass (counted in ticks it stayed for minutes where
// frames came slowly), and goes when that time is up even with no tick
// between; one kept until a tap stays.
func TestNoticeLastsByTheClock(t *testing.T) {
	now := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	g := start(t, Options{Now: func() time.Time { return now }}, nil)
	a := &fake{name: "a"}
	g.stack = []Scene{a}
	c := g.ctx
	a.onUpdate = func(c *Context) { c.Notify("Move taken back") }
	g.Update()
	a.onUpdate = nil
	// Given while the game starts, before any frame: it waits to be
	// seen, however long the first frame takes.
	now = now.Add(time.Minute)
	g.Update()
	if c.Notice() != "Move taken back" {
		t.Fatalf("a notice not yet drawn went after a minute: %q", c.Notice())
	}
	c.noticeDrawn()  // the first frame that shows it
	for range 1000 { // 16 s of ticks at 60 a second, with the clock still
		g.Update()
	}
	if c.Notice() != "Move taken back" {
		t.Fatalf("after 1000 ticks in no time the notice is %q", c.Notice())
	}
	now = now.Add(NoticeFor - time.Millisecond)
	if c.Notice() == "" {
		t.Fatal("the notice went before its time")
	}
	now = now.Add(time.Millisecond)
	if n := c.Notice(); n != "" {
		t.Fatalf("%v later the notice still shows %q", NoticeFor, n)
	}
	c.NotifyUntilTap("The link is broken")
	now = now.Add(time.Hour)
	g.Update()
	if c.Notice() != "The link is broken" {
		t.Fatalf("a notice kept until a tap went by itself: %q", c.Notice())
	}
}

// TestCollectorTightWhileRepainting: at a new size the collector runs at
// paintGCPercent until the screen stands still at that size (its repaint
// runs behind the frames for seconds), then at its own setting again;
// for a screen that never stands still, paintGCTicks at most.
func TestCollectorTightWhileRepainting(t *testing.T) {
	percent := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	defer debug.SetGCPercent(debug.SetGCPercent(77))
	s := &stillScene{fake: fake{name: "still"}, still: true}
	g, _, _ := newGame(t, nil, &s.fake)
	g.stack = []Scene{s}
	frame := func() { g.Update(); g.Draw(nil) }
	g.ctx.W, g.ctx.H = 800, 600
	frame()
	if p := percent(); p != 77 {
		t.Fatalf("a still screen's first frame drawn, the collector runs at %d%%, want its own 77", p)
	}
	g.ctx.W, g.ctx.H = 600, 800 // turned
	s.still = false
	for range 5 {
		frame()
		if p := percent(); p != paintGCPercent {
			t.Fatalf("while the screen repaints for its new size, the collector runs at %d%%, want %d", p, paintGCPercent)
		}
	}
	s.still = true
	frame()
	if p := percent(); p != 77 {
		t.Errorf("the screen still at its new size, the collector runs at %d%%, want 77", p)
	}
	g.ctx.W, g.ctx.H = 800, 600
	s.still = false
	for range paintGCTicks + 2 {
		frame()
	}
	if p := percent(); p != 77 {
		t.Errorf("%d ticks after a new size on a screen never still, the collector runs at %d%%, want 77", paintGCTicks+2, p)
	}
}
