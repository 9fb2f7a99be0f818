package record

import (
	"fmt"
	"strconv"
	"strings"

	"shiftago/logic"
)

// Magic is the first line of every record this version writes.
const Magic = "Shiftago record"

// Version is the record format's version, written after Magic.
const Version = 1

// MaxLevel bounds a computer seat's level in a record. The AI has fewer
// levels; a record only needs a sane number.
const MaxLevel = 9

// Seat is one seat of a recorded game: its colour, who played it, and its
// handicap (turns to sit out at the start, RULES.md §7).
type Seat struct {
	Color   logic.Color
	Player  Player // Level 1..MaxLevel for a computer, 0 otherwise
	SitOuts int
}

// Record is one game: how it was set up and the moves played.
type Record struct {
	Variant logic.Variant
	Seats   []Seat // in turn order
	Starter int    // the seat that moved first
	Date    string // YYYY-MM-DD, or "" if unknown
	// Position is the §10 position string the game started from when it
	// did not start on an empty board; "" for a normal game.
	Position string
	Moves    []logic.Move
}

// Error is a refused record: the line (1-based, 0 for the whole record)
// and the reason.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Setup is the rules engine's setup of the recorded game.
func (r *Record) Setup() logic.Setup {
	s := logic.Setup{Variant: r.Variant, Starter: r.Starter}
	for _, st := range r.Seats {
		s.Seats = append(s.Seats, st.Color)
		s.SitOuts = append(s.SitOuts, st.SitOuts)
	}
	return s
}

// Start is the position before the first move.
func (r *Record) Start() (logic.Position, error) {
	if r.Position != "" {
		p, err := logic.ParsePosition(r.Position)
		if err != nil {
			return p, err
		}
		if p.Variant() != r.Variant {
			return p, fmt.Errorf("the position is %s, the record says %s", p.Variant(), r.Variant)
		}
		if p.Players() != len(r.Seats) {
			return p, fmt.Errorf("the position has %d seats, the record %d", p.Players(), len(r.Seats))
		}
		for i, st := range r.Seats {
			if p.SeatColor(i) != st.Color {
				return p, fmt.Errorf("seat %d is %s in the position but %s in the record", i+1, p.SeatColor(i), st.Color)
			}
		}
		return p, nil
	}
	return logic.NewGame(r.Setup())
}

// Replay plays the first ply moves and returns the position then, with the
// trace of the last move played (ok false when ply is 0).
func (r *Record) Replay(ply int) (pos logic.Position, last logic.Trace, ok bool, err error) {
	pos, err = r.Start()
	if err != nil {
		return pos, last, false, err
	}
	if ply < 0 || ply > len(r.Moves) {
		return pos, last, false, fmt.Errorf("ply %d: the record has %d moves", ply, len(r.Moves))
	}
	for i, m := range r.Moves[:ply] {
		if err := pos.Play(m, &last); err != nil {
			return pos, last, false, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return pos, last, ply > 0, nil
}

// Final is the position after every move.
func (r *Record) Final() (logic.Position, error) {
	p, _, _, err := r.Replay(len(r.Moves))
	return p, err
}

// Movers lists, for each move, the seat that played it.
func (r *Record) Movers() ([]int, error) {
	p, err := r.Start()
	if err != nil {
		return nil, err
	}
	out := make([]int, len(r.Moves))
	for i, m := range r.Moves {
		out[i] = p.ToMoveSeat()
		if err := p.Play(m, nil); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return out, nil
}

// String writes the record in its text format; Parse reads it back.
func (r *Record) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %d\n", Magic, Version)
	fmt.Fprintf(&sb, "Variant: %s\n", r.Variant)
	sb.WriteString("Seats: ")
	for i, st := range r.Seats {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(st.Color.String())
		sb.WriteString(" ")
		sb.WriteString(st.Player.String())
	}
	sb.WriteString("\nHandicap: ")
	for i, st := range r.Seats {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.Itoa(st.SitOuts))
	}
	sb.WriteString("\n")
	if r.Starter >= 0 && r.Starter < len(r.Seats) {
		fmt.Fprintf(&sb, "Starter: %s\n", r.Seats[r.Starter].Color)
	}
	if r.Date != "" {
		fmt.Fprintf(&sb, "Date: %s\n", r.Date)
	}
	if r.Position != "" {
		fmt.Fprintf(&sb, "Position: %s\n", r.Position)
	}
	if p, err := r.Final(); err == nil && p.Over() {
		fmt.Fprintf(&sb, "Result: %s\n", resultText(p.Result()))
	}
	sb.WriteString("\n")
	for i, m := range r.Moves {
		fmt.Fprintf(&sb, "%d. %s\n", i+1, m)
	}
	return sb.String()
}

// resultText writes a result with the colour's name: "win orange", "draw".
func resultText(res logic.Result) string {
	switch res.State {
	case logic.Won:
		return "win " + res.Winner.String()
	case logic.Drawn:
		return "draw"
	}
	return "ongoing"
}

func colorByName(s string) (logic.Color, bool) {
	for c := logic.Orange; c <= logic.White; c++ {
		if s == c.String() || (len(s) == 1 && s[0] == c.Letter()) {
			return c, true
		}
	}
	return logic.NoColor, false
}

// maxRecord bounds what Parse reads: a game has at most a few hundred
// moves, so anything far larger is not a record.
const maxRecord = 1 << 20

// Parse reads a record and checks it: the header, then every move against
// the rules, in order. A bad record is refused with an *Error giving the
// line and the reason.
func Parse(text string) (*Record, error) {
	if len(text) > maxRecord {
		return nil, &Error{Msg: fmt.Sprintf("%d bytes is far too long for a game record", len(text))}
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	ln := 0 // index of the next line
	next := func() (string, int, bool) {
		for ln < len(lines) {
			s := lines[ln]
			ln++
			if i := strings.IndexByte(s, '#'); i >= 0 {
				s = s[:i]
			}
			s = strings.TrimSpace(s)
			return s, ln, true
		}
		return "", ln, false
	}
	// The format line, after any blank lines.
	var first string
	var at int
	for {
		s, n, ok := next()
		if !ok {
			return nil, &Error{Msg: "empty: not a Shiftago game record"}
		}
		if s != "" {
			first, at = s, n
			break
		}
	}
	f := strings.Fields(first)
	if len(f) != 3 || f[0]+" "+f[1] != Magic {
		return nil, &Error{Line: at, Msg: fmt.Sprintf("not a Shiftago game record: the first line should be %q", fmt.Sprintf("%s %d", Magic, Version))}
	}
	v, err := strconv.Atoi(f[2])
	if err != nil || v < 1 {
		return nil, &Error{Line: at, Msg: fmt.Sprintf("bad format version %q", f[2])}
	}
	if v > Version {
		return nil, &Error{Line: at, Msg: fmt.Sprintf("made by a newer version of the game (record format %d; this one reads %d)", v, Version)}
	}

	r := &Record{Starter: -1}
	seen := map[string]int{}
	var handicap []int
	handicapLine, starterLine, resultLine := 0, 0, 0
	var starter, result string
	// The header: "Key: value" lines up to the first blank line.
	for {
		s, n, ok := next()
		if !ok || s == "" {
			break
		}
		k, val, found := strings.Cut(s, ":")
		if !found {
			return nil, &Error{Line: n, Msg: fmt.Sprintf("want a header line like \"Variant: express\" (and a blank line before the moves), not %q", s)}
		}
		k, val = strings.TrimSpace(k), strings.TrimSpace(val)
		key := strings.ToLower(k)
		if prev, dup := seen[key]; dup {
			return nil, &Error{Line: n, Msg: fmt.Sprintf("%s is given twice (also on line %d)", k, prev)}
		}
		seen[key] = n
		switch key {
		case "variant":
			if r.Variant, err = logic.ParseVariant(val); err != nil {
				return nil, &Error{Line: n, Msg: err.Error()}
			}
		case "seats":
			if r.Seats, err = parseSeats(val); err != nil {
				return nil, &Error{Line: n, Msg: err.Error()}
			}
		case "handicap":
			handicapLine = n
			for _, x := range strings.Split(val, ",") {
				k, err := strconv.Atoi(strings.TrimSpace(x))
				if err != nil || k < 0 || k > logic.MaxSitOuts {
					return nil, &Error{Line: n, Msg: fmt.Sprintf("handicap %q: want turns to sit out, 0 to %d, one per seat", strings.TrimSpace(x), logic.MaxSitOuts)}
				}
				handicap = append(handicap, k)
			}
		case "starter":
			starter, starterLine = val, n
		case "date":
			if !validDate(val) {
				return nil, &Error{Line: n, Msg: fmt.Sprintf("date %q: want YYYY-MM-DD", val)}
			}
			r.Date = val
		case "position":
			if _, err := logic.ParsePosition(val); err != nil {
				return nil, &Error{Line: n, Msg: err.Error()}
			}
			r.Position = val
		case "result":
			result, resultLine = val, n
		default:
			return nil, &Error{Line: n, Msg: fmt.Sprintf("unknown header %q", k)}
		}
	}
	if _, ok := seen["variant"]; !ok {
		return nil, &Error{Line: at, Msg: "the header has no Variant line"}
	}
	if _, ok := seen["seats"]; !ok {
		return nil, &Error{Line: at, Msg: "the header has no Seats line"}
	}
	if handicap != nil {
		if len(handicap) != len(r.Seats) {
			return nil, &Error{Line: handicapLine, Msg: fmt.Sprintf("%d handicaps for %d seats", len(handicap), len(r.Seats))}
		}
		for i, k := range handicap {
			r.Seats[i].SitOuts = k
		}
	}
	r.Starter = 0
	if starterLine > 0 {
		c, ok := colorByName(starter)
		seat := -1
		for i, st := range r.Seats {
			if ok && st.Color == c {
				seat = i
			}
		}
		if seat < 0 {
			return nil, &Error{Line: starterLine, Msg: fmt.Sprintf("starter %q is not one of the seats", starter)}
		}
		r.Starter = seat
	}
	pos, err := r.Start()
	if err != nil {
		return nil, &Error{Line: at, Msg: err.Error()}
	}

	// The moves, checked one by one.
	for {
		s, n, ok := next()
		if !ok {
			break
		}
		for _, tok := range strings.Fields(s) {
			if num, isNum := strings.CutSuffix(tok, "."); isNum {
				k, err := strconv.Atoi(num)
				if err != nil {
					return nil, &Error{Line: n, Msg: fmt.Sprintf("%q is neither a move nor a move number", tok)}
				}
				if k != len(r.Moves)+1 {
					return nil, &Error{Line: n, Msg: fmt.Sprintf("move number %d where move %d comes", k, len(r.Moves)+1)}
				}
				continue
			}
			if len(r.Moves) >= 2*logic.MaxMoves {
				return nil, &Error{Line: n, Msg: "too many moves for one game"}
			}
			m, err := pos.ParseMove(tok)
			if err != nil {
				return nil, &Error{Line: n, Msg: fmt.Sprintf("move %d: %v", len(r.Moves)+1, err)}
			}
			if err := pos.Play(m, nil); err != nil {
				return nil, &Error{Line: n, Msg: fmt.Sprintf("move %d: %v", len(r.Moves)+1, err)}
			}
			r.Moves = append(r.Moves, m)
		}
	}
	if resultLine > 0 {
		if got := resultText(pos.Result()); got != strings.ToLower(result) {
			return nil, &Error{Line: resultLine, Msg: fmt.Sprintf("the header says %q, but the moves give %q", result, got)}
		}
	}
	return r, nil
}

// parseSeats reads "orange human, green computer 3, blue remote".
func parseSeats(s string) ([]Seat, error) {
	parts := strings.Split(s, ",")
	if len(parts) < 2 || len(parts) > 4 {
		return nil, fmt.Errorf("%d seats: a game has 2 to 4", len(parts))
	}
	var out []Seat
	var used [4]bool
	for i, p := range parts {
		f := strings.Fields(strings.ToLower(p))
		if len(f) < 2 || len(f) > 3 {
			return nil, fmt.Errorf("seat %d %q: want a colour and who plays it, like \"orange human\", \"green computer 3\" or \"blue remote\"", i+1, strings.TrimSpace(p))
		}
		c, ok := colorByName(f[0])
		if !ok {
			return nil, fmt.Errorf("seat %d: %q is not a colour (orange, green, blue, white)", i+1, f[0])
		}
		if used[c] {
			return nil, fmt.Errorf("seat %d: %s is seated twice", i+1, c)
		}
		used[c] = true
		who := strings.Join(f[1:], " ")
		if f[1] == "ai" || len(f) == 2 && f[1] == "computer" {
			// The command line's short forms are not a record's.
			return nil, fmt.Errorf("seat %d %q: want \"human\", \"computer LEVEL\" or \"remote\"", i+1, strings.TrimSpace(p))
		}
		pl, err := ParsePlayer(who)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %v", i+1, err)
		}
		st := Seat{Color: c, Player: pl}
		out = append(out, st)
	}
	return out, nil
}

// validDate accepts YYYY-MM-DD with a plausible month and day.
func validDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, e1 := strconv.Atoi(s[:4])
	m, e2 := strconv.Atoi(s[5:7])
	d, e3 := strconv.Atoi(s[8:])
	return e1 == nil && e2 == nil && e3 == nil && y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= 31 &&
		s[0] != '+' && s[0] != '-' && s[5] != '+' && s[8] != '+'
}
