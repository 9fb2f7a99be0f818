package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/scenes/app"
)

type (
	logicVariant = logic.Variant
	recordRecord = record.Record
)

// blankScene stands for the screens of other packages.
type blankScene struct{}

func (*blankScene) Update(c *app.Context) error { return nil }

func (*blankScene) Draw(screen *ebiten.Image, c *app.Context) { screen.Fill(render.BgFill) }
