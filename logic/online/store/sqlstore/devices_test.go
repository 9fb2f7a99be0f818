//go:build !js

package sqlstore_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// TestDevices (issue 47): a link code makes a new device of its player,
// once, for its ten minutes; the new device has a token of its own (the
// first device's is untouched); a device revoked finds nobody; the
// recovery code makes a device until it is renewed; and the database
// holds hashes only.
func TestDevices(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, clk := openClock(t, dsn)
		ann, phone, err := s.CreateGuest(ctx, "Ann")
		if err != nil || ann.Device == "" {
			t.Fatalf("CreateGuest: %+v, %v; want a first device", ann, err)
		}
		code, exp, err := s.LinkCode(ctx, ann.ID, 10*time.Minute)
		if err != nil || len(code) != store.CodeLength || !exp.Equal(clk.now().Add(10*time.Minute)) {
			t.Fatalf("LinkCode: %q, %v, %v", code, exp, err)
		}
		// Typed in lower case with a dash, as a player may.
		g, desk, err := s.UseCode(ctx, strings.ToLower(code[:5]+"-"+code[5:]), "Desktop")
		if err != nil || g.ID != ann.ID || g.Name != "Ann" || desk == "" || desk == phone || g.Device == ann.Device {
			t.Fatalf("UseCode: %+v, %q, %v; want Ann on a new device with a new token", g, desk, err)
		}
		if _, _, err := s.UseCode(ctx, code, "Again"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a link code used twice: %v, want ErrNotFound", err)
		}
		for _, tok := range []string{phone, desk} {
			if g, err := s.GuestByToken(ctx, tok); err != nil || g.ID != ann.ID {
				t.Fatalf("GuestByToken after linking: %+v, %v", g, err)
			}
		}
		// Expiry: a code is dead once its ten minutes are up.
		code, _, _ = s.LinkCode(ctx, ann.ID, 10*time.Minute)
		clk.add(10*time.Minute + time.Millisecond)
		if _, _, err := s.UseCode(ctx, code, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an expired link code: %v, want ErrNotFound", err)
		}
		// A new code replaces the one before.
		old, _, _ := s.LinkCode(ctx, ann.ID, 10*time.Minute)
		if _, _, err := s.LinkCode(ctx, ann.ID, 10*time.Minute); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.UseCode(ctx, old, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a replaced link code: %v, want ErrNotFound", err)
		}
		// Eight devices racing for one code: exactly one gets it.
		code, _, _ = s.LinkCode(ctx, ann.ID, 10*time.Minute)
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for range 8 {
			wg.Go(func() {
				if _, _, err := s.UseCode(ctx, code, "Racer"); err == nil {
					mu.Lock()
					won++
					mu.Unlock()
				} else if !errors.Is(err, store.ErrNotFound) {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if won != 1 {
			t.Fatalf("8 devices racing for one link code: %d got it, want 1", won)
		}

		devs, rec, err := s.DevicesOf(ctx, ann.ID)
		if err != nil || len(devs) != 3 || !rec.IsZero() {
			t.Fatalf("DevicesOf: %d devices, recovery %v, %v; want 3 and none", len(devs), rec, err)
		}
		if err := s.NameDevice(ctx, ann.ID, ann.Device, "Chromium on Android"); err != nil {
			t.Fatal(err)
		}
		// Revoke the desktop: its token finds nobody, the phone's still does.
		if err := s.RevokeDevice(ctx, ann.ID, g.Device); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GuestByToken(ctx, desk); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a revoked device's token: %v, want ErrNotFound", err)
		}
		if _, err := s.GuestByToken(ctx, phone); err != nil {
			t.Fatalf("the phone after the desktop's revoke: %v", err)
		}
		bob := guest(t, s, "Bob")
		if err := s.RevokeDevice(ctx, bob.ID, ann.Device); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Bob revoking Ann's device: %v, want ErrNotFound", err)
		}

		// Recovery: 20 letters, works again and again until renewed.
		rc, err := s.NewRecovery(ctx, ann.ID)
		if err != nil || len(rc) != store.RecoveryLength {
			t.Fatalf("NewRecovery: %q, %v", rc, err)
		}
		for range 2 {
			if g, _, err := s.UseCode(ctx, rc, "New phone"); err != nil || g.ID != ann.ID {
				t.Fatalf("the recovery code: %+v, %v", g, err)
			}
		}
		rc2, _ := s.NewRecovery(ctx, ann.ID)
		if _, _, err := s.UseCode(ctx, rc, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a renewed recovery code's old one: %v, want ErrNotFound", err)
		}
		devs, rec, _ = s.DevicesOf(ctx, ann.ID)
		if len(devs) != 4 || rec.IsZero() {
			t.Fatalf("after recovery: %d devices, recovery made %v; want 4 and a time", len(devs), rec)
		}
		named := false
		for _, d := range devs {
			named = named || (d.ID == ann.Device && d.Name == "Chromium on Android")
		}
		if !named {
			t.Fatalf("the phone's name is not kept: %+v", devs)
		}

		// Nothing secret is stored as it is: tokens and codes are hashes.
		db := rawDB(t, dsn)
		for _, secret := range []string{phone, desk, rc2, code} {
			for _, q := range []string{`SELECT COUNT(*) FROM devices WHERE token_hash = $1 OR name = $1`, `SELECT COUNT(*) FROM device_codes WHERE hash = $1`} {
				var n int
				if e, _, _ := store.ParseDSN(dsn); e == store.EngineSQLite {
					q = strings.ReplaceAll(q, "$1", "?1")
				}
				if err := db.QueryRowContext(ctx, q, secret).Scan(&n); err != nil || n != 0 {
					t.Fatalf("%s with a secret: %d, %v", q, n, err)
				}
			}
		}
		h := sha256.Sum256([]byte(rc2))
		var n int
		q := `SELECT COUNT(*) FROM device_codes WHERE hash = $1`
		if e, _, _ := store.ParseDSN(dsn); e == store.EngineSQLite {
			q = strings.ReplaceAll(q, "$1", "?1")
		}
		if err := db.QueryRowContext(ctx, q, hex.EncodeToString(h[:])).Scan(&n); err != nil || n != 1 {
			t.Fatalf("the recovery code's hash: %d rows, %v; want 1", n, err)
		}
	})
}

// TestMigrationStep4: a guest's token from before devices is its first
// device, and still finds it.
func TestMigrationStep4(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		old, err := sqlstore.OpenAtVersion(ctx, dsn, 3)
		if err != nil {
			t.Fatal(err)
		}
		old.Close()
		h := sha256.Sum256([]byte("old-token"))
		q := `INSERT INTO guests (id, name, token_hash, created, seen) VALUES ($1, 'Ann', $2, 1, 1)`
		if e, _, _ := store.ParseDSN(dsn); e == store.EngineSQLite {
			q = strings.NewReplacer("$1", "?1", "$2", "?2").Replace(q)
		}
		if _, err := rawDB(t, dsn).ExecContext(ctx, q, "ann", hex.EncodeToString(h[:])); err != nil {
			t.Fatal(err)
		}
		s := open(t, dsn)
		g, err := s.GuestByToken(ctx, "old-token")
		if err != nil || g.ID != "ann" || g.Device != "ann" {
			t.Fatalf("the old token after step 4: %+v, %v; want Ann on device ann", g, err)
		}
		if devs, _, err := s.DevicesOf(ctx, "ann"); err != nil || len(devs) != 1 {
			t.Fatalf("Ann's devices after step 4: %+v, %v", devs, err)
		}
	})
}
