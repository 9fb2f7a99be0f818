//go:build !js

package hosting

import (
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/boombuler/barcode/qr"
)

// On a home network: a server listening on every interface (--addr
// :8080) prints the addresses the other devices of the network can open,
// and the first as a QR code a phone's camera reads off the terminal.

// lanIPs keeps, of a machine's interface addresses, those another device
// can reach: not loopback, not link-local (an fe80:: address needs a zone
// that a browser's address bar does not take), not unspecified; IPv4
// first (what a home network hands out), each once.
func lanIPs(addrs []net.Addr) []net.IP {
	var v4, v6 []net.IP
	seen := map[string]bool{}
	for _, a := range addrs {
		var ip net.IP
		switch a := a.(type) {
		case *net.IPNet:
			ip = a.IP
		case *net.IPAddr:
			ip = a.IP
		default:
			continue
		}
		if ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast() || seen[ip.String()] {
			continue
		}
		seen[ip.String()] = true
		if ip4 := ip.To4(); ip4 != nil {
			v4 = append(v4, ip4)
		} else {
			v6 = append(v6, ip)
		}
	}
	return append(v4, v6...)
}

// homeNetwork writes, for a server on every interface at port, the
// addresses of ips to open from another device, the first as a QR code,
// and that installing the app needs HTTPS (unless scheme is https).
func homeNetwork(w io.Writer, scheme, port string, ips []net.IP) {
	if len(ips) == 0 {
		fmt.Fprintln(w, "shiftago-server: no network address but this machine's own: other devices cannot reach it")
		return
	}
	fmt.Fprintln(w, "shiftago-server: other devices on this network open:")
	var urls []string
	for _, ip := range ips {
		u := scheme + "://" + net.JoinHostPort(ip.String(), port) + "/"
		urls = append(urls, u)
		fmt.Fprintln(w, "  "+u)
	}
	if code, err := qrText(urls[0]); err == nil {
		fmt.Fprint(w, code)
	}
	if scheme != "https" {
		fmt.Fprintln(w, "shiftago-server: a phone plays here in its browser; installing the app on it needs HTTPS: --domain (logic/online/README.md, Hosting)")
	}
}

// qrQuiet is the QR code's margin in modules. The standard asks for 4;
// readers take 2 well, and the code stays small in a terminal.
const qrQuiet = 2

// qrText draws link's QR code in a terminal's text, two rows of modules
// a line with the half blocks ▀ ▄ █: the light modules (and the margin)
// are drawn, the dark ones left blank, so on a terminal with light text
// on a dark background the code is dark on light as a camera expects (on
// a light terminal it comes out inverted, which phones' readers take too).
func qrText(link string) (string, error) {
	code, err := qr.Encode(link, qr.L, qr.Auto)
	if err != nil {
		return "", err
	}
	m := code.Bounds().Dx()
	light := func(x, y int) bool {
		x, y = x-qrQuiet, y-qrQuiet
		if x < 0 || y < 0 || x >= m || y >= m {
			return true
		}
		l, _, _, _ := code.At(x, y).RGBA()
		return l >= 0x8000
	}
	n := m + 2*qrQuiet
	var b strings.Builder
	for y := 0; y < n; y += 2 {
		for x := range n {
			// Past the last row (n is odd) nothing is drawn.
			top, bottom := light(x, y), y+1 < n && light(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}
