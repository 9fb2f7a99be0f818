//go:build !js

package sqlstore_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// clock is a settable time for a store opened with OpenWith.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func openClock(t *testing.T, dsn string) (store.Store, *clock) {
	t.Helper()
	c := &clock{t: time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)}
	s, err := sqlstore.OpenWith(context.Background(), dsn, sqlstore.Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, c
}

// TestCodeExpires (issue 46): a join code opens a free seat until its
// time is up or the game fills, and no longer; a code is ten letters of
// the alphabet, typed in either case, with spaces or dashes.
func TestCodeExpires(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, clk := openClock(t, dsn)
		ann, bob, cat := guest(t, s, "Ann"), guest(t, s, "Bob"), guest(t, s, "Cat")
		open := func(ttl time.Duration) store.Game {
			g, err := s.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2},
				Seats: []store.Seat{{Guest: ann.ID}, {}}, CodeTTL: ttl})
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		g := open(time.Hour)
		if len(g.Code) != store.CodeLength || store.CodeLength < 10 || !store.ValidCode(g.Code) {
			t.Fatalf("code %q: want %d letters of the alphabet", g.Code, store.CodeLength)
		}
		if want := clk.now().Add(time.Hour); !g.CodeExpires.Equal(want) {
			t.Fatalf("CodeExpires %v, want %v", g.CodeExpires, want)
		}
		typed := strings.ToLower(g.Code[:5]) + " - " + g.Code[5:]
		if got, err := s.GameByCode(ctx, typed); err != nil || got.ID != g.ID {
			t.Fatalf("GameByCode(%q) = %v, %v", typed, got.ID, err)
		}
		clk.add(time.Hour - time.Millisecond)
		if _, err := s.GameByCode(ctx, g.Code); err != nil {
			t.Fatalf("a millisecond before its time: %v", err)
		}
		clk.add(time.Millisecond)
		if _, err := s.GameByCode(ctx, g.Code); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an expired code: %v, want ErrNotFound", err)
		}

		// A game that fills opens no seat any more, but its code finds it
		// until it expires: its invite, opened late, offers to watch.
		g = open(0)
		if want := clk.now().Add(store.DefaultCodeTTL); !g.CodeExpires.Equal(want) {
			t.Fatalf("default CodeExpires %v, want %v", g.CodeExpires, want)
		}
		full, err := s.TakeSeat(ctx, g.ID, 1, bob.ID)
		if err != nil || full.Status != store.StatusPlaying || !full.CodeExpires.Equal(g.CodeExpires) {
			t.Fatalf("TakeSeat: %+v, %v; want playing, the code's time kept", full, err)
		}
		if got, err := s.GameByCode(ctx, g.Code); err != nil || got.ID != g.ID || got.Status != store.StatusPlaying {
			t.Fatalf("the code of a full game: %v, %v, want the game", got.ID, err)
		}
		if _, err := s.TakeSeat(ctx, g.ID, 1, cat.ID); !errors.Is(err, store.ErrSeatTaken) {
			t.Fatalf("a seat of a full game: %v", err)
		}

		// A game with no free seat never had a live code.
		vs := twoPlayer(t, s, ann.ID, bob.ID, 0)
		if !vs.CodeExpires.IsZero() {
			t.Fatalf("a full game's CodeExpires %v, want zero", vs.CodeExpires)
		}
		if _, err := s.GameByCode(ctx, vs.Code); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the code of a game created full: %v", err)
		}
		for _, bad := range []string{g.Code[:9], g.Code + "2", "0000000000", "OOOOOOOOOO", "ĸĸĸĸĸĸĸĸĸĸ"} {
			if store.ValidCode(store.NormalizeCode(bad)) {
				t.Errorf("ValidCode(%q): true", bad)
			}
		}
	})
}

// TestPurgeGuests (issue 46): a guest that was never seen again and holds
// nothing goes; one that plays, created a game, or used its token lately
// stays.
func TestPurgeGuests(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, clk := openClock(t, dsn)
		idle := guest(t, s, "Idle")
		creator := guest(t, s, "Creator")
		player := guest(t, s, "Player")
		back, tok, err := s.CreateGuest(ctx, "Back")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateGame(ctx, store.NewGame{Creator: creator.ID, Setup: store.Setup{Variant: "express", Players: 2},
			Seats: []store.Seat{{Kind: store.SeatComputer, Level: 1}, {}}}); err != nil {
			t.Fatal(err)
		}
		twoPlayer(t, s, creator.ID, player.ID, 0)

		clk.add(40 * 24 * time.Hour)
		got, err := s.GuestByToken(ctx, tok) // Back comes back
		if err != nil || !got.Seen.Equal(clk.now()) {
			t.Fatalf("GuestByToken: %+v, %v; want seen now", got, err)
		}
		late := guest(t, s, "Late") // new: created now
		n, err := s.PurgeGuests(ctx, clk.now().Add(-30*24*time.Hour), 0)
		if err != nil || n != 1 {
			t.Fatalf("PurgeGuests = %d, %v; want 1 (only Idle)", n, err)
		}
		if _, err := s.Guest(ctx, idle.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Idle is still there: %v", err)
		}
		for _, g := range []store.Guest{creator, player, back, late} {
			if _, err := s.Guest(ctx, g.ID); err != nil {
				t.Errorf("%s was purged: %v", g.Name, err)
			}
		}
		// A second purge finds nothing; the limit bounds one call.
		for range 3 {
			guest(t, s, "Flood")
		}
		clk.add(40 * 24 * time.Hour)
		if n, err := s.PurgeGuests(ctx, clk.now().Add(-30*24*time.Hour), 2); err != nil || n != 2 {
			t.Fatalf("PurgeGuests(limit 2) = %d, %v", n, err)
		}
	})
}

// TestFileModes (issue 46): the SQLite file and its -wal and -shm are
// 0600, and the data folder 0700, even when they were there with looser
// modes.
func TestFileModes(t *testing.T) {
	home := t.TempDir()
	if err := os.Chmod(home, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(home, "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := store.MakeDataDir(dir); err != nil {
		t.Fatal(err)
	}
	mode := func(p string) os.FileMode {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	if m := mode(dir); m != 0o700 {
		t.Fatalf("data folder that existed 0755: %v, want 0700", m)
	}
	file := filepath.Join(dir, store.DBFile)
	if err := os.WriteFile(file, nil, 0o644); err != nil { // an empty file is a new database
		t.Fatal(err)
	}
	s, err := sqlstore.Open(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	guest(t, s, "Ann") // a write: the -wal and -shm files exist
	for _, p := range []string{file, file + "-wal", file + "-shm"} {
		if m := mode(p); m != 0o600 {
			t.Errorf("%s: %v, want 0600", filepath.Base(p), m)
		}
	}
	s.Close()

	fresh := filepath.Join(home, "new.db")
	s, err = sqlstore.Open(context.Background(), fresh)
	if err != nil {
		t.Fatal(err)
	}
	guest(t, s, "Bob")
	for _, p := range []string{fresh, fresh + "-wal", fresh + "-shm"} {
		if m := mode(p); m != 0o600 {
			t.Errorf("new %s: %v, want 0600", filepath.Base(p), m)
		}
	}
	s.Close()
	if m := mode(home); m == 0o700 {
		t.Errorf("the folder of a file named by the DSN was tightened to %v: only the data folder is", m)
	}
}

// TestMigrationStep2: a database of schema 1 (6-letter codes, no seen)
// is brought to 2 on both engines: its guests are seen when they were
// created, and its open game's old code opens nothing.
func TestMigrationStep2(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		old, err := sqlstore.OpenAtVersion(ctx, dsn, 1)
		if err != nil {
			t.Fatal(err)
		}
		old.Close()
		db := rawDB(t, dsn)
		q := func(query string, args ...any) {
			t.Helper()
			if engine, _, _ := store.ParseDSN(dsn); engine == store.EnginePostgres {
				for i := 1; strings.Contains(query, "?"); i++ {
					query = strings.Replace(query, "?", "$"+strconv.Itoa(i), 1)
				}
			}
			if _, err := db.ExecContext(ctx, query, args...); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		}
		created := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
		q(`INSERT INTO guests (id, name, token_hash, created) VALUES (?, ?, ?, ?)`, "ann", "Ann", "h", created)
		q(`INSERT INTO games (id, code, spectator, creator, setup, status, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			"g1", "ABCDEF", "sp1", "ann", `{"variant":"express","players":2}`, int(store.StatusOpen), created, created)
		q(`INSERT INTO seats (game, idx, kind, guest) VALUES (?, ?, ?, ?), (?, ?, ?, ?)`, "g1", 0, int(store.SeatRemote), "ann", "g1", 1, int(store.SeatRemote), "")

		s := open(t, dsn)
		if g, err := s.Guest(ctx, "ann"); err != nil || !g.Seen.Equal(g.Created) || g.Created.UnixMilli() != created {
			t.Fatalf("Ann after step 2: %+v, %v; want seen = created", g, err)
		}
		g, err := s.Game(ctx, "g1")
		if err != nil || g.Status != store.StatusOpen || !g.CodeExpires.IsZero() {
			t.Fatalf("the open game after step 2: %+v, %v; want open with no live code", g, err)
		}
		if _, err := s.GameByCode(ctx, "ABCDEF"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the old code: %v, want ErrNotFound", err)
		}
		var v int
		if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_version`).Scan(&v); err != nil || v != sqlstore.SchemaVersion || v < 2 {
			t.Fatalf("schema version %d, %v", v, err)
		}
	})
}
