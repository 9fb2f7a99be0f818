// Command shiftago is a digital edition of the board game Shiftago.
//
// With no arguments it opens the game window; a subcommand (see cli.go)
// runs without a window.
package main

import (
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
)

func main() {
	if code, ok := runSubcommand(os.Args[1:]); ok {
		os.Exit(code)
	}
	if err := runGame(); err != nil {
		fmt.Fprintln(os.Stderr, "shiftago:", err)
		os.Exit(1)
	}
}

// runGame opens the window and blocks until it is closed.
func runGame() error {
	title, err := render.NewTitle()
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("Shiftago")
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	return ebiten.RunGame(&placeholder{title: title})
}

// placeholder shows the empty board until the real scenes arrive.
type placeholder struct {
	board render.BoardCache
	title *render.Title
}

func (g *placeholder) Update() error { return nil }

func (g *placeholder) Draw(screen *ebiten.Image) {
	screen.Fill(render.Background)
	b := screen.Bounds()
	geo := render.Fit(float64(b.Dx()), float64(b.Dy()))
	g.board.Draw(screen, geo)
	g.title.Draw(screen, geo, "Shiftago")
}

// Layout is required by ebiten.Game but never called: LayoutF wins.
func (g *placeholder) Layout(w, h int) (int, int) { return w, h }

// LayoutF makes the screen as large as the window in device pixels, so
// the board is drawn sharp on high-DPI monitors.
func (g *placeholder) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	return w * s, h * s
}
