package play

import (
	"fmt"
	"slices"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/scenes/play/away"
)

// Phase is what a turn waits for.
type Phase uint8

// The phases of a turn.
const (
	Playing    Phase = iota // a human's move, or the computer thinking
	Showing                 // a move is being shown (the view says when it is done)
	ChooseLine              // the mover picks the line to score
	ChooseEnd               // the mover picks the end to keep (3–4 players)
	Over                    // the game has ended
)

// String names the phase as the page API and tests call it.
func (p Phase) String() string {
	return [...]string{"play", "anim", "line", "end", "over"}[p]
}

// Line is a line on the board: its ends and its squares.
type Line struct {
	A, B  logic.Square
	Cells [logic.Size]logic.Square
	N     int
}

// MakeLine is the line with ends a and b.
func MakeLine(a, b logic.Square) Line {
	var l Line
	sq := LineSquares(a, b, l.Cells[:0])
	l.A, l.B, l.N = a, b, len(sq)
	return l
}

// Squares are the line's squares, from A to B.
func (l *Line) Squares() []logic.Square { return l.Cells[:l.N] }

// Has reports whether s is on the line.
func (l *Line) Has(s logic.Square) bool {
	for _, q := range l.Squares() {
		if q == s {
			return true
		}
	}
	return false
}

// LineSquares lists the squares of the line with ends a and b.
func LineSquares(a, b logic.Square, out []logic.Square) []logic.Square {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	f, r := a.File(), a.Rank()
	for {
		out = append(out, logic.Sq(f, r))
		if f == b.File() && r == b.Rank() {
			return out
		}
		f, r = f+df, r+dr
		if f < 0 || f > 6 || r < 0 || r > 6 {
			return out
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// EventKind says what an Event is.
type EventKind uint8

// The events a turn hands the screen.
const (
	// Played: a move to show, from Before along Trace. Move is the move
	// played (to record), or NoMove while Hold is set: the push of an
	// insertion whose scoring line is still to choose, to pause once the
	// marbles settle. With Continue set, the move finishes a held push:
	// the animation picks up where the held one stopped.
	Played  EventKind = iota
	Refused           // an insertion at Entry refused (Msg says why)
	Ask               // a scoring choice is asked (Phase says which)
	Chose             // a line or an end was chosen
	Won               // the game was won (Over follows)
	Jumped            // the position changed at a stroke (a resumed game): show it as it is
	Notice            // Msg is to be shown over the game for a while
	// Replayed: a move taken back (Back: from the position after Trace to
	// Before) or played again (from Before along Trace) by undo or redo,
	// to show after whatever is being shown; one event a move, in the
	// order to show them. The screen calls Shown once all are shown.
	Replayed
)

// Event is something that happened in a turn, for the screen to show,
// sound and record.
type Event struct {
	Kind     EventKind
	Move     logic.Move
	Before   logic.Position
	Trace    logic.Trace
	Hold     bool
	Continue bool
	Back     bool
	Entry    logic.Entry
	Msg      Message
}

// A Lesson scripts a game: the guided first game narrows the entry
// points the player may use, answers for the computer, and hears what
// the player did. The controller consults it; nothing else changes.
type Lesson interface {
	// Allows reports whether the player may insert at e now.
	Allows(e logic.Entry) bool
	// Answer is the computer's scripted move in p, or NoMove to let the
	// computer think for itself.
	Answer(p *logic.Position, moves int) logic.Move
	// See tells the lesson what the player did.
	See(ev LessonEvent)
}

// LessonKind says what a LessonEvent is.
type LessonKind uint8

// What a lesson hears.
const (
	Moved      LessonKind = iota // the player inserted a marble
	WasRefused                   // the player tried an entry point that is refused
	GameOver                     // the game ended
)

// LessonEvent is something the player did, as a lesson hears it.
type LessonEvent struct {
	Kind   LessonKind
	Entry  logic.Entry
	Pushed int // Moved: marbles pushed on by the insertion
}

// Pace is how the computer's turn is paced, in ticks and nodes.
type Pace struct {
	NodesPerTick int  // search work per tick (0: DefaultNodesPerTick)
	ThinkTicks   int  // the least time the computer seems to think
	Hurry        bool // no pause at all (fast animations, tests)
	// Hints: while a human is to move, a strong search looks for the best
	// move (a tick's slice at a time) for the board to show. Never in a
	// tournament, never in a lesson.
	Hints bool
	// Away: the searches run away from the frame loop where the platform
	// can (goroutines on every core of a desktop, a Web Worker in the
	// browser), so a frame only looks for the answer; NodesPerTick then
	// matters only if they cannot.
	Away bool
}

// HintLevel is the AI level whose choice a hint shows.
const HintLevel = 4

// Controller runs the turns of a session: it takes the insertions and
// choices made at this screen, asks the other seats' Players for theirs,
// books the result, and keeps the announcement line. It knows nothing of
// pixels or input devices: the game screen calls it and shows its Events.
type Controller struct {
	S      *Session
	Pace   Pace
	Lesson Lesson // nil: a normal game

	players [4]Player
	waitVer int // the match's Version whose move the controller awaits (-1: none)

	phase     Phase
	status    Message
	statusVer int
	tick      int

	// The scoring choice.
	cands   [64]logic.Move
	nCands  int
	lines   [16]Line
	nLines  int
	chosen  int // the line chosen, for the end choice
	keyPick int // the line or end picked by keys

	pendingAI  logic.Move
	thinkStart int
	overAt     int
	win        Line
	hasWin     bool

	events, out []Event

	hint       logic.Move // the best move found for the human to move
	hintFor    int        // the match's Version it was found for (-1: none)
	hintSearch *away.Thought
	hintAsked  int // the match's Version a hint was asked for (-1: none)
}

// NewController takes over session s: a game just started, resumed or
// finished.
func NewController(s *Session, pace Pace) *Controller {
	c := &Controller{S: s, Pace: pace, pendingAI: logic.NoMove, hint: logic.NoMove, hintFor: -1, waitVer: -1, hintAsked: -1}
	for i := 0; i < s.M.Start.Players(); i++ {
		c.players[i] = NewPlayer(s.M.Player(i), s.M.Seed())
	}
	if pace.Away {
		away.Warm()
	}
	c.Jump()
	c.events = c.events[:0] // nothing to show yet
	return c
}

// Match is the match played.
func (c *Controller) Match() *Match { return c.S.M }

// Seat seats p at seat i in place of the player NewPlayer chose (a remote
// player once its connection is up). p must be of the seat's kind.
func (c *Controller) Seat(i int, p Player) error {
	m := c.S.M
	if i < 0 || i >= m.Start.Players() {
		return fmt.Errorf("seat %d: the game has %d", i+1, m.Start.Players())
	}
	if p.Kind() != m.Player(i).Kind {
		return fmt.Errorf("seat %d is %v, not %v", i+1, m.Player(i), record.Player{Kind: p.Kind()})
	}
	c.players[i].Stop()
	c.players[i] = p
	c.waitVer, c.pendingAI = -1, logic.NoMove
	return nil
}

// seen tells every player that the match changed.
func (c *Controller) seen() {
	for _, p := range c.players[:c.S.M.Start.Players()] {
		p.Seen(c.S.M)
	}
}

// Phase is what the turn waits for.
func (c *Controller) Phase() Phase { return c.phase }

// Status is the announcement line.
func (c *Controller) Status() Message { return c.status }

// StatusVersion counts the changes to the announcement line, so a screen
// puts it into words only when it changed.
func (c *Controller) StatusVersion() int { return c.statusVer }

func (c *Controller) say(m Message) { c.status, c.statusVer = m, c.statusVer+1 }

// Tick counts the controller's ticks.
func (c *Controller) Tick() int { return c.tick }

// Events hands over what happened since the last call.
// The slice is valid until the next call (two buffers take turns, so
// nothing is allocated once they have grown).
func (c *Controller) Events() []Event {
	c.out, c.events = c.events, c.out[:0]
	return c.out
}

func (c *Controller) emit(ev Event) { c.events = append(c.events, ev) }

// HumanToMove reports whether a human may insert a marble now.
func (c *Controller) HumanToMove() bool {
	return c.phase == Playing && c.S.M.HumanToMove()
}

// Thinking reports whether another player (the computer, or somebody
// elsewhere) is to move and has not moved yet.
func (c *Controller) Thinking() bool {
	return c.phase == Playing && !c.S.M.Pos.Over() && !c.S.M.HumanToMove()
}

// Allows reports whether the player may insert at e now: legal in the
// game and, in a lesson, what the lesson teaches.
func (c *Controller) Allows(e logic.Entry) bool {
	if !c.HumanToMove() {
		return false
	}
	if ok, _ := c.S.M.Legal(e); !ok {
		return false
	}
	return c.Lesson == nil || c.Lesson.Allows(e)
}

// Step runs one tick: the computer's search, when it is to move; the
// hint's, when hints are on and a human is.
func (c *Controller) Step() {
	c.tick++
	if c.Thinking() {
		c.think()
	}
	c.stepHint()
}

// hintsOn reports whether hints are shown in this game now: always with
// the setting, or for this turn once asked (AskHint).
func (c *Controller) hintsOn() bool {
	return (c.Pace.Hints || c.hintAsked == c.S.M.Version) && c.HintAllowed()
}

// HintAllowed reports whether a hint may be asked for now: a human is to
// move, in a game that is neither a lesson nor a tournament's.
func (c *Controller) HintAllowed() bool {
	return c.Lesson == nil && c.S.Tourney == nil && c.HumanToMove()
}

// AskHint has the best move for this turn searched and shown, where
// hints are allowed (a player asks for one: issue 26); it reports
// whether it will be.
func (c *Controller) AskHint() bool {
	if !c.HintAllowed() {
		return false
	}
	c.hintAsked = c.S.M.Version
	return true
}

// stepHint advances the hint's search by a slice.
func (c *Controller) stepHint() {
	m := c.S.M
	if !c.hintsOn() || c.hintFor == m.Version {
		if c.hintSearch != nil && !c.hintsOn() {
			c.hintSearch.Stop()
			c.hintSearch = nil
		}
		return
	}
	if c.hintSearch == nil {
		c.hintSearch = away.NewThought(m.Pos, HintLevel, m.Seed()^uint64(m.Version), c.Pace.Away)
	}
	nodes := c.Pace.NodesPerTick
	if nodes <= 0 {
		nodes = DefaultNodesPerTick
	}
	if mv, ok := c.hintSearch.Poll(nodes / 2); ok {
		c.hint, c.hintFor = mv, m.Version
		c.hintSearch = nil
	}
}

// Hint is the move a hint shows for the human to move, once found.
func (c *Controller) Hint() (logic.Move, bool) {
	if !c.hintsOn() || c.hintFor != c.S.M.Version || c.hint == logic.NoMove {
		return logic.NoMove, false
	}
	return c.hint, true
}

// Hinting reports whether the hint's search is under way.
func (c *Controller) Hinting() bool { return c.hintSearch != nil }

// think asks the player to move for its move (a slice of the computer's
// search, a look for a remote move) and, once it has one and, for the
// computer, the player has seen it think long enough, plays it. In a
// lesson the lesson may answer for the computer first.
func (c *Controller) think() {
	m := c.S.M
	p := c.players[m.Pos.ToMoveSeat()]
	computer := p.Kind() == record.Computer
	if c.waitVer != m.Version { // a new move to wait for
		c.waitVer, c.thinkStart = m.Version, c.tick
		if computer && c.Lesson != nil {
			c.pendingAI = c.Lesson.Answer(&m.Pos, len(m.Moves)/2)
		}
	}
	if c.pendingAI == logic.NoMove {
		mv, ok := p.Next(m, c.Pace)
		if !ok {
			return
		}
		c.pendingAI = mv
	}
	if computer && c.tick-c.thinkStart < c.Pace.ThinkTicks && !c.Pace.Hurry {
		return // keep the answer until the player has seen the computer think
	}
	mv := c.pendingAI
	c.pendingAI = logic.NoMove
	c.play(mv, false)
}

// play plays mv and hands it to the screen to show.
func (c *Controller) play(mv logic.Move, cont bool) bool {
	m := c.S.M
	before := m.Pos
	if err := m.Play(mv); err != nil {
		c.emit(Event{Kind: Notice, Msg: Text(err.Error())})
		return false
	}
	c.seen()
	c.phase = Showing
	c.say(Msg("status.plays", m.Last.Mover, EntryName(mv.Entry()), mv.String()))
	c.emit(Event{Kind: Played, Move: mv, Before: before, Trace: m.Last, Continue: cont})
	return true
}

// Refuse says why the player's insertion at e is refused.
func (c *Controller) Refuse(e logic.Entry) {
	ok, why := c.S.M.Legal(e)
	msg := Msg(why)
	switch why {
	case "legal.full":
		msg = Msg("legal.fullat", EntryName(e), e.String())
	case "legal.single":
		msg = Msg("legal.singleat", EntryName(e), e.String())
	}
	if ok && c.Lesson != nil && !c.Lesson.Allows(e) {
		msg = Msg("tutorial.wrong") // legal in the game, not in this lesson
	}
	c.say(msg)
	c.emit(Event{Kind: Refused, Entry: e, Msg: msg})
	if c.Lesson != nil {
		c.Lesson.See(LessonEvent{Kind: WasRefused, Entry: e})
	}
}

// Select says that e is selected and waits for a confirmation: a tap,
// or the Enter key when byKey (the keys chose it).
func (c *Controller) Select(e logic.Entry, byKey bool) {
	if byKey {
		c.say(Msg("status.keyagain", EntryName(e), e.String()))
		return
	}
	c.say(Msg("status.tapwords", EntryName(e), e.String()))
}

// Deselect takes the selection back.
func (c *Controller) Deselect() { c.announceTurn(nil) }

// Commit plays the player's insertion at e. When it leaves him a choice
// of lines (or of the end to keep), the push is shown first (a held
// Played event) and the choice asked once the screen reports the
// marbles settled.
func (c *Controller) Commit(e logic.Entry) bool {
	if !c.HumanToMove() {
		return false
	}
	m := c.S.M
	if c.Lesson != nil && !c.Lesson.Allows(e) {
		c.Refuse(e)
		return false
	}
	cands := m.MovesAt(e, c.cands[:0])
	c.nCands = len(cands)
	if len(cands) == 0 {
		c.Refuse(e)
		return false
	}
	if len(cands) == 1 { // a plain move, or the one line with 2 players
		n := len(m.Moves)
		if !c.play(cands[0], false) {
			return false
		}
		c.seeMove(n)
		return true
	}
	// Several candidates: collect the distinct lines.
	c.nLines = 0
	for _, mv := range cands {
		a, b := mv.Line()
		dup := false
		for i := 0; i < c.nLines; i++ {
			if c.lines[i].A == a && c.lines[i].B == b {
				dup = true
			}
		}
		if !dup && c.nLines < len(c.lines) {
			c.lines[c.nLines] = MakeLine(a, b)
			c.nLines++
		}
	}
	c.chosen, c.keyPick = 0, 0
	before := m.Pos
	q := before
	var tr logic.Trace
	q.Apply(cands[0], &tr)
	c.phase = Showing
	c.say(Msg("status.plays", tr.Mover, EntryName(e), e.String()))
	c.emit(Event{Kind: Played, Move: logic.NoMove, Before: before, Trace: tr, Hold: true})
	return true
}

// seeMove tells a lesson about the player's move number n.
func (c *Controller) seeMove(n int) {
	if c.Lesson == nil {
		return
	}
	m := c.S.M
	c.Lesson.See(LessonEvent{Kind: Moved, Entry: m.Moves[n].Entry(), Pushed: len(m.Last.Slides()) - 1})
}

// Settled is the screen's word that a held push has come to rest: the
// choice is asked.
func (c *Controller) Settled() {
	if c.phase != Showing || c.nCands < 2 {
		return
	}
	if c.nLines > 1 {
		c.phase = ChooseLine
	} else {
		c.chosen = 0
		c.phase = ChooseEnd
	}
	c.askChoice()
}

func (c *Controller) askChoice() {
	who := c.S.M.Pos.ToMove()
	if c.phase == ChooseLine {
		c.say(Msg("status.mustscore", who))
	} else {
		c.say(Msg("status.keepend", who))
	}
	c.emit(Event{Kind: Ask})
}

// Lines are the candidate lines of the choice under way.
func (c *Controller) Lines() []Line { return c.lines[:c.nLines] }

// Chosen is the line chosen, whose end is to keep (ChooseEnd).
func (c *Controller) Chosen() *Line { return &c.lines[c.chosen] }

// KeyPick is the line (ChooseLine) or end (ChooseEnd, 0: A, 1: B) picked
// by keys.
func (c *Controller) KeyPick() int { return c.keyPick }

// PickNext moves the key pick by d (±1), round the choices.
func (c *Controller) PickNext(d int) {
	n := c.nLines
	if c.phase == ChooseEnd {
		n = 2
	}
	if n > 0 {
		c.keyPick = ((c.keyPick+d)%n + n) % n
	}
}

// ConfirmPick chooses what the keys picked.
func (c *Controller) ConfirmPick() {
	switch c.phase {
	case ChooseLine:
		c.ChooseLine(c.keyPick)
	case ChooseEnd:
		l := c.Chosen()
		end := l.A
		if c.keyPick == 1 {
			end = l.B
		}
		c.ChooseEnd(end)
	}
}

// TapCell chooses by a tap on square s: the line holding it, or the end
// it is. It reports whether the tap chose anything.
func (c *Controller) TapCell(s logic.Square) bool {
	switch c.phase {
	case ChooseLine:
		if i := c.LineAt(s); i >= 0 {
			c.ChooseLine(i)
			return true
		}
	case ChooseEnd:
		if l := c.Chosen(); s == l.A || s == l.B {
			c.ChooseEnd(s)
			return true
		}
	}
	return false
}

// LineAt is the candidate line holding s, preferring one that no other
// candidate shares s with; -1 if none.
func (c *Controller) LineAt(s logic.Square) int {
	found := -1
	for i := range c.Lines() {
		if !c.lines[i].Has(s) {
			continue
		}
		shared := false
		for j := range c.Lines() {
			if j != i && c.lines[j].Has(s) {
				shared = true
			}
		}
		if !shared {
			return i
		}
		if found < 0 {
			found = i
		}
	}
	return found
}

// ChooseLine scores line i, or asks for the end to keep first.
func (c *Controller) ChooseLine(i int) {
	if c.phase != ChooseLine || i < 0 || i >= c.nLines {
		return
	}
	c.emit(Event{Kind: Chose})
	c.chosen, c.keyPick = i, 0
	if c.S.M.Pos.Players() > 2 {
		c.phase = ChooseEnd
		c.askChoice()
		return
	}
	l := &c.lines[i]
	for _, mv := range c.cands[:c.nCands] {
		if a, b := mv.Line(); a == l.A && b == l.B {
			c.finishChoice(mv)
			return
		}
	}
}

// ChooseEnd keeps end s of the chosen line and scores it.
func (c *Controller) ChooseEnd(s logic.Square) {
	if c.phase != ChooseEnd {
		return
	}
	c.emit(Event{Kind: Chose})
	l := c.Chosen()
	for _, mv := range c.cands[:c.nCands] {
		if a, b := mv.Line(); a == l.A && b == l.B && mv.Kept() == s {
			c.finishChoice(mv)
			return
		}
	}
}

// finishChoice plays the full move; the screen resumes the held
// animation where it stopped: the same push, then the line comes off.
func (c *Controller) finishChoice(mv logic.Move) {
	n := len(c.S.M.Moves)
	if c.play(mv, true) {
		c.nCands, c.nLines = 0, 0
		c.seeMove(n)
	}
}

// Shown is the screen's word that the move under way has been shown:
// the game goes on, or ends.
func (c *Controller) Shown() {
	if c.phase != Showing {
		return
	}
	m := c.S.M
	if m.Pos.Over() {
		c.gameOver()
		return
	}
	c.phase = Playing
	if m.HasLast {
		c.announceTurn(&m.Last)
	} else {
		c.announceTurn(nil) // undone back to the start
	}
}

// gameOver ends the game: the winning line, the result booked.
func (c *Controller) gameOver() {
	m := c.S.M
	c.phase, c.overAt = Over, c.tick
	r := m.Pos.Result()
	c.hasWin = false
	if r.State == logic.Won {
		tr := &m.Last
		if m.HasLast && tr.Scored && tr.Mover == r.Winner {
			c.win, c.hasWin = MakeLine(tr.Line.A, tr.Line.B), true
		} else if m.Pos.Variant() == logic.Express {
			var buf [8]logic.Line
			if ls := m.Pos.LinesOf(r.Winner, logic.WinLength(m.Pos.Players()), buf[:0]); len(ls) > 0 {
				c.win, c.hasWin = MakeLine(ls[0].A, ls[0].B), true
			}
		}
		c.say(Msg("status.wins", r.Winner))
		c.emit(Event{Kind: Won})
	} else {
		c.say(Msg("status.drawn"))
	}
	if t := c.S.Tourney; t != nil {
		if err := t.Record(r); err != nil {
			c.emit(Event{Kind: Notice, Msg: Text(err.Error())})
		}
	}
	if c.Lesson != nil {
		c.Lesson.See(LessonEvent{Kind: GameOver})
	}
}

// EndOffBoard ends a game that ended off the board: a player resigned or
// ran out of time (on a server). Nobody is to move any more, so the
// mover's card stops pulsing and the entry rings go (a loser's table
// kept them after a resignation, with the input blocked). The position
// stays as it is; the screen says the result.
func (c *Controller) EndOffBoard() {
	if c.phase == Over {
		return
	}
	c.Stop()
	c.phase, c.overAt, c.hasWin = Over, c.tick, false
}

// WinLine is the line that won the game, if one is known.
func (c *Controller) WinLine() (*Line, bool) { return &c.win, c.hasWin }

// OverFor is how many ticks ago the game ended (0 while it goes on).
func (c *Controller) OverFor() int {
	if c.phase != Over {
		return 0
	}
	return c.tick - c.overAt
}

// announceTurn says what happened (tr, the last move; nil at the start
// or after a jump) and whose turn it is.
func (c *Controller) announceTurn(tr *logic.Trace) {
	m := c.S.M
	var msg Message
	if tr != nil && tr.Scored {
		msg = msg.Then(Msg("status.scored", tr.Mover, tr.Points))
	}
	if tr != nil {
		for _, s := range tr.SatOut() {
			msg = msg.Then(Msg("status.sitsoutn", s, m.Pos.SitOuts(m.Pos.SeatOf(s))))
		}
	} else if len(m.Moves) == 0 {
		// Seats that sat out before the first move.
		for i := 0; i < m.Start.Players(); i++ {
			if i < len(c.S.Header.Seats) && c.S.Header.Seats[i].SitOuts > m.Start.SitOuts(i) {
				msg = msg.Then(Msg("status.sitsout", m.Start.SeatColor(i)))
			}
		}
	}
	seat := m.Pos.ToMoveSeat()
	if seat < 0 {
		c.say(msg)
		return
	}
	who := m.Pos.SeatColor(seat)
	if tr != nil && tr.Handover == logic.ExtraTurn {
		msg = msg.Then(Msg("status.extra", who))
	} else {
		msg = msg.Then(Msg("status.turn", who))
	}
	switch m.Player(seat).Kind {
	case record.Computer:
		msg = msg.Then(Msg("status.thinking"))
	case record.Remote:
		msg = msg.Then(Msg("status.remote"))
	default:
		msg = msg.Then(Msg("status.drag"))
	}
	c.say(msg)
}

// CanUndo reports whether undo is usable now (hotSeat: the setting that
// allows it between humans). A finished tournament game stays booked.
func (c *Controller) CanUndo(hotSeat bool) bool {
	if c.S.Tourney != nil && c.S.M.Pos.Over() {
		return false
	}
	return c.S.M.CanUndo(hotSeat)
}

// CanRedo reports whether redo is usable now.
func (c *Controller) CanRedo() bool {
	return c.S.M.CanRedo() && !(c.S.Tourney != nil && c.S.M.Pos.Over())
}

// Undo takes back the player's last move (and the computer's answers).
func (c *Controller) Undo(hotSeat bool) bool {
	if !c.CanUndo(hotSeat) {
		if !c.S.M.AnyComputer() && !hotSeat {
			c.emit(Event{Kind: Notice, Msg: Msg("notice.hotseat")})
		} else {
			c.emit(Event{Kind: Notice, Msg: Msg("notice.noundo")})
		}
		return false
	}
	m := c.S.M
	n := len(m.Moves)
	m.Undo(hotSeat)
	c.goneBack(m.Redo[:n-len(m.Moves)])
	return true
}

// goneBack shows the moves taken back (in the order they were played),
// last first, each going back from the position after it.
func (c *Controller) goneBack(taken []logic.Move) {
	p, first := c.S.M.Pos, len(c.events)
	for _, mv := range taken {
		ev := Event{Kind: Replayed, Move: mv, Before: p, Back: true}
		p.Apply(mv, &ev.Trace)
		c.emit(ev)
	}
	slices.Reverse(c.events[first:])
	c.seen()
	c.replaying(Msg("notice.undone"))
}

// TakeBackTo takes the match back to its first n moves, as an agreed
// takeback of an online game does, and shows the moves going back as
// Undo does. Nothing is left to redo. False (and nothing changes) while
// a move is being shown or n is not before the match's end.
func (c *Controller) TakeBackTo(n int) bool {
	m := c.S.M
	if c.phase != Playing || n < 0 || n >= len(m.Moves) {
		return false
	}
	taken := append([]logic.Move(nil), m.Moves[n:]...)
	m.replay(m.Moves[:n])
	m.Redo = nil
	c.goneBack(taken)
	return true
}

// Redo plays the undone moves again.
func (c *Controller) Redo() bool {
	if !c.CanRedo() {
		c.emit(Event{Kind: Notice, Msg: Msg("notice.noredo")})
		return false
	}
	m := c.S.M
	p, n := m.Pos, len(m.Moves)
	m.RedoMove()
	c.seen()
	for _, mv := range m.Moves[n:] {
		ev := Event{Kind: Replayed, Move: mv, Before: p}
		p.Apply(mv, &ev.Trace)
		c.emit(ev)
	}
	c.replaying(Msg("notice.redone"))
	return true
}

// replaying shows the moves undone or redone: no move, choice or search
// under way, the screen shows them one after the other (a quick second
// undo queues behind the first), and Shown takes up the turn.
func (c *Controller) replaying(note Message) {
	c.pendingAI, c.waitVer = logic.NoMove, -1
	c.nCands, c.nLines = 0, 0
	c.hasWin = false
	c.phase = Showing
	c.say(note)
	c.emit(Event{Kind: Notice, Msg: note})
}

// Jump takes up the match as it stands after a change at a stroke (a
// resumed game, undo, redo): no move under way, the turn announced, or
// the game over.
func (c *Controller) Jump() {
	m := c.S.M
	c.pendingAI, c.waitVer = logic.NoMove, -1
	c.seen()
	c.nCands, c.nLines = 0, 0
	c.hasWin = false
	c.emit(Event{Kind: Jumped})
	if m.Pos.Over() {
		c.gameOver()
		return
	}
	c.phase = Playing
	if m.HasLast {
		c.announceTurn(&m.Last)
	} else {
		c.announceTurn(nil)
	}
}

// Stop abandons the players' work (the computer's search) and the hint's
// (the game is left).
func (c *Controller) Stop() {
	for _, p := range c.players[:c.S.M.Start.Players()] {
		p.Stop()
	}
	if c.hintSearch != nil {
		c.hintSearch.Stop()
		c.hintSearch = nil
	}
}

// PlayString plays a move given in notation for the player to move, as
// if chosen by hand (for tests and tools).
func (c *Controller) PlayString(s string) error {
	if c.phase != Playing {
		return fmt.Errorf("busy")
	}
	mv, err := c.S.M.Pos.ParseMove(s)
	if err != nil {
		return err
	}
	return c.PlayMove(mv)
}

// PlayMove is PlayString for a move already parsed (an online game's
// move as its session parsed it once): played as if carried from the
// tray, refused when it is not legal here.
func (c *Controller) PlayMove(mv logic.Move) error {
	if c.phase != Playing {
		return fmt.Errorf("busy")
	}
	if !c.play(mv, false) {
		return fmt.Errorf("%s: not a legal move here", mv)
	}
	return nil
}
