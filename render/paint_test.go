package render

import (
	"image"
	"image/color"
	"testing"
)

// dark reports whether c is an opaque, dark colour: the inside of a hole.
func dark(c color.RGBA) bool {
	return c.A == 0xff && int(c.R)+int(c.G)+int(c.B) < 3*0x60
}

// wood reports whether c is an opaque, brownish mid-tone: the frame.
func wood(c color.RGBA) bool {
	return c.A == 0xff && c.R > c.G && c.G > c.B && c.R > 0x70
}

func TestPaintBoard(t *testing.T) {
	for _, size := range []int{90, 632, 1001} {
		img := PaintBoard(size)
		pad := shadowPad(size)
		if got, want := img.Bounds(), image.Rect(0, 0, size+2*pad, size+2*pad); got != want {
			t.Fatalf("size %d: bounds %v, want %v", size, got, want)
		}
		g := Geometry{BoardX: float64(pad), BoardY: float64(pad), BoardSize: float64(size)}
		at := func(x, y float64) color.RGBA { return img.RGBAAt(int(x), int(y)) }

		for row := 0; row < BoardCells; row++ {
			for col := 0; col < BoardCells; col++ {
				if c := at(g.CellCenter(col, row)); !dark(c) {
					t.Errorf("size %d: hole %d,%d centre is %v, want dark", size, col, row, c)
				}
			}
		}
		for s := Top; s <= Left; s++ {
			for i := 0; i < BoardCells; i++ {
				if c := at(g.EntryCenter(s, i)); !dark(c) {
					t.Errorf("size %d: entry %v %d centre is %v, want dark", size, s, i, c)
				}
			}
		}
		cell := g.Cell()
		// Frame wood in the corner between two entry rows; between holes.
		if c := at(g.BoardX+0.5*cell, g.BoardY+0.6*cell); !wood(c) {
			t.Errorf("size %d: frame corner is %v, want wood", size, c)
		}
		if c := at(g.FieldX()+cell, g.FieldY()+cell); !wood(c) {
			t.Errorf("size %d: field between holes is %v, want wood", size, c)
		}
		// Outside the frame: nothing at the top-left, shadow at the bottom-right.
		if c := img.RGBAAt(0, 0); c.A != 0 {
			t.Errorf("size %d: top-left pixel is %v, want transparent", size, c)
		}
		if c := at(g.BoardX+g.BoardSize/2, g.BoardY+g.BoardSize+0.1*cell); c.A == 0 || c.A == 0xff || c.R != 0 {
			t.Errorf("size %d: below the board is %v, want a translucent shadow", size, c)
		}
	}
}

func TestPaintBoardIsDeterministic(t *testing.T) {
	a, b := PaintBoard(300), PaintBoard(300)
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			t.Fatalf("two paintings differ at byte %d", i)
		}
	}
}

func BenchmarkPaintBoard(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		PaintBoard(632)
	}
}
