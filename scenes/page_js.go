//go:build js

package scenes

import (
	"syscall/js"

	"shiftago/logic"
	"shiftago/render/layout"
)

// installPage exposes the read-only page API window.shiftago, for tests,
// embedding and assistive tools:
//
//	position()       the position string (RULES.md §10) of the game or, in
//	                 the replay, of the move shown; null when neither is
//	moves()          the legal moves in notation
//	record()         the moves played, in notation
//	phase()          loading, setup, playing, animating, thinking, over,
//	                 or the screen shown instead: rules, settings, records,
//	                 replay, tutorial or saveproblem
//	entryPoint("W4") {x, y}: where that entry point is, in CSS pixels
//	cell("d4")       {x, y}: the centre of that square, in CSS pixels
//	buttons()        [{label, id, enabled, x, y, w, h}]: the buttons of the
//	                 screen shown (not the game's menu), centres and sizes in
//	                 CSS pixels
//	notice()         the message shown over the scene (on the records
//	                 screen, why a record was refused), or ""
//	ticks()          ticks run so far
//
// JavaScript runs only while the game's goroutine waits for the next
// frame (js/wasm has one thread and no preemption), so every call sees the
// state between two ticks. Nothing here changes the game.
func installPage(g *Game) {
	api := js.Global().Get("Object").New()
	fn := func(name string, f func(args []js.Value) any) {
		api.Set(name, js.FuncOf(func(this js.Value, args []js.Value) any { return f(args) }))
	}
	fn("position", func([]js.Value) any {
		if r, ok := g.scene.(*ReplayScene); ok {
			return r.pos.String()
		}
		if m := g.pageMatch(); m != nil {
			return m.Pos.String()
		}
		return nil
	})
	fn("moves", func([]js.Value) any {
		out := []any{}
		if m := g.pageMatch(); m != nil {
			var buf [logic.MaxMoves]logic.Move
			for _, mv := range m.Pos.Moves(buf[:0]) {
				out = append(out, mv.String())
			}
		}
		return js.ValueOf(out)
	})
	fn("record", func([]js.Value) any {
		out := []any{}
		if m := g.pageMatch(); m != nil {
			for _, mv := range m.Moves {
				out = append(out, mv.String())
			}
		}
		return js.ValueOf(out)
	})
	fn("phase", func([]js.Value) any { return g.pagePhase() })
	fn("entryPoint", func(args []js.Value) any {
		gs := g.pageGame()
		if gs == nil || len(args) < 1 || gs.geo.Cell <= 0 {
			return nil
		}
		e, err := logic.ParseEntry(args[0].String())
		if err != nil {
			return nil
		}
		return pagePoint(g.ctx, gs.geo.EntryPoint(e))
	})
	fn("cell", func(args []js.Value) any {
		gs := g.pageGame()
		if gs == nil || len(args) < 1 || gs.geo.Cell <= 0 {
			return nil
		}
		s, err := logic.ParseSquare(args[0].String())
		if err != nil {
			return nil
		}
		return pagePoint(g.ctx, gs.geo.CellCenter(s))
	})
	fn("notice", func([]js.Value) any {
		c := g.ctx
		if c.notice != "" && c.Tick < c.noticeUntil {
			return c.notice
		}
		if r, ok := g.scene.(*RecordsScene); ok {
			return r.status // why a record was refused
		}
		return ""
	})
	fn("buttons", func([]js.Value) any {
		out := []any{}
		var bs *buttons
		switch s := g.scene.(type) {
		case *SetupScene:
			bs = &s.bs
		case *ResultScene:
			bs = &s.bs
		case *RulesScene:
			bs = &s.bs
		case *SettingsScene:
			bs = &s.bs
		case *RecordsScene:
			bs = &s.bs
		case *ReplayScene:
			bs = &s.bs
		case *TutorialScene:
			bs = &s.bs
		case *SaveProblemScene:
			bs = &s.bs
		}
		if bs != nil {
			for i := range bs.list {
				b := &bs.list[i]
				p := pagePointValue(g.ctx, layout.Point{X: b.x + b.w/2, Y: b.y + b.h/2})
				s := max(g.ctx.Scale, 1)
				p.Set("w", b.w/s)
				p.Set("h", b.h/s)
				p.Set("label", b.label)
				p.Set("id", b.id)
				p.Set("enabled", !b.off)
				out = append(out, p)
			}
		}
		return js.ValueOf(out)
	})
	fn("ticks", func([]js.Value) any { return g.ctx.Tick })
	js.Global().Set("shiftago", api)
}

// pagePoint turns a screen point (device pixels) into CSS pixels on the
// page.
func pagePoint(c *Context, p layout.Point) any {
	return pagePointValue(c, p)
}

func pagePointValue(c *Context, p layout.Point) js.Value {
	s := c.Scale
	if s <= 0 {
		s = 1
	}
	x, y := p.X/s, p.Y/s
	if cv := js.Global().Get("document").Call("querySelector", "canvas"); cv.Truthy() {
		r := cv.Call("getBoundingClientRect")
		x += r.Get("left").Float()
		y += r.Get("top").Float()
	}
	return js.ValueOf(map[string]any{"x": x, "y": y})
}

// pageGame is the game scene showing (or behind the result), or nil.
func (g *Game) pageGame() *GameScene {
	switch s := g.scene.(type) {
	case *GameScene:
		return s
	case *ResultScene:
		return s.Game()
	}
	return nil
}

func (g *Game) pageMatch() *Match {
	if gs := g.pageGame(); gs != nil {
		return gs.m
	}
	return nil
}

// pagePhase names what the page is doing.
func (g *Game) pagePhase() string {
	if g.ctx.Tick == 0 {
		return "loading"
	}
	switch s := g.scene.(type) {
	case *ResultScene:
		return "over"
	case *GameScene:
		switch s.ph {
		case phAnim:
			return "animating"
		case phOver:
			return "over"
		case phPlay:
			if s.m.ComputerToMove() {
				return "thinking"
			}
		}
		return "playing"
	case *RulesScene:
		return "rules"
	case *SettingsScene:
		return "settings"
	case *RecordsScene:
		return "records"
	case *ReplayScene:
		return "replay"
	case *TutorialScene:
		return "tutorial"
	case *SaveProblemScene:
		return "saveproblem"
	}
	return "setup"
}

// PageArgs turns the page's URL parameters into the desktop's command-line
// flags, so a link can start a game: ?variant=expert&players=3&seats=human,ai:3,ai:3
// gives --variant=expert --players=3 --seats=human,ai:3,ai:3. A parameter
// with no value is a bare flag (?mute). ok is true in the browser.
func PageArgs() (args []string, ok bool) {
	loc := js.Global().Get("location")
	if !loc.Truthy() {
		return nil, false
	}
	params := js.Global().Get("URLSearchParams").New(loc.Get("search"))
	each := js.FuncOf(func(this js.Value, a []js.Value) any {
		k, v := a[1].String(), a[0].String()
		if v == "" {
			args = append(args, "--"+k)
		} else {
			args = append(args, "--"+k+"="+v)
		}
		return nil
	})
	defer each.Release()
	params.Call("forEach", each)
	return args, true
}
