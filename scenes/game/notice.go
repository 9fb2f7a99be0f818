package game

import "shiftago/render/layout"

// NoticeArea implements app.NoticePlacer: over a board, notices go over
// the status line, never over the entry cups at the board's foot.
func (g *Screen) NoticeArea() layout.Rect { return g.t.View.Geo.Status }

// NoticeArea implements app.NoticePlacer, as the game screen does.
func (tu *Tutorial) NoticeArea() layout.Rect { return tu.t.View.Geo.Status }
