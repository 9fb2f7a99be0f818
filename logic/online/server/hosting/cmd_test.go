//go:build !js

package hosting

import (
	"strings"
	"testing"
	"time"
)

// TestParseSweep: --sweep defaults to the Config's 30 s, takes a
// duration, and refuses one that is not above 0 (the ticker would panic).
func TestParseSweep(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
		bad  bool
	}{
		{nil, 30 * time.Second, false},
		{[]string{"--sweep", "1s"}, time.Second, false},
		{[]string{"--sweep", "250ms"}, 250 * time.Millisecond, false},
		{[]string{"--sweep", "0"}, 0, true},
		{[]string{"--sweep", "-1s"}, 0, true},
		{[]string{"--sweep", "soon"}, 0, true},
	} {
		o, err := parse(c.args)
		if c.bad {
			if err == nil {
				t.Errorf("parse(%q): no error, want a refusal", c.args)
			}
			continue
		}
		if err != nil || o.sweep != c.want {
			t.Errorf("parse(%q): sweep %v, %v; want %v", c.args, o.sweep, err, c.want)
		}
	}
}

// TestParseDomain: --domain takes host names, repeated or in a comma
// list, and refuses an address, a port, a scheme, a name without a dot,
// and --addr or --tls-cert beside it.
func TestParseDomain(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		bad  bool
	}{
		{nil, "", false},
		{[]string{"--domain", "play.example.org"}, "play.example.org", false},
		{[]string{"--domain", "Play.Example.org.,www.example.org", "--domain", "a.example.org"}, "play.example.org,www.example.org,a.example.org", false},
		{[]string{"--domain", "play.example.org", "--https-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0"}, "play.example.org", false},
		{[]string{"--domain", "https://play.example.org"}, "", true},
		{[]string{"--domain", "play.example.org:443"}, "", true},
		{[]string{"--domain", "192.0.2.1"}, "", true},
		{[]string{"--domain", "localhost"}, "", true},
		{[]string{"--domain", "play.example.org", "--addr", ":8080"}, "", true},
		{[]string{"--domain", "play.example.org", "--tls-cert", "c.pem", "--tls-key", "k.pem"}, "", true},
	} {
		o, err := parse(c.args)
		if c.bad {
			if err == nil {
				t.Errorf("parse(%q): no error, want a refusal", c.args)
			}
			continue
		}
		if err != nil || strings.Join(o.domains, ",") != c.want {
			t.Errorf("parse(%q): %v, %v; want %s", c.args, o.domains, err, c.want)
		}
	}
}
