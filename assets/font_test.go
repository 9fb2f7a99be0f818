package assets

import (
	"errors"
	"slices"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestFontsDrawAsTheOriginals: the embedded fonts, the Go fonts without
// hinting instructions (fonts/README), have every character of the
// originals (Latin, Greek, Cyrillic, symbols: a name typed in any of
// them stays drawable), each with the same outline and advance, and the
// same metrics, at the sizes the game draws and at a large one.
func TestFontsDrawAsTheOriginals(t *testing.T) {
	for _, tc := range []struct {
		name     string
		original []byte
		embedded func() (*sfnt.Font, error)
	}{
		{"Go Regular", goregular.TTF, Regular},
		{"Go Bold", gobold.TTF, Bold},
	} {
		want, err := sfnt.Parse(tc.original)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tc.embedded()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var bw, bg sfnt.Buffer
		chars := 0
		for _, ppem := range []fixed.Int26_6{12 << 6, 23<<6 + 17, 200 << 6} {
			mw, _ := want.Metrics(&bw, ppem, font.HintingNone)
			mg, _ := got.Metrics(&bg, ppem, font.HintingNone)
			if mw != mg {
				t.Errorf("%s at %v: metrics %+v, want %+v", tc.name, ppem, mg, mw)
			}
			chars = 0
			for r := rune(0); r <= 0x1FFFF; r++ {
				xw, err := want.GlyphIndex(&bw, r)
				if err != nil {
					t.Fatal(err)
				}
				xg, err := got.GlyphIndex(&bg, r)
				if err != nil {
					t.Fatal(err)
				}
				if (xw == 0) != (xg == 0) {
					t.Fatalf("%s: %U: glyph %d, want %d (0: none)", tc.name, r, xg, xw)
				}
				if xw == 0 {
					continue
				}
				chars++
				aw, err1 := want.GlyphAdvance(&bw, xw, ppem, font.HintingNone)
				ag, err2 := got.GlyphAdvance(&bg, xg, ppem, font.HintingNone)
				if err := errors.Join(err1, err2); err != nil || aw != ag {
					t.Fatalf("%s at %v: %U: advance %v, want %v (%v)", tc.name, ppem, r, ag, aw, err)
				}
				sw, err1 := want.LoadGlyph(&bw, xw, ppem, nil)
				sw = slices.Clone(sw) // the buffer's, reused by the next call
				sg, err2 := got.LoadGlyph(&bg, xg, ppem, nil)
				if err := errors.Join(err1, err2); err != nil || !slices.Equal(sw, sg) {
					t.Fatalf("%s at %v: %U: the outline differs (%v)", tc.name, ppem, r, err)
				}
			}
		}
		if chars < 700 {
			t.Errorf("%s: %d characters compared; the Go fonts have 709", tc.name, chars)
		}
	}
}
