package scenes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
)

// phase is what the game scene is waiting for.
type phase uint8

const (
	phPlay       phase = iota // a human's move or the AI thinking
	phAnim                    // a move is being shown
	phChooseLine              // the human picks the line to score
	phChooseEnd               // the human picks the end to keep (3–4 players)
	phOver                    // the game has ended; the result follows
)

// minThinkTicks is the least time a computer seems to think, so that its
// move never lands before the player saw whose turn it is.
const minThinkTicks = 24

// overTicks is how long the final board is shown before the result.
const overTicks = 150

// candLine is a line the mover may score, with its squares.
type candLine struct {
	a, b  logic.Square
	cells [logic.Size]logic.Square
	n     int
}

// GameScene is a game being played: the board, the seats' supplies and
// scores, whose turn it is, the moves by drag, tap or key, the computer's
// moves, and the animation of every move from the engine's trace.
type GameScene struct {
	m     *Match
	geo   layout.Geometry
	cfg   layout.Config
	board render.BoardCache
	ph    phase
	tick  int

	anim       *motion.Animation
	animBase   [logic.Size*logic.Size + 1]float64 // each animated marble's turn before the move
	angles     [64]float64                        // the turn of the marble on each square
	shownScore [4]int                             // scores as the cards show them
	animTicks  int                                // ticks the animation has been stepped
	holdAt     bool                               // pause the animation when the push has settled (a choice follows)
	settled    int

	// The scoring choice.
	pending logic.Entry
	cands   [64]logic.Move
	nCands  int
	lines   [16]candLine
	nLines  int
	chosen  int            // the line chosen, for the end choice
	keyLine int            // the line or end picked by keys
	opts    motion.Options // how the move was dragged in, for its animation

	thinkStart int
	pendingAI  logic.Move
	overAt     int
	menuOpen   bool
	input      pointerState

	status     string // the announcement line
	statusTick int
	winLine    candLine
	hasWin     bool

	seatLabel [4]string

	hideCards    bool // the result's summary stands where the cards were
	nodesPerTick int
	animSpeed    float64
	tourney      *logic.Tournament

	saved // the game's record header and what was last saved
}

// NewGameScene starts a game from the context's setup, or from a position
// string if one is given.
func NewGameScene(c *Context, position string) (*GameScene, error) {
	st := &c.Setup
	var pos logic.Position
	var err error
	var ls logic.Setup
	if position != "" {
		pos, err = logic.ParsePosition(position)
		if err != nil {
			return nil, err
		}
		st.Players = pos.Players()
		st.Variant = pos.Variant().String()
		for i := 0; i < pos.Players(); i++ {
			st.Seats[i].Color = string(pos.SeatColor(i).Letter())
		}
	} else {
		rng := rand.New(rand.NewPCG(c.Opts.Seed, uint64(c.Tick)))
		ls = st.LogicSetup(rng.IntN)
		if st.Tournament && ls.Variant == logic.Express {
			if c.Tourney == nil || !sameSeats(c.Tourney.Seats, ls.Seats) {
				c.Tourney, err = logic.NewTournament(ls.Seats, ls.SitOuts, ls.Starter)
				if err != nil {
					return nil, err
				}
			}
			ls = c.Tourney.Setup()
		} else {
			c.Tourney = nil
		}
		pos, err = logic.NewGame(ls)
		if err != nil {
			return nil, err
		}
	}
	g := &GameScene{m: NewMatch(pos, st, c.Opts.Seed), nodesPerTick: c.Opts.NodesPerTick, animSpeed: c.animSpeed(), tourney: c.Tourney, pendingAI: logic.NoMove}
	g.initRecord(ls, position)
	for i := 0; i < pos.Players(); i++ {
		g.seatLabel[i] = g.m.seatName(i)
	}
	g.input.reset()
	g.syncScores()
	for s := range g.angles {
		g.angles[s] = float64(s) * 2.39996 // the golden angle: no two alike
	}
	g.announceTurn(c, nil)
	return g, nil
}

func sameSeats(a, b []logic.Color) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Match is the game being played.
func (g *GameScene) Match() *Match { return g.m }

// Geometry is the current layout.
func (g *GameScene) Geometry() *layout.Geometry { return &g.geo }

// Busy reports whether a move is being shown or the AI is thinking, so no
// move is taken from the player.
func (g *GameScene) Busy() bool { return g.ph != phPlay || g.m.ComputerToMove() }

// Animating reports whether a move is being shown.
func (g *GameScene) Animating() bool { return g.anim != nil }

// Status is the announcement line.
func (g *GameScene) Status() string { return g.status }

func (g *GameScene) relayout(c *Context) {
	cfg := layout.Config{W: c.W, H: c.H, Scale: c.Scale, Players: g.m.Pos.Players(), Scoring: g.m.Pos.Variant().Scores()}
	if cfg == g.cfg {
		return
	}
	g.cfg = cfg
	g.geo = layout.New(cfg)
	c.Sprites.Ensure(int(2 * g.geo.MarbleRadius))
	if g.anim != nil {
		g.anim.SetGeometry(g.geo)
	}
	if g.input.gm != nil {
		g.input.gm.SetGeometry(g.geo)
	}
}

// Update runs one tick of the game.
func (g *GameScene) Update(c *Context) error {
	g.tick++
	g.relayout(c)
	if g.menu(c) {
		return nil
	}
	if g.ph != phPlay || g.m.ComputerToMove() {
		g.feedIdle(c)
	}
	switch g.ph {
	case phAnim:
		g.stepAnimation(c)
	case phChooseLine, phChooseEnd:
		g.updateChoice(c)
	case phOver:
		if g.tick-g.overAt >= overTicks || (g.tick-g.overAt > 20 && c.In.Released) {
			c.GoTo(NewResultScene(c, g))
		}
	case phPlay:
		if g.m.ComputerToMove() {
			g.think(c)
		} else {
			g.updatePlayer(c)
		}
	}
	return nil
}

// think steps the AI's search by a slice of nodes.
func (g *GameScene) think(c *Context) {
	if g.pendingAI == logic.NoMove {
		if !g.m.Thinking() {
			g.thinkStart = g.tick
		}
		mv, ok := g.m.Think(g.nodesPerTick)
		if !ok {
			return
		}
		g.pendingAI = mv
	}
	// Keep the answer until the player has seen the computer think.
	if g.tick-g.thinkStart < c.thinkTicks() && g.animSpeed <= 1 {
		return
	}
	mv := g.pendingAI
	g.pendingAI = logic.NoMove
	g.play(c, mv)
}

// play plays mv and starts its animation.
func (g *GameScene) play(c *Context, mv logic.Move) {
	before := g.m.Pos
	if err := g.m.Play(mv); err != nil {
		c.Notify(err.Error())
		return
	}
	c.Record(mv.String())
	g.opts = motion.Options{}
	g.startAnimation(c, before, g.m.Last, g.opts, false)
}

// startAnimation shows tr played from before. With hold set, the
// animation pauses once the push has settled: a scoring choice follows.
func (g *GameScene) startAnimation(c *Context, before logic.Position, tr logic.Trace, opts motion.Options, hold bool) {
	opts.Speed = g.animSpeed
	opts.Reduced = opts.Reduced || c.Setup.Reduced
	g.anim = motion.New(tr, before, g.geo, opts)
	g.animTicks, g.settled, g.holdAt = 0, 0, hold
	g.ph = phAnim
	g.input.reset()
	// Each marble keeps the turn of its swirls from before the move.
	for i, m := range g.anim.Marbles() {
		g.animBase[i] = float64(g.tick%97) * 0.61
		if s, ok := squareAt(m.Pos); ok {
			g.animBase[i] = g.angles[s]
		}
	}
	for i := 0; i < before.Players(); i++ {
		g.shownScore[i] = before.Score(i)
	}
}

// squareAt is the square whose centre is at board point b, if any.
func squareAt(b layout.Point) (logic.Square, bool) {
	f, r := int(math.Floor(b.X)), 6-int(math.Floor(b.Y))
	if b.X < 0 || b.Y < 0 || f > 6 || r < 0 {
		return logic.NoSquare, false
	}
	s := logic.Sq(f, r)
	if layout.CellPos(s).Dist(b) > 0.01 {
		return logic.NoSquare, false
	}
	return s, true
}

// stepAnimation advances the running animation, plays its sounds, and
// when it ends announces what comes next.
func (g *GameScene) stepAnimation(c *Context) {
	a := g.anim
	a.Step()
	g.animTicks++
	for _, ev := range a.Events() {
		switch ev.Kind {
		case motion.Roll:
			c.Sound.Play(CueRoll, ev.Dist, min(1, ev.Speed/0.3))
		case motion.Impact:
			c.Sound.Play(CueClick, min(1, ev.Speed/0.25), 0)
		case motion.Settle:
			g.settled++
		case motion.Score:
			c.Sound.Play(CueScore, 0, 0)
			if seat := g.m.Pos.SeatOf(a.Trace().Mover); seat >= 0 {
				g.shownScore[seat] += ev.Points
			}
		case motion.Land:
			c.Sound.Play(CueClick, 0.1, 0)
		}
	}
	if g.holdAt && g.settled >= len(a.Trace().Slides()) {
		g.ph = g.choicePhase()
		g.announceChoice(c)
		return
	}
	if !a.Done() {
		return
	}
	for i, m := range a.Marbles() {
		if m.Square.Valid() && !m.InTray {
			g.angles[m.Square] = math.Mod(g.animBase[i]+m.Angle, 2*math.Pi)
		}
	}
	g.anim = nil
	g.syncScores()
	tr := &g.m.Last
	if g.m.Pos.Over() {
		g.gameOver(c)
		return
	}
	g.ph = phPlay
	g.announceTurn(c, tr)
}

func (g *GameScene) syncScores() {
	for i := 0; i < g.m.Pos.Players(); i++ {
		g.shownScore[i] = g.m.Pos.Score(i)
	}
}

// gameOver ends the game: the winning line lights up and the result
// follows.
func (g *GameScene) gameOver(c *Context) {
	g.ph, g.overAt = phOver, g.tick
	r := g.m.Pos.Result()
	g.hasWin = false
	if r.State == logic.Won {
		c.Sound.Play(CueWin, 0, 0)
		tr := &g.m.Last
		if tr.Scored && tr.Mover == r.Winner {
			g.winLine = makeLine(tr.Line.A, tr.Line.B)
			g.hasWin = true
		} else if g.m.Pos.Variant() == logic.Express {
			var buf [8]logic.Line
			if ls := g.m.Pos.LinesOf(r.Winner, logic.WinLength(g.m.Pos.Players()), buf[:0]); len(ls) > 0 {
				g.winLine = makeLine(ls[0].A, ls[0].B)
				g.hasWin = true
			}
		}
		g.status = msgf("status.wins", colorName[r.Winner])
	} else {
		g.status = msg("status.drawn")
	}
	if g.tourney != nil {
		if err := g.tourney.Record(r); err != nil {
			c.Notify(err.Error())
		}
	}
}

func makeLine(a, b logic.Square) candLine {
	var l candLine
	sq := lineSquares(a, b, l.cells[:0])
	l.a, l.b, l.n = a, b, len(sq)
	return l
}

// announceTurn says, in words, what happened and whose turn it is.
func (g *GameScene) announceTurn(c *Context, tr *logic.Trace) {
	var sb strings.Builder
	if tr != nil && tr.Scored {
		sb.WriteString(msgf("status.scored", colorName[tr.Mover], tr.Points))
	}
	if tr != nil {
		for _, s := range tr.SatOut() {
			seat := g.m.Pos.SeatOf(s)
			sb.WriteString(msgf("status.sitsoutn", colorName[s], g.m.Pos.SitOuts(seat)))
		}
	} else {
		// Seats that sat out before the first move.
		for i := 0; i < g.m.Start.Players(); i++ {
			if n := c.Setup.Seats[i].SitOuts - g.m.Start.SitOuts(i); n > 0 && len(g.m.Moves) == 0 {
				sb.WriteString(msgf("status.sitsout", colorName[g.m.Start.SeatColor(i)]))
			}
		}
	}
	seat := g.m.Pos.ToMoveSeat()
	if seat < 0 {
		g.status = sb.String()
		return
	}
	who := colorName[g.m.Pos.SeatColor(seat)]
	switch {
	case tr != nil && tr.Handover == logic.ExtraTurn:
		sb.WriteString(msgf("status.extra", who))
	default:
		sb.WriteString(msgf("status.turn", who))
	}
	if g.m.Computer(seat) {
		sb.WriteString(msg("status.thinking"))
	} else {
		sb.WriteString(msg("status.drag"))
	}
	g.status = sb.String()
	g.statusTick = g.tick
}

// MakeMove plays a move given in notation for the player to move, as if
// chosen by hand (for tests and tools).
func (g *GameScene) MakeMove(c *Context, s string) error {
	if g.ph != phPlay {
		return fmt.Errorf("busy")
	}
	mv, err := g.m.Pos.ParseMove(s)
	if err != nil {
		return err
	}
	g.play(c, mv)
	return nil
}

// Phase names what the scene waits for: "play", "anim", "line", "end",
// "over".
func (g *GameScene) Phase() string {
	return [...]string{"play", "anim", "line", "end", "over"}[g.ph]
}

// Draw draws the game.
func (g *GameScene) Draw(screen *ebiten.Image, c *Context) {
	g.draw(screen, c)
}
