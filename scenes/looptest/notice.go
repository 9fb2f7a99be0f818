package looptest

import (
	"testing"

	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
)

// NoticeArea is where the app draws a notice (Context.Notify) over s in
// c: the screen's own place (app.NoticePlacer), else ui.DrawNotice's, a
// strip along the foot of the screen as high as a notice of two lines.
func NoticeArea(c *app.Context, s app.Scene) layout.Rect {
	if p, ok := s.(app.NoticePlacer); ok {
		return p.NoticeArea()
	}
	u := ui.Unit(c.W, c.H)
	h := (2*1.3 + 0.45) * 0.55 * u
	return layout.Rect{X: u, Y: c.H - 0.4*u - h, W: c.W - 2*u, H: h}
}

// CheckNoticeClear fails t where the notices over s would cover one of
// controls (by more than a pixel's rounding) or leave the window, or
// where a message among msgs would be set there smaller than least of
// the interface unit (DrawNoticeIn shrinks what does not fit).
func CheckNoticeClear(t testing.TB, c *app.Context, where string, s app.Scene, controls []Control, msgs []string, least float64) {
	t.Helper()
	n := NoticeArea(c, s)
	if n.Empty() {
		t.Errorf("%s, %s: the notices have no place", c.Lang.Code, where)
		return
	}
	if n.X < -0.5 || n.Y < -0.5 || n.X+n.W > c.W+0.5 || n.Y+n.H > c.H+0.5 {
		t.Errorf("%s, %s: the notices' place %+v leaves the %v×%v window", c.Lang.Code, where, n, c.W, c.H)
	}
	in := n.Inset(1)
	for _, k := range controls {
		if !k.R.Empty() && in.Overlaps(k.R) {
			t.Errorf("%s, %s: a notice at %+v covers %s %+v", c.Lang.Code, where, n, k.Name, k.R)
		}
	}
	if _, ok := s.(app.NoticePlacer); !ok {
		return // DrawNotice's text keeps its size
	}
	u := ui.Unit(c.W, c.H)
	for _, m := range msgs {
		if lines, size := ui.NoticeTextIn(c.Text, m, n); size < least*u {
			t.Errorf("%s, %s: the notice %q is set in %d lines of %.1f px in %+v, under %.2f of the unit (%.0f px)", c.Lang.Code, where, m, len(lines), size, n, least, u)
		}
	}
}
