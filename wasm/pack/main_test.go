package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

var dumpIcons = flag.String("dump-icons", "", "write the icons' PNGs into this folder, to look at them")

func TestIcons(t *testing.T) {
	for i, ic := range icons {
		data, err := ic.encode()
		if err != nil {
			t.Fatal(err)
		}
		if *dumpIcons != "" {
			if err := os.WriteFile(filepath.Join(*dumpIcons, ic.name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if i == 0 {
			if again, _ := ic.encode(); !bytes.Equal(data, again) {
				t.Errorf("%s: two runs drew different bytes", ic.name)
			}
		}
		dec, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", ic.name, err)
		}
		n := ic.size
		if dec.Bounds() != image.Rect(0, 0, n, n) {
			t.Fatalf("%s: %v, want %d×%d", ic.name, dec.Bounds(), n, n)
		}
		// The decoder gives RGBA for an opaque image, NRGBA otherwise;
		// both are 4 bytes a pixel, the same where opaque.
		var pix []uint8
		var stride int
		switch m := dec.(type) {
		case *image.NRGBA:
			pix, stride = m.Pix, m.Stride
		case *image.RGBA:
			pix, stride = m.Pix, m.Stride
		default:
			t.Fatalf("%s: decoded as %T", ic.name, dec)
		}
		at := func(x, y int) []uint8 { o := y*stride + 4*x; return pix[o : o+4 : o+4] }
		if !ic.bleed {
			if at(0, 0)[3] != 0 || at(n-1, n-1)[3] != 0 || at(n/2, n/2)[3] != 255 {
				t.Errorf("%s: want transparent corners and an opaque middle", ic.name)
			}
			continue
		}
		// Opaque everywhere; outside the maskable safe zone (a circle of
		// 40% of the side), only felt (or the board's shadow on it).
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				p := at(x, y)
				if p[3] != 255 {
					t.Fatalf("%s: pixel %d,%d is not opaque", ic.name, x, y)
				}
				d := math.Hypot(float64(x)+0.5-float64(n)/2, float64(y)+0.5-float64(n)/2)
				if ic.purpose == "maskable" && d > 0.4*float64(n)+1 && (p[0] > 0x1d || p[1] > 0x2a || p[2] > 0x26) {
					t.Fatalf("%s: pixel %d,%d outside the safe zone is not felt", ic.name, x, y)
				}
			}
		}
	}
}

func TestHashed(t *testing.T) {
	a := hashed("shiftago.wasm", []byte("a"))
	if !regexp.MustCompile(`^shiftago\.[0-9a-f]{10}\.wasm$`).MatchString(a) {
		t.Errorf("hashed name %q", a)
	}
	if a == hashed("shiftago.wasm", []byte("b")) {
		t.Error("different contents, same name")
	}
}

func TestFill(t *testing.T) {
	got, err := fill("t", `a @@X@@ b @@X@@ ["@@L@@"]`, map[string]string{"X": "1", `["@@L@@"]`: "[2]"})
	if err != nil || got != "a 1 b 1 [2]" {
		t.Errorf("fill = %q, %v", got, err)
	}
	if _, err := fill("t", "a", map[string]string{"X": "1"}); err == nil {
		t.Error("a missing placeholder passed")
	}
	if _, err := fill("t", "@@X@@ @@Y@@", map[string]string{"X": "1"}); err == nil {
		t.Error("an unfilled placeholder passed")
	}
}

// TestPack packs a stand-in build with the real templates and checks that
// the page, the service worker and the manifest name the same files, all
// of which exist, the text files with their compressed copies.
func TestPack(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm wasm "), 1000)
	os.WriteFile(filepath.Join(dir, "shiftago.wasm"), wasm, 0o644)
	os.WriteFile(filepath.Join(dir, "wasm_exec.js"), []byte("// wasm_exec"), 0o644)
	if err := pack(dir, "..", "v9-test", 5); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, gone := range []string{"shiftago.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
			t.Errorf("%s is still there", gone)
		}
	}
	page, sw := read("index.html"), read("sw.js")
	wasmName := regexp.MustCompile(`shiftago\.[0-9a-f]{10}\.wasm`).FindString(page)
	execName := regexp.MustCompile(`wasm_exec\.[0-9a-f]{10}\.js`).FindString(page)
	searcherName := regexp.MustCompile(`searcher\.[0-9a-f]{10}\.js`).FindString(page)
	if wasmName == "" || execName == "" || searcherName == "" {
		t.Fatalf("the page does not name the hashed files")
	}
	// The worker's script names the game's own .wasm (which serves the
	// searches there) and the page's wasm_exec.js, and no other program.
	script := read(searcherName)
	if !strings.Contains(script, `"`+wasmName+`"`) || !strings.Contains(script, execName) || strings.Contains(script, "searcher.wasm") {
		t.Errorf("the worker's script names the game's .wasm %v and wasm_exec %v", strings.Contains(script, wasmName), strings.Contains(script, execName))
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "searcher*.wasm")); len(left) > 0 {
		t.Errorf("the bundle still has a search program of its own: %v", left)
	}
	if !strings.Contains(page, "WASM_SIZE = 10000;") {
		t.Error("the page does not carry the .wasm's size")
	}
	if read(wasmName) != string(wasm) {
		t.Error("the hashed .wasm differs from the build's")
	}
	var m struct {
		Name, StartURL, Display string
		Icons                   []struct{ Src, Sizes, Purpose string }
	}
	if err := json.Unmarshal([]byte(read("manifest.webmanifest")), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Shiftago" || len(m.Icons) != 4 {
		t.Errorf("manifest: %+v", m)
	}
	files := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	if files == nil {
		t.Fatal("sw.js has no FILES list")
	}
	var list, extras []string
	if err := json.Unmarshal([]byte(files[1]), &list); err != nil {
		t.Fatal(err)
	}
	// What a game needs is precached; what only an install needs (the
	// manifest and icons) is kept later, not on a first visit.
	if want := []string{"./", searcherName, wasmName, execName}; !slices.Equal(list, want) {
		t.Errorf("sw.js precaches %v, want what a game needs: %v", list, want)
	}
	ex := regexp.MustCompile(`const EXTRAS = (\[.*\]);`).FindStringSubmatch(sw)
	if ex == nil {
		t.Fatal("sw.js has no EXTRAS list")
	}
	if err := json.Unmarshal([]byte(ex[1]), &extras); err != nil {
		t.Fatal(err)
	}
	apple := regexp.MustCompile(`apple-touch-icon\.[0-9a-f]{10}\.png`).FindString(page)
	// The favicon, which every first visit fetches, is the small icon,
	// not one of the install's (issue 49); the service worker keeps it
	// with them, for the tab of a page opened offline.
	favicon := regexp.MustCompile(`<link rel="icon" type="image/png" sizes="32x32" href="(favicon-32\.[0-9a-f]{10}\.png)">`).FindStringSubmatch(page)
	if favicon == nil {
		t.Fatal("the page names no 32-pixel favicon")
	}
	if fi, err := os.Stat(filepath.Join(dir, favicon[1])); err != nil || fi.Size() > 4096 {
		t.Errorf("favicon %s: %v, want at most 4 KB", favicon[1], err)
	}
	wantExtras := []string{"manifest.webmanifest", apple, favicon[1]}
	for _, ic := range m.Icons {
		wantExtras = append(wantExtras, ic.Src)
	}
	for _, w := range wantExtras {
		if !slices.Contains(extras, w) {
			t.Errorf("sw.js does not keep %s: %v", w, extras)
		}
	}
	sum := sha256.Sum256([]byte(page))
	if !strings.Contains(sw, `const PAGE_SHA256 = "`+hex.EncodeToString(sum[:])+`";`) {
		t.Error("sw.js does not carry the page's SHA-256")
	}
	for _, f := range slices.Concat(list, extras) {
		if f == "./" {
			continue
		}
		read(f)
		if !strings.HasSuffix(f, ".png") {
			read(f + ".br")
			read(f + ".gz")
		}
	}
	if !regexp.MustCompile(`const CACHE = "shiftago-v9-test-[0-9a-f]{10}";`).MatchString(sw) {
		t.Error("sw.js has no versioned cache name")
	}
	if err := pack(t.TempDir(), "..", "bad version", 5); err == nil {
		t.Error("a version with a space passed")
	}
}

func TestCompress(t *testing.T) {
	data := bytes.Repeat([]byte("shiftago "), 5000)
	br, err := compressBrotli(data, 11)
	if err != nil || len(br) >= len(data)/10 {
		t.Errorf("brotli: %d bytes, %v", len(br), err)
	}
	gz, err := compressGzip(data)
	if err != nil || len(gz) >= len(data)/10 {
		t.Errorf("gzip: %d bytes, %v", len(gz), err)
	}
}

// TestCompressFile: -compress writes FILE.br, which decompresses to FILE,
// and refuses a quality brotli has not.
func TestCompressFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "y.wasm")
	data := bytes.Repeat([]byte("yardstick "), 5000)
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compressFile(name, 12); err == nil {
		t.Error("quality 12 passed")
	}
	if err := compressFile(name, 5); err != nil {
		t.Fatal(err)
	}
	br, err := os.ReadFile(name + ".br")
	if err != nil {
		t.Fatal(err)
	}
	back, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
	if err != nil || !bytes.Equal(back, data) || len(br) >= len(data)/10 {
		t.Errorf("y.wasm.br: %d bytes, decompressing to the original %v (%v)", len(br), bytes.Equal(back, data), err)
	}
	if err := compressFile(filepath.Join(t.TempDir(), "none"), 5); err == nil {
		t.Error("a missing file passed")
	}
}
