//go:build !js

package guard

import (
	"net/http/httptest"
	"testing"
)

// TestClientAddr: the forwarded address is believed only from a trusted
// peer, and read from the right, so a client's own entries never count.
func TestClientAddr(t *testing.T) {
	trusted, err := ParseTrusted(" 127.0.0.1/32, ::1,10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		peer, xff, realIP, want string
	}{
		{"198.51.100.1:5000", "203.0.113.9", "", "198.51.100.1"},                       // not a proxy: header ignored
		{"127.0.0.1:5000", "", "", "127.0.0.1"},                                        // a proxy that says nothing
		{"127.0.0.1:5000", "198.51.100.7", "", "198.51.100.7"},                         // one proxy
		{"127.0.0.1:5000", "203.0.113.9, 198.51.100.7", "", "198.51.100.7"},            // the client's forgery stays left
		{"127.0.0.1:5000", "198.51.100.7, 10.1.2.3", "", "198.51.100.7"},               // two trusted proxies
		{"[::1]:5000", "2001:db8::5", "", "2001:db8::5"},                               // IPv6
		{"127.0.0.1:5000", "garbage, 198.51.100.7", "", "198.51.100.7"},                // garbage left of the player
		{"127.0.0.1:5000", "198.51.100.7, garbage", "", "127.0.0.1"},                   // garbage from the proxy's side: the proxy
		{"127.0.0.1:5000", "10.0.0.9, 10.0.0.8", "", "10.0.0.9"},                       // all trusted: the leftmost
		{"127.0.0.1:5000", "", "198.51.100.8", "198.51.100.8"},                         // X-Real-IP alone
		{"127.0.0.1:5000", "198.51.100.7:4711", "", "198.51.100.7"},                    // a port written in
		{"[::ffff:127.0.0.1]:5000", "198.51.100.7", "", "198.51.100.7"},                // a v4-mapped peer
		{"198.51.100.1:5000", "", "203.0.113.9", "198.51.100.1"},                       // X-Real-IP from a stranger
		{"127.0.0.1:5000", "::ffff:198.51.100.7", "", "198.51.100.7"},                  // v4-mapped in the header
		{"127.0.0.1:5000", "198.51.100.7,,198.51.100.6", "", "198.51.100.6"},           // the rightmost stranger
		{"10.9.9.9:1", "198.51.100.7, 192.0.2.1, 10.0.0.1", "", "192.0.2.1"},           // the nearest stranger
		{"192.0.2.50:1", "10.0.0.1", "", "192.0.2.50"},                                 // a peer outside the list
		{"127.0.0.2:1", "198.51.100.7", "", "127.0.0.2"},                               // a /32 is one address
		{"127.0.0.1:5000", "198.51.100.7", "198.51.100.99", "198.51.100.7"},            // X-Forwarded-For first
		{"127.0.0.1:5000", " 198.51.100.7 ", "", "198.51.100.7"},                       // spaces
		{"127.0.0.1:5000", "[2001:db8::5]:443", "", "2001:db8::5"},                     // v6 with a port
		{"127.0.0.1:5000", "unknown", "", "127.0.0.1"},                                 // nginx's placeholder
		{"127.0.0.1:5000", "198.51.100.7, unknown, 10.0.0.1", "", "10.0.0.1"},          // stops at garbage
		{"127.0.0.1:5000", "203.0.113.1, 203.0.113.2, 203.0.113.3", "", "203.0.113.3"}, // a chain of strangers
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if c.realIP != "" {
			r.Header.Set("X-Real-IP", c.realIP)
		}
		if got := ClientAddr(r, trusted); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q, X-Real-IP %q: %s, want %s", c.peer, c.xff, c.realIP, got, c.want)
		}
	}
	for _, bad := range []string{"127.0.0.1/33", "localhost", "10.0.0.0/8,x"} {
		if _, err := ParseTrusted(bad); err == nil {
			t.Errorf("ParseTrusted(%q) took it", bad)
		}
	}
}
