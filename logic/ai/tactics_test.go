package ai

import (
	"flag"
	"testing"

	"shiftago/logic"
	"shiftago/logic/race"
)

var fullLevels = flag.Bool("fulllevels", false, "run the tactical suite at every level's full node budget")

// tactics is the tactical suite: positions from seeded random games (see
// TestGenerateTactics) for every variant and player count, each with one
// of three tasks:
//
//	win:   a win in one exists and must be taken (RULES.md §4, §5)
//	ten:   in Expert/Extreme, a scoring move reaches 10 points (§5)
//	block: the next player threatens a win in one, and some move stops it
var tactics = []struct{ kind, pos string }{
	// Express, 2 players: a line of 5 wins (§4).
	{"win", "googggg/og3oo/g4og/7/g3g2/go2ogo/ooooggo express og o 8,8 0,0 0,0"},
	{"win", "ggggoog/oo3oo/5gg/5go/o6/g5o/goo2og express og g 10,11 0,0 0,0"},
	{"block", "ogo1ogg/ggo1ggo/o4og/oog2oo/og3og/o5o/g2g2g express og g 7,8 0,0 0,0"},
	{"block", "ogoogoo/ggo2oo/oog3o/2g3g/g6/o2g2o/ggogogg express og g 7,8 0,0 0,0"},
	// Express, 3 and 4 players: a line of 4 wins (§4).
	{"win", "obggobo/ggbgobo/o1obobg/5gg/og4b/b4gb/bo1g1bo express ogb o 11,11,11 0,0,0 0,0,0"},
	{"win", "gggbobb/g3ooo/o6/o6/5g1/5bg/bbg1boo express ogb g 14,15,15 0,0,0 0,0,0"},
	{"block", "go3ob/6g/g5b/6b/7/7/4o1o express ogb g 18,19,19 0,0,0 0,0,0"},
	{"block", "ggo2bb/ob5/6g/g6/b2g2o/g2bo2/o1oobg1 express ogb b 15,15,16 0,0,0 0,0,0"},
	{"block", "gob1gbo/gb2b1w/1o2oow/7/1g4b/gb1w2o/ogwww1g express ogbw b 15,15,16,16 0,0,0,0 0,0,0,0"},
	{"win", "1gw2gw/b4w1/w3wgo/bg2wbo/go3oo/o1obbob/ggwbgbw express ogbw o 14,14,14,14 0,0,0,0 0,0,0,0"},
	{"win", "wgogwgo/1wbowbw/g1go1ww/ggbgwgb/2bb1wo/bboogbo/bowgobo express ogbw w 11,11,11,12 0,0,0,0 0,0,0,0"},
	{"block", "gb1oogb/ww1w1og/b2o2o/o6/wb4w/g3g1g/bb2gow express ogbw b 15,15,16,16 0,0,0,0 0,0,0,0"},
	// Expert, 2 players (§5).
	{"block", "gggoogo/1ooog1g/oog1ooo/1og2gg/1ggg1go/1gogg1g/oggoogo expert og g 4,1 4,0 0,0"},
	{"win", "ooggggo/og1g1go/g2o3/o5g/og3o1/o2o1gg/oogoogg expert og o 7,7 0,0 0,0"},
	{"win", "gggoggo/gogoogo/g1o3o/ooo1ooo/ogg1ggg/go2o1g/ogggogo expert og o 2,2 0,0 0,0"},
	{"ten", "goggggo/1ogoogg/3ooo1/1o2og1/goo1oo1/oog3g/oooggoo expert og g 1,8 0,6 0,0"},
	{"block", "ogooogg/ggooogo/o3goo/o2o2o/ggooggo/g1ggg1g/oogogog expert og o 1,3 0,2 0,0"},
	// Expert, 3 and 4 players (§5).
	{"win", "bbob1ob/ggog2g/goboo2/g2g1oo/gb1b3/oob1obb/gobobob expert ogb g 8,13,9 0,4,0 0,0,0"},
	{"ten", "gbo4/goobboo/bgbbggb/1g1bbgb/1b1ggog/1ggbogg/goobooo expert ogb o 10,7,9 5,0,2 0,0,0"},
	{"win", "gbggogb/bgbbooo/b1g1g2/oo1ggg1/bgbbgo1/bobbbg1/googbob expert ogb g 11,7,7 7,0,0 0,0,0"},
	{"ten", "bbgbbgg/gbo1bgb/goob1oo/ggooo1b/oob4/ggo1bbo/gbgboob expert ogb g 8,10,7 2,5,0 0,0,0"},
	{"block", "ogogboo/1bboo1b/2g2og/3g2g/oo2b1b/ogoob1o/1b1gbgo expert ogb g 8,13,13 0,4,8 0,0,0"},
	{"block", "g1og1bg/b1gbogo/ob2bbg/1o2ogo/1ggg1b1/bgob3/bbbobo1 expert ogb o 12,11,9 7,8,2 0,0,0"},
	{"ten", "ggogwbo/wwwbboo/gg2b1o/bo3ww/wo5/wbob3/bo1b1wo expert ogbw g 12,17,13,13 0,8,0,0 0,0,0,0"},
	{"ten", "gbowooo/wbggw2/owg2gb/1bb1og1/1gb2gb/wwwowwg/gwgobwb expert ogbw o 14,11,13,11 5,0,2,0 0,0,0,0"},
	{"block", "gwbgwwb/ooogboo/1o1g1wg/5o1/obbg1ob/gbogwb1/1w2wbb expert ogbw o 12,14,12,15 0,2,0,5 0,0,0,0"},
	// Extreme, 2 players (§6).
	{"win", "ooogooo/googgoo/gogo1og/g5o/o2oggg/go1ogog/oggoggg extreme og o 1,3 0,0 0,0"},
	{"win", "3g1o1/g6/o3oog/g5g/7/ggg3g/ooogooo extreme og o 12,12 0,0 0,0"},
	{"ten", "ggoog1g/og2goo/ooo4/goo2oo/o2ggoo/googo1o/ogggogg extreme og g 1,6 0,5 0,0"},
	{"ten", "ogogogg/oooggog/gg1oo1g/o2o1oo/o2o2g/g2g2g/oggoo1o extreme og g 3,6 0,5 0,0"},
	{"block", "googogg/1og4/ooo1g1o/2g1ggo/oogg2o/1o1o1og/oo1g1og extreme og g 4,8 0,0 0,0"},
	{"block", "g1ogooo/o1o2gg/ggg1ogo/ooo1ooo/ggo1ggo/ggo1gog/o1go1go extreme og g 1,4 0,2 0,0"},
	// Extreme, 3 and 4 players (§6).
	{"ten", "ggbbobb/b4o1/o2gb1g/go1g1go/1bgb2g/1boggbo/o1ogoob extreme ogb b 11,10,11 0,2,5 0,0,0"},
	{"ten", "g2obg1/4gob/ob2bob/1b1o2g/g1obo1o/b1g2go/ggb2ob extreme ogb o 12,13,12 9,2,4 0,0,0"},
	{"win", "gg4o/obg4/2ogob1/g3bgg/gg3gb/oo4g/bo3o1 extreme ogb g 14,11,17 4,4,6 0,0,0"},
	{"win", "gogbbob/boooogo/b3gob/oo1bbgb/gog3o/bb1g1go/ogo2bg extreme ogb o 7,11,10 2,6,0 0,0,0"},
	{"block", "o1gb2g/bgob1o1/bobggbb/gg1obob/1oo1b1o/3o1b1/1obgoog extreme ogb g 9,13,10 4,2,8 0,0,0"},
	{"block", "o3b1g/b1goggg/g2bo1b/b5g/1g5/1o1b1gb/ogb3o extreme ogb o 16,12,14 4,8,2 0,0,0"},
	{"ten", "g1wog1b/boogoow/wb1gogb/wb1boob/o4b1/woowgwg/wgbgbwg extreme ogbw o 11,12,12,13 5,0,4,0 0,0,0,0"},
	{"ten", "wggoggo/b1wgwgb/1bogb2/ow1ob1g/gowbw1w/bwbbw1b/oogow1o extreme ogbw b 12,12,12,12 2,2,8,4 0,0,0,0"},
	{"win", "wbo2gb/owwwogg/b1og1ww/bog1gog/bbb1bbo/www1wwg/oog1b1b extreme ogbw b 13,13,11,11 2,0,2,0 0,0,0,0"},
	{"block", "wboogwo/gwgobbg/ogb1gwb/owwowow/gbobgoo/owobgbb/gwgww1w extreme ogbw g 9,11,12,9 0,2,4,2 0,0,0,0"},
	{"block", "bogw1go/wwobgob/bb1bob1/1ggo3/owwgogg/bobwbwb/bggwgob extreme ogbw w 12,11,9,14 8,0,0,7 0,0,0,0"},
}

// TestTactics checks that every level above Beginner takes a win in one
// and stops the next player's win in one (RULES.md §4, §5, §6).
func TestTactics(t *testing.T) {
	race.SkipSlow(t)
	for _, tc := range tactics {
		p, err := logic.ParsePosition(tc.pos)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		// The suite itself must hold what it claims.
		wins := winsNow(&p)
		safe, threatened := blocks(&p)
		switch tc.kind {
		case "win", "ten":
			if len(wins) == 0 {
				t.Fatalf("%s: no win in one here\n%s", tc.kind, p.Diagram())
			}
		case "block":
			if len(wins) > 0 || !threatened || len(safe) == 0 {
				t.Fatalf("block: wins %v, threatened %v, safe %v\n%s", wins, threatened, safe, p.Diagram())
			}
		}
		for lvl := 2; lvl <= MaxLevel; lvl++ {
			cfg := Config{Level: lvl, Seed: 42}
			if !*fullLevels && levels[lvl].nodes > 40000 {
				cfg.MaxNodes = 40000 // the tactics are taken before the search
			}
			m := Think(p, cfg)
			q := p
			if err := q.Play(m, nil); err != nil {
				t.Fatalf("level %d plays illegal %s: %v\n%s", lvl, m, err, p.Diagram())
			}
			me := p.ToMoveSeat()
			switch tc.kind {
			case "win", "ten":
				if !(q.Over() && q.Result().State == logic.Won && q.SeatOf(q.Result().Winner) == me) {
					t.Errorf("%s: level %d plays %s, not a win in one of %v\n%s", tc.kind, lvl, m, wins, p.Diagram())
				}
			case "block":
				if !q.Over() && q.ToMoveSeat() != me && len(winsNow(&q)) > 0 {
					t.Errorf("block: level %d plays %s, leaving the next player a win; blocks: %v\n%s", lvl, m, safe, p.Diagram())
				}
			}
		}
	}
}
