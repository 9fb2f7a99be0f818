// Command serve serves the browser bundle built by wasm/build.sh on a local
// address, so the game can be opened in a browser (or on a tablet on the
// same network, with -addr :8080):
//
//	bash wasm/build.sh && go run ./wasm/serve
//
// It sends the right MIME types (application/wasm lets the browser compile
// while it downloads) and, when the browser accepts it, a file's
// pre-compressed copy (name.br or name.gz beside it) with Content-Encoding.
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

func main() {
	dir := flag.String("dir", "dist/web", "the bundle's folder (built by wasm/build.sh)")
	addr := flag.String("addr", "localhost:8080", "address to listen on (:8080 for other devices too; port 0 picks a free one)")
	quiet := flag.Bool("quiet", false, "do not log requests")
	flag.Parse()
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		log.Fatalf("serve: no bundle in %s (build it first: bash wasm/build.sh): %v", *dir, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal("serve: ", err)
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	// The test reads this line to find the port.
	fmt.Printf("serving %s at http://%s/\n", *dir, net.JoinHostPort(host, port))
	h := Handler(os.DirFS(*dir))
	if !*quiet {
		h = logRequests(h)
	}
	log.Fatal(http.Serve(ln, h))
}

// encodings are the pre-compressed copies looked for, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// Handler serves the files of root, each with its MIME type, and a
// pre-compressed copy in its place when the client accepts that encoding.
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
		ctype := mime.TypeByExtension(path.Ext(name))
		switch path.Ext(name) {
		case ".wasm":
			ctype = "application/wasm"
		case ".js":
			ctype = "text/javascript; charset=utf-8"
		case ".html":
			ctype = "text/html; charset=utf-8"
		}
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		hd.Set("Content-Type", ctype)
		hd.Set("Cache-Control", "no-cache") // revalidate: a rebuilt bundle shows at once
		hd.Set("X-Content-Type-Options", "nosniff")
		send := name
		vary := false
		for _, enc := range encodings {
			if _, err := fs.Stat(root, name+enc.ext); err != nil {
				continue
			}
			if !vary {
				hd.Add("Vary", "Accept-Encoding")
				vary = true
			}
			if accepts(r.Header.Get("Accept-Encoding"), enc.name) {
				hd.Set("Content-Encoding", enc.name)
				send = name + enc.ext
				break
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

// accepts reports whether an Accept-Encoding header allows enc (without
// q=0).
func accepts(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
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

func logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		enc := sw.Header().Get("Content-Encoding")
		if enc != "" {
			enc = " (" + enc + ")"
		}
		log.Printf("%s %s %d %d bytes%s", r.Method, r.URL.Path, sw.status, sw.n, enc)
	})
}
