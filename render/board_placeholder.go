package render

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/tinne26/etxt"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// BoardCache holds the empty board painted once into a texture, so a frame
// costs one DrawImage instead of dozens of antialiased paths. It is
// repainted only when the board's size in pixels changes.
type BoardCache struct {
	img  *ebiten.Image
	size int
	pad  int
}

// Draw draws the cached board at the place g gives it, repainting the
// cache first if the size changed.
func (b *BoardCache) Draw(dst *ebiten.Image, g Geometry) {
	size := int(g.BoardSize)
	if size <= 0 {
		return
	}
	if b.img == nil || b.size != size {
		if b.img != nil {
			b.img.Deallocate()
		}
		b.img = ebiten.NewImageFromImage(PaintBoard(size))
		b.size, b.pad = size, shadowPad(size)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(g.BoardX-float64(b.pad), g.BoardY-float64(b.pad))
	dst.DrawImage(b.img, op)
}

// Title draws the game's name above the board with etxt.
type Title struct {
	text *etxt.Renderer
}

// NewTitle parses the built-in Go Regular font and prepares a renderer.
func NewTitle() (*Title, error) {
	font, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse goregular: %w", err)
	}
	r := etxt.NewRenderer()
	r.SetFont(font)
	r.Utils().SetCache8MiB()
	r.SetAlign(etxt.Center)
	return &Title{text: r}, nil
}

// Draw draws s centred at the title position of g, with a faint shadow.
func (t *Title) Draw(dst *ebiten.Image, g Geometry, s string) {
	if g.TitleSize < 1 {
		return
	}
	t.text.SetSize(g.TitleSize)
	x, y := int(g.TitleX), int(g.TitleY)
	off := max(1, int(g.TitleSize/24))
	t.text.SetColor(color.RGBA{0, 0, 0, 0x80})
	t.text.Draw(dst, s, x+off, y+off)
	t.text.SetColor(titleColor)
	t.text.Draw(dst, s, x, y)
}
