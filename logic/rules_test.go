package logic

import (
	"strings"
	"testing"
)

// ruleCase plays moves from a position and checks what follows. The name
// cites the section of RULES.md the case checks.
type ruleCase struct {
	name    string
	pos     string   // RULES.md §10 position string
	moves   []string // played in order
	wantErr string   // if set, the last move must be refused with an error containing this
	want    string   // position string after the moves ("" to skip)
	result  string   // "ongoing", "win o", "draw" ("" to skip)
	nMoves  int      // number of legal moves after the moves (0 to skip, noMoves for none)
	has     []string // moves that must be legal after the moves
	hasNot  []string // moves that must not be legal after the moves
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParsePosition(c.pos)
			if err != nil {
				t.Fatalf("parse %q: %v", c.pos, err)
			}
			for i, m := range c.moves {
				before := p
				err := p.PlayString(m, nil)
				last := i == len(c.moves)-1
				if last && c.wantErr != "" {
					if err == nil || !strings.Contains(err.Error(), c.wantErr) {
						t.Fatalf("move %s: error %v, want one containing %q\n%s", m, err, c.wantErr, before.Diagram())
					}
					if p != before {
						t.Fatalf("refused move %s changed the position\n%s", m, p.Diagram())
					}
					return
				}
				if err != nil {
					t.Fatalf("move %d %s: %v\n%s", i+1, m, err, before.Diagram())
				}
			}
			if c.want != "" && p.String() != c.want {
				t.Errorf("after %v:\n got %s\nwant %s\n%s", c.moves, p.String(), c.want, p.Diagram())
			}
			if c.result != "" && p.Result().String() != c.result {
				t.Errorf("result %s, want %s\n%s", p.Result(), c.result, p.Diagram())
			}
			legal := map[string]bool{}
			for _, m := range p.Moves(nil) {
				legal[m.String()] = true
			}
			want := c.nMoves
			if want == noMoves {
				want = 0
			}
			if c.nMoves != 0 && len(legal) != want {
				t.Errorf("%d legal moves, want %d: %v\n%s", len(legal), want, keys(legal), p.Diagram())
			}
			for _, m := range c.has {
				if !legal[m] {
					t.Errorf("%s should be legal; legal: %v\n%s", m, keys(legal), p.Diagram())
				}
			}
			for _, m := range c.hasNot {
				if legal[m] {
					t.Errorf("%s should not be legal\n%s", m, p.Diagram())
				}
			}
		})
	}
}

// noMoves asks a ruleCase to check that no move is legal.
const noMoves = -1

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

const (
	// A 2-player board with one empty cell (a1) and 21 orange, 22 green
	// marbles and no line of five: orange's last marble fills a1.
	almostOut2 = "gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/1ogggoo"
	// A 3-player board with only a1 empty and no line of four.
	almostFull3 = "oobggbb/ogbgbbb/boboggg/oggogoo/ggbobbb/oogbgbb/1ggbgbb"
)

func TestRulesInsertion(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "§2 a marble lands on the empty entry cell and rolls no further",
			pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", moves: []string{"W4"},
			want: "7/7/7/o6/7/7/7 express og g 21,22 0,0 0,0", result: "ongoing", nMoves: 28},
		{name: "§2 the contiguous run from the entry cell moves one cell on; the gap stops it",
			pos: "7/7/7/og1w3/7/7/7 express ogbw g 21,21,22,21 0,0,0,0 0,0,0,0", moves: []string{"W4"},
			want: "7/7/7/gogw3/7/7/7 express ogbw b 21,20,22,21 0,0,0,0 0,0,0,0", nMoves: 28},
		{name: "§2 pushing from the east moves leftward",
			pos: "7/7/7/7/7/7/5og express og o 21,21 0,0 0,0", moves: []string{"E1"},
			want: "7/7/7/7/7/7/4ogo express og g 20,21 0,0 0,0"},
		{name: "§2 pushing from the north moves downward",
			pos: "3o3/3g3/7/7/7/7/7 express og o 21,21 0,0 0,0", moves: []string{"Nd"},
			want: "3o3/3o3/3g3/7/7/7/7 express og g 20,21 0,0 0,0"},
		{name: "§2 pushing from the south moves upward",
			pos: "7/7/7/7/7/g6/o6 express og g 21,21 0,0 0,0", moves: []string{"Sa"},
			want: "7/7/7/7/g6/o6/g6 express og o 21,20 0,0 0,0"},
		{name: "§2 a full track refuses: marbles never leave the board",
			pos: "7/7/7/ogogogo/7/7/7 express og g 18,19 0,0 0,0", moves: []string{"W4"},
			wantErr: "full"},
		{name: "§2 a full track refuses from the other side too",
			pos: "7/7/7/ogogogo/7/7/7 express og g 18,19 0,0 0,0", nMoves: 26,
			hasNot: []string{"W4", "E4"}, has: []string{"Na", "W3", "W5"}},
		{name: "§2 corner cells: Na and W7 are two moves onto a7",
			pos: "7/7/7/7/7/7/7 expert ogb o 22,22,22 0,0,0 0,0,0", nMoves: 28,
			has: []string{"Na", "W7", "Ng", "E7", "Sa", "W1", "Sg", "E1"}},
		{name: "§2 corner moves differ once the corner is taken",
			pos: "o6/7/7/7/7/7/7 express og g 21,22 0,0 0,0", moves: []string{"Na"},
			want: "g6/o6/7/7/7/7/7 express og o 21,21 0,0 0,0"},
		{name: "§2 corner moves differ once the corner is taken (the other track)",
			pos: "o6/7/7/7/7/7/7 express og g 21,22 0,0 0,0", moves: []string{"W7"},
			want: "go5/7/7/7/7/7/7 express og o 21,21 0,0 0,0"},
		{name: "§2 an unknown entry point is refused",
			pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", moves: []string{"W8"}, wantErr: "not an entry point"},
		{name: "§2 single colour: a second lone marble may not touch the first",
			pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 0,2", moves: []string{"W4", "W5"}, wantErr: "single colour"},
		{name: "§2 single colour: the push counts too (W4 again makes a4-b4)",
			pos: "7/7/7/o6/7/7/7 express og o 21,22 0,0 0,1", nMoves: 25,
			hasNot: []string{"W3", "W4", "W5"}, has: []string{"Na", "Sa", "E4", "Nb", "Sb"}},
		{name: "§2 single colour: diagonal neighbours are allowed",
			pos: "7/7/7/o6/7/7/7 express og o 21,22 0,0 0,1", moves: []string{"Nb", "Sb"},
			want: "1o5/7/7/o6/7/7/1o5 express og g 19,22 0,0 0,0"},
		{name: "§2 single colour: no limit once two colours are on the board",
			pos: "6g/7/7/o6/7/7/7 express og o 21,21 0,0 0,0", nMoves: 28},
		{name: "§11.2 §2 §6 single colour is checked right after the insertion, before the scored line is removed",
			// Sb and W1 make a1-b1-c1, a 0-point line of three that would be
			// scored leaving one marble: legal if the rule were checked
			// after the removal, illegal as ruled.
			pos: "7/7/7/7/7/7/o1o4 extreme ogb o 20,22,22 0,0,0 0,0,0", nMoves: 22,
			hasNot: []string{"Sb", "Sbxa1-c1=a1", "Sbxa1-c1=c1", "W1", "W1xa1-c1=a1", "W1xa1-c1=c1", "Sa", "Sc", "Sd", "W2"},
			has:    []string{"E1", "Nb", "W3"}},
		{name: "§11.2 §2 §6 ... so the scoring move is refused as a single-colour breach",
			pos: "7/7/7/7/7/7/o1o4 extreme ogb o 20,22,22 0,0,0 0,0,0", moves: []string{"Sbxa1-c1=c1"}, wantErr: "single colour"},
		{name: "§2 a player with no marble left cannot insert: the game ends",
			pos: almostOut2 + " express og o 1,0 0,0 0,0", moves: []string{"W1"},
			want: "gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/oogggoo express og - 0,0 0,0 0,0", result: "draw", nMoves: noMoves},
	})
}

func TestRulesExpress(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "§4 a line of five wins for the mover (2 players)",
			pos: "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", moves: []string{"W4"},
			want: "5g1/7/7/ooooo2/7/7/7 express og -o 17,21 0,0 0,0", result: "win o", nMoves: noMoves},
		{name: "§4 a line of four does not win with 2 players",
			pos: "5g1/7/7/1ooo3/7/7/7 express og o 19,21 0,0 0,0", moves: []string{"W4"}, result: "ongoing"},
		{name: "§4 a line of four wins with 3 players",
			pos: "5g1/7/7/1ooo3/7/7/7 express ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"W4"}, result: "win o"},
		{name: "§3 §4 a line longer than needed wins too",
			pos: "5g1/7/7/1oooooo/7/7/7 express og o 16,21 0,0 0,0", moves: []string{"W4"}, result: "win o"},
		{name: "§4 a diagonal line wins",
			pos: "7/7/3o3/2o4/1o5/7/6g express ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"W2"}, result: "win o"},
		{name: "§4 an anti-diagonal line wins",
			pos: "7/7/3o3/4o2/5o1/7/g6 express ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"E2"}, result: "win o"},
		{name: "§4 a line pushed together for another player does not win for the mover",
			pos: "5o1/7/3g3/ggg4/3g3/3g3/3g3 express og o 21,15 0,0 0,0", moves: []string{"W4"},
			want: "5o1/7/3g3/oggg3/3g3/3g3/3g3 express og g 20,15 0,0 0,0", result: "ongoing"},
		{name: "§4 Express example 2: the line orange makes for green wins on green's own turn",
			pos: "7/7/7/ggg1g2/3b3/3b3/3o3 express obg o 21,20,18 0,0,0 0,0,0", moves: []string{"W4", "Ng", "Na"},
			result: "win g"},
		{name: "§4 Express example 2: blue breaks green's line, so green does not win",
			pos: "7/7/7/ggg1g2/3b3/3b3/3o3 express obg o 21,20,18 0,0,0 0,0,0", moves: []string{"W4", "Sd", "Na"},
			want: "g6/7/3g3/oggbg2/3b3/3o3/3b3 express obg o 20,19,17 0,0,0 0,0,0", result: "ongoing"},
		{name: "§4 Express example 1: the mover wins even if another colour has a longer line",
			pos: "7/wwwww2/7/1bbb3/7/7/7 express ogbw b 22,22,19,17 0,0,0,0 0,0,0,0", moves: []string{"W4"},
			result: "win b"},
		{name: "§4 the board full: the next player has no insertion and the game is drawn",
			pos: almostFull3 + " express ogb o 10,5,3 0,0,0 0,0,0", moves: []string{"Sa"},
			result: "draw", nMoves: noMoves},
		{name: "§4 Express positions score nothing: a scoring suffix is refused",
			pos: "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", moves: []string{"W4xa4-e4"}, wantErr: "Express scores no lines"},
	})
}

func TestRulesExpert(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "§5 2 players: a line of five must be scored; both ends stay; 2 points; extra turn",
			pos: "5g1/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", moves: []string{"W4xa4-e4"},
			want: "5g1/7/7/o3o2/7/7/7 expert og o 20,21 2,0 0,0", result: "ongoing"},
		{name: "§5 the scoring choice cannot be left out",
			pos: "5g1/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", moves: []string{"W4"}, wantErr: "must be scored"},
		{name: "§5 the ends may be written in either order",
			pos: "5g1/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", moves: []string{"W4xe4-a4"},
			want: "5g1/7/7/o3o2/7/7/7 expert og o 20,21 2,0 0,0"},
		{name: "§5 a line of four scores nothing with 2 players in Expert",
			pos: "5g1/7/7/1ooo3/7/7/7 expert og o 19,21 0,0 0,0", moves: []string{"W4"},
			want: "5g1/7/7/oooo3/7/7/7 expert og g 18,21 0,0 0,0"},
		{name: "§3 §5 a line of six scores as six (5 points), never as five",
			pos: "5g1/7/7/1ooooo1/7/7/7 expert og o 17,21 0,0 0,0", moves: []string{"W4xa4-f4"},
			want: "5g1/7/7/o4o1/7/7/7 expert og o 20,21 5,0 0,0"},
		{name: "§5 a line of six offers no five-long part",
			pos: "5g1/7/7/1ooooo1/7/7/7 expert og o 17,21 0,0 0,0", moves: []string{"W4xa4-e4"}, wantErr: "not a scoring line"},
		{name: "§5 a line of seven scores 10 and wins at once",
			pos: "5g1/7/7/1oooooo/7/7/7 expert og o 16,21 0,0 0,0", moves: []string{"W4xa4-g4"},
			want: "5g1/7/7/o5o/7/7/7 expert og -o 20,21 10,0 0,0", result: "win o"},
		{name: "§5 3 players: all but one end go; the kept end is chosen",
			pos: "5g1/7/7/1ooo3/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-d4=d4"},
			want: "5g1/7/7/3o3/7/7/7 expert ogb o 21,21,22 2,0,0 0,0,0"},
		{name: "§5 3 players: keeping the other end",
			pos: "5g1/7/7/1ooo3/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-d4=a4"},
			want: "5g1/7/7/o6/7/7/7 expert ogb o 21,21,22 2,0,0 0,0,0"},
		{name: "§5 3 players: the kept end must be said",
			pos: "5g1/7/7/1ooo3/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-d4"}, wantErr: "say which end"},
		{name: "§5 3 players: a kept end that is no end is refused",
			pos: "5g1/7/7/1ooo3/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-d4=b4"}, wantErr: "not an end"},
		{name: "§5 2 players: no kept end may be named",
			pos: "5g1/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", moves: []string{"W4xa4-e4=a4"}, wantErr: "both ends stay"},
		{name: "§5 two lines: one move per line and kept end (W4 and Sa both make both lines)",
			pos: "5g1/7/7/1ooo3/o6/o6/o6 expert ogb o 16,21,22 0,0,0 0,0,0", nMoves: 34,
			has: []string{"W4xa4-d4=a4", "W4xa4-d4=d4", "W4xa1-a4=a1", "W4xa1-a4=a4", "Saxa1-a4=a1", "Saxa4-d4=d4"}, hasNot: []string{"W4", "Sa"}},
		{name: "§5 after scoring one of two lines, the other is not scored until the next insertion",
			pos: "5g1/7/7/1ooo3/o6/o6/o6 expert ogb o 16,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-d4=d4"},
			want: "5g1/7/7/3o3/o6/o6/o6 expert ogb o 18,21,22 2,0,0 0,0,0"},
		{name: "§5 a line another player pushed together must be scored on the owner's next insertion",
			pos: "5o1/7/3g3/ggg4/3g3/3g3/3g3 expert og o 21,15 0,0 0,0", moves: []string{"W4", "Ng"},
			wantErr: "must be scored"},
		{name: "§5 ... and scoring it removes the middle and gives an extra turn",
			pos: "5o1/7/3g3/ggg4/3g3/3g3/3g3 expert og o 21,15 0,0 0,0", moves: []string{"W4", "Ngxd1-d5"},
			want: "5og/7/3g3/ogg4/7/7/3g3 expert og g 20,17 0,2 0,0"},
		{name: "§5 reaching 10 points wins at once",
			pos: "5g1/7/7/1oooo2/7/7/7 expert og o 18,21 8,9 0,0", moves: []string{"W4xa4-e4"},
			result: "win o", want: "5g1/7/7/o3o2/7/7/7 expert og -o 20,21 10,9 0,0"},
		{name: "§5 end by the board full: the most points win",
			pos: almostFull3 + " expert ogb o 10,5,3 3,4,2 0,0,0", moves: []string{"W1"}, result: "win g",
			want: "oobggbb/ogbgbbb/boboggg/oggogoo/ggbobbb/oogbgbb/oggbgbb expert ogb -g 9,5,3 3,4,2 0,0,0"},
		{name: "§5 end by the board full: a shared top score is a draw",
			pos: almostFull3 + " expert ogb o 10,5,3 4,4,2 0,0,0", moves: []string{"W1"}, result: "draw",
			want: "oobggbb/ogbgbbb/boboggg/oggogoo/ggbobbb/oogbgbb/oggbgbb expert ogb - 9,5,3 4,4,2 0,0,0"},
		{name: "§5 end by no marble left: the most points win",
			pos: almostOut2 + " expert og o 1,0 2,0 0,0", moves: []string{"W1"}, result: "win o",
			want: "gogoogg/ooggoog/g1ogoog/g1oo1oo/1ogoggg/goo1ggg/oogggoo expert og -o 0,0 2,0 0,0"},
	})
}

func TestRulesExtreme(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "§6 2 players: a line of four scores 0 but must be scored, and the mover goes again",
			pos: "5g1/7/7/1ooo3/7/7/7 extreme og o 19,21 0,0 0,0", moves: []string{"W4xa4-d4"},
			want: "5g1/7/7/o2o3/7/7/7 extreme og o 20,21 0,0 0,0"},
		{name: "§6 2 players: a line of five scores 2",
			pos: "5g1/7/7/1oooo2/7/7/7 extreme og o 18,21 0,0 0,0", moves: []string{"W4xa4-e4"},
			want: "5g1/7/7/o3o2/7/7/7 extreme og o 20,21 2,0 0,0"},
		{name: "§6 3 players: a line of three scores 0",
			pos: "5g1/7/7/1oo4/7/7/7 extreme ogb o 20,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-c4=c4"},
			want: "5g1/7/7/2o4/7/7/7 extreme ogb o 21,21,22 0,0,0 0,0,0"},
		{name: "§6 3 players: scores 2/5/8/10 for 4/5/6/7",
			pos: "5g1/7/7/1oooooo/7/7/7 extreme ogb o 16,21,22 0,0,0 0,0,0", moves: []string{"W4xa4-g4=a4"}, result: "win o"},
		{name: "§6 the Extreme example: an opponent forces a 0-point line on you",
			pos: "5g1/7/7/oo1o3/7/7/7 extreme ogb b 19,21,22 0,0,0 0,0,0", moves: []string{"W4", "Sg"},
			wantErr: "must be scored"},
		{name: "§6 the forced line is scored whole",
			pos: "5g1/7/7/oo1o3/7/7/7 extreme ogb b 19,21,22 0,0,0 0,0,0", moves: []string{"W4", "Sgxb4-c4"},
			wantErr: "not a scoring line"},
		{name: "§6 the forced line is scored for 0 and the mover inserts again",
			pos: "5g1/7/7/oo1o3/7/7/7 extreme ogb b 19,21,22 0,0,0 0,0,0", moves: []string{"W4", "Sgxb4-d4=d4"},
			want: "5g1/7/7/b2o3/7/7/6o extreme ogb o 20,21,21 0,0,0 0,0,0"},
	})
}

func TestRulesSitOuts(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "§7 a starter who sits out passes at once",
			pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 2,0", nMoves: 28,
			want: "7/7/7/7/7/7/7 express og g 22,22 0,0 1,0"},
		{name: "§7 each time his turn comes he passes until the count is used",
			pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 2,0", moves: []string{"W1", "W3"},
			want: "7/7/7/7/g6/7/g6 express og o 22,20 0,0 0,0"},
		{name: "§7 a sit-out keeps the supply at 22; the others play in order",
			pos: "7/7/7/7/7/7/7 express ogb o 22,22,22 0,0,0 0,1,0", moves: []string{"W1", "W3"},
			want: "7/7/7/7/b6/7/o6 express ogb o 21,22,21 0,0,0 0,0,0"},
		{name: "§11.3 §7 a side to move that still sits out is normalised on reading",
			pos: "7/7/7/o6/7/7/7 express ogb g 21,22,22 0,0,0 0,2,1", nMoves: 25,
			want: "7/7/7/o6/7/7/7 express ogb o 21,22,22 0,0,0 0,1,0"},
		{name: "§2 §7 while one player plays alone the single-colour rule holds",
			pos: "7/7/7/7/7/7/7 express og o 22,22 0,0 3,0", moves: []string{"W1", "W2"}, wantErr: "single colour"},
	})
}
