package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"hash/crc32"
	"reflect"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
)

func sampleGame(t testing.TB, tourney bool) *Game {
	r, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer 2\nStarter: green\n\nW4 Nd W3 Ng\n")
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{Record: r}
	pos, _ := r.Final()
	for _, s := range []string{"Sa", "Sb"} {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.Apply(m, nil)
		g.Redo = append(g.Redo, m)
	}
	if tourney {
		g.Tournament = &logic.Tournament{Seats: []logic.Color{logic.Orange, logic.Green}, Wins: []int{3, 4}, Starter: 1, Games: 8}
	}
	return g
}

func TestSaveRoundTrip(t *testing.T) {
	for _, tourney := range []bool{false, true} {
		g := sampleGame(t, tourney)
		b, err := EncodeGame(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeGame(b)
		if err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		if !reflect.DeepEqual(g.Record, back.Record) || !reflect.DeepEqual(g.Redo, back.Redo) {
			t.Fatalf("round trip differs")
		}
		if tourney && (back.Tournament == nil || !reflect.DeepEqual(back.Tournament.Wins, []int{3, 4}) || back.Tournament.Games != 8 || back.Tournament.Starter != 1) {
			t.Fatalf("tournament read back as %+v", back.Tournament)
		}
	}
}

// resign rewrites a save's payload and fixes its checksum, as a careful
// forger would: the checks behind the checksum must still hold.
func resign(t *testing.T, data []byte, edit func(p *payload)) []byte {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var p payload
	if err := json.Unmarshal(f.Game, &p); err != nil {
		t.Fatal(err)
	}
	edit(&p)
	f.Game, _ = json.Marshal(p)
	f.CRC32 = crc32.ChecksumIEEE(f.Game)
	out, _ := json.Marshal(f)
	return out
}

func TestSaveRefused(t *testing.T) {
	good, _ := EncodeGame(sampleGame(t, true))
	cases := []struct {
		name string
		data []byte
		want Problem
		msg  string
	}{
		{"empty", nil, Damaged, "empty"},
		{"spaces", []byte("  \n"), Damaged, "empty"},
		{"png", []byte("\x89PNG\r\n\x1a\n...."), Foreign, "not a Shiftago save"},
		{"other json", []byte(`{"name": "x"}`), Foreign, "not a Shiftago save"},
		{"truncated", good[:len(good)/2], Damaged, "cut short"},
		{"future", bytes.Replace(good, []byte(`"version": 1`), []byte(`"version": 9`), 1), Future, "newer version"},
		{"flipped move", bytes.Replace(good, []byte(`W3`), []byte(`W5`), 1), Damaged, "checksum"},
		{"illegal move, resigned", resign(t, good, func(p *payload) { p.Record = strings.Replace(p.Record, "3. W3", "3. Q3", 1) }), Damaged, "line"},
		{"illegal redo", resign(t, good, func(p *payload) { p.Redo = []string{"Sa", "Sa", "Sa", "Sa", "Sa", "Sa", "Sa", "Sa"} }), Damaged, "redo move"},
		{"ten wins", resign(t, good, func(p *payload) { p.Tournament.Wins = []int{10, 0} }), Damaged, "tournament"},
		{"wrong starter", resign(t, good, func(p *payload) { p.Tournament.Starter = 0 }), Damaged, "start"},
		{"more wins than games", resign(t, good, func(p *payload) { p.Tournament.Games = 2 }), Damaged, "games"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := DecodeGame(tc.data)
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, %v; want a *LoadError", g, err)
			}
			if le.Problem != tc.want || !strings.Contains(le.Msg, tc.msg) {
				t.Errorf("got %s %q, want %s with %q", le.Problem, le.Msg, tc.want, tc.msg)
			}
		})
	}
	// Every truncation is refused, never accepted and never a panic.
	for n := 0; n < len(good)-2; n++ {
		if _, err := DecodeGame(good[:n]); err == nil {
			t.Fatalf("truncated to %d bytes, accepted", n)
		}
	}
}

// FuzzDecodeGame: no input panics; anything accepted is a legal game that
// encodes and decodes back to itself.
func FuzzDecodeGame(f *testing.F) {
	g1, _ := EncodeGame(sampleGame(f, false))
	g2, _ := EncodeGame(sampleGame(f, true))
	f.Add(g1)
	f.Add(g2)
	f.Add([]byte(`{"format":"shiftago-save","version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeGame(data)
		if err != nil {
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("error %T is not a *LoadError", err)
			}
			return
		}
		pos, err := g.Record.Final()
		if err != nil {
			t.Fatalf("accepted a game that does not replay: %v", err)
		}
		for _, m := range g.Redo {
			if err := pos.Play(m, nil); err != nil {
				t.Fatalf("accepted an illegal redo: %v", err)
			}
		}
		b, err := EncodeGame(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeGame(b)
		if err != nil {
			t.Fatalf("own encoding refused: %v", err)
		}
		if !reflect.DeepEqual(g, back) {
			t.Fatalf("round trip differs")
		}
	})
}

func TestMemoryStore(t *testing.T) {
	var m Memory
	m.Write("game", []byte("a"))
	m.Write("game", []byte("b"))
	if b, _ := m.ReadBackup("game"); string(b) != "a" {
		t.Fatalf("backup %q", b)
	}
	if _, err := m.PutAside("game"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Read("game"); !IsNotExist(err) {
		t.Fatal("still there")
	}
}
