package app

// views are the screens as the interfaces the shell asks of them every
// tick, found once for each screen on top rather than asserted anew
// every tick: a type assertion to an interface builds its cache now and
// then at random on its slow path, and that allocates (an idle tick must
// allocate nothing: in WebAssembly the collector runs on the page's one
// thread).
type views struct {
	of     Scene // the screen on top they were found for
	depth  int   // and the stack's depth then
	still  Still
	rester Rester
	phase  PageScene
	status PageStatus
	holder SessionHolder // the screen nearest the top that holds a game
}

// view is the screen on top's views, found again when the screen on top
// or the stack's depth changed (a screen under the top one changes only
// with the top one: Replace, Reset and Pop all change it).
func (g *Game) view() *views {
	v := &g.views
	top := g.Scene()
	if v.of == top && v.depth == len(g.stack) && top != nil {
		return v
	}
	*v = views{of: top, depth: len(g.stack)}
	v.still, _ = top.(Still)
	v.rester, _ = top.(Rester)
	v.phase, _ = top.(PageScene)
	v.status, _ = top.(PageStatus)
	for i := len(g.stack) - 1; i >= 0; i-- {
		if h, ok := g.stack[i].(SessionHolder); ok {
			v.holder = h
			break
		}
	}
	return v
}
