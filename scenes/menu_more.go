package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render/layout"
)

// menuKeys are the catalogue keys of the game menu's items.
var menuKeys = [layout.NumButtons]string{
	layout.ButtonNewGame:  "menu.newgame",
	layout.ButtonUndo:     "menu.undo",
	layout.ButtonRedo:     "menu.redo",
	layout.ButtonRecords:  "menu.records",
	layout.ButtonRules:    "menu.rules",
	layout.ButtonSettings: "menu.settings",
	layout.ButtonSetup:    "menu.setup",
	layout.ButtonSound:    "menu.soundon",
	layout.ButtonQuit:     "menu.quit",
}

func init() { SetLanguage("en") }

// canUndo reports whether the undo item is usable now.
func (g *GameScene) canUndo(c *Context) bool {
	if g.tourney != nil && g.m.Pos.Over() {
		return false // the result is booked in the tournament
	}
	return g.m.CanUndo(c.Setup.HotSeatUndo)
}

func (g *GameScene) canRedo() bool {
	return g.m.CanRedo() && !(g.tourney != nil && g.m.Pos.Over())
}

// menuColor dims the items that cannot be used now.
func (g *GameScene) menuColor(c *Context, b layout.Button) color.RGBA {
	switch b {
	case layout.ButtonUndo:
		if !g.canUndo(c) {
			return colDim
		}
	case layout.ButtonRedo:
		if !g.canRedo() {
			return colDim
		}
	}
	return colText
}

// menuMore runs the menu items beyond the first few.
func (g *GameScene) menuMore(c *Context, b layout.Button) {
	switch b {
	case layout.ButtonUndo:
		g.undo(c)
	case layout.ButtonRedo:
		g.redo(c)
	case layout.ButtonRules:
		v := g.m.Pos.Variant()
		c.GoTo(NewRulesScene(c, v, g))
	case layout.ButtonSettings:
		c.GoTo(NewSettingsScene(c, g))
	case layout.ButtonRecords:
		c.GoTo(NewRecordsScene(c, g))
	}
}

// shortcuts: Ctrl+Z (or U) undoes, Ctrl+Y (or Shift+Ctrl+Z, or R) redoes.
func (g *GameScene) shortcuts(c *Context) bool {
	in := &c.In
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	switch {
	case in.KeyPressed(ebiten.KeyU), ctrl && !shift && in.KeyPressed(ebiten.KeyZ):
		g.undo(c)
		return true
	case in.KeyPressed(ebiten.KeyR), ctrl && in.KeyPressed(ebiten.KeyY), ctrl && shift && in.KeyPressed(ebiten.KeyZ):
		g.redo(c)
		return true
	}
	return false
}

// undo takes back the player's last move (and the computer's answers).
func (g *GameScene) undo(c *Context) {
	if !g.canUndo(c) {
		if !g.m.anyComputer() && !c.Setup.HotSeatUndo {
			c.Notify(msg("notice.hotseat"))
		} else {
			c.Notify(msg("notice.noundo"))
		}
		return
	}
	g.m.Undo(c.Setup.HotSeatUndo)
	g.afterJump(c)
	c.Notify(msg("notice.undone"))
}

// redo plays the undone moves again, without animation.
func (g *GameScene) redo(c *Context) {
	if !g.canRedo() {
		c.Notify(msg("notice.noredo"))
		return
	}
	g.m.RedoMove()
	g.afterJump(c)
	c.Notify(msg("notice.redone"))
}

// afterJump resets the scene after the position changed at a stroke.
func (g *GameScene) afterJump(c *Context) {
	g.anim = nil
	g.pendingAI = logic.NoMove
	g.nCands, g.nLines = 0, 0
	g.hasWin = false
	g.input.reset()
	g.syncScores()
	if g.m.Pos.Over() {
		g.gameOver(c)
		return
	}
	g.ph = phPlay
	if g.m.HasLast {
		g.announceTurn(c, &g.m.Last)
	} else {
		g.announceTurn(c, nil)
	}
}
