package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"
)

// TestRadialSpritesMirror: the ring, the glow and the disc, worked out
// for an eighth of their square and mirrored, are the pictures worked out
// pixel by pixel, at odd and even sizes.
func TestRadialSpritesMirror(t *testing.T) {
	each := func(side int, value func(dist float64) uint8) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, side, side))
		c := float64(side) / 2
		for py := range side {
			for px := range side {
				v := value(math.Hypot(float64(px)+0.5-c, float64(py)+0.5-c))
				img.SetRGBA(px, py, color.RGBA{v, v, v, v})
			}
		}
		return img
	}
	for _, d := range []int{1, 4, 5, 27, 64, 198, 208, 261} {
		ro, width := float64(d)/2, max(2, float64(d)/11)
		ring := func(ri float64) func(float64) uint8 {
			return func(dist float64) uint8 {
				return uint8(math.Round(255 * max(0, min(1, ro-dist+0.5)) * max(0, min(1, dist-ri+0.5))))
			}
		}
		samePixels(t, fmt.Sprintf("ring %d", d), PaintRing(d, width), each(d+2*SpritePad, ring(ro-width)))
		samePixels(t, fmt.Sprintf("disc %d", d), PaintDisc(d), each(d+2*SpritePad, ring(-ro)))
		samePixels(t, fmt.Sprintf("glow %d", d), PaintGlow(d), each(d+2*SpritePad, func(dist float64) uint8 {
			return uint8(math.Round(255 * (1 - Smoothstep(0.2, 1, dist/ro))))
		}))
	}
}
