// Package puzzle is Shiftago's "find the win" puzzles: positions from
// strong games where the side to move forces a win in two to six of its
// own moves, each proven by the endgame solver (ai.Prover) with a unique
// winning first move. It holds the puzzles that ship with the game
// (puzzles.txt.gz, written by the generator in gen_test.go), their
// format and the puzzle of the day. Their proof (Find, which makes them,
// and Check, which proves each shipped one again) is in prove_test.go:
// the game only reads puzzles, so it ships neither.
//
// Two players only: the solver proves one side against one other, and
// with three or four seats a third player's win is no win of ours.
// Express and Expert puzzles ship; in Expert a scored line gives its
// scorer another move, so a puzzle counts the winner's moves along its
// main line and its proof counts plies.
//
// Window-free: standard library and package logic (and logic/ai for the
// proofs) only.
package puzzle

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"shiftago/logic"
)

// Puzzle is one "find the win" position.
type Puzzle struct {
	// Position is the start, as a position string (RULES.md §10): the
	// variant, the seats and the side to move (the winner) are in it.
	Position string
	// Plies is the proof's depth: the side to move wins within this many
	// plies (both sides' moves), and no fewer.
	Plies int
	// Line is the main line: the winner's unique first move, the
	// defender's longest resistance, and so on to the winning move.
	Line []string
	// Refute answers each wrong first move with the defender's reply
	// after which the win is gone (the position's moves that leave the
	// defender to move; a wrong move after which the game ends or the
	// winner moves again has none).
	Refute map[string]string
	// Difficulty is 1 (easiest) to 5.
	Difficulty int
}

// Moves is the number of the winner's moves along the main line: the N
// of "wins in N".
func (pz *Puzzle) Moves() int {
	p, err := logic.ParsePosition(pz.Position)
	if err != nil {
		return 0
	}
	me, n := p.ToMoveSeat(), 0
	for _, s := range pz.Line {
		if p.ToMoveSeat() == me {
			n++
		}
		if p.PlayString(s, nil) != nil {
			return 0
		}
	}
	return n
}

// Start is the puzzle's position.
func (pz *Puzzle) Start() (logic.Position, error) { return logic.ParsePosition(pz.Position) }

// String is the puzzle as a line of the puzzle file:
//
//	<position>;<plies>;<main line>;<wrong move>:<refutation> ...;<difficulty>
//
// moves separated by spaces, the refutations in the order of the
// position's moves.
func (pz *Puzzle) String() string {
	var sb strings.Builder
	sb.WriteString(pz.Position)
	sb.WriteString(";")
	sb.WriteString(strconv.Itoa(pz.Plies))
	sb.WriteString(";")
	sb.WriteString(strings.Join(pz.Line, " "))
	sb.WriteString(";")
	first := true
	p, err := logic.ParsePosition(pz.Position)
	if err == nil {
		var buf [logic.MaxMoves]logic.Move
		for _, m := range p.Moves(buf[:0]) {
			if r, ok := pz.Refute[m.String()]; ok {
				if !first {
					sb.WriteString(" ")
				}
				first = false
				sb.WriteString(m.String() + ":" + r)
			}
		}
	}
	sb.WriteString(";")
	sb.WriteString(strconv.Itoa(pz.Difficulty))
	return sb.String()
}

// Parse reads a line of the puzzle file (String's format). It refuses a
// line whose position or moves are not legal, so a damaged file is
// caught when read.
func Parse(line string) (Puzzle, error) {
	f := strings.Split(line, ";")
	if len(f) != 5 {
		return Puzzle{}, fmt.Errorf("puzzle %q: %d fields, want 5", line, len(f))
	}
	pz := Puzzle{Position: f[0], Refute: map[string]string{}}
	p, err := logic.ParsePosition(f[0])
	if err != nil {
		return Puzzle{}, fmt.Errorf("puzzle %q: %v", line, err)
	}
	if p.Over() || p.Players() != 2 {
		return Puzzle{}, fmt.Errorf("puzzle %q: not a two-player game in progress", line)
	}
	if pz.Plies, err = strconv.Atoi(f[1]); err != nil || pz.Plies < 1 {
		return Puzzle{}, fmt.Errorf("puzzle %q: plies %q", line, f[1])
	}
	if pz.Difficulty, err = strconv.Atoi(f[4]); err != nil || pz.Difficulty < 1 || pz.Difficulty > 5 {
		return Puzzle{}, fmt.Errorf("puzzle %q: difficulty %q", line, f[4])
	}
	pz.Line = strings.Fields(f[2])
	if len(pz.Line) == 0 || len(pz.Line) > pz.Plies {
		return Puzzle{}, fmt.Errorf("puzzle %q: a main line of %d moves in %d plies", line, len(pz.Line), pz.Plies)
	}
	q := p
	for _, s := range pz.Line {
		if err := q.PlayString(s, nil); err != nil {
			return Puzzle{}, fmt.Errorf("puzzle %q: main line: %v", line, err)
		}
	}
	if r := q.Result(); r.State != logic.Won || q.SeatOf(r.Winner) != p.ToMoveSeat() {
		return Puzzle{}, fmt.Errorf("puzzle %q: the main line does not end with %v's win", line, p.ToMove())
	}
	for _, pair := range strings.Fields(f[3]) {
		m, r, ok := strings.Cut(pair, ":")
		if !ok {
			return Puzzle{}, fmt.Errorf("puzzle %q: refutation %q", line, pair)
		}
		q := p
		if err := q.PlayString(m, nil); err != nil {
			return Puzzle{}, fmt.Errorf("puzzle %q: wrong move %v", line, err)
		}
		if q.Over() || q.ToMoveSeat() == p.ToMoveSeat() {
			return Puzzle{}, fmt.Errorf("puzzle %q: %s leaves no reply", line, m)
		}
		if err := q.PlayString(r, nil); err != nil {
			return Puzzle{}, fmt.Errorf("puzzle %q: refutation of %s: %v", line, m, err)
		}
		if m == pz.Line[0] {
			return Puzzle{}, fmt.Errorf("puzzle %q: the winning move %s refuted", line, m)
		}
		pz.Refute[m] = r
	}
	return pz, nil
}

// Read reads a puzzle file: one puzzle a line; blank lines and lines
// starting with # are comments.
func Read(r io.Reader) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<16)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		pz, err := Parse(l)
		if err != nil {
			return nil, err
		}
		out = append(out, pz)
	}
	return out, sc.Err()
}

//go:embed puzzles.txt.gz
var shipped []byte

// All parses the puzzles that ship with the game, in their file's order.
// It parses on every call (a few milliseconds): callers keep the list.
func All() ([]Puzzle, error) {
	zr, err := gzip.NewReader(bytes.NewReader(shipped))
	if err != nil {
		return nil, fmt.Errorf("puzzles: %v", err)
	}
	return Read(zr)
}

// Daily is the index of the puzzle of the day for date (YYYY-MM-DD) in a
// list of n puzzles: the same date gives the same puzzle on every
// device, and consecutive days differ (the days step through the list
// by a stride prime to n, so every puzzle comes round once in n days).
func Daily(date string, n int) (int, error) {
	if n <= 0 {
		return 0, fmt.Errorf("daily puzzle: no puzzles")
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0, fmt.Errorf("daily puzzle: date %q: %v", date, err)
	}
	days := d.Unix() / 86400
	stride := int64(n*5/8 + 1) // far apart from day to day
	for gcd(stride, int64(n)) != 1 {
		stride++
	}
	i := (days*stride + 7) % int64(n)
	if i < 0 {
		i += int64(n)
	}
	return int(i), nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
