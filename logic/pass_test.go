package logic

import "testing"

// TestPassTo: the turn moves without a marble, the hash stays exact, and
// the hand-over rules (§7 sit-outs, §4/§9 the end) still apply.
func TestPassTo(t *testing.T) {
	cases := []struct {
		name, pos string
		seat      int
		want      string
	}{
		{"to a later seat", "7/7/7/3o3/7/7/7 express ogbw g 21,22,22,22 0,0,0,0 0,0,0,0", 3,
			"7/7/7/3o3/7/7/7 express ogbw w 21,22,22,22 0,0,0,0 0,0,0,0"},
		{"to an earlier seat", "7/7/7/3o3/7/7/7 expert ogb b 21,22,22 0,0,0 0,0,0", 0,
			"7/7/7/3o3/7/7/7 expert ogb o 21,22,22 0,0,0 0,0,0"},
		{"§7 a seat that sits out passes on", "7/7/7/3o3/7/7/7 express ogb g 21,22,22 0,0,0 0,0,1", 2,
			"7/7/7/3o3/7/7/7 express ogb o 21,22,22 0,0,0 0,0,0"},
		{"§5 a seat with no marble ends the game", "1bgggo1/oggbg1g/gbggogg/ggbob2/go1ggbb/obobogb/o1ggogg expert ogb o 12,0,12 2,5,0 0,0,0", 1,
			"1bgggo1/oggbg1g/gbggogg/ggbob2/go1ggbb/obobogb/o1ggogg expert ogb -g 12,0,12 2,5,0 0,0,0"},
	}
	for _, c := range cases {
		p, err := ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p.PassTo(c.seat)
		if got := p.String(); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: incremental hash differs from a full one", c.name)
		}
	}
}
