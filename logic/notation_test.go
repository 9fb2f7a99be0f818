package logic

import (
	"strings"
	"testing"
)

func TestParsePositionErrors(t *testing.T) {
	cases := []struct {
		name, pos, want string
	}{
		{"§10 seven fields", "7/7/7/7/7/7/7 express og o 22,22 0,0", "6 fields"},
		{"§10 unknown variant", "7/7/7/7/7/7/7 blitz og o 22,22 0,0 0,0", "unknown variant"},
		{"§10 unknown seat colour", "7/7/7/7/7/7/7 express ox o 22,22 0,0 0,0", `'x' is not a colour`},
		{"§1 one player is not a game", "7/7/7/7/7/7/7 express o o 22 0 0", "2 to 4"},
		{"§1 five players are too many", "7/7/7/7/7/7/7 express ogbwo o 22,22,22,22,22 0,0,0,0,0 0,0,0,0,0", "2 to 4"},
		{"§10 a colour seated twice", "7/7/7/7/7/7/7 express oo o 22,22 0,0 0,0", "seated twice"},
		{"§10 six ranks", "7/7/7/7/7/7 express og o 22,22 0,0 0,0", "6 ranks"},
		{"§10 a short rank", "7/7/7/6/7/7/7 express og o 22,22 0,0 0,0", "rank 4"},
		{"§10 a long rank", "7/7/7/7/7/7/o7 express og o 21,22 0,0 0,0", "rank 1"},
		{"§10 a rank that does not add up", "7/7/7/7/7/7/3o2 express og o 21,22 0,0 0,0", "covers 6 cells"},
		{"§10 a stray character", "7/7/7/7/7/7/3*3 express og o 22,22 0,0 0,0", "unexpected"},
		{"§10 a digit 0", "7/7/7/7/7/7/07 express og o 22,22 0,0 0,0", "unexpected"},
		{"§10 a colour not seated", "7/7/7/7/7/7/3b3 express og o 22,22 0,0 0,0", "blue is not seated"},
		{"§1 more than 22 marbles of a colour", "ooooooo/ggggggg/ooooooo/ggggggg/ooooooo/ggggggg/oo5 express og o 0,1 0,0 0,0", "23 orange"},
		{"§1 supply and board must make 22", "7/7/7/7/7/7/3o3 express og g 22,22 0,0 0,0", "must add up to 22"},
		{"§10 supply not a number", "7/7/7/7/7/7/7 express og o 22,x 0,0 0,0", `"x"`},
		{"§10 too few supplies", "7/7/7/7/7/7/7 express og o 22 0,0 0,0", "want one for each"},
		{"§4 Express keeps no score", "7/7/7/7/7/7/7 express og o 22,22 1,0 0,0", "keeps no score"},
		{"§7 at most 6 turns to sit out", "7/7/7/7/7/7/7 express og o 22,22 0,0 7,0", "0 to 6"},
		{"§10 to-move must be seated", "7/7/7/7/7/7/7 express og b 22,22 0,0 0,0", "seated colour"},
		{"§5 a player on 10 points has ended the game", "7/7/7/7/7/7/7 expert og o 22,22 10,0 0,0", "game is over"},
		{"§5 two players on 10", "7/7/7/7/7/7/7 expert og - 22,22 10,12 0,0", "2 players"},
		{"§5 two players on 10, one of them named", "7/7/7/7/7/7/7 expert og -o 22,22 10,12 0,0", "2 players"},
		{"§10 over but nothing ended it", "7/7/7/7/7/7/7 express og - 22,22 0,0 0,0", "nobody has won"},
		{"§10 §11.1 a named winner must be seated", "ooooo2/7/7/7/7/7/6g express og -b 17,21 0,0 0,0", `to-move: "-b"`},
		{"§10 §11.1 '-' then no colour letter", "ooooo2/7/7/7/7/7/6g express og -x 17,21 0,0 0,0", `to-move: "-x"`},
		{"§10 §11.1 '-' then two letters", "ooooo2/7/7/7/7/7/6g express og -og 17,21 0,0 0,0", `to-move: "-og"`},
		{"§10 §11.1 '--'", "ooooo2/7/7/7/7/7/6g express og -- 17,21 0,0 0,0", `to-move: "--"`},
		{"§11.1 §4 the named winner holds no winning line, another colour does",
			"ooooo2/7/7/7/7/7/6g express og -g 17,21 0,0 0,0", `to-move: "-g": green holds no line of 5`},
		{"§11.1 §4 §9 the named winner holds no winning line: the game was drawn",
			almostOut2 + " express og -o 1,0 0,0 0,0", `to-move: "-o": orange holds no line of 5`},
		{"§11.1 §4 the named winner's line must be long enough for the player count",
			"oooo3/7/7/7/7/7/6g express og -o 18,21 0,0 0,0", `to-move: "-o": orange holds no line of 5`},
		{"§11.1 §5 the scores show another winner",
			"7/7/7/o5o/5g1/7/7 expert og -g 20,21 10,0 0,0", `to-move: "-g": orange has 10 points, so orange won`},
		{"§11.1 §5 a named winner, but the game is not over",
			"7/7/7/o3o2/5g1/7/7 expert og -o 20,21 4,0 0,0", `to-move: "-o": nobody has 10 points and every player can still insert`},
		{"§11.1 §5 §9 the game ended for want of marbles and another player has the top score",
			almostOut2 + " expert og -o 1,0 2,5 0,0", `to-move: "-o": green has the top score`},
		{"§11.1 §5 §9 the game ended for want of marbles and the top score is shared",
			almostOut2 + " expert og -o 1,0 4,4 0,0", `to-move: "-o": the top score of 4 is shared`},
		{"§10 §11.1 a bare '-' with a line another player pushed together: who won is unknown",
			fullLineOfFour + " express ogbw - 9,10,10,10 0,0,0,0 0,0,0,0", "unknown"},
		{"§11.4 §2 one colour side by side never arises", "7/7/7/7/7/7/oo5 express og o 20,22 0,0 0,0", "single-colour"},
		{"§11.4 §2 ... along a file too", "7/7/7/7/7/g6/g6 expert ogb b 22,20,22 0,0,0 0,0,0", "single-colour"},
		{"§11.4 §2 ... even when the string says the game is over", "7/7/7/7/7/7/oo5 express og - 20,22 0,0 0,0", "single-colour"},
		{"§10 §11.1 a bare '-' with two winning lines: who won is unknown", "ooooo2/7/ggggg2/7/7/7/7 express og - 17,17 0,0 0,0", "unknown"},
		{"§10 empty", "", "0 fields"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.pos)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ParsePosition(%q) error %v, want one containing %q", c.name, c.pos, err, c.want)
		}
	}
}

func TestParsePositionRoundTrip(t *testing.T) {
	for _, s := range []string{
		"7/7/7/7/7/7/7 express og o 22,22 0,0 0,0",
		"7/7/7/7/7/7/7 extreme ogbw w 22,22,22,22 0,0,0,0 0,3,0,0",
		"gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/1ogggoo express og o 1,0 0,0 0,0",
		"5g1/7/7/b2o3/7/7/6o extreme ogb o 20,21,21 0,0,0 0,0,0",
		"7/7/7/o3o2/5w1/7/7 expert wo w 21,20 4,9 0,0",
		"7/7/7/o5o/5g1/7/7 expert og -o 20,21 10,0 0,0",
		"ooooo2/7/7/7/7/7/6g express og -o 17,21 0,0 0,0",
		almostOut2 + " express og - 1,0 0,0 0,0",
	} {
		p, err := ParsePosition(s)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", s, err)
			continue
		}
		if got := p.String(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash %x, recomputed %x", s, p.Hash(), p.computeHash())
		}
	}
}

// fullLineOfFour is a full 4-player board on which blue holds a line of
// four (d2-g5) and nobody else one. The game is over, but the board fits
// both a blue win and a draw (the line pushed together on another
// player's turn, then nobody could insert).
const fullLineOfFour = "woowowb/wbgwbog/bowgogb/ggowbbg/wwggboo/wogbobw/bbgoogw"

// TestParsePositionToMove checks the to-move field of a finished game
// (RULES.md §10, §11.1): the winner is named (-o), a draw is '-' alone, and
// a bare '-' for a won game is still read, the winner taken from the board.
func TestParsePositionToMove(t *testing.T) {
	cases := []struct {
		name, pos, want, result string
	}{
		{"§11.1 §4 a won game names its winner",
			"ooooo2/7/7/7/7/7/6g express og -o 17,21 0,0 0,0", "ooooo2/7/7/7/7/7/6g express og -o 17,21 0,0 0,0", "win o"},
		{"§11.1 §4 a bare '-' for a won game: the winner is read from the board and then named",
			"ooooo2/7/7/7/7/7/6g express og - 17,21 0,0 0,0", "ooooo2/7/7/7/7/7/6g express og -o 17,21 0,0 0,0", "win o"},
		{"§11.1 §4 3 players: a line of four wins",
			"oooo3/7/7/7/7/6b/6g express ogb -o 18,21,21 0,0,0 0,0,0", "oooo3/7/7/7/7/6b/6g express ogb -o 18,21,21 0,0,0 0,0,0", "win o"},
		{"§11.1 §5 a bare '-' for a won Expert game: the player on 10 points",
			"7/7/7/o5o/5g1/7/7 expert og - 20,21 10,0 0,0", "7/7/7/o5o/5g1/7/7 expert og -o 20,21 10,0 0,0", "win o"},
		{"§11.1 §4 two winning lines: the named winner says whose insertion made them",
			"ooooo2/7/ggggg2/7/7/7/7 express og -g 17,17 0,0 0,0", "ooooo2/7/ggggg2/7/7/7/7 express og -g 17,17 0,0 0,0", "win g"},
		{"§11.1 §4 a full board and a line: the named winner says it was won",
			fullLineOfFour + " express ogbw -b 9,10,10,10 0,0,0,0 0,0,0,0", fullLineOfFour + " express ogbw -b 9,10,10,10 0,0,0,0 0,0,0,0", "win b"},
		{"§11.1 §4 §9 a draw is written '-' alone",
			almostOut2 + " express og - 1,0 0,0 0,0", almostOut2 + " express og - 1,0 0,0 0,0", "draw"},
		{"§11.1 §5 §9 the game ended for want of marbles: the top score is named",
			almostOut2 + " expert og -g 1,0 2,5 0,0", almostOut2 + " expert og -g 1,0 2,5 0,0", "win g"},
		{"§11.1 §5 §9 ... and a bare '-' reads the top score",
			almostOut2 + " expert og - 1,0 2,5 0,0", almostOut2 + " expert og -g 1,0 2,5 0,0", "win g"},
		{"§11.1 §5 §9 ... a shared top score is a draw, written '-'",
			almostOut2 + " extreme og - 1,0 4,4 0,0", almostOut2 + " extreme og - 1,0 4,4 0,0", "draw"},
	}
	for _, c := range cases {
		p, err := ParsePosition(c.pos)
		if err != nil {
			t.Errorf("%s: ParsePosition(%q): %v", c.name, c.pos, err)
			continue
		}
		if !p.Over() || p.ToMove() != NoColor || len(p.Moves(nil)) != 0 {
			t.Errorf("%s: the game should be over, to move %s", c.name, p.ToMove())
		}
		if got := p.Result().String(); got != c.result {
			t.Errorf("%s: result %s, want %s", c.name, got, c.result)
		}
		if got := p.String(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if q, err := ParsePosition(p.String()); err != nil || q != p {
			t.Errorf("%s: %s does not read back as itself: %v", c.name, p.String(), err)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash %x, recomputed %x", c.name, p.Hash(), p.computeHash())
		}
	}
}

func TestParsePositionNormalises(t *testing.T) {
	cases := []struct {
		name, pos, want, result string
	}{
		{"§11.3 §7 the colour named to move sits out a turn, and so does the next: the third seat moves",
			"7/7/7/7/7/7/7 express ogb o 22,22,22 0,0,0 1,1,0", "7/7/7/7/7/7/7 express ogb b 22,22,22 0,0,0 0,0,0", "ongoing"},
		{"§11.3 §7 every seat sits out once: the turn comes back to the colour named",
			"7/7/7/7/7/7/7 express og o 22,22 0,0 1,1", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "ongoing"},
		{"§11.3 §7 only the side to move is normalised: other seats' sit-outs wait for their turn",
			"7/7/7/7/7/7/7 extreme og g 22,22 0,0 2,0", "7/7/7/7/7/7/7 extreme og g 22,22 0,0 2,0", "ongoing"},
		{"§11.3 §4 §9 after the sit-out the next player has no marble left: a draw in Express",
			almostOut2 + " express og o 1,0 0,0 1,0", almostOut2 + " express og - 1,0 0,0 0,0", "draw"},
		{"§11.3 §5 §9 after the sit-out the next player has no marble left: the top score wins",
			almostOut2 + " expert og o 1,0 2,0 1,0", almostOut2 + " expert og -o 1,0 2,0 0,0", "win o"},
		{"§4 §9 the player to move has no marble left, so the game is drawn",
			almostOut2 + " express og g 1,0 0,0 0,0", almostOut2 + " express og - 1,0 0,0 0,0", "draw"},
	}
	for _, c := range cases {
		p, err := ParsePosition(c.pos)
		if err != nil {
			t.Errorf("%s: ParsePosition(%q): %v", c.name, c.pos, err)
			continue
		}
		if got := p.String(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if got := p.Result().String(); got != c.result {
			t.Errorf("%s: result %s, want %s", c.name, got, c.result)
		}
		if p.Over() != (c.result != "ongoing") || len(p.Moves(nil)) > 0 && p.Over() {
			t.Errorf("%s: Over() = %v with result %s", c.name, p.Over(), p.Result())
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash %x, recomputed %x", c.name, p.Hash(), p.computeHash())
		}
	}
}

func TestMoveNotation(t *testing.T) {
	p, _ := ParsePosition("5g1/7/7/1ooo3/o6/o6/o6 expert ogb o 16,21,22 0,0,0 0,0,0")
	for _, c := range []struct{ in, out string }{
		{"W4xa4-d4=d4", "W4xa4-d4=d4"},
		{"W4xd4-a4=a4", "W4xa4-d4=a4"}, // §5 the ends in either order
		{"W4xa4-a1=a1", "W4xa1-a4=a1"}, // §5 lower rank first on a file
		{"Saxa1-a4=a4", "Saxa1-a4=a4"}, // §2 entering from the south
	} {
		m, err := p.ParseMove(c.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", c.in, err)
			continue
		}
		if m.String() != c.out {
			t.Errorf("ParseMove(%q) = %s, want %s", c.in, m, c.out)
		}
	}
	// §5 the diagonal ends: lower file first.
	q, _ := ParsePosition("7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0")
	l := lineBetween(Sq(0, 6), Sq(4, 2))
	if m := scoringMove(NewEntry(West, 3), l); m.String() != "W4xa7-e3" {
		t.Errorf("anti-diagonal move %s, want W4xa7-e3", m)
	}
	for _, bad := range []string{"", "W", "W0", "Q4", "Nh", "W4x", "W4xa4", "W4xa4-z9", "W4xa4-d4=", "W4xa4-d4=d4x", "W4ya4-d4"} {
		if _, err := q.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	for e := Entry(0); e < NumEntries; e++ {
		back, err := ParseEntry(e.String())
		if err != nil || back != e {
			t.Errorf("entry %d: %s parses as %d, %v", e, e, back, err)
		}
	}
	for r := 0; r < Size; r++ {
		for f := 0; f < Size; f++ {
			s := Sq(f, r)
			if back, err := ParseSquare(s.String()); err != nil || back != s {
				t.Errorf("square %s: %v %v", s, back, err)
			}
		}
	}
}
