package proto

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeCommands(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"hello with token", `{"t":"hello","v":1,"token":"abc","game":"g1","ply":3}`, true},
		{"hello spectator", `{"t":"hello","v":1,"watch":"CODE","ply":0}`, true},
		{"hello without version", `{"t":"hello","token":"abc","game":"g1","ply":0}`, false},
		{"hello with token and watch", `{"t":"hello","v":1,"token":"a","watch":"b","game":"g","ply":0}`, false},
		{"hello token without game", `{"t":"hello","v":1,"token":"a","ply":0}`, false},
		{"move", `{"t":"move","ply":4,"id":"m1","move":"N3"}`, true},
		{"move without id", `{"t":"move","ply":4,"move":"N3"}`, false},
		{"move too long", `{"t":"move","ply":4,"id":"x","move":"N3xc4-g4=g4xxxxxxxxx"}`, false},
		{"negative ply", `{"t":"move","ply":-1,"id":"m","move":"N3"}`, false},
		{"ply beyond any game", `{"t":"move","ply":100001,"id":"m","move":"N3"}`, false},
		{"seat out of range", `{"t":"resign","ply":0,"seat":4}`, false},
		{"offer takeback", `{"t":"offer","ply":2,"kind":"takeback"}`, true},
		{"offer of nothing", `{"t":"offer","ply":2,"kind":"surrender"}`, false},
		{"unknown type", `{"t":"moved","ply":2,"move":"N3"}`, false},
		{"event field in command", `{"t":"move","ply":2,"id":"a","move":"N3","pos":"x"}`, false},
		{"unknown field", `{"t":"ping","ply":0,"evil":1}`, false},
		{"two values", `{"t":"ping","ply":0}{"t":"ping","ply":0}`, false},
		{"not json", `hello`, false},
		{"array", `[1,2]`, false},
		{"wrong type of ply", `{"t":"ping","ply":"3"}`, false},
		{"not utf-8", "{\"t\":\"ping\",\"ply\":0,\"id\":\"\xff\"}", false},
		{"long id", `{"t":"move","ply":1,"move":"N3","id":"` + strings.Repeat("a", MaxIDLen+1) + `"}`, false},
	} {
		m, err := Decode([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%s: Decode(%q) error %v, want ok=%v", tc.name, tc.in, err, tc.ok)
		}
		if err != nil && (!errors.Is(err, ErrBad) || m.T != "") {
			t.Errorf("%s: a refused frame gives %v and %+v, want ErrBad and the zero Msg", tc.name, err, m)
		}
	}
	if _, err := Decode(make([]byte, MaxFrame+1)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("an oversized frame: %v, want ErrTooLarge", err)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, m := range []Msg{
		{T: TMove, Ply: 7, ID: "abc", Move: "Wdxc4-g4=g4", Seat: 2},
		{T: THello, V: Version, Token: "t", Game: "g", Ply: 12},
		{T: TOffer, Ply: 3, Kind: OfferRematch},
	} {
		got, err := Decode(Encode(m))
		if err != nil {
			t.Fatalf("%+v: %v", m, err)
		}
		if got.T != m.T || got.Ply != m.Ply || got.ID != m.ID || got.Move != m.Move || got.Seat != m.Seat || got.Token != m.Token || got.Kind != m.Kind {
			t.Errorf("round trip of %+v gave %+v", m, got)
		}
	}
	ev := Msg{T: TState, Ply: 3, From: 1, Pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", Moves: []string{"N3", "E4"},
		Table: []SeatInfo{{Seat: 0, Color: "o", Kind: SeatHuman, Name: "Ann", Connected: true}}}
	got, err := DecodeEvent(Encode(ev))
	if err != nil || got.Pos != ev.Pos || len(got.Moves) != 2 || got.Table[0].Name != "Ann" {
		t.Fatalf("event round trip: %+v, %v", got, err)
	}
	if _, err := Decode(Encode(ev)); err == nil {
		t.Error("an event was accepted as a command")
	}
}

// FuzzDecode: no frame panics the decoder, and whatever it accepts is a
// command within every limit that encodes and decodes to itself.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello","v":1,"token":"abc","game":"g1","ply":3}`,
		`{"t":"move","ply":4,"id":"m1","move":"N3"}`,
		`{"t":"offer","ply":2,"kind":"takeback"}`,
		`{"t":"resign","ply":0,"seat":1}`,
		`{"t":"ping","ply":0}`,
		`{"t":"state","ply":1,"moves":["N3"]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			if m.T != "" {
				t.Fatalf("refused with a non-zero Msg: %+v", m)
			}
			return
		}
		if sp, ok := SpecOf(m.T); !ok || sp.Dir != Command || m.Ply < 0 || m.Ply > MaxPly || m.Seat < 0 || m.Seat > 3 || len(m.ID) > MaxIDLen || len(m.Token) > MaxTokenLen {
			t.Fatalf("accepted out of limits: %+v", m)
		}
		if m.T == TMove && (m.ID == "" || m.Move == "") {
			t.Fatalf("accepted a move without id or move: %+v", m)
		}
		again, err := Decode(Encode(m))
		if err != nil {
			t.Fatalf("re-encoding %+v is refused: %v", m, err)
		}
		if again.T != m.T || again.Ply != m.Ply || again.ID != m.ID || again.Move != m.Move || again.Token != m.Token {
			t.Fatalf("round trip %+v → %+v", m, again)
		}
		_, _ = DecodeEvent(b) // must not panic either
	})
}
