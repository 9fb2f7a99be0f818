//go:build !js

package guard

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrusted reads a list of trusted proxies: addresses or CIDR
// prefixes separated by commas ("127.0.0.1/32,::1"). Empty: none.
func ParseTrusted(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: an address or a prefix such as 10.0.0.0/8", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func trusted(list []netip.Prefix, a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range list {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHop reads one address of X-Forwarded-For or X-Real-IP: an IP,
// perhaps with a port ("1.2.3.4:5", "[::1]:5"), as some proxies write it.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

// ClientAddr is the address the per-address limits count a request
// under: the peer's, unless the peer is a trusted proxy (trustedProxies).
// Then X-Forwarded-For is read from the right, skipping the trusted
// proxies' own entries, and the first untrusted address is the player:
// everything left of it was written by the client and could be forged,
// everything right of it by proxies we trust. With no such header,
// X-Real-IP (nginx's $remote_addr) is taken.
func ClientAddr(r *http.Request, trustedProxies []netip.Prefix) string {
	peer := RemoteAddr(r)
	if len(trustedProxies) == 0 {
		return peer
	}
	pa, ok := parseHop(peer)
	if !ok || !trusted(trustedProxies, pa) {
		return peer
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	if len(hops) == 0 {
		if a, ok := parseHop(r.Header.Get("X-Real-IP")); ok {
			return a.String()
		}
		return peer
	}
	got := pa // the nearest hop believed so far
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			break // garbage: the hop that wrote it is the last one believed
		}
		got = a
		if !trusted(trustedProxies, a) {
			break
		}
	}
	return got.String()
}

// RemoteAddr is the client's address without its port: limits count per
// machine (or per NAT), not per socket.
func RemoteAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
