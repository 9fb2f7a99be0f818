//go:build !js

package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/servetest"
)

// The ACME test runs the real server binary with --domain against a real
// ACME CA, letsencrypt's Pebble, on loopback: Pebble (a go tool
// dependency of the module, so built from the module proxy like any
// dependency) issues the certificate after validating the challenge on
// the server's own ports, with pebble-challtestsrv as its DNS server
// answering 127.0.0.1 for every name, so nothing leaves the machine.

const domain = "play.example.org"

// TestACME: the first HTTPS request gets a certificate from the CA that
// names the domain and chains to the CA's root; the page comes over it
// with HSTS; plain HTTP is sent to the same path over HTTPS; the account
// key and certificate are kept in the data folder, 0700.
func TestACME(t *testing.T) {
	dir := t.TempDir()
	server := filepath.Join(dir, "shiftago-server")
	if err := servetest.Build(server); err != nil {
		t.Fatal(err)
	}
	buildPebble(t, dir)

	// Pebble's own HTTPS (its directory) under a CA made here: the server
	// trusts it through --acme-roots, as a host would a private CA.
	caFile, certFile, keyFile := pebbleTLS(t, dir)
	acmePort, mgmtPort, dnsPort := freePort(t, "tcp"), freePort(t, "tcp"), freePort(t, "udp")

	web := filepath.Join(dir, "web")
	const page = "<!doctype html><title>Shiftago</title>"
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	srv := exec.Command(server, "--domain", domain, "--https-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0",
		"--acme-directory", "https://127.0.0.1:"+acmePort+"/dir", "--acme-roots", caFile,
		"--data", data, "--web", web, "--workers", "1")
	lines := start(t, "shiftago-server", srv, 2)
	m := regexp.MustCompile(`open https://` + regexp.QuoteMeta(domain) + `:(\d+)/`).FindStringSubmatch(lines[0])
	h := regexp.MustCompile(`HTTP on :(\d+) `).FindStringSubmatch(lines[1])
	if m == nil || h == nil {
		t.Fatalf("the start lines say no HTTPS and HTTP ports:\n%s", strings.Join(lines, "\n"))
	}
	httpsPort, httpPort := m[1], h[1]

	// The CA validates on the server's ports (http-01 on the HTTP one,
	// tls-alpn-01 on the HTTPS one), at the address its DNS gives.
	cfg := filepath.Join(dir, "pebble.json")
	writeJSON(t, cfg, map[string]any{"pebble": map[string]any{
		"listenAddress":                  "127.0.0.1:" + acmePort,
		"managementListenAddress":        "127.0.0.1:" + mgmtPort,
		"certificate":                    certFile,
		"privateKey":                     keyFile,
		"httpPort":                       mustAtoi(t, httpPort),
		"tlsPort":                        mustAtoi(t, httpsPort),
		"ocspResponderURL":               "",
		"externalAccountBindingRequired": false,
		"retryAfter":                     map[string]int{"authz": 1, "order": 1},
		"profiles":                       map[string]any{"default": map[string]any{"description": "default", "validityPeriod": 7776000}},
	}})
	dns := exec.Command(filepath.Join(dir, "pebble-challtestsrv"), "-dnsserver", "127.0.0.1:"+dnsPort,
		"-management", "127.0.0.1:"+freePort(t, "tcp"), "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "",
		"-http01", "", "-https01", "", "-doh", "", "-tlsalpn01", "")
	start(t, "pebble-challtestsrv", dns, 0)
	pebble := exec.Command(filepath.Join(dir, "pebble"), "-config", cfg, "-dnsserver", "127.0.0.1:"+dnsPort)
	// No random waits in validation, and no nonce refused at random: the
	// test is about the server, not the client's retries.
	pebble.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	start(t, "pebble", pebble, 0)

	// Pebble's root (made at its start) is what the player's browser
	// would trust in a public CA's place.
	caPEM, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	mgmt := clientTrusting(t, caPEM)
	var root []byte
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := mgmt.Get("https://127.0.0.1:" + mgmtPort + "/roots/0")
		if err == nil {
			root, err = io.ReadAll(resp.Body)
			resp.Body.Close()
			if err == nil && resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("Pebble's root: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// The player: the domain resolves to this machine, the CA's root is
	// trusted, nothing is skipped.
	player := clientTrusting(t, root)
	resp, err := player.Get("https://" + domain + ":" + httpsPort + "/")
	if err != nil {
		t.Fatalf("GET over HTTPS: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != page {
		t.Errorf("GET / over HTTPS: %d %q, want the page", resp.StatusCode, body)
	}
	if got := resp.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("Strict-Transport-Security: %q", got)
	}
	leaf := resp.TLS.PeerCertificates[0]
	if !slices.Contains(leaf.DNSNames, domain) || len(resp.TLS.VerifiedChains) == 0 {
		t.Errorf("the certificate names %v (verified chains %d), want %s", leaf.DNSNames, len(resp.TLS.VerifiedChains), domain)
	}
	if leaf.Issuer.CommonName == "" || !strings.Contains(strings.ToLower(leaf.Issuer.CommonName), "pebble") {
		t.Errorf("the certificate's issuer is %q, not Pebble's", leaf.Issuer.CommonName)
	}

	// Plain HTTP: the same path over HTTPS, for any method; no page.
	for _, method := range []string{"GET", "POST"} {
		req, _ := http.NewRequest(method, "http://"+domain+":"+httpPort+"/api/games?x=1", nil)
		resp, err := player.Do(req)
		if err != nil {
			t.Fatalf("%s over HTTP: %v", method, err)
		}
		resp.Body.Close()
		want := "https://" + domain + ":" + httpsPort + "/api/games?x=1"
		if resp.StatusCode != http.StatusPermanentRedirect || resp.Header.Get("Location") != want {
			t.Errorf("%s over HTTP: %d to %q, want 308 to %s", method, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}

	// The account key and the certificate are kept, where only the
	// server's user reads them.
	cache := filepath.Join(data, "acme")
	st, err := os.Stat(cache)
	if err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("the certificate cache %s: %v, %v; want a folder 0700", cache, st.Mode(), err)
	}
	if _, err := os.Stat(filepath.Join(cache, domain)); err != nil {
		t.Errorf("no certificate of %s kept: %v", domain, err)
	}
}

// buildPebble builds Pebble and its DNS server (go tool dependencies:
// go.mod's tool block) into dir, as the release builds: without cgo.
func buildPebble(t *testing.T, dir string) {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator),
		"github.com/letsencrypt/pebble/v2/cmd/pebble", "github.com/letsencrypt/pebble/v2/cmd/pebble-challtestsrv")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building Pebble: %v\n%s", err, out)
	}
}

// start runs cmd until the test ends, and returns the first n lines of
// its stdout (waiting for them); its output is shown if the test fails.
func start(t *testing.T, name string, cmd *exec.Cmd, n int) []string {
	t.Helper()
	log := &servetest.SyncBuf{}
	cmd.Stderr = log
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-done
		if t.Failed() {
			t.Logf("%s's log:\n%s", name, log.String())
		}
	})
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			fmt.Fprintln(log, sc.Text())
			select {
			case lines <- sc.Text():
			default:
			}
		}
	}()
	var got []string
	for len(got) < n {
		select {
		case l := <-lines:
			got = append(got, l)
		case <-done:
			t.Fatalf("%s exited:\n%s", name, log.String())
		case <-time.After(30 * time.Second):
			t.Fatalf("%s printed %d lines in 30 s, want %d:\n%s", name, len(got), n, log.String())
		}
	}
	return got
}

// clientTrusting is an HTTP client that trusts only the roots in
// rootsPEM, dials every name at 127.0.0.1 (the test's DNS), and does not
// follow redirects (the test looks at them).
func clientTrusting(t *testing.T, rootsPEM []byte) *http.Client {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(rootsPEM) {
		t.Fatalf("no certificate in %q", rootsPEM)
	}
	var d net.Dialer
	return &http.Client{
		Timeout: 90 * time.Second, // the first handshake waits for the certificate's issue
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: pool},
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				_, port, err := net.SplitHostPort(addr)
				if err != nil {
					return nil, err
				}
				return d.DialContext(ctx, network, net.JoinHostPort("127.0.0.1", port))
			},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// pebbleTLS makes a CA and, under it, the certificate Pebble serves its
// directory with (127.0.0.1), and writes them to dir as PEM files.
func pebbleTLS(t *testing.T, dir string) (caFile, certFile, keyFile string) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ca := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "shiftago test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "pebble"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, caCert, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	caFile, certFile, keyFile = filepath.Join(dir, "ca.pem"), filepath.Join(dir, "pebble.pem"), filepath.Join(dir, "pebble.key")
	for _, f := range []struct {
		name, typ string
		der       []byte
	}{{caFile, "CERTIFICATE", caDER}, {certFile, "CERTIFICATE", leafDER}, {keyFile, "EC PRIVATE KEY", keyDER}} {
		if err := os.WriteFile(f.name, pem.EncodeToMemory(&pem.Block{Type: f.typ, Bytes: f.der}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return caFile, certFile, keyFile
}

// freePort is a port free on 127.0.0.1 for network ("tcp" or "udp") a
// moment ago: for the processes that take their ports from a file.
func freePort(t *testing.T, network string) string {
	t.Helper()
	var addr net.Addr
	switch network {
	case "udp":
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr = c.LocalAddr()
		c.Close()
	default:
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr = l.Addr()
		l.Close()
	}
	_, port, _ := net.SplitHostPort(addr.String())
	return port
}

func writeJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatal(errors.New("not a port: " + s))
	}
	return n
}
