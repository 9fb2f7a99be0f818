package play

import (
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/scenes/i18n"
)

var english = i18n.New("en")

// newController starts a session from pos with the given seats computers
// (level 1) and the others human.
func newController(t *testing.T, pos string, pace Pace, computers ...bool) *Controller {
	t.Helper()
	st := DefaultSetup()
	for i := range st.Seats {
		st.Seats[i].Player = record.OldPlayer(i < len(computers) && computers[i], 1)
	}
	s, _, _, err := NewSession(st, pos, nil, 1, 1, "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	return NewController(s, pace)
}

// kinds lists the kinds of the events handed over, in short.
func kinds(evs []Event) string {
	var sb strings.Builder
	for _, ev := range evs {
		sb.WriteString([...]string{"played ", "refused ", "ask ", "chose ", "won ", "jumped ", "notice ", "replayed "}[ev.Kind])
	}
	return strings.TrimSpace(sb.String())
}

// show plays the part of the screen: every move handed over is shown at
// once (a held push settles first; moves undone or redone are shown one
// after the other, then the turn goes on).
func show(c *Controller) []Event {
	evs := append([]Event(nil), c.Events()...)
	replayed := false
	for _, ev := range evs {
		switch {
		case ev.Kind == Played && ev.Hold:
			c.Settled()
		case ev.Kind == Played:
			c.Shown()
		case ev.Kind == Replayed:
			replayed = true
		}
	}
	if replayed {
		c.Shown()
	}
	return evs
}

// TestScoringChoice (§5): orange's insertion at W1 makes two lines of
// four; the push is shown held, the choice of line then of end is asked,
// a tap on d1 picks rank 1, a tap on d1 again keeps d1, and the move is
// the one the rules write, with an extra turn after it.
func TestScoringChoice(t *testing.T) {
	c := newController(t, "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0", Pace{}, false, true, true)
	w1 := logic.NewEntry(logic.West, 0)
	d1, _ := logic.ParseSquare("d1")
	if !c.Commit(w1) {
		t.Fatal("W1 refused")
	}
	evs := c.Events()
	if len(evs) != 1 || evs[0].Kind != Played || !evs[0].Hold || evs[0].Move != logic.NoMove || c.Phase() != Showing {
		t.Fatalf("after W1: events %s (hold %v), phase %s", kinds(evs), len(evs) > 0 && evs[0].Hold, c.Phase())
	}
	c.Settled()
	if c.Phase() != ChooseLine || len(c.Lines()) != 2 || kinds(c.Events()) != "ask" {
		t.Fatalf("phase %s with %d lines, want a choice of 2 lines", c.Phase(), len(c.Lines()))
	}
	if got := Say(english, c.Status()); !strings.Contains(got, "must score") {
		t.Errorf("status %q", got)
	}
	if !c.TapCell(d1) || c.Phase() != ChooseEnd {
		t.Fatalf("tap on d1: phase %s", c.Phase())
	}
	c.Events()
	if !c.TapCell(d1) {
		t.Fatal("tap on the end d1 chose nothing")
	}
	evs = c.Events()
	if kinds(evs) != "chose played" || !evs[1].Continue || evs[1].Move.String() != "W1xa1-d1=d1" {
		t.Fatalf("events %s, move %v", kinds(evs), evs[len(evs)-1].Move)
	}
	c.Shown()
	if c.Phase() != Playing || !c.HumanToMove() {
		t.Fatalf("phase %s after the move", c.Phase())
	}
	if got := Say(english, c.Status()); !strings.Contains(got, "scored 2 points") || !strings.Contains(got, "Extra turn for Orange") {
		t.Errorf("status %q", got)
	}
	if c.Match().Pos.Score(0) != 2 {
		t.Errorf("score %d", c.Match().Pos.Score(0))
	}
}

// TestScoringChoiceByKeys: the arrows go round the candidate lines and
// the ends; Enter chooses.
func TestScoringChoiceByKeys(t *testing.T) {
	c := newController(t, "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0", Pace{}, false, true, true)
	c.Commit(logic.NewEntry(logic.West, 0))
	show(c)
	c.PickNext(1)
	c.PickNext(1)
	c.PickNext(-1) // line 1
	want := c.Lines()[1]
	c.ConfirmPick()
	if c.Phase() != ChooseEnd || *c.Chosen() != want {
		t.Fatalf("phase %s, chosen %v, want %v", c.Phase(), c.Chosen(), want)
	}
	c.PickNext(1) // end B
	c.Events()
	c.ConfirmPick()
	evs := show(c)
	if k := kinds(evs); k != "chose played" {
		t.Fatalf("events %s", k)
	}
	if mv := evs[1].Move; mv.Kept() != want.B {
		t.Errorf("played %s, want the end %s kept", mv, want.B)
	}
}

// TestComputerPace: the computer's answer waits until it has seemed to
// think for ThinkTicks ticks, then is played; with Hurry it is played as
// soon as found. The search is stepped NodesPerTick nodes a tick.
func TestComputerPace(t *testing.T) {
	for _, tc := range []struct {
		pace     Pace
		minTicks int
	}{
		{Pace{NodesPerTick: 1 << 20, ThinkTicks: 24}, 25}, // found on the first tick, shown 24 ticks later
		{Pace{NodesPerTick: 1 << 20, ThinkTicks: 60}, 61},
		{Pace{NodesPerTick: 1 << 20, ThinkTicks: 60, Hurry: true}, 1},
	} {
		c := newController(t, "7/7/7/7/7/7/7 express og g 22,22 0,0 0,0", tc.pace, false, true)
		if !c.Thinking() {
			t.Fatal("the computer is not to move")
		}
		ticks := 0
		for len(c.Match().Moves) == 0 && ticks < 1000 {
			c.Step()
			ticks++
		}
		if ticks != tc.minTicks {
			t.Errorf("pace %+v: the move came after %d ticks, want %d", tc.pace, ticks, tc.minTicks)
		}
		if k := kinds(c.Events()); k != "played" || c.Phase() != Showing {
			t.Errorf("pace %+v: events %s, phase %s", tc.pace, k, c.Phase())
		}
	}
}

// TestComputerStepsInSlices: a strong computer with a small slice of
// nodes a tick needs many ticks, and no move comes before the search is
// done.
func TestComputerStepsInSlices(t *testing.T) {
	c := newController(t, "7/7/7/3o3/7/7/7 expert og g 21,22 0,0 0,0", Pace{NodesPerTick: 500}, false, true)
	setLevel(c, 1, 4)
	ticks := 0
	for len(c.Match().Moves) == 0 && ticks < 100000 {
		c.Step()
		ticks++
	}
	if ticks < 10 {
		t.Errorf("a level-4 search of 500 nodes a tick took %d ticks", ticks)
	}
}

// TestUndoRedoAnnounced: undo takes back the player's move and the
// computer's answer, the position is shown at a stroke, the turn is
// announced again; redo brings both back. Without the hot-seat setting
// undo between humans says why it is off.
func TestUndoRedoAnnounced(t *testing.T) {
	c := newController(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", Pace{NodesPerTick: 1 << 20, Hurry: true}, false, true)
	c.Commit(logic.NewEntry(logic.West, 3))
	show(c)
	for len(c.Match().Moves) < 2 {
		c.Step()
		show(c)
	}
	before := c.Match().Pos.String()
	if !c.Undo(false) || len(c.Match().Moves) != 0 {
		t.Fatalf("undo: %d moves left", len(c.Match().Moves))
	}
	if c.Phase() != Showing || c.HumanToMove() {
		t.Errorf("while undo is shown: phase %s, human to move %v", c.Phase(), c.HumanToMove())
	}
	evs := show(c)
	if k := kinds(evs); k != "replayed replayed notice" {
		t.Errorf("undo's events: %s", k)
	}
	// Shown last move first, each from the position after it back to the
	// one before; the last ends on the position now.
	after, _ := logic.ParsePosition(before)
	for i, ev := range evs[:2] {
		p := ev.Before
		if err := p.Play(ev.Move, nil); err != nil || p.String() != after.String() || !ev.Back {
			t.Errorf("undo step %d: %s from %s gives %s, want %s (back %v, %v)", i, ev.Move, ev.Before.String(), p.String(), after.String(), ev.Back, err)
		}
		after = ev.Before
	}
	if after.String() != c.Match().Pos.String() {
		t.Errorf("undo ends on %s, the match is at %s", after.String(), c.Match().Pos.String())
	}
	if got := Say(english, c.Status()); got != "Orange to move: drag a marble in from the edge" {
		t.Errorf("status after undo %q", got)
	}
	if !c.Redo() || c.Match().Pos.String() != before {
		t.Fatalf("redo: %s; want %s", c.Match().Pos.String(), before)
	}
	evs = show(c)
	if k := kinds(evs); k != "replayed replayed notice" || evs[0].Back || evs[1].Before.String() == evs[0].Before.String() {
		t.Errorf("redo's events: %s", k)
	}
	if c.Phase() != Playing {
		t.Errorf("after redo: phase %s", c.Phase())
	}
	h := newController(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", Pace{}, false, false)
	h.Commit(logic.NewEntry(logic.West, 3))
	show(h)
	if h.Undo(false) {
		t.Fatal("hot-seat undo without the setting")
	}
	if evs := h.Events(); len(evs) != 1 || evs[0].Msg.Key != "notice.hotseat" {
		t.Errorf("events %s", kinds(evs))
	}
	if !h.Undo(true) || len(h.Match().Moves) != 0 {
		t.Error("hot-seat undo with the setting")
	}
}

// TestRefusalSaysWhy (§2): a full track is refused with the reason, and
// nothing is played.
func TestRefusalSaysWhy(t *testing.T) {
	c := newController(t, "7/7/7/gogogog/7/7/7 express og o 19,18 0,0 0,0", Pace{}, false, false)
	w4 := logic.NewEntry(logic.West, 3)
	if c.Allows(w4) || c.Commit(w4) {
		t.Fatal("a full rank was played")
	}
	evs := c.Events()
	if len(evs) != 1 || evs[0].Kind != Refused || evs[0].Entry != w4 {
		t.Fatalf("events %s", kinds(evs))
	}
	if got := Say(english, c.Status()); got != "Row 4 from the left is full: marbles are never pushed off the board (W4)." {
		t.Errorf("status %q", got)
	}
}

// TestGameOverBooksTheTournament (§8): the win is announced, the winning
// line known, and the game booked in the tournament once.
func TestGameOverBooksTheTournament(t *testing.T) {
	st := DefaultSetup()
	st.Seats[1].Player.Kind = record.Human
	st.Tournament = true
	s, _, tour, err := NewSession(st, "", nil, 1, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	c := NewController(s, Pace{})
	for _, m := range []string{"W4", "Na", "W4", "Nb", "W4", "Nc", "W4", "Nd", "W4"} {
		if err := c.PlayString(m); err != nil {
			t.Fatal(m, err)
		}
		show(c)
	}
	if c.Phase() != Over {
		t.Fatalf("phase %s", c.Phase())
	}
	if l, ok := c.WinLine(); !ok || l.N != 5 {
		t.Errorf("win line %v %v", l, ok)
	}
	if got := Say(english, c.Status()); got != "Orange wins!" {
		t.Errorf("status %q", got)
	}
	if tour.Wins[0] != 1 || tour.Games != 1 {
		t.Errorf("tournament %+v", tour)
	}
	if c.CanUndo(true) {
		t.Error("undo of a booked tournament game")
	}
	c.Step()
	c.Step()
	if c.OverFor() != 2 {
		t.Errorf("OverFor %d", c.OverFor())
	}
}

// TestLessonThroughTheController plays the guided first game through
// the controller as the tutorial screen does: a wrong track is refused
// with the lesson's words, W4, W4 again, a try at the full column, three
// more pushes; the computer answers from the script.
func TestLessonThroughTheController(t *testing.T) {
	s, _, _, err := NewSession(LessonSetup(DefaultSetup()), LessonStart, nil, 7, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	lesson := &FirstSteps{}
	c := NewController(s, Pace{Hurry: true})
	c.Lesson = lesson
	turn := func() {
		t.Helper()
		for k := 0; !c.HumanToMove(); k++ {
			if k > 100 || c.Phase() == Over {
				t.Fatalf("never the player's turn (phase %s)", c.Phase())
			}
			c.Step()
			show(c)
		}
	}
	w3 := logic.NewEntry(logic.West, 2)
	turn()
	if c.Allows(w3) || c.Commit(w3) {
		t.Fatal("W3 played in the lesson")
	}
	if c.Status().Key != "tutorial.wrong" {
		t.Errorf("status %+v after a wrong track", c.Status())
	}
	show(c)
	for _, want := range []Step{StepPush, StepFull} {
		turn()
		c.Commit(LessonW4)
		show(c)
		if lesson.Step != want {
			t.Fatalf("after W4: step %d, want %d", lesson.Step, want)
		}
	}
	turn()
	c.Refuse(LessonNg)
	if lesson.Step != StepLine {
		t.Fatalf("after Ng refused: step %d", lesson.Step)
	}
	show(c)
	for i := 0; i < 3; i++ {
		turn()
		c.Commit(LessonW4)
		show(c)
	}
	if lesson.Step != StepDone || c.Match().Pos.Result().Winner != logic.Orange {
		t.Fatalf("step %d, result %v\n%s", lesson.Step, c.Match().Pos.Result(), c.Match().Pos.Diagram())
	}
	for i, mv := range c.Match().Moves {
		if i%2 == 1 && mv != LessonAnswer(&c.Match().Start, 0) && mv.Entry() == LessonW4 {
			t.Errorf("the computer's move %d, %s, is not from the script", i, mv)
		}
	}
}

// TestHint: with hints on, the board learns the best move for the human
// to move a slice of search at a time: here the push that wins (§4);
// after the move, the old hint is gone. No hints in a lesson.
func TestHint(t *testing.T) {
	c := newController(t, "g6/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", Pace{Hints: true, NodesPerTick: 2000}, false, true)
	if _, ok := c.Hint(); ok {
		t.Fatal("a hint before any search")
	}
	ticks := 0
	for ; !func() bool { _, ok := c.Hint(); return ok }() && ticks < 10000; ticks++ {
		c.Step()
	}
	mv, ok := c.Hint()
	if !ok || mv.String() != "W4" {
		t.Fatalf("hint %v after %d ticks, want the win W4", mv, ticks)
	}
	e := newController(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", Pace{Hints: true, NodesPerTick: 2000}, false, true)
	n := 0
	for ; !func() bool { _, ok := e.Hint(); return ok }() && n < 100000; n++ {
		e.Step()
	}
	if n < 10 {
		t.Errorf("a hint on the empty board took %d ticks: the search is not sliced", n)
	}
	c.Commit(mv.Entry())
	if _, ok := c.Hint(); ok {
		t.Error("a hint while the move is shown")
	}
	l := newController(t, "g6/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", Pace{Hints: true}, false, true)
	l.Lesson = &FirstSteps{}
	for i := 0; i < 200; i++ {
		l.Step()
	}
	if _, ok := l.Hint(); ok || l.Hinting() {
		t.Error("hints in a lesson")
	}
}

// TestEndOffBoard: a game that ended off the board (a resignation on a
// server) leaves nobody to move: no human may commit, the computer does
// not think, nothing plays, and the ending counts from then; a second
// call changes nothing.
func TestEndOffBoard(t *testing.T) {
	c := newController(t, "", Pace{}, false, true)
	if !c.HumanToMove() {
		t.Fatal("the first seat, a human, is not to move")
	}
	c.EndOffBoard()
	w1 := logic.NewEntry(logic.West, 0)
	if c.Phase() != Over || c.HumanToMove() || c.Thinking() || c.Allows(w1) {
		t.Fatalf("after the end off the board: phase %v, human to move %v, thinking %v, W1 allowed %v", c.Phase(), c.HumanToMove(), c.Thinking(), c.Allows(w1))
	}
	if c.Commit(w1) || c.PlayString("W1") == nil || len(c.Match().Moves) != 0 {
		t.Fatalf("a move was played after the end: %v", c.Match().Moves)
	}
	if _, ok := c.WinLine(); ok {
		t.Error("a winning line after a resignation")
	}
	for range 10 {
		c.Step()
	}
	if c.OverFor() != 10 {
		t.Errorf("the ending counts %d ticks after 10", c.OverFor())
	}
	c.EndOffBoard()
	if c.OverFor() != 10 {
		t.Errorf("a second end restarted the ending: %d", c.OverFor())
	}
}
