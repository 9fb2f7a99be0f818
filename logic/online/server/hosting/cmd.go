//go:build !js

package hosting

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/crypto/acme/autocert"

	"shiftago/logic/online/server"
	"shiftago/logic/online/server/accounts"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/matchmaking"
	"shiftago/logic/online/server/standings"
	"shiftago/logic/online/static"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// DefaultAddr is where shiftago-server listens when told nothing: this
// machine only. A free port is taken instead when it is in use.
const DefaultAddr = "127.0.0.1:8080"

// WebApp is a web app built into the program: the release's server
// binary embeds the bundle (logic/online/cmd/shiftago-server, built with
// the embedweb tag). The zero WebApp is none.
type WebApp struct {
	FS      fs.FS  // the bundle's files, index.html at its root
	Version string // the release it was built for
}

// Command runs shiftago-server (logic/online/cmd/shiftago-server) with
// args, serving embedded as the web app unless --web names a folder,
// until SIGTERM or SIGINT, and returns the exit code: 0 after a clean
// stop, 1 when it cannot run, 2 for a bad flag (one line on stderr). Its
// first line on stdout says the address to open, which the tests read,
// and which web app it serves.
func Command(args []string, stdout, stderr io.Writer, embedded WebApp) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return command(ctx, args, stdout, stderr, embedded)
}

// serveUsage heads the help of -h; the flags follow it.
const serveUsage = `usage: shiftago-server [flags]
Hosts online games and the web app from one address. With no flags it
listens on ` + DefaultAddr + ` (or a free port), keeps its data in SQLite in the
user's data folder and prints the address to open. --addr :8080 opens it
to the home network; --domain play.example.org serves HTTPS on its own,
with certificates from Let's Encrypt. Several nodes share one PostgreSQL
database (--db postgres://…). Every flag below that names an environment
variable can be set by it. The flags:
`

// helpError is parse's answer to -h: the whole help text.
type helpError string

func (h helpError) Error() string { return string(h) }

type options struct {
	addr, data, db, cert, key, web string
	domains                        domainList
	httpsAddr, httpAddr            string
	acmeDir, acmeRoots             string
	workers, nodes, conns          int
	rate, connRate                 float64
	games                          int
	newPerAddr, newPerHour         int
	lobbyPerAddr                   int
	quiet                          bool
	sweep                          time.Duration
	trusted                        []netip.Prefix
	shedLatency                    time.Duration
	shedQueue                      int
	shedMove                       time.Duration
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func parse(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("shiftago-server", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.addr, "addr", env("SHIFTAGO_ADDR", ""), "address to listen on (env SHIFTAGO_ADDR; default "+DefaultAddr+", or a free port)")
	fs.StringVar(&o.data, "data", env("SHIFTAGO_DATA", ""), "data folder for the SQLite database and --domain's certificates (env SHIFTAGO_DATA; default the user's data folder)")
	fs.StringVar(&o.db, "db", env("SHIFTAGO_DB", ""), "database: postgres://… to share it between nodes, or a SQLite file (env SHIFTAGO_DB)")
	fs.StringVar(&o.cert, "tls-cert", env("SHIFTAGO_TLS_CERT", ""), "TLS certificate file (PEM), with --tls-key: serve HTTPS and WSS")
	fs.StringVar(&o.key, "tls-key", env("SHIFTAGO_TLS_KEY", ""), "TLS key file (PEM)")
	fs.StringVar(&o.web, "web", env("SHIFTAGO_WEB", ""), "the web app's folder (built by wasm/build.sh) to serve at /; default the one built into this binary, else dist/web if it is there")
	if d := os.Getenv("SHIFTAGO_DOMAIN"); d != "" {
		o.domains = domainList{d}
	}
	fs.Var(&o.domains, "domain", "serve HTTPS for this host `name` (play.example.org; repeat it, or a comma list), with certificates from an ACME CA (Let's Encrypt), on --https-addr, HTTP on --http-addr sent to HTTPS (env SHIFTAGO_DOMAIN)")
	fs.StringVar(&o.httpsAddr, "https-addr", env("SHIFTAGO_HTTPS_ADDR", ":443"), "with --domain: the HTTPS address (env SHIFTAGO_HTTPS_ADDR)")
	fs.StringVar(&o.httpAddr, "http-addr", env("SHIFTAGO_HTTP_ADDR", ":80"), "with --domain: the HTTP address, for the CA's http-01 challenges and the redirect to HTTPS (env SHIFTAGO_HTTP_ADDR)")
	fs.StringVar(&o.acmeDir, "acme-directory", env("SHIFTAGO_ACME_DIRECTORY", ""), "with --domain: the ACME CA's directory URL (env SHIFTAGO_ACME_DIRECTORY; default Let's Encrypt's)")
	fs.StringVar(&o.acmeRoots, "acme-roots", env("SHIFTAGO_ACME_ROOTS", ""), "with --domain: a PEM file of the only roots the ACME client trusts, for a private or test CA (env SHIFTAGO_ACME_ROOTS; default the system's)")
	fs.IntVar(&o.workers, "workers", 0, "computer searches at once, for all games (default: the number of cores)")
	fs.IntVar(&o.nodes, "nodes", 0, "node budget of a computer's move (default: its level's)")
	fs.IntVar(&o.conns, "max-conns-per-addr", guard.DefaultLimits().ConnsPerAddr, "WebSocket connections from one address at once")
	fs.Float64Var(&o.rate, "rate-per-addr", guard.DefaultLimits().AddrPerSec, "messages and requests per second from one address")
	fs.Float64Var(&o.connRate, "rate-per-conn", guard.DefaultLimits().MsgsPerSec, "messages per second of one connection")
	fs.IntVar(&o.games, "games-per-guest", guard.DefaultLimits().GamesPerGuest, "ongoing games a guest may play at once")
	fs.IntVar(&o.newPerAddr, "new-per-addr", guard.DefaultCaps().GuestsPerAddr, "guests, and games, one address may create an hour")
	fs.IntVar(&o.lobbyPerAddr, "max-lobby-per-addr", guard.DefaultCaps().LobbyPerAddr, "lobby sockets (the pushed lists of public games) from one address at once")
	fs.IntVar(&o.newPerHour, "new-per-hour", guard.DefaultCaps().Guests, "guests, and games, the whole service (every node on the database) creates in a clock hour, all addresses together")
	fs.BoolVar(&o.quiet, "quiet", false, "log warnings and errors only")
	// A test of a move clock's end sets it short: at 30 s it waits up to
	// half a minute for the sweep (the browser's My games test did).
	fs.DurationVar(&o.sweep, "sweep", 30*time.Second, "how often games past their move's deadline are ended")
	trusted := fs.String("trusted-proxy", env("SHIFTAGO_TRUSTED_PROXY", ""), "reverse proxies whose X-Forwarded-For names the player, e.g. 127.0.0.1/32,::1 (env SHIFTAGO_TRUSTED_PROXY; default none)")
	fs.DurationVar(&o.shedLatency, "shed-latency", server.DefaultShedLatency, "refuse new games and connections (503) while the store's move commits average more than this; 0: never")
	fs.DurationVar(&o.shedMove, "shed-move", server.DefaultShedMove, "cap the games this node takes so that its players' moves' p90 stays under this, refusing new games and connections (503) at the cap; 0: no cap")
	fs.IntVar(&o.shedQueue, "shed-queue", server.DefaultShedQueue, "refuse new games and connections (503) while more commands than this wait in the games' queues; 0: never")
	err := fs.Parse(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			var b strings.Builder
			b.WriteString(serveUsage)
			fs.SetOutput(&b)
			fs.PrintDefaults()
			return o, helpError(b.String())
		}
		return o, err
	}
	if o.trusted, err = guard.ParseTrusted(*trusted); err != nil {
		return o, err
	}
	if o.shedLatency < 0 || o.shedQueue < 0 || o.shedMove < 0 {
		return o, errors.New("--shed-latency, --shed-queue, --shed-move: 0 or more")
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if (o.cert == "") != (o.key == "") {
		return o, errors.New("--tls-cert and --tls-key go together")
	}
	if o.data != "" && o.db != "" {
		return o, errors.New("--data and --db: give one")
	}
	domains, err := parseDomains(o.domains)
	if err != nil {
		return o, err
	}
	o.domains = domains
	if len(o.domains) > 0 {
		if o.addr != "" {
			return o, errNoDomainAddr
		}
		if o.cert != "" {
			return o, errors.New("--domain gets its certificates itself: no --tls-cert")
		}
	}
	if o.workers < 0 || o.nodes < 0 || o.conns < 1 || o.rate <= 0 || o.connRate <= 0 || o.games < 1 || o.sweep <= 0 || o.newPerAddr < 1 || o.newPerHour < 1 || o.lobbyPerAddr < 1 {
		return o, errors.New("--workers, --nodes: 0 or more; --max-conns-per-addr, --rate-per-addr, --rate-per-conn, --games-per-guest, --new-per-addr, --new-per-hour, --max-lobby-per-addr, --sweep: above 0")
	}
	if err := checkAddr(o.addr); err != nil {
		return o, err
	}
	return o, nil
}

func command(ctx context.Context, args []string, stdout, stderr io.Writer, embedded WebApp) int {
	o, err := parse(args)
	if h, ok := err.(helpError); ok { // -h: the usage on stdout, as the other commands do
		fmt.Fprint(stdout, string(h))
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "shiftago-server:", err)
		return 2
	}
	level := slog.LevelInfo
	if o.quiet {
		level = slog.LevelWarn
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shiftago-server: "+format+"\n", a...)
		return 1
	}

	dsn, where := o.db, o.db
	// The data folder holds the SQLite database, and under --domain the
	// certificates (whatever the database).
	dir := o.data
	if dir == "" && (dsn == "" || len(o.domains) > 0) {
		if dir, err = store.DefaultDir(); err != nil {
			return fail("%v", err)
		}
	}
	if dir != "" {
		if err := store.MakeDataDir(dir); err != nil { // 0700 even if it was there
			return fail("data folder: %v", err)
		}
	}
	if dsn == "" {
		dsn = filepath.Join(dir, store.DBFile)
		where = dsn
	}
	if strings.Contains(where, "@") { // never print a password
		where = where[:strings.Index(where, "://")+3] + "…" + where[strings.LastIndex(where, "@"):]
	}
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	st, err := sqlstore.Open(openCtx, dsn)
	cancel()
	if err != nil {
		return fail("database %s: %v", where, err)
	}
	defer st.Close()

	// The web app: --web's folder, else the one built in, else dist/web
	// when run from a checkout that has built it; with none, / says how
	// to build it (static.NotBuilt).
	web, webSays := embedded.FS, "built in, "+embedded.Version
	webDir := o.web
	if webDir == "" && web == nil {
		if _, err := os.Stat(filepath.Join("dist", "web", "index.html")); err == nil {
			webDir = filepath.Join("dist", "web")
		}
	}
	if webDir != "" {
		if web, err = static.Dir(webDir); err != nil {
			return fail("web folder: %v", err)
		}
		if _, err := fs.Stat(web, "index.html"); err != nil {
			return fail("web folder %s: no index.html (build it with wasm/build.sh)", webDir)
		}
		webSays = "the folder " + webDir
	}
	if web == nil {
		webSays = "none built in, / says how to build it"
	}

	// Listen before the server starts: a node that cannot listen exits
	// with its one line, and no goroutine of a server is left to log.
	var ln, hln net.Listener // hln: the HTTP port under --domain
	var m *autocert.Manager
	if len(o.domains) > 0 {
		if m, err = newACME(o.domains, dir, o.acmeDir, o.acmeRoots); err != nil {
			return fail("%v", err)
		}
		if ln, err = net.Listen("tcp", o.httpsAddr); err != nil {
			return fail("listen: %v", err)
		}
		if hln, err = net.Listen("tcp", o.httpAddr); err != nil {
			ln.Close()
			return fail("listen: %v", err)
		}
	} else {
		addr := o.addr
		ln, err = net.Listen("tcp", addrOr(addr))
		if err != nil && addr == "" {
			ln, err = net.Listen("tcp", "127.0.0.1:0") // 8080 is taken: any free port
		}
		if err != nil {
			return fail("listen: %v", err)
		}
	}
	lim := guard.DefaultLimits()
	lim.ConnsPerAddr, lim.AddrPerSec, lim.AddrBurst, lim.GamesPerGuest = o.conns, o.rate, int(2*o.rate)+1, o.games
	lim.MsgsPerSec, lim.MsgBurst = o.connRate, int(2*o.connRate)+1
	caps := guard.Caps{GuestsPerAddr: o.newPerAddr, GamesPerAddr: o.newPerAddr, Guests: o.newPerHour, Games: o.newPerHour, LobbyPerAddr: o.lobbyPerAddr}
	srv := server.New(server.Config{Store: st, Log: log, Web: web, Limits: lim, Caps: caps, Workers: o.workers, Nodes: o.nodes, Sweep: o.sweep,
		Trusted: o.trusted, ShedLatency: o.shedLatency, ShedQueue: o.shedQueue, ShedMove: o.shedMove,
		// The HTTP API's parts outside the hub: the guests and their
		// devices, finding and starting games, the ratings.
		Features: []server.Feature{accounts.Mount, matchmaking.Mount, standings.Mount}})

	hs := httpServer(srv, log)
	var redirect *http.Server // under --domain: the HTTP port
	errc := make(chan error, 2)
	if len(o.domains) > 0 {
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		_, hport, _ := net.SplitHostPort(hln.Addr().String())
		hs.Handler = hsts(hs.Handler)
		hs.TLSConfig = m.TLSConfig()
		redirect = &http.Server{Handler: toHTTPS(m, o.domains, port), ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout: 15 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: 60 * time.Second,
			MaxHeaderBytes: 16 << 10, ErrorLog: hs.ErrorLog}
		host := o.domains[0]
		if port != "443" {
			host = net.JoinHostPort(host, port)
		}
		// The tests read this line for the address.
		fmt.Fprintf(stdout, "shiftago-server: open https://%s/ (web app: %s; database: %s, %s)\n", host, webSays, st.Engine(), where)
		fmt.Fprintf(stdout, "shiftago-server: HTTPS for %s on %s, certificates from %s kept in %s; HTTP on %s answers the CA and sends the rest to HTTPS\n",
			strings.Join(o.domains, ", "), ln.Addr(), m.Client.DirectoryURL, filepath.Join(dir, acmeCacheDir), net.JoinHostPort("", hport))
		go func() { errc <- hs.ServeTLS(ln, "", "") }()
		go func() { errc <- redirect.Serve(hln) }()
	} else {
		host, port, _ := net.SplitHostPort(ln.Addr().String())
		ip := net.ParseIP(host)
		if ip == nil || ip.IsUnspecified() {
			host = "localhost"
		}
		scheme := "http"
		if o.cert != "" {
			scheme = "https"
		}
		// The tests read this line for the address.
		fmt.Fprintf(stdout, "shiftago-server: open %s://%s/ (web app: %s; database: %s, %s)\n", scheme, net.JoinHostPort(host, port), webSays, st.Engine(), where)
		if ip != nil && ip.IsUnspecified() {
			ifaddrs, err := net.InterfaceAddrs()
			if err != nil {
				log.Warn("the network's addresses", slog.Any("err", err))
			}
			homeNetwork(stdout, scheme, port, lanIPs(ifaddrs))
		}
		go func() {
			if o.cert != "" {
				errc <- hs.ServeTLS(ln, o.cert, o.key)
			} else {
				errc <- hs.Serve(ln)
			}
		}()
	}
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return fail("%v", err)
		}
	case <-ctx.Done():
	}
	// Stop: no new connection; every client is told to reconnect (to this
	// node once it is back, or another); the games store what they were
	// sent; then the database closes.
	log.Info("stopping")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() { _ = hs.Shutdown(sctx) }()
	if redirect != nil {
		go func() { _ = redirect.Shutdown(sctx) }()
	}
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("shutdown", slog.Any("err", err))
	}
	_ = hs.Shutdown(sctx)
	log.Info("stopped")
	return 0
}

// checkAddr refuses an --addr that no listener could take, as a bad flag
// (exit 2, one line), before anything is opened: "bad" once opened the
// database and exited 1 after a stray warning.
func checkAddr(a string) error {
	if a == "" {
		return nil
	}
	host, port, err := net.SplitHostPort(a)
	if err == nil {
		_, err = strconv.ParseUint(port, 10, 16)
	}
	if err != nil || strings.ContainsAny(host, " /") {
		return fmt.Errorf("--addr %q: want host:port or :port, such as 127.0.0.1:8080 or :8080", a)
	}
	return nil
}

func addrOr(a string) string {
	if a == "" {
		return DefaultAddr
	}
	return a
}

// httpServer wraps the service h in an http.Server with the timeouts every
// public server needs: a client that sends half a header, or reads a
// response a byte a minute, is cut off.
func httpServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}
