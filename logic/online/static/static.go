// Package static serves a folder of files (the web app that
// wasm/build.sh makes) with the headers the bundle needs: its MIME types,
// a pre-compressed copy by Accept-Encoding, and caching by name. Both
// wasm/serve (the bundle alone, for development) and the game server
// (logic/online/server, the bundle beside the API) use it, so the two
// serve the same bytes with the same headers.
//
// It serves an fs.FS: give it os.Root's FS (Dir does), whose names never
// lead out of the folder, not even through a symlink.
package static

import (
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Dir opens a folder to serve. Its FS refuses any name, or symlink, that
// leads out of the folder (os.Root), where os.DirFS would follow a symlink
// anywhere on the disk.
func Dir(dir string) (fs.FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return root.FS(), nil
}

// encodings are the pre-compressed copies looked for, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// hashedName matches the content-hashed files of the bundle
// (shiftago.0123456789.wasm): their contents never change under that name.
var hashedName = regexp.MustCompile(`\.[0-9a-f]{10}\.[A-Za-z0-9]+$`)

// Cache-Control values: a content-hashed file is kept a year and never
// revalidated; everything else (index.html, sw.js, the manifest) is
// revalidated on every use, so a new deploy shows at once.
const (
	cacheHashed = "public, max-age=31536000, immutable"
	cacheOther  = "no-cache"
)

// contentTypes are the MIME types the bundle needs, whatever the system's
// tables say.
var contentTypes = map[string]string{
	".wasm":        "application/wasm",
	".js":          "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".webmanifest": "application/manifest+json; charset=utf-8",
	".json":        "application/json; charset=utf-8",
	".png":         "image/png",
}

// Handler serves the files of root, each with its MIME type and cache
// policy, and a pre-compressed copy (name.br or name.gz) in its place when
// the client accepts that encoding (by Accept-Encoding, with q-values).
func Handler(root fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			http.NotFound(w, r) // only ever sent in place of the file itself
			return
		}
		st, err := fs.Stat(root, name)
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		hd := w.Header()
		ctype := contentTypes[path.Ext(name)]
		if ctype == "" {
			ctype = mime.TypeByExtension(path.Ext(name))
		}
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		hd.Set("Content-Type", ctype)
		if hashedName.MatchString(name) {
			hd.Set("Cache-Control", cacheHashed)
		} else {
			hd.Set("Cache-Control", cacheOther)
		}
		hd.Set("X-Content-Type-Options", "nosniff")
		var have []string
		for _, enc := range encodings {
			if _, err := fs.Stat(root, name+enc.ext); err == nil {
				have = append(have, enc.name)
			}
		}
		send := name
		if len(have) > 0 {
			hd.Add("Vary", "Accept-Encoding")
			if enc := negotiate(r.Header.Get("Accept-Encoding"), have); enc != "" {
				hd.Set("Content-Encoding", enc)
				for _, e := range encodings {
					if e.name == enc {
						send = name + e.ext
					}
				}
			}
		}
		f, err := root.Open(send)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer f.Close()
		fst, err := f.Stat()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		rs, ok := f.(io.ReadSeeker)
		if !ok {
			http.Error(w, "file cannot seek", http.StatusInternalServerError)
			return
		}
		http.ServeContent(w, r, name, fst.ModTime(), rs)
	})
}

// negotiate picks, from the encodings a file has (best first), the one
// the Accept-Encoding header rates highest, the earlier on a tie; "" for
// none (send the file as it is). An encoding is acceptable when named, or
// covered by "*", with a q-value above 0; "x-gzip" counts as "gzip". A
// missing or empty header accepts no encoding.
func negotiate(header string, have []string) string {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		v := 1.0
		for _, p := range strings.Split(params, ";") {
			k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0 // a malformed weight accepts nothing
			}
			v = f
		}
		q[name] = v
	}
	best, bestQ := "", 0.0
	for _, enc := range have {
		v, ok := q[enc]
		if !ok {
			v = q["*"] // 0 when there is no "*" either
		}
		if v > bestQ {
			best, bestQ = enc, v
		}
	}
	return best
}

type statusWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (s *statusWriter) WriteHeader(code int) { s.status = code; s.ResponseWriter.WriteHeader(code) }

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.n += int64(n)
	return n, err
}

// LogRequests logs each request as attributes. The path is the client's
// text: slog quotes it, so a newline or an escape sequence in it reaches
// the terminal as \n or \x1b, never as a line break or a colour.
func LogRequests(log *slog.Logger, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		log.Info("request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", sw.status),
			slog.Int64("bytes", sw.n),
			slog.String("encoding", sw.Header().Get("Content-Encoding")))
	})
}

// notBuiltPage is what / answers when the server has no web app: a
// server run from a source checkout, where nobody has built the bundle.
const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shiftago: the web app is not built here</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em">
<h1>The web app is not built here</h1>
<p>This Shiftago server is running, but it has no web app to serve: it was
built from a source checkout without one.</p>
<p>From the checkout, build a server that carries the game:</p>
<pre>TARGETS=$(go env GOOS)/$(go env GOARCH) bash wasm/release.sh dev server
./dist/shiftago-server-dev-$(go env GOOS)-$(go env GOARCH)</pre>
<p>or build the web app and name its folder:</p>
<pre>bash wasm/build.sh
go run ./logic/online/cmd/shiftago-server --web dist/web</pre>
<p>See logic/online/README.md, Hosting.</p>
</body></html>
`

// NotBuilt answers / (and /index.html) with a short page that says the
// web app is not built and how to build it, status 503 (a script or a
// health check sees it is not the game); any other name is not found.
func NotBuilt() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && r.URL.Path != "/index.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusServiceUnavailable)
		if r.Method != http.MethodHead {
			_, _ = io.WriteString(w, notBuiltPage)
		}
	})
}
