package store_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/store"
)

func TestParseDSN(t *testing.T) {
	for _, c := range []struct {
		dsn, engine, target string
		ok                  bool
	}{
		{"", store.EngineSQLite, "", true},
		{"/var/lib/shiftago/x.db", store.EngineSQLite, "/var/lib/shiftago/x.db", true},
		{"rel/x.db", store.EngineSQLite, "rel/x.db", true},
		{"sqlite:/tmp/x.db", store.EngineSQLite, "/tmp/x.db", true},
		{"sqlite:///tmp/x.db", store.EngineSQLite, "/tmp/x.db", true},
		{"postgres://u:p@127.0.0.1/db?sslmode=disable", store.EnginePostgres, "postgres://u:p@127.0.0.1/db?sslmode=disable", true},
		{"postgresql://h/db", store.EnginePostgres, "postgresql://h/db", true},
		{"mysql://h/db", "", "", false},
		{"sqlite:", "", "", false},
		{"x.db?_pragma=journal_mode(DELETE)", "", "", false},
		{"x\x00.db", "", "", false},
	} {
		engine, target, err := store.ParseDSN(c.dsn)
		if (err == nil) != c.ok || engine != c.engine || target != c.target {
			t.Errorf("ParseDSN(%q) = %q, %q, %v; want %q, %q, ok %v", c.dsn, engine, target, err, c.engine, c.target, c.ok)
		}
		if err != nil && !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ParseDSN(%q): %v is not ErrInvalid", c.dsn, err)
		}
	}
}

func FuzzParseDSN(f *testing.F) {
	for _, s := range []string{"", "x.db", "sqlite:x", "postgres://h/d", "a://b", "x?y", "sqlite://", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dsn string) {
		engine, target, err := store.ParseDSN(dsn)
		if err != nil {
			if engine != "" || target != "" || !errors.Is(err, store.ErrInvalid) {
				t.Fatalf("refused %q with %q, %q, %v", dsn, engine, target, err)
			}
			return
		}
		switch engine {
		case store.EnginePostgres:
			if target != dsn {
				t.Fatalf("PostgreSQL DSN %q changed to %q", dsn, target)
			}
		case store.EngineSQLite:
			// The store appends its own options after a '?': a file name
			// must not bring any, nor a NUL.
			if strings.ContainsAny(target, "?\x00") || (target == "" && dsn != "") {
				t.Fatalf("SQLite file %q from %q", target, dsn)
			}
		default:
			t.Fatalf("engine %q from %q", engine, dsn)
		}
	})
}

func TestSetupValidate(t *testing.T) {
	ok := store.Setup{Variant: "expert", Players: 3, Colors: "gbw", SitOuts: []int{0, 6, 1}, Starter: 2, MoveTime: 24 * time.Hour}
	if err := ok.Validate(); err != nil {
		t.Fatalf("%+v: %v", ok, err)
	}
	for name, bad := range map[string]func(s *store.Setup){
		"unknown variant":      func(s *store.Setup) { s.Variant = "Expert" },
		"1 player":             func(s *store.Setup) { s.Players, s.Colors, s.SitOuts, s.Starter = 1, "", nil, 0 },
		"5 players":            func(s *store.Setup) { s.Players, s.Colors, s.SitOuts = 5, "", nil },
		"colours short":        func(s *store.Setup) { s.Colors = "gb" },
		"colour twice":         func(s *store.Setup) { s.Colors = "gbg" },
		"colour unknown":       func(s *store.Setup) { s.Colors = "gbr" },
		"sit-outs short":       func(s *store.Setup) { s.SitOuts = []int{0} },
		"sit-out 7":            func(s *store.Setup) { s.SitOuts = []int{0, 7, 0} },
		"sit-out negative":     func(s *store.Setup) { s.SitOuts = []int{0, -1, 0} },
		"starter out of range": func(s *store.Setup) { s.Starter = 3 },
		"negative move time":   func(s *store.Setup) { s.MoveTime = -time.Second },
		"move time of a year":  func(s *store.Setup) { s.MoveTime = 365 * 24 * time.Hour },
	} {
		s := ok
		s.SitOuts = append([]int(nil), ok.SitOuts...)
		bad(&s)
		if err := s.Validate(); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: Validate(%+v) = %v, want ErrInvalid", name, s, err)
		}
	}
	back, err := store.ParseSetup(ok.JSON())
	if err != nil || !reflect.DeepEqual(back, ok) {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	for _, text := range []string{``, `{}`, `[]`, `{"variant":"expert","players":2}x`, `{"variant":"expert","players":2,"admin":true}`,
		`{"variant":"expert","players":2}{"variant":"expert","players":2}`, `{"variant":"expert","players":2,"sitouts":[0,9]}`,
		`{"variant":"expert","players":2` + strings.Repeat(" ", store.MaxSetupJSON) + `}`} {
		if s, err := store.ParseSetup(text); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ParseSetup(%.60q) = %+v, %v; want ErrInvalid", text, s, err)
		}
	}
	if _, err := store.ParseSetup(`{"variant":"expert","players":2} ` + "\n"); err != nil {
		t.Errorf("trailing white space refused: %v", err)
	}
}

// FuzzParseSetup: whatever ParseSetup accepts validates, and survives a
// round trip through JSON unchanged.
func FuzzParseSetup(f *testing.F) {
	f.Add(`{"variant":"express","players":2}`)
	f.Add(`{"variant":"extreme","players":4,"colors":"wbgo","sitouts":[1,0,2,0],"starter":3,"move_time":86400000000000}`)
	f.Add(`{"variant":"expert","players":3,"sitouts":null}`)
	f.Add(`{"variant":"expert","players":2,"players":3}`)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := store.ParseSetup(text)
		if err != nil {
			if !errors.Is(err, store.ErrInvalid) {
				t.Fatalf("error %v is not ErrInvalid", err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("accepted %q, which does not validate: %v", text, err)
		}
		again, err := store.ParseSetup(s.JSON())
		if err != nil || !reflect.DeepEqual(again, s) {
			t.Fatalf("%q -> %+v -> %s -> %+v, %v", text, s, s.JSON(), again, err)
		}
	})
}
