//go:build js

package app

import (
	"syscall/js"
	"time"

	"shiftago/render/layout"
	"shiftago/scenes/keep"
	"shiftago/scenes/play/away"
)

// Browser reports whether the game runs in a browser page (which cannot
// quit, and has no files).
const Browser = true

// installPage exposes the read-only page API window.shiftago, for tests,
// embedding and assistive tools:
//
//	position()       the position string (RULES.md §10) of the game or, in
//	                 the replay, of the move shown; null when neither is
//	moves()          the legal moves in notation
//	record()         the moves played, in notation
//	phase()          loading, setup, playing, animating, thinking, over,
//	                 or the screen shown instead: rules, settings, records,
//	                 replay, tutorial, saveproblem or elsewhere (another
//	                 window or tab has the save)
//	entryPoint("W4") {x, y}: where that entry point is, in CSS pixels
//	cell("d4")       {x, y}: the centre of that square, in CSS pixels
//	buttons()        [{label, id, enabled, on, x, y, w, h}]: the buttons of the
//	                 screen shown (the game menu's items while it is
//	                 open), centres and sizes in CSS pixels; id names the
//	                 action ("play", "rules", "level+ 1")
//	notice()         the message shown over the scene (on the records
//	                 screen, why a record was refused), or ""
//	now.phase        phase() as of the last tick's end, a plain property
//	                 the game sets when it changes: reading it runs no Go
//	                 (each call above wakes the game's goroutines, about
//	                 a tenth of a millisecond of the page's script), for
//	                 what asks often (index.html's full-screen switch,
//	                 perf.test.mjs)
//	ticks()          ticks run so far
//	frames()         frames drawn so far (idle frames are not drawn)
//	redraw()         has the next frame drawn in full (it changes no
//	                 state: tests compare an idle frame with a fresh one)
//	online()         on an online screen, what it knows: {stage, code,
//	                 link, watch, game, state, playing, pending, ply,
//	                 mine, shownPly, shownAt (ms since 1970: the first
//	                 frame of the last remote move's animation),
//	                 shownMoves (remote moves animated at this table),
//	                 arrivedPly, arrivedAt (the newest move to reach
//	                 this device, and when), notice};
//	                 null elsewhere
//	analysis()       on the replay, its analysis: {done, total, inFrame}
//	                 (positions known, of how many, and how many were
//	                 searched in the frame rather than the worker);
//	                 null elsewhere
//	searchPath()     where the last computer search (a move or a hint)
//	                 ran: "worker" (the search's Web Worker), "frame"
//	                 (stepped in the frame: no worker) or "" before any
//
// JavaScript runs only while the game's goroutine waits for the next
// frame (js/wasm has one thread and no preemption), so every call sees the
// state between two ticks. Nothing here changes the game (redraw only
// repaints), and nothing here decides anything: the answers come from
// page.go.
func installPage(g *Game) {
	api := js.Global().Get("Object").New()
	fn := func(name string, f func(args []js.Value) any) {
		api.Set(name, js.FuncOf(func(this js.Value, args []js.Value) any { return f(args) }))
	}
	arg := func(args []js.Value) string {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return ""
		}
		return args[0].String()
	}
	strings := func(ss []string) any {
		out := make([]any, len(ss))
		for i, s := range ss {
			out[i] = s
		}
		return js.ValueOf(out)
	}
	fn("position", func([]js.Value) any {
		if s, ok := g.PagePosition(); ok {
			return s
		}
		return nil
	})
	fn("moves", func([]js.Value) any { return strings(g.PageMoves()) })
	fn("record", func([]js.Value) any { return strings(g.PageRecord()) })
	fn("phase", func([]js.Value) any { return g.PagePhase() })
	fn("searchPath", func([]js.Value) any { return away.LastPath() })
	fn("entryPoint", func(args []js.Value) any {
		if p, ok := g.PageEntryPoint(arg(args)); ok {
			return point(p)
		}
		return nil
	})
	fn("cell", func(args []js.Value) any {
		if p, ok := g.PageCell(arg(args)); ok {
			return point(p)
		}
		return nil
	})
	fn("buttons", func([]js.Value) any {
		out := []any{}
		for _, b := range g.PageButtons() {
			v := point(b.Rect.Center())
			v.Set("w", b.Rect.W)
			v.Set("h", b.Rect.H)
			v.Set("label", b.Label)
			v.Set("id", b.ID)
			v.Set("enabled", b.Enabled)
			v.Set("on", b.On)
			out = append(out, v)
		}
		return js.ValueOf(out)
	})
	fn("notice", func([]js.Value) any { return g.PageNotice() })
	fn("ticks", func([]js.Value) any { return g.PageTicks() })
	fn("frames", func([]js.Value) any { return g.Frames })
	fn("redraw", func([]js.Value) any { g.Redraw(); return nil })
	fn("analysis", func([]js.Value) any {
		if p, ok := g.Scene().(PageAnalysis); ok {
			done, total, inFrame := p.PageAnalysis()
			return js.ValueOf(map[string]any{"done": done, "total": total, "inFrame": inFrame})
		}
		return nil
	})
	fn("online", func([]js.Value) any {
		if p, ok := g.Scene().(PageOnline); ok {
			return js.ValueOf(p.PageOnline())
		}
		return nil
	})
	now := js.Global().Get("Object").New()
	now.Set("phase", "loading")
	api.Set("now", now)
	g.publish = func(phase string) { now.Set("phase", phase) }
	js.Global().Set("shiftago", api)
	// A tab that closes (or goes to the back-forward cache) gives the save
	// up at once, so a tab opened next is not told the game is open
	// elsewhere; if it comes back, its next heartbeat claims it again.
	js.Global().Call("addEventListener", "pagehide", js.FuncOf(func(this js.Value, args []js.Value) any {
		g.autosave()
		g.ctx.keeper().Release()
		return nil
	}))
	g.announce = func(text string) {
		if f := js.Global().Get("shiftagoAnnounce"); f.Type() == js.TypeFunction {
			f.Invoke(text)
		}
	}
}

// point is a point in CSS pixels from the canvas's corner as a point on
// the page.
func point(p layout.Point) js.Value {
	x, y := p.X, p.Y
	if cv := js.Global().Get("document").Call("querySelector", "canvas"); cv.Truthy() {
		r := cv.Call("getBoundingClientRect")
		x += r.Get("left").Float()
		y += r.Get("top").Float()
	}
	return js.ValueOf(map[string]any{"x": x, "y": y})
}

// PageMark notes a moment of the start-up in the page's performance
// timeline (performance.mark), for wasm/e2e/perf.test.mjs to split the
// time until the title screen into the browser's and the program's.
func PageMark(name string) {
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Type() == js.TypeFunction {
		p.Call("mark", name)
	}
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

// ForgetPageParams drops the named parameters from the page's address
// without reloading it (history.replaceState), so that a reload does
// not start the link's game again. Which ones, and when, main decides.
func ForgetPageParams(names []string) {
	defer func() { recover() }() // a page that forbids it keeps its address
	loc := js.Global().Get("location")
	params := js.Global().Get("URLSearchParams").New(loc.Get("search"))
	for _, n := range names {
		params.Call("delete", n)
	}
	q := params.Call("toString").String()
	if q != "" {
		q = "?" + q
	}
	url := loc.Get("pathname").String() + q + loc.Get("hash").String()
	js.Global().Get("history").Call("replaceState", js.Null(), "", url)
}

// InstanceID names this tab in the save's owner record. It is kept in
// the tab's sessionStorage, which a reload keeps and another tab does
// not have, so a reloaded tab is still the owner; without
// sessionStorage (blocked) each load is a new copy. A tab the browser
// duplicated has a copy of the sessionStorage, and so the same id: its
// Web Lock (process_js.go) is then held already, and it takes a new id.
func InstanceID() (id string) {
	id = storedID()
	// A reload's page may still hold the lock for a moment: a duplicate
	// holds it for good.
	for try := 0; ; try++ {
		free, known := holdLock(id)
		if !known || free {
			return id
		}
		if try == 3 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	id = keep.NewID()
	storeID(id)
	holdLock(id)
	return id
}

// storedID is the tab's id from its sessionStorage, or a new one kept
// there.
func storedID() (id string) {
	id = keep.NewID()
	defer func() { recover() }() // reading sessionStorage may throw; keep the fresh id
	ss := js.Global().Get("Reflect").Call("get", js.Global(), "sessionStorage")
	if !ss.Truthy() {
		return id
	}
	if v := ss.Call("getItem", "shiftago/instance"); v.Type() == js.TypeString && v.String() != "" {
		return v.String()
	}
	ss.Call("setItem", "shiftago/instance", id)
	return id
}

// storeID keeps id as the tab's id.
func storeID(id string) {
	defer func() { recover() }()
	if ss := js.Global().Get("Reflect").Call("get", js.Global(), "sessionStorage"); ss.Truthy() {
		ss.Call("setItem", "shiftago/instance", id)
	}
}

// Share offers the page's own address with query as a link to share,
// through the page's shiftagoShare (the share sheet, else the clipboard,
// else a prompt), and tells the player how it went. It must run in the
// tick that saw the player's tap: browsers share only on a gesture.
func Share(c *Context, query, title string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	f := js.Global().Get("shiftagoShare")
	if f.Type() != js.TypeFunction {
		return false
	}
	loc := js.Global().Get("location")
	link := loc.Get("origin").String() + loc.Get("pathname").String() + query
	var done js.Func
	done = js.FuncOf(func(this js.Value, args []js.Value) any {
		defer done.Release()
		if len(args) > 0 && args[0].Type() == js.TypeString {
			switch args[0].String() {
			case "copied":
				c.Notify(c.T("share.copied"))
			case "shared", "shown":
				c.Notify(c.T("share.shared"))
			}
		}
		return nil
	})
	f.Invoke(link, title).Call("then", done)
	return true
}
