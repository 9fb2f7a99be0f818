package static

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

const (
	wasmName = "shiftago.0123456789.wasm"
	execName = "wasm_exec.abcdef0123.js"
)

var bundle = fstest.MapFS{
	"index.html":              {Data: []byte("<!doctype html>")},
	"index.html.br":           {Data: []byte("html br")},
	"index.html.gz":           {Data: []byte("html gz")},
	wasmName:                  {Data: []byte("\x00asm raw")},
	wasmName + ".gz":          {Data: []byte("gz")},
	wasmName + ".br":          {Data: []byte("br")},
	execName:                  {Data: []byte("js")},
	execName + ".br":          {Data: []byte("js br")},
	execName + ".gz":          {Data: []byte("js gz")},
	"sw.js":                   {Data: []byte("sw")},
	"manifest.webmanifest":    {Data: []byte("{}")},
	"icon-192.0a1b2c3d4e.png": {Data: []byte("png")},
	"only-gzip.wasm":          {Data: []byte("raw")},
	"only-gzip.wasm.gz":       {Data: []byte("gz")},
}

func TestHandler(t *testing.T) {
	h := Handler(bundle)
	const (
		wasmType = "application/wasm"
		htmlType = "text/html; charset=utf-8"
		jsType   = "text/javascript; charset=utf-8"
	)
	for _, tc := range []struct {
		name, path, accept string
		status             int
		body, ctype, enc   string
		cache              string // "" for either, when the status is not 200
		vary               bool
	}{
		// The .wasm, by what the client accepts.
		{"only br", "/" + wasmName, "br", 200, "br", wasmType, "br", cacheHashed, true},
		{"only gzip", "/" + wasmName, "gzip", 200, "gz", wasmType, "gzip", cacheHashed, true},
		{"x-gzip", "/" + wasmName, "x-gzip", 200, "gz", wasmType, "gzip", cacheHashed, true},
		{"both, browser order", "/" + wasmName, "gzip, deflate, br, zstd", 200, "br", wasmType, "br", cacheHashed, true},
		{"both, brotli preferred on a tie", "/" + wasmName, "gzip;q=0.8, br;q=0.8", 200, "br", wasmType, "br", cacheHashed, true},
		{"both, gzip weighted higher", "/" + wasmName, "br;q=0.5, gzip", 200, "gz", wasmType, "gzip", cacheHashed, true},
		{"br q=0", "/" + wasmName, "br;q=0, gzip", 200, "gz", wasmType, "gzip", cacheHashed, true},
		{"br q=0.000 with spaces", "/" + wasmName, "br ; q=0.000, gzip; q=0.1", 200, "gz", wasmType, "gzip", cacheHashed, true},
		{"gzip q=0, only", "/" + wasmName, "gzip;q=0", 200, "\x00asm raw", wasmType, "", cacheHashed, true},
		{"both q=0", "/" + wasmName, "br;q=0, gzip;q=0", 200, "\x00asm raw", wasmType, "", cacheHashed, true},
		{"star", "/" + wasmName, "*", 200, "br", wasmType, "br", cacheHashed, true},
		{"star but br q=0", "/" + wasmName, "br;q=0, *;q=0.5", 200, "gz", wasmType, "gzip", cacheHashed, true},
		{"identity only", "/" + wasmName, "identity", 200, "\x00asm raw", wasmType, "", cacheHashed, true},
		{"deflate only", "/" + wasmName, "deflate", 200, "\x00asm raw", wasmType, "", cacheHashed, true},
		{"no header", "/" + wasmName, "", 200, "\x00asm raw", wasmType, "", cacheHashed, true},
		{"case", "/" + wasmName, "BR", 200, "br", wasmType, "br", cacheHashed, true},
		{"malformed q", "/" + wasmName, "br;q=x, gzip", 200, "gz", wasmType, "gzip", cacheHashed, true},
		// A file with only a gzip copy: never the raw file to a gzip client.
		{"only-gzip to br", "/only-gzip.wasm", "br", 200, "raw", wasmType, "", cacheOther, true},
		{"only-gzip to both", "/only-gzip.wasm", "br, gzip", 200, "gz", wasmType, "gzip", cacheOther, true},
		// The page and the rest: revalidated every time.
		{"index", "/", "", 200, "<!doctype html>", htmlType, "", cacheOther, true},
		{"index br", "/", "gzip, deflate, br", 200, "html br", htmlType, "br", cacheOther, true},
		{"index by name", "/index.html", "gzip", 200, "html gz", htmlType, "gzip", cacheOther, true},
		{"wasm_exec", "/" + execName, "br", 200, "js br", jsType, "br", cacheHashed, true},
		{"service worker", "/sw.js", "br", 200, "sw", jsType, "", cacheOther, false},
		{"manifest", "/manifest.webmanifest", "", 200, "{}", "application/manifest+json; charset=utf-8", "", cacheOther, false},
		{"icon", "/icon-192.0a1b2c3d4e.png", "br", 200, "png", "image/png", "", cacheHashed, false},
		// Refused.
		{"a compressed copy by name", "/" + wasmName + ".gz", "", 404, "", "", "", "", false},
		{"missing", "/missing.js", "", 404, "", "", "", "", false},
		{"outside", "/../etc/passwd", "", 404, "", "", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("%s (%q): status %d, want %d", tc.path, tc.accept, rec.Code, tc.status)
			}
			if tc.status != 200 {
				return
			}
			hd := rec.Header()
			if got := rec.Body.String(); got != tc.body {
				t.Errorf("body %q, want %q", got, tc.body)
			}
			if got := hd.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if got := hd.Get("Content-Encoding"); got != tc.enc {
				t.Errorf("Content-Encoding %q, want %q", got, tc.enc)
			}
			if got := hd.Get("Cache-Control"); got != tc.cache {
				t.Errorf("Cache-Control %q, want %q", got, tc.cache)
			}
			if got := hd.Get("Vary") == "Accept-Encoding"; got != tc.vary {
				t.Errorf("Vary %q, want Accept-Encoding: %v", hd.Get("Vary"), tc.vary)
			}
		})
	}
}

// A HEAD request and a revalidation get the headers of the same choice.
func TestHeadAndRevalidate(t *testing.T) {
	h := Handler(bundle)
	req := httptest.NewRequest(http.MethodHead, "/"+wasmName, nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "br" || rec.Body.Len() != 0 {
		t.Errorf("HEAD: %d %q body %d bytes", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", rec.Code)
	}
}

func TestNegotiate(t *testing.T) {
	both := []string{"br", "gzip"}
	for _, tc := range []struct {
		header string
		have   []string
		want   string
	}{
		{"br", both, "br"},
		{"gzip", both, "gzip"},
		{"gzip, br", both, "br"},
		{"br;q=0.1, gzip;q=0.2", both, "gzip"},
		{"br;q=0", both, ""},
		{"br;q=0, gzip;q=0", both, ""},
		{"", both, ""},
		{"identity", both, ""},
		{"*;q=0", both, ""},
		{"*;q=0.1, gzip;q=0", both, "br"},
		{"br", []string{"gzip"}, ""},
		{"br;q=2", both, ""},
		{"br;level=5;q=0.5, gzip;q=0.4", both, "br"},
	} {
		if got := negotiate(tc.header, tc.have); got != tc.want {
			t.Errorf("negotiate(%q, %v) = %q, want %q", tc.header, tc.have, got, tc.want)
		}
	}
}

func TestLogEscapesPath(t *testing.T) {
	var buf bytes.Buffer
	h := LogRequests(slog.New(slog.NewTextHandler(&buf, nil)), Handler(bundle))
	r := httptest.NewRequest("GET", "/x", nil)
	r.URL.Path = "/a\nlevel=ERROR msg=forged\x1b[31m"
	h.ServeHTTP(httptest.NewRecorder(), r)
	out := buf.String()
	if strings.Count(out, "\n") != 1 || strings.ContainsRune(out, 0x1b) {
		t.Fatalf("the logged line is not escaped: %q", out)
	}
	if !strings.Contains(out, `\n`) || !strings.Contains(out, `\x1b`) {
		t.Fatalf("the path's control characters are not shown escaped: %q", out)
	}
}

func TestDirRefusesSymlinkOut(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "secret"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("hi"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "secret"), filepath.Join(dir, "leak.html")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(out, filepath.Join(dir, "up")); err != nil {
		t.Fatal(err)
	}
	root, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := Handler(root)
	for path, want := range map[string]int{"/index.html": 200, "/leak.html": 404, "/up/secret": 404, "/../secret": 404} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != want || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("GET %s: %d %q, want %d and never the file outside", path, rec.Code, rec.Body.String(), want)
		}
	}
}

// TestNotBuilt: with no web app, / and /index.html say so with 503 and
// how to build it; another name is not found.
func TestNotBuilt(t *testing.T) {
	h := NotBuilt()
	for _, p := range []string{"/", "/index.html"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if rec.Code != http.StatusServiceUnavailable || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") ||
			!strings.Contains(rec.Body.String(), "not built") || !strings.Contains(rec.Body.String(), "wasm/release.sh") {
			t.Errorf("GET %s: %d %q\n%s", p, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/sw.js", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("GET /sw.js: %d, want 404", rec.Code)
	}
}
