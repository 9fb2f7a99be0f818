package render

import (
	"image"
	"image/color"
	"image/draw"

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

// Upload makes a texture of img (painted on the CPU, premultiplied),
// written in bands of rows of at most uploadBytes each (one row where a
// row is longer).
func Upload(img *image.RGBA) *ebiten.Image {
	dst, _ := uploadBands(img, func(int) bool { return true })
	return dst
}

// Free deallocates each of imgs that is not nil: a texture repainted or
// no longer shown gives its GPU memory back at once, not at the next
// garbage collection.
func Free(imgs ...*ebiten.Image) {
	for _, i := range imgs {
		if i != nil {
			i.Deallocate()
		}
	}
}

// free and smoothstep are Free and Smoothstep by the names furniture.go
// calls them (that file is being reworked on another branch; fold these
// into their callers once it has landed).
func free(imgs ...*ebiten.Image)         { Free(imgs...) }
func smoothstep(a, b, x float64) float64 { return Smoothstep(a, b, x) }

// uploadBands makes a texture of img's size and writes img into it band
// by band (see Upload), calling after with each band's number once it is
// written; where after says false, it stops there, false.
func uploadBands(img *image.RGBA, after func(band int) bool) (*ebiten.Image, bool) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dst := ebiten.NewImage(max(1, w), max(1, h))
	if w < 1 || h < 1 {
		return dst, true
	}
	rows := max(1, uploadBytes/(4*w))
	for i, y := 0, 0; y < h; i, y = i+1, y+rows {
		n := min(rows, h-y)
		band := dst.SubImage(image.Rect(0, y, w, y+n)).(*ebiten.Image)
		if img.Stride == 4*w {
			o := img.PixOffset(b.Min.X, b.Min.Y+y)
			band.WritePixels(img.Pix[o : o+4*w*n])
		} else {
			// A sub-image of a wider one: its rows are not contiguous.
			buf := make([]byte, 0, 4*w*n)
			for r := range n {
				o := img.PixOffset(b.Min.X, b.Min.Y+y+r)
				buf = append(buf, img.Pix[o:o+4*w]...)
			}
			band.WritePixels(buf)
		}
		if !after(i) {
			return dst, false
		}
	}
	return dst, true
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

// canvas is a picture of bounds r in canvas i (0-2), fresh with s nil;
// its pixels are what the last paint left there: the paint fills it
// first (fillSliced), in slices too.
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
	return &image.RGBA{Pix: pix, Stride: 4 * r.Dx(), Rect: r}
}

// fillSliced fills img with c, a band of rows at a time, pausing after
// each (false if abandoned): clearing a screen-sized canvas is
// milliseconds of WebAssembly.
func fillSliced(img *image.RGBA, c color.RGBA, pa pause) bool {
	b := img.Bounds()
	rows := max(1, (256<<10)/max(1, 4*b.Dx()))
	for y := b.Min.Y; y < b.Max.Y; y += rows {
		draw.Draw(img, image.Rect(b.Min.X, y, b.Max.X, min(b.Max.Y, y+rows)), image.NewUniform(c), image.Point{}, draw.Src)
		if !pa() {
			return false
		}
	}
	return true
}
