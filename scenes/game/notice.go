package game

import "shiftago/render/layout"

// NoticeArea implements app.NoticePlacer: over a board, notices go over
// the status line, never over the entry cups at the board's foot.
func (g *Screen) NoticeArea() layout.Rect { return g.t.View.Geo.Status }

// NoticeArea implements app.NoticePlacer, as the game screen does.
func (tu *Tutorial) NoticeArea() layout.Rect { return tu.t.View.Geo.Status }

// NoticeArea implements app.NoticePlacer: the status line over the final
// board, as the game screen's, clear of the summary and its buttons (at
// the foot of the screen a desktop's "Link copied" covered Share link and
// its neighbours: issue 50).
func (r *Result) NoticeArea() layout.Rect { return r.t.View.Geo.Status }
