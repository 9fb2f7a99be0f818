package app

import (
	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/play"
)

// The page API (window.shiftago in the browser, page_js.go) answers from
// these methods; they decide everything, page_js.go only converts. Each
// reads the screen on top through the Page interfaces it implements.

// PagePosition is the position string (RULES.md §10) of the game shown,
// or of the move a replay shows; ok is false when there is neither.
func (g *Game) PagePosition() (string, bool) {
	if p, ok := g.Scene().(PagePosition); ok {
		return p.PagePosition(), true
	}
	if m := g.pageMatch(); m != nil {
		return m.Pos.String(), true
	}
	return "", false
}

// PageMoves are the legal moves of the game shown, in notation.
func (g *Game) PageMoves() []string {
	out := []string{}
	if m := g.pageMatch(); m != nil {
		var buf [logic.MaxMoves]logic.Move
		for _, mv := range m.Pos.Moves(buf[:0]) {
			out = append(out, mv.String())
		}
	}
	return out
}

// PageRecord are the moves played in the game shown.
func (g *Game) PageRecord() []string {
	out := []string{}
	if m := g.pageMatch(); m != nil {
		for _, mv := range m.Moves {
			out = append(out, mv.String())
		}
	}
	return out
}

// PagePhase names what the page is doing: loading before the first
// tick, else the screen's own phase (setup when it names none).
func (g *Game) PagePhase() string {
	if g.ctx.Tick == 0 {
		return "loading"
	}
	if p, ok := g.Scene().(PageScene); ok {
		return p.PagePhase()
	}
	return "setup"
}

// PageEntryPoint is where entry point name ("W4") is, in CSS pixels
// from the canvas's corner.
func (g *Game) PageEntryPoint(name string) (layout.Point, bool) {
	geo := g.pageGeometry()
	e, err := logic.ParseEntry(name)
	if geo == nil || err != nil {
		return layout.Point{}, false
	}
	return g.css(geo.EntryPoint(e)), true
}

// PageCell is where the centre of square name ("d4") is, in CSS pixels.
func (g *Game) PageCell(name string) (layout.Point, bool) {
	geo := g.pageGeometry()
	s, err := logic.ParseSquare(name)
	if geo == nil || err != nil {
		return layout.Point{}, false
	}
	return g.css(geo.CellCenter(s)), true
}

// PageButtons are the buttons of the screen shown (the game's menu
// items while it is open), rectangles in CSS pixels.
func (g *Game) PageButtons() []ui.Info {
	p, ok := g.Scene().(PageButtons)
	if !ok {
		return []ui.Info{}
	}
	out := p.PageButtons()
	s := max(g.ctx.Scale, 1)
	dx, dy, _, _, _ := g.safeFrame(g.Scene()) // a screen in the safe area: its corner
	for i := range out {
		r := &out[i].Rect
		r.X, r.Y, r.W, r.H = (r.X+dx)/s, (r.Y+dy)/s, r.W/s, r.H/s
	}
	return out
}

// PageNotice is the message shown over the screen, or the screen's own
// (why a record was refused), or "".
func (g *Game) PageNotice() string {
	if n := g.ctx.Notice(); n != "" {
		return n
	}
	if p, ok := g.Scene().(PageNotice); ok {
		return p.PageNotice()
	}
	return ""
}

// PageTicks is the number of ticks run.
func (g *Game) PageTicks() int { return g.ctx.Tick }

func (g *Game) pageMatch() *play.Match {
	if b, ok := g.Scene().(PageBoard); ok {
		return b.PageMatch()
	}
	return nil
}

func (g *Game) pageGeometry() *layout.Geometry {
	if b, ok := g.Scene().(PageBoard); ok {
		if geo := b.PageGeometry(); geo != nil && geo.Cell > 0 {
			return geo
		}
	}
	return nil
}

// css turns a screen point (device pixels) into CSS pixels.
func (g *Game) css(p layout.Point) layout.Point {
	s := max(g.ctx.Scale, 1)
	return layout.Point{X: p.X / s, Y: p.Y / s}
}

// PageAnnouncement is what a screen reader should say now: the status
// line of the screen shown, else its notice. The page says it when it
// changes.
func (g *Game) PageAnnouncement() string {
	if n := g.ctx.Notice(); n != "" {
		return n
	}
	if p, ok := g.Scene().(PageStatus); ok {
		return p.PageStatus()
	}
	return ""
}
