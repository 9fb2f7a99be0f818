package ai

import (
	"testing"

	"shiftago/logic"
)

// TestReferenceFrozen pins the moves of the single-threaded search as it
// was before parallel search and the book (commit f000b9d), at a small
// budget: the arena's reference player (Reference) must stay that search,
// so that "new Grandmaster against today's" measures something fixed.
func TestReferenceFrozen(t *testing.T) {
	for _, c := range []struct {
		pos  string
		seed uint64
		want string
	}{
		{"ogo3g/1go3g/o6/gg4o/og5/6o/o3gog express og o 13,13 0,0 0,0", 0, "W7"},
		{"1g2b1o/7/6b/o6/bo5/b4gg/5g1 expert ogb g 19,18,18 2,0,0 0,0,0", 1, "W5"},
		{"2b1ggb/7/5og/6w/6o/3wo2/w1ogb1b extreme ogbw w 18,18,18,19 0,0,0,0 0,0,0,0", 2, "Sc"},
		{"go3o1/o4go/g6/gg4o/go5/3g2o/o2oggo express og g 12,13 0,0 0,0", 3, "W6"},
		{"o2o1og/g5g/7/7/b6/o6/b3b1g expert ogb b 18,18,19 0,0,0 0,0,0", 4, "Nb"},
		{"1o5/6o/w6/7/7/7/2gb3 extreme ogbw g 20,21,21,21 0,0,0,0 0,0,0,0", 5, "Sg"},
		{"1g4g/o6/7/7/7/7/4o2 express og o 20,20 0,0 0,0", 6, "Se"},
		{"g1o2g1/5og/b6/g6/6o/o5b/bb1o3 expert ogb g 17,18,18 0,0,0 0,0,0", 7, "Sa"},
		{"gb1og1g/w5o/w6/5ob/6g/6b/o2w2b extreme ogbw w 18,18,18,19 0,0,0,0 0,0,0,0", 8, "W3"},
		{"1go4/1g4o/o6/o6/7/g6/g2o2g express og o 17,17 0,0 0,0", 9, "W2"},
		{"bbg2o1/2o2ob/7/bg5/g6/go5/bo3g1 expert ogb o 17,17,17 0,0,0 0,0,0", 10, "Sd"},
		{"o5g/w6/7/7/7/7/gob4 extreme ogbw b 20,20,21,21 0,0,0,0 0,0,0,0", 11, "Nd"},
	} {
		p, err := logic.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Reference(c.seed)
		cfg.MaxNodes = 60000
		if got := Think(p, cfg).String(); got != c.want {
			t.Errorf("%s seed %d: %s, the reference played %s", c.pos, c.seed, got, c.want)
		}
	}
}
