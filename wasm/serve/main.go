package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"shiftago/logic/online/static"
)

func main() {
	dir := flag.String("dir", "dist/web", "the bundle's folder (built by wasm/build.sh)")
	addr := flag.String("addr", "localhost:8080", "address to listen on (:8080 for other devices too; port 0 picks a free one)")
	quiet := flag.Bool("quiet", false, "do not log requests")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		fmt.Fprintf(os.Stderr, "serve: no bundle in %s (build it first: bash wasm/build.sh): %v\n", *dir, err)
		os.Exit(1)
	}
	root, err := static.Dir(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	// The test reads this line to find the port.
	fmt.Printf("serving %s at http://%s/\n", *dir, net.JoinHostPort(host, port))
	h := static.Handler(root)
	if !*quiet {
		h = static.LogRequests(log, h)
	}
	// Timeouts: a client that sends half a header, or never reads, is cut
	// off instead of holding a connection open for ever.
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 60 * time.Second, MaxHeaderBytes: 16 << 10,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}
