package kit

import (
	"strings"
	"testing"
)

// TestQRPixels: the invite's QR code has its white quiet zone and the
// three finder patterns (a dark ring, a light ring, a dark 3×3 centre)
// in the top-left, top-right and bottom-left corners, none in the
// bottom-right; a link too long for a QR code gets none.
func TestQRPixels(t *testing.T) {
	for _, link := range []string{"http://127.0.0.1:8080/?join=ABC123", "https://shiftago.example.org/?join=K7P2QX&lang=de"} {
		px, n, ok := QRPixels(link)
		if !ok || len(px) != 4*n*n || (n-2*QRQuiet-21)%4 != 0 {
			t.Fatalf("%q: ok %v, %d bytes for %d a side: want a QR code (21, 25, 29… modules and the quiet zone)", link, ok, len(px), n)
		}
		dark := func(x, y int) bool { return px[4*(y*n+x)] == 0 }
		for i := range n {
			for j := range QRQuiet {
				if dark(i, j) || dark(j, i) || dark(i, n-1-j) || dark(n-1-j, i) {
					t.Fatalf("%q: a dark module in the quiet zone at %d, %d", link, i, j)
				}
			}
		}
		finder := func(x0, y0 int) bool {
			for y := range 7 {
				for x := range 7 {
					ring := max(abs(x-3), abs(y-3))
					if dark(x0+x, y0+y) != (ring != 2) {
						return false
					}
				}
			}
			return true
		}
		lo, hi := QRQuiet, n-QRQuiet-7
		if !finder(lo, lo) || !finder(hi, lo) || !finder(lo, hi) || finder(hi, hi) {
			t.Errorf("%q: finder patterns at top-left %v, top-right %v, bottom-left %v, bottom-right %v: want the first three", link, finder(lo, lo), finder(hi, lo), finder(lo, hi), finder(hi, hi))
		}
	}
	if _, _, ok := QRPixels("https://x/?join=" + strings.Repeat("A", 5000)); ok {
		t.Error("a 5000-character link gave a QR code: it cannot hold one")
	}
}

func abs(v int) int { return max(v, -v) }
