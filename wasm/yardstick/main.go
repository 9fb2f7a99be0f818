package main

import (
	"image/color"
	"log"

	"github.com/hajimehoshi/ebiten/v2"
)

// page fills the screen with a colour that changes every frame, so no
// frame can be skipped as unchanged.
type page struct{ frame int }

func (p *page) Update() error { p.frame++; return nil }

func (p *page) Draw(screen *ebiten.Image) {
	v := uint8(p.frame)
	screen.Fill(color.RGBA{R: v, G: 128, B: 255 - v, A: 255})
}

// LayoutF draws at the device's pixels, as the game does on a high-DPI
// screen: the yardstick fills as many pixels as the game.
func (p *page) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	return w * s, h * s
}

func (p *page) Layout(w, h int) (int, int) { panic("LayoutF is used") }

func main() {
	ebiten.SetWindowTitle("yardstick")
	if err := ebiten.RunGame(&page{}); err != nil {
		log.Fatal(err)
	}
}
