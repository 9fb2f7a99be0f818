//go:build !js

package server_test

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// userAgent makes a client's requests say they come from a browser.
type userAgent struct {
	ua string
	rt http.RoundTripper
}

func (u userAgent) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", u.ua)
	return u.rt.RoundTrip(r)
}

const androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

// browser is a client whose requests carry ua, from loopback address ip.
func browser(base, ua, ip string) *client.Client {
	c := client.New(base)
	hc := from(ip)
	hc.Transport = userAgent{ua: ua, rt: hc.Transport}
	c.HTTP = hc
	return c
}

// TestServeDevices is issue 47's "done when", against the real binary on
// both engines: a player on a phone links the desktop game and a second
// browser with one-time codes, plays a move from each, revokes the
// browser, and that browser can no longer act (HTTP 401, its open socket
// closed with CloseRevoked, a new hello refused) while the desktop plays
// on. A link code works once and expires; the recovery code brings the
// player back on a new device.
func TestServeDevices(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.FreshDSN(t, engine)
			n := startNode(t, "127.0.0.1:0", "--db", dsn)
			ctx := ctxFor(t, 90*time.Second)
			phone := browser(n.Base, androidChrome, "127.0.0.1")
			if err := phone.NewGuest(ctx, "Ann"); err != nil {
				t.Fatal(err)
			}
			bob := guest(t, ctx, "Bob", n.Base)
			g, err := phone.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := bob.Join(ctx, g.Invite); err != nil {
				t.Fatal(err)
			}

			link := func(dev *client.Client, name string) {
				t.Helper()
				lc, err := phone.LinkCode(ctx)
				if err != nil || len(lc.Code) != store.CodeLength || lc.Expires < time.Now().Add(9*time.Minute).UnixMilli() {
					t.Fatalf("link code: %+v, %v", lc, err)
				}
				if err := dev.UseCode(ctx, lc.Code, name); err != nil {
					t.Fatalf("using the link code: %v", err)
				}
				if dev.ID != phone.ID || dev.Name != "Ann" || dev.Token == "" || dev.Token == phone.Token {
					t.Fatalf("the linked device is %q %q (token new: %v), want Ann's player with a token of its own", dev.ID, dev.Name, dev.Token != phone.Token)
				}
				// Single use: the code is spent.
				again := client.New(n.Base)
				var ae *client.APIError
				if err := again.UseCode(ctx, lc.Code, ""); !errors.As(err, &ae) || ae.Status != http.StatusNotFound || ae.APIError.Error != "no-code" {
					t.Fatalf("a link code used twice: %v, want 404 no-code", err)
				}
			}
			desk := client.New(n.Base)
			link(desk, "Desktop")
			tab := browser(n.Base, "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "127.0.0.1")
			link(tab, "")

			// Same games from every device.
			for _, dev := range []*client.Client{desk, tab} {
				list, err := dev.Games(ctx)
				if err != nil || len(list) != 1 || list[0].Game != g.Game || len(list[0].Seats) != 1 || list[0].Seats[0] != 0 {
					t.Fatalf("a linked device's games: %+v, %v; want Ann's game", list, err)
				}
			}
			devs, err := phone.Devices(ctx)
			if err != nil || len(devs.Devices) != 3 {
				t.Fatalf("devices: %+v, %v; want 3", devs, err)
			}
			names := map[string]string{}
			var tabID string
			for _, d := range devs.Devices {
				names[d.Name] = d.ID
				if d.This != (d.Name == "Chrome on Android") {
					t.Fatalf("device %+v: This should mark the phone, which asked", d)
				}
			}
			tabID = names["Chrome on Linux"]
			if names["Desktop"] == "" || tabID == "" || names["Chrome on Android"] == "" {
				t.Fatalf("device names %v: want Chrome on Android, Desktop, Chrome on Linux", names)
			}

			// A move from each linked device, Bob answering between.
			r := rand.New(rand.NewPCG(47, 1))
			sd, st, sb := open(t, ctx, desk, g.Game), open(t, ctx, tab, g.Game), open(t, ctx, bob, g.Game)
			ply := 0
			play := func(s *client.Session, who string) {
				t.Helper()
				// The ply too: a device of Ann's that has not yet heard
				// her other device's move sees her turn still at the ply
				// before it (a stale-ply refusal, seen under load).
				if err := s.Wait(ctx, func(x *client.State) bool { return x.MyTurn() && len(x.Moves) == ply }); err != nil {
					t.Fatalf("%s: no turn: %v", who, err)
				}
				if _, err := s.Play(ctx, randomMove(r, s.Snapshot().Pos)); err != nil {
					t.Fatalf("%s's move: %v", who, err)
				}
				ply++
			}
			play(sd, "the desktop")
			play(sb, "Bob")
			play(st, "the second browser")
			play(sb, "Bob")

			// A raw socket of the browser, to see how it is closed.
			ws := dialWS(t, ctx, "ws"+strings.TrimPrefix(n.Base, "http")+"/api/ws")
			if ws == nil {
				t.FailNow()
			}
			defer ws.CloseNow()
			hello := func(ws *websocket.Conn) proto.Msg {
				t.Helper()
				if err := ws.Write(ctx, websocket.MessageText, proto.Encode(proto.Msg{T: proto.THello, V: proto.Version, Token: tab.Token, Game: g.Game, Ply: 4})); err != nil {
					t.Fatal(err)
				}
				_, b, err := ws.Read(ctx)
				if err != nil {
					t.Fatal(err)
				}
				m, err := proto.DecodeEvent(b)
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			if m := hello(ws); m.T != proto.TWelcome {
				t.Fatalf("the browser's hello: %+v, want welcome", m)
			}

			// Revoke the second browser from the phone.
			left, err := phone.Revoke(ctx, tabID)
			if err != nil || len(left.Devices) != 2 {
				t.Fatalf("revoke: %+v, %v; want 2 devices left", left, err)
			}
			// Told once: the node that revoked it closed it at once and
			// then heard its own revoke on the bus, and said it again (the
			// browser test saw two refusals before the close).
			refused := 0
			for {
				_, b, err := ws.Read(ctx)
				if err != nil {
					if got := websocket.CloseStatus(err); got != proto.CloseRevoked || refused != 1 {
						t.Fatalf("the revoked browser's socket ended with %v (close %d, refused auth %d times first), want close %d after one refused auth", err, got, refused, proto.CloseRevoked)
					}
					break
				}
				if m, _ := proto.DecodeEvent(b); m.T == proto.TRefused && m.Code == proto.CodeAuth {
					refused++
				}
			}
			var ae *client.APIError
			if _, err := tab.Games(ctx); !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized {
				t.Fatalf("the revoked browser's list of games: %v, want 401", err)
			}
			if _, err := tab.LinkCode(ctx); !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized {
				t.Fatalf("the revoked browser making a link code: %v, want 401", err)
			}
			if _, err := tab.Open(ctx, g.Game); !refusedAuth(err) {
				t.Fatalf("the revoked browser's hello: %v, want refused auth", err)
			}
			// Its session, open before, is told and cannot move.
			short, cancel := context.WithTimeout(ctx, 2*time.Second)
			defer cancel()
			if _, err := st.Play(short, randomMove(r, st.Snapshot().Pos)); err == nil {
				t.Fatal("the revoked browser's session played a move")
			}
			// The desktop still plays (the move at ply 5: the browser's
			// took nothing).
			play(sd, "the desktop, after the revoke")
			if ply := sd.Snapshot().Ply(); ply != 5 {
				t.Fatalf("after the desktop's move the game is at ply %d, want 5", ply)
			}
			if _, err := bob.Revoke(ctx, names["Desktop"]); !errors.As(err, &ae) || ae.Status != http.StatusNotFound {
				t.Fatalf("Bob revoking Ann's desktop: %v, want 404", err)
			}

			// Expiry: a code past its ten minutes opens nothing. The
			// server's clock is the machine's, so the code is aged in
			// the database instead.
			lc, err := phone.LinkCode(ctx)
			if err != nil {
				t.Fatal(err)
			}
			ageCodes(t, ctx, engine, dsn)
			if err := client.New(n.Base).UseCode(ctx, lc.Code, ""); !errors.As(err, &ae) || ae.Status != http.StatusNotFound {
				t.Fatalf("an expired link code: %v, want 404", err)
			}

			// Recovery: every device lost, the code makes a new one.
			rc, err := phone.NewRecovery(ctx)
			if err != nil || len(rc) != store.RecoveryLength {
				t.Fatalf("recovery code: %q, %v", rc, err)
			}
			back := client.New(n.Base)
			if err := back.UseCode(ctx, strings.ToLower(rc[:5]+" "+rc[5:]), "New phone"); err != nil || back.ID != phone.ID {
				t.Fatalf("the recovery code: %v (%q)", err, back.ID)
			}
			if list, err := back.Games(ctx); err != nil || len(list) != 1 {
				t.Fatalf("the recovered player's games: %+v, %v", list, err)
			}
			devs, _ = back.Devices(ctx)
			if len(devs.Devices) != 3 || devs.Recovery == 0 {
				t.Fatalf("after recovery: %+v; want 3 devices and a recovery code", devs)
			}
		})
	}
}

// TestServeDeviceGuesses: wrong device codes are metered per address like
// join codes (10 at once, then 429 with Retry-After, the lookup not
// made); a malformed code costs nothing; another address is not held up.
func TestServeDeviceGuesses(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ctx := ctxFor(t, 60*time.Second)
	ann := guest(t, ctx, "Ann", n.Base)
	lc, err := ann.LinkCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	use := func(ip, code string) answer {
		return call(t, ctx, from(ip), "POST", n.Base+"/api/devices", "", `{"code":"`+code+`"}`)
	}
	for range 5 {
		for _, bad := range []string{"ABC", lc.Code[:6], "0000000000", strings.Repeat("Z", store.RecoveryLength+1)} {
			if a := use("127.0.0.6", bad); a.status != http.StatusNotFound {
				t.Fatalf("malformed code %q: %d %+v, want 404", bad, a.status, a.err)
			}
		}
	}
	for i := range 10 {
		code := wrongCode(i)
		if i%2 == 1 {
			code = strings.Repeat(code, 2) // a recovery code's length
		}
		if a := use("127.0.0.6", code); a.status != http.StatusNotFound || a.err.Error != "no-code" {
			t.Fatalf("wrong code %d of 10: %d %+v, want 404 no-code", i+1, a.status, a.err)
		}
	}
	is429(t, "the 11th wrong code", use("127.0.0.6", wrongCode(11)), "too-many-guesses", "this address")
	is429(t, "the right code from the guessing address", use("127.0.0.6", lc.Code), "too-many-guesses", "this address")
	if a := use("127.0.0.7", lc.Code); a.status != http.StatusCreated {
		t.Fatalf("the right code from another address: %d %+v, want 201", a.status, a.err)
	}
}

// ageCodes makes every link code of the database expired.
func ageCodes(t *testing.T, ctx context.Context, engine, dsn string) {
	t.Helper()
	driver, target := "pgx", dsn
	if engine == store.EngineSQLite {
		driver = "sqlite"
	}
	db, err := sql.Open(driver, target)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `UPDATE device_codes SET expires = 1 WHERE expires > 0`); err != nil {
		t.Fatal(err)
	}
}

func refusedAuth(err error) bool {
	var ref *client.ErrRefused
	return errors.As(err, &ref) && ref.Msg.Code == proto.CodeAuth
}
