package proto

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestProtocolDocumentsTheTable: PROTOCOL.md has a row for every command
// and every event of the table, in the right section, and names every
// offer kind, phrase and status; and it documents no type the table
// lacks. A command added to the table without its words fails here.
func TestProtocolDocumentsTheTable(t *testing.T) {
	b, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	cmds, _, ok := strings.Cut(doc[strings.Index(doc, "## WebSocket: commands"):], "## WebSocket: events")
	if !ok {
		t.Fatal("PROTOCOL.md has no commands and events sections")
	}
	evs, _, _ := strings.Cut(doc[strings.Index(doc, "## WebSocket: events"):], "## Refusal codes")
	rows := regexp.MustCompile("(?m)^\\| `([a-z]+)` \\|")
	documented := func(sec string) map[Type]bool {
		m := map[Type]bool{}
		for _, r := range rows.FindAllStringSubmatch(sec, -1) {
			if r[1] != "t" { // the header row
				m[Type(r[1])] = true
			}
		}
		return m
	}
	for dir, sec := range map[Dir]string{Command: cmds, Event: evs} {
		have := documented(sec)
		for _, typ := range Types(dir) {
			if !have[typ] {
				t.Errorf("PROTOCOL.md's %s section has no row for %q", map[Dir]string{Command: "commands", Event: "events"}[dir], typ)
			}
			delete(have, typ)
		}
		for typ := range have {
			t.Errorf("PROTOCOL.md documents %q, which the table does not have (direction %d)", typ, dir)
		}
	}
	var words []string
	words = append(words, OfferKinds...)
	words = append(words, Phrases...)
	words = append(words, string(StatusOpen), string(StatusPlaying), string(StatusFinished), string(StatusAbandoned))
	for _, w := range words {
		if !strings.Contains(doc, "`"+w+"`") {
			t.Errorf("PROTOCOL.md never names `%s`", w)
		}
	}
	if !strings.Contains(doc, "protocol, version "+strconv.Itoa(Version)+"\n") {
		t.Errorf("PROTOCOL.md's title does not carry version %d", Version)
	}
}

// TestTableChecksCommands: every command of the table decodes (in a
// minimal valid form) and every event is refused as a command.
func TestTableChecksCommands(t *testing.T) {
	minimal := map[Type]Msg{
		THello: {V: Version, Token: "t", Game: "g"},
		TMove:  {Ply: 1, ID: "a", Move: "Nd"},
		TOffer: {Kind: OfferDraw}, TDecline: {Kind: OfferDraw},
		TSay: {Phrase: Phrases[0]},
	}
	for _, s := range specs {
		m := minimal[s.T]
		m.T = s.T
		_, err := Decode(Encode(m))
		if (err == nil) != (s.Dir == Command) {
			t.Errorf("%s (direction %d) as a command: %v", s.T, s.Dir, err)
		}
	}
	for _, bad := range []string{
		`{"t":"say","ply":0,"phrase":"you are bad"}`,
		`{"t":"say","ply":0}`,
		`{"t":"ping","ply":0,"phrase":"hello"}`,
		`{"t":"offer","ply":0,"kind":"surrender"}`,
	} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
}
