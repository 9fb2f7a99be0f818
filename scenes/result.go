package scenes

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
)

const (
	actAgain = 300
	actSetup = 301
	actExit  = 302
)

// ResultScene shows how a game ended: the winner or a draw, the final
// board, the scores, and in a tournament the standings and who starts
// the next game. Play again starts the next game with the same setup.
type ResultScene struct {
	game     *GameScene
	headline string
	lines    []string
	bs       buttons
	w, h     float64
	geo      layout.Geometry
	panel    layout.Rect
	u        float64
	// standings is the number of tournament score cards shown (0 if none).
	standings int
}

// NewResultScene sums up the game g has just finished.
func NewResultScene(c *Context, g *GameScene) *ResultScene {
	r := &ResultScene{game: g, bs: buttons{pressed: -1, hover: -1}}
	pos := &g.m.Pos
	res := pos.Result()
	switch res.State {
	case logic.Won:
		r.headline = msgf("result.wins", colorName[res.Winner])
	default:
		r.headline = msg("result.draw")
	}
	if pos.Variant().Scores() {
		var sb strings.Builder
		for i := 0; i < pos.Players(); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "%s %d", colorName[pos.SeatColor(i)], pos.Score(i))
		}
		r.lines = append(r.lines, msgf("result.points", sb.String()))
	}
	r.lines = append(r.lines, msgf("result.moves", len(g.m.Moves)))
	if t := g.tourney; t != nil {
		r.lines = append(r.lines, msg("result.tourney"))
		r.standings = len(t.Seats)
		if champ, over := t.Champion(); over {
			r.lines = append(r.lines, msgf("result.champion", colorName[champ]))
			c.Tourney = nil
		} else {
			r.lines = append(r.lines, msgf("result.next", t.Games+1, colorName[t.Seats[t.Starter]]))
		}
	}
	return r
}

// Game is the finished game.
func (r *ResultScene) Game() *GameScene { return r.game }

// Headline is the result in words.
func (r *ResultScene) Headline() string { return r.headline }

func (r *ResultScene) layout(c *Context) {
	r.w, r.h = c.W, c.H
	g := r.game
	r.geo = layout.New(layout.Config{W: c.W, H: c.H, Scale: c.Scale, Players: g.m.Pos.Players(), Scoring: g.m.Pos.Variant().Scores()})
	g.geo, g.cfg = r.geo, layout.Config{}
	c.Sprites.Ensure(int(2 * r.geo.MarbleRadius))
	// The summary takes the place of the seat cards, so the final board
	// stays in view; with the cards around the board it covers the bottom
	// card and the room below it (a phone held upright), else the widest.
	rows := 2.2 + 0.8*float64(len(r.lines)) + 0.9*float64(r.standings) // text, in u
	var area layout.Rect
	if r.geo.Orientation == layout.Around {
		for i := 0; i < g.m.Pos.Players(); i++ {
			if q := r.geo.Seats[i].Card; q.W*q.H > area.W*area.H {
				area = q
			}
		}
		for i := 0; i < g.m.Pos.Players(); i++ {
			if q := r.geo.Seats[i].Card; r.geo.Seats[i].Side == logic.South {
				if q.H = c.H - q.Y - 4*c.Scale; q.W*q.H > area.W*area.H {
					area = q
				}
			}
		}
	} else {
		area = r.geo.Seats[0].Card
		for i := 1; i < g.m.Pos.Players(); i++ {
			q := r.geo.Seats[i].Card
			x0, y0 := min(area.X, q.X), min(area.Y, q.Y)
			x1, y1 := max(area.X+area.W, q.X+q.W), max(area.Y+area.H, q.Y+q.H)
			area = layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
		}
	}
	g.hideCards = true
	u := min(1.6*c.U(), area.W/12, area.H/(rows+1.8))
	// Buttons at least 44 px (times the scale) high, for a finger: side by
	// side if their labels have room, else the first on a row of its own
	// and the others under it, else one above the other.
	n := 3
	if isBrowser {
		n = 2
	}
	pw := min(area.W, 18*u)
	bh := max(1.2*u, 44*c.Scale)
	gap := 0.4 * u
	widest := func(k int) float64 { return (pw - float64(k+1)*gap) / float64(k) }
	perRow := []int{n}
	switch {
	case widest(n) >= 2.6*bh:
	case widest(n-1) >= 2.6*bh:
		perRow = []int{1, n - 1}
	default:
		perRow = []int{1, 1, 1}[:n]
	}
	block := float64(len(perRow))*bh + float64(len(perRow)-1)*0.3*u
	if over := rows*u + block + 0.6*u - area.H; over > 0 {
		u = max(u-over/(rows+0.6), 0.5*u) // make room for the buttons
		gap = 0.4 * u
	}
	r.u = u
	ph := rows*u + block + 0.6*u
	r.panel = layout.Rect{X: area.X + (area.W-pw)/2, Y: area.Y + max(0, (area.H-ph)/2), W: pw, H: ph}
	r.bs.reset()
	again := msg("result.again")
	if g.tourney != nil && r.standings > 0 && c.Tourney != nil {
		again = msg("result.nextgame")
	}
	ids := []int{actAgain, actSetup, actExit}[:n]
	labels := []string{again, msg("result.setup"), msg("result.quit")}
	y := r.panel.Y + r.panel.H - block - gap
	k := 0
	for _, m := range perRow {
		bw := widest(m)
		for j := 0; j < m; j++ {
			x := r.panel.X + gap + float64(j)*(bw+gap)
			r.bs.add(button{x: x, y: y, w: bw, h: bh, id: ids[k], label: labels[k], on: k == 0, bold: k == 0})
			k++
		}
		y += bh + 0.3*u
	}
}

// Update takes the choice of what next.
func (r *ResultScene) Update(c *Context) error {
	if r.w != c.W || r.h != c.H {
		r.layout(c)
	}
	id := r.bs.tapped(&c.In)
	if c.In.KeyPressed(ebiten.KeyEnter) || c.In.KeyPressed(ebiten.KeySpace) {
		id = actAgain
	}
	switch id {
	case actAgain:
		c.Sound.Play(CueTap, 0, 0)
		ns, err := NewGameScene(c, "")
		if err != nil {
			c.Notify(err.Error())
			return nil
		}
		c.GoTo(ns)
	case actSetup:
		c.Sound.Play(CueTap, 0, 0)
		c.GoTo(NewSetupScene(c))
	case actExit:
		c.Quit()
	}
	return nil
}

// Draw draws the final board under the summary.
func (r *ResultScene) Draw(screen *ebiten.Image, c *Context) {
	r.game.Draw(screen, c)
	u := r.u
	p := r.panel
	c.Sprites.Panel(screen, p.X, p.Y, p.W, p.H, 0.4*u, noticeBg)
	col := colText
	if res := r.game.m.Pos.Result(); res.State == logic.Won {
		col = seatTint[res.Winner]
	}
	c.Text.Shadowed(screen, r.headline, p.X+p.W/2, p.Y+1.1*u, c.Text.Fit(r.headline, 1.1*u, p.W-u, true), col, render.AlignCenter, true)
	y := p.Y + 2.3*u
	for i, l := range r.lines {
		c.Text.Draw(screen, l, p.X+p.W/2, y, c.Text.Fit(l, 0.5*u, p.W-u, false), colText, render.AlignCenter, false)
		y += 0.8 * u
		if r.standings > 0 && l == msg("result.tourney") && i < len(r.lines) {
			y = r.drawStandings(screen, c, y-0.2*u)
		}
	}
	r.bs.draw(screen, c)
}
