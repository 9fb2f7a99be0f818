package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// uploadBytes bounds one write of pixels to a texture. Ebitengine copies
// every write into a buffer from its pool, and the pool keeps up to 31
// released buffers of whatever size, handing the first big enough to the
// next write: a board painted at a tablet's size went up in one 9 MiB
// buffer, a turned tablet's board in another of 10 MiB, and the pool kept
// them both, with the table top's and the cards', for good (32 MiB of a
// heap that WebAssembly memory never gives back, issue 29). Written in
// bands of at most this many bytes, every buffer the pool keeps is small
// and fits any later band (31 × 16 KiB at most). With bands of 64 KiB
// the live heap still crept up by about a megabyte over 16 turns in the
// browser; with 16 KiB it stayed between 12.1 and 12.9 MiB.
const uploadBytes = 16 << 10

// upload makes a texture of img (painted on the CPU, premultiplied),
// written in bands of rows of at most uploadBytes each (one row where a
// row is longer).
func upload(img *image.RGBA) *ebiten.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dst := ebiten.NewImage(max(1, w), max(1, h))
	if w < 1 || h < 1 {
		return dst
	}
	rows := max(1, uploadBytes/(4*w))
	for y := 0; y < h; y += rows {
		n := min(rows, h-y)
		band := dst.SubImage(image.Rect(0, y, w, y+n)).(*ebiten.Image)
		if img.Stride == 4*w {
			o := img.PixOffset(b.Min.X, b.Min.Y+y)
			band.WritePixels(img.Pix[o : o+4*w*n])
			continue
		}
		// A sub-image of a wider one: its rows are not contiguous.
		buf := make([]byte, 0, 4*w*n)
		for r := range n {
			o := img.PixOffset(b.Min.X, b.Min.Y+y+r)
			buf = append(buf, img.Pix[o:o+4*w]...)
		}
		band.WritePixels(buf)
	}
	return dst
}

// Canvases are the pixel buffers a cache paints in on the CPU, kept from
// one paint to the next and grown only when a paint needs more. A turned
// tablet repaints its board at another size: with the board's three
// screen-sized buffers (about 10 MiB each at twice a tablet's size, 22 at
// three times) freed and allocated afresh, WebAssembly memory, which
// never shrinks, grew on each of the first turns (55, 73.5, 83.5 MiB at
// DPR 2; issue 29); kept, they cost what the first paint cost, once (74.0,
// 74.3, then 77-78.5 MiB), at the price of holding them between paints.
type Canvases struct {
	pix [3][]uint8
}

// canvas is a cleared picture of bounds r in canvas i (0-2), fresh with s
// nil.
func (s *Canvases) canvas(i int, r image.Rectangle) *image.RGBA {
	if s == nil {
		return image.NewRGBA(r)
	}
	n := 4 * r.Dx() * r.Dy()
	if cap(s.pix[i]) < n {
		s.pix[i] = nil // collectable before its successor is allocated
		s.pix[i] = make([]uint8, n)
	}
	pix := s.pix[i][:n]
	clear(pix)
	return &image.RGBA{Pix: pix, Stride: 4 * r.Dx(), Rect: r}
}

// held is how many bytes the canvases hold.
func (s *Canvases) held() int {
	n := 0
	for _, p := range s.pix {
		n += cap(p)
	}
	return n
}
