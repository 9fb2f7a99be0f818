//go:build !js

package hosting

import (
	"net"
	"strings"
	"testing"

	"github.com/boombuler/barcode/qr"
)

// TestLANIPs: of a machine's interface addresses, the ones another
// device can open, IPv4 first, each once.
func TestLANIPs(t *testing.T) {
	cidr := func(s string) net.Addr {
		ip, n, err := net.ParseCIDR(s)
		if err != nil {
			t.Fatal(err)
		}
		n.IP = ip
		return n
	}
	got := lanIPs([]net.Addr{
		cidr("127.0.0.1/8"), cidr("::1/128"), cidr("fe80::1c2b:3cff:fe4d:5e6f/64"),
		cidr("2001:db8::5/64"), cidr("192.168.1.20/24"), cidr("169.254.3.4/16"),
		cidr("10.0.0.3/8"), cidr("192.168.1.20/24"), &net.IPAddr{IP: net.ParseIP("0.0.0.0")},
	})
	var s []string
	for _, ip := range got {
		s = append(s, ip.String())
	}
	if want := "192.168.1.20 10.0.0.3 2001:db8::5"; strings.Join(s, " ") != want {
		t.Fatalf("lanIPs: %v, want %s", s, want)
	}
}

// TestHomeNetwork: the lines name every address as a URL to open, the
// QR code carries the first, and the last line says installing needs
// HTTPS; with no address, one line says other devices cannot reach it.
func TestHomeNetwork(t *testing.T) {
	var b strings.Builder
	homeNetwork(&b, "http", "8080", []net.IP{net.ParseIP("192.168.1.20"), net.ParseIP("2001:db8::5")})
	out := b.String()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != "shiftago-server: other devices on this network open:" ||
		lines[1] != "  http://192.168.1.20:8080/" || lines[2] != "  http://[2001:db8::5]:8080/" {
		t.Fatalf("the addresses:\n%s", out)
	}
	code, err := qrText("http://192.168.1.20:8080/")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\n"+code) {
		t.Errorf("no QR code of the first address in:\n%s", out)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "installing the app") || !strings.Contains(last, "HTTPS: --domain") {
		t.Errorf("the last line does not say installing needs HTTPS: %q", last)
	}
	b.Reset()
	homeNetwork(&b, "https", "443", []net.IP{net.ParseIP("10.0.0.3")})
	if strings.Contains(b.String(), "needs HTTPS") || !strings.Contains(b.String(), "  https://10.0.0.3:443/\n") {
		t.Errorf("over HTTPS:\n%s", b.String())
	}
	b.Reset()
	homeNetwork(&b, "http", "8080", nil)
	if got := b.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "other devices cannot reach it") {
		t.Errorf("no address: %q", got)
	}
}

// TestQRText reads the half blocks back into modules: they are the QR
// code of the link, light drawn and dark blank, in its margin of light.
func TestQRText(t *testing.T) {
	const link = "http://192.168.1.20:8080/"
	text, err := qrText(link)
	if err != nil {
		t.Fatal(err)
	}
	code, err := qr.Encode(link, qr.L, qr.Auto)
	if err != nil {
		t.Fatal(err)
	}
	m := code.Bounds().Dx()
	n := m + 2*qrQuiet
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(rows) != (n+1)/2 {
		t.Fatalf("%d lines for %d rows of modules:\n%s", len(rows), n, text)
	}
	for ty, row := range rows {
		cells := []rune(row)
		if len(cells) != n {
			t.Fatalf("line %d: %d characters, want %d", ty, len(cells), n)
		}
		for x, c := range cells {
			var top, bottom bool
			switch c {
			case '█':
				top, bottom = true, true
			case '▀':
				top = true
			case '▄':
				bottom = true
			case ' ':
			default:
				t.Fatalf("line %d: %q is not a half block", ty, c)
			}
			for i, drawn := range []bool{top, bottom} {
				y := 2*ty + i
				if y >= n {
					if drawn {
						t.Errorf("(%d, %d) drawn below the code", x, y)
					}
					continue
				}
				want := true // the margin is light
				if cx, cy := x-qrQuiet, y-qrQuiet; cx >= 0 && cy >= 0 && cx < m && cy < m {
					l, _, _, _ := code.At(cx, cy).RGBA()
					want = l >= 0x8000
				}
				if drawn != want {
					t.Fatalf("module (%d, %d): drawn %v, light %v", x, y, drawn, want)
				}
			}
		}
	}
}
