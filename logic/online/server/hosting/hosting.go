//go:build !js

package hosting

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// HTTPS by itself (--domain): the certificates come from an ACME CA
// (Let's Encrypt unless --acme-directory names another) through
// golang.org/x/crypto/acme/autocert, which obtains one at the first
// handshake for a domain, keeps it in the data folder and renews it
// before it expires. The HTTP port answers the CA's http-01 challenges
// and sends every other request to HTTPS; the HTTPS port answers the
// tls-alpn-01 challenges itself.

// hstsValue is the Strict-Transport-Security header of every HTTPS
// response under --domain: a browser that has seen it goes straight to
// HTTPS for a year. No includeSubDomains: the host's other names may not
// have HTTPS.
const hstsValue = "max-age=31536000"

// acmeCacheDir is the folder, in the data folder, where autocert keeps
// the account key and the certificates: 0700, since the keys are secret.
const acmeCacheDir = "acme"

// parseDomains splits --domain's values (repeated, or comma lists) into
// host names, and refuses what cannot be one: a port, a scheme, a path,
// an IP address (a public CA certifies names, not addresses) or a name
// without a dot.
func parseDomains(vals []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, v := range vals {
		for _, d := range strings.Split(v, ",") {
			d = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(d), "."))
			if d == "" {
				continue
			}
			if strings.ContainsAny(d, ":/ @") || net.ParseIP(d) != nil || !strings.Contains(d, ".") {
				return nil, fmt.Errorf("--domain %q: give a host name such as play.example.org (no scheme, port or address)", d)
			}
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// domainList is a flag.Value: --domain may be given more than once.
type domainList []string

func (d *domainList) String() string     { return strings.Join(*d, ",") }
func (d *domainList) Set(v string) error { *d = append(*d, v); return nil }

// newACME makes the certificate manager for domains: its cache in
// dataDir/acme (made 0700), its CA at directory ("" for Let's Encrypt),
// and, when rootsFile names a PEM file, those roots as the only ones the
// ACME client trusts (a test's CA, or a private one). Verification is
// never skipped.
func newACME(domains []string, dataDir, directory, rootsFile string) (*autocert.Manager, error) {
	cache := filepath.Join(dataDir, acmeCacheDir)
	if err := os.MkdirAll(cache, 0o700); err != nil {
		return nil, fmt.Errorf("certificate cache: %w", err)
	}
	// MkdirAll keeps the mode of a folder that was there: tighten it.
	if err := os.Chmod(cache, 0o700); err != nil {
		return nil, fmt.Errorf("certificate cache: %w", err)
	}
	client := &acme.Client{DirectoryURL: directory}
	if directory == "" {
		client.DirectoryURL = autocert.DefaultACMEDirectory
	}
	if rootsFile != "" {
		pem, err := os.ReadFile(rootsFile)
		if err != nil {
			return nil, fmt.Errorf("--acme-roots: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--acme-roots %s: no PEM certificate in it", rootsFile)
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
		client.HTTPClient = &http.Client{Transport: tr, Timeout: time.Minute}
	}
	return &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		Cache:      autocert.DirCache(cache),
		HostPolicy: autocert.HostWhitelist(domains...),
		Client:     client,
	}, nil
}

// hsts adds the Strict-Transport-Security header to every response of h.
func hsts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Strict-Transport-Security", hstsValue)
		h.ServeHTTP(w, r)
	})
}

// toHTTPS is the plain HTTP port's handler under --domain: the ACME
// http-01 challenges, and a permanent redirect to HTTPS for the rest
// (httpsPort "" or "443": no port in the URL). A Host that is not one of
// domains is sent to the first: the redirect never leads elsewhere.
func toHTTPS(m *autocert.Manager, domains []string, httpsPort string) http.Handler {
	redirect := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := stripPort(r.Host)
		known := false
		for _, d := range domains {
			known = known || strings.EqualFold(host, d)
		}
		if !known {
			host = domains[0]
		}
		if httpsPort != "" && httpsPort != "443" {
			host = net.JoinHostPort(host, httpsPort)
		}
		w.Header().Set("Connection", "close")
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusPermanentRedirect)
	})
	acmeHandler := m.HTTPHandler(redirect)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// autocert checks the challenge's Host against the domains as it
		// came, port and all; a CA that validates on another port than
		// 80 (a test's) sends one.
		r.Host = stripPort(r.Host)
		acmeHandler.ServeHTTP(w, r)
	})
}

func stripPort(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}

// errNoDomainAddr is the refusal of --addr beside --domain.
var errNoDomainAddr = errors.New("--domain listens on --https-addr and --http-addr: give those, not --addr")
