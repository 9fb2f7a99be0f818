package kit

import (
	"github.com/boombuler/barcode/qr"
	"github.com/hajimehoshi/ebiten/v2"
)

// QRQuiet is the QR code's quiet zone, the white margin the standard asks
// for around it, in modules.
const QRQuiet = 4

// QRPixels is the link's QR code at error correction level M, as RGBA
// pixels n a side, a pixel a module, with its quiet zone. ok is false if
// the link is too long for a QR code.
func QRPixels(link string) (px []byte, n int, ok bool) {
	code, err := qr.Encode(link, qr.M, qr.Auto)
	if err != nil {
		return nil, 0, false
	}
	m := code.Bounds().Dx()
	n = m + 2*QRQuiet
	px = make([]byte, 4*n*n)
	for i := range px {
		px[i] = 0xff // white, opaque
	}
	for y := range m {
		for x := range m {
			if l, _, _, _ := code.At(x, y).RGBA(); l < 0x8000 {
				i := 4 * ((y+QRQuiet)*n + x + QRQuiet)
				px[i], px[i+1], px[i+2] = 0, 0, 0
			}
		}
	}
	return px, n, true
}

// QRImage is the link's QR code as an image, a pixel a module, with its
// quiet zone; nil if the link is too long for one.
func QRImage(link string) *ebiten.Image {
	px, n, ok := QRPixels(link)
	if !ok {
		return nil
	}
	img := ebiten.NewImage(n, n)
	img.WritePixels(px)
	return img
}
