package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func TestHandler(t *testing.T) {
	root := fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html>")},
		"shiftago.wasm":     {Data: []byte("\x00asm raw")},
		"shiftago.wasm.gz":  {Data: []byte("gz")},
		"shiftago.wasm.br":  {Data: []byte("br")},
		"wasm_exec.js":      {Data: []byte("js")},
		"only-gzip.wasm":    {Data: []byte("raw")},
		"only-gzip.wasm.gz": {Data: []byte("gz")},
	}
	h := Handler(root)
	for _, tc := range []struct {
		path, accept         string
		status               int
		body, ctype, encoded string
	}{
		{"/", "", 200, "<!doctype html>", "text/html; charset=utf-8", ""},
		{"/wasm_exec.js", "gzip", 200, "js", "text/javascript; charset=utf-8", ""},
		{"/shiftago.wasm", "", 200, "\x00asm raw", "application/wasm", ""},
		{"/shiftago.wasm", "gzip, deflate", 200, "gz", "application/wasm", "gzip"},
		{"/shiftago.wasm", "gzip, deflate, br", 200, "br", "application/wasm", "br"},
		{"/shiftago.wasm", "br;q=0, gzip", 200, "gz", "application/wasm", "gzip"},
		{"/only-gzip.wasm", "br", 200, "raw", "application/wasm", ""},
		{"/only-gzip.wasm", "br, gzip", 200, "gz", "application/wasm", "gzip"},
		{"/shiftago.wasm.gz", "", 404, "", "", ""},
		{"/missing.js", "", 404, "", "", ""},
		{"/../etc/passwd", "", 404, "", "", ""},
	} {
		req := httptest.NewRequest(http.MethodGet, tc.path, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.status {
			t.Errorf("%s (%q): status %d, want %d", tc.path, tc.accept, rec.Code, tc.status)
			continue
		}
		if tc.status != 200 {
			continue
		}
		if got := rec.Body.String(); got != tc.body {
			t.Errorf("%s (%q): body %q, want %q", tc.path, tc.accept, got, tc.body)
		}
		if got := rec.Header().Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.ctype)
		}
		if got := rec.Header().Get("Content-Encoding"); got != tc.encoded {
			t.Errorf("%s (%q): Content-Encoding %q, want %q", tc.path, tc.accept, got, tc.encoded)
		}
	}
}
