package looptest

import (
	"image"
	"image/png"
	"os"
	"testing"
)

// WritePNG writes img to path as a PNG, for a person to look at; a
// failure to write fails the test.
func WritePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
