package saves

import (
	"fmt"
	"strconv"
	"strings"

	"shiftago/logic"
	"shiftago/logic/record"
)

// The game history: every finished game (and every abandoned one, marked
// so) is kept as its record under histPrefix+ID, and listed in one index
// file, a line a game, so that the records screen lists hundreds of games
// by reading one small file a few lines a frame, never the records.
const (
	histIndex  = "history"
	histPrefix = "hist-"
	// HistoryLimitBrowser is how many games the browser keeps (its
	// storage holds a few megabytes): older ones roll out, and the records
	// screen says so.
	HistoryLimitBrowser = 200
	// HistoryLimitDesktop is how many the desktop keeps.
	HistoryLimitDesktop = 5000
)

// Outcome is how a kept game ended.
type Outcome uint8

// The outcomes.
const (
	Abandoned Outcome = iota // left unfinished
	WonGame                  // Winner won
	DrawnGame
)

// HistoryEntry is one kept game as the index lists it.
type HistoryEntry struct {
	ID      int
	Date    string // YYYY-MM-DD, or ""
	Variant logic.Variant
	Seats   []record.Seat // colour and player, in turn order
	Outcome Outcome
	Winner  logic.Color // WonGame: the winner
	Moves   int
}

// Entry sums up rec (its final position decides the outcome; abandoned
// marks an unfinished game left).
func Entry(rec *record.Record) (HistoryEntry, error) {
	e := HistoryEntry{Date: rec.Date, Variant: rec.Variant, Seats: append([]record.Seat(nil), rec.Seats...), Moves: len(rec.Moves)}
	p, err := rec.Final()
	if err != nil {
		return e, err
	}
	switch r := p.Result(); r.State {
	case logic.Won:
		e.Outcome, e.Winner = WonGame, r.Winner
	case logic.Drawn:
		e.Outcome = DrawnGame
	}
	return e, nil
}

// line is the entry's index line: "ID|date|variant|seats|outcome|moves",
// the seats as a record's Seats line writes them.
func (e *HistoryEntry) line() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d|%s|%s|", e.ID, e.Date, e.Variant)
	for i, s := range e.Seats {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(s.Color.String() + " " + s.Player.String())
	}
	switch e.Outcome {
	case WonGame:
		sb.WriteString("|win " + e.Winner.String())
	case DrawnGame:
		sb.WriteString("|draw")
	default:
		sb.WriteString("|abandoned")
	}
	fmt.Fprintf(&sb, "|%d", e.Moves)
	return sb.String()
}

// parseEntry reads an index line; a bad one is skipped by the caller (the
// index is the game's own file, but never trusted).
func parseEntry(s string) (HistoryEntry, bool) {
	f := strings.Split(s, "|")
	if len(f) != 6 {
		return HistoryEntry{}, false
	}
	var e HistoryEntry
	var err error
	if e.ID, err = strconv.Atoi(f[0]); err != nil || e.ID <= 0 {
		return e, false
	}
	e.Date = f[1]
	if e.Variant, err = logic.ParseVariant(f[2]); err != nil {
		return e, false
	}
	// The seats through the record's own reader: one form everywhere.
	r, err := record.Parse(record.Magic + " 1\nVariant: " + f[2] + "\nSeats: " + f[3] + "\n")
	if err != nil {
		return e, false
	}
	e.Seats = r.Seats
	switch out := f[4]; {
	case out == "draw":
		e.Outcome = DrawnGame
	case out == "abandoned":
		e.Outcome = Abandoned
	case strings.HasPrefix(out, "win "):
		c, ok := colorNamed(out[4:])
		if !ok {
			return e, false
		}
		e.Outcome, e.Winner = WonGame, c
	default:
		return e, false
	}
	if e.Moves, err = strconv.Atoi(f[5]); err != nil || e.Moves < 0 {
		return e, false
	}
	return e, true
}

func colorNamed(s string) (logic.Color, bool) {
	for c := logic.Orange; c <= logic.White; c++ {
		if c.String() == s {
			return c, true
		}
	}
	return logic.NoColor, false
}

// histName is the store's name of kept game id.
func histName(id int) string { return fmt.Sprintf("%s%06d", histPrefix, id) }

// KeepInHistory adds rec to the history (abandoned: an unfinished game
// left) and rolls the oldest games out past limit. The record is written
// before the index names it, so the index never lists a game that is not
// there; a game rolled out leaves the index before its record goes.
func KeepInHistory(st Store, rec *record.Record, abandoned bool, limit int) (HistoryEntry, error) {
	e, err := Entry(rec)
	if err != nil {
		return e, err
	}
	if finished := e.Outcome != Abandoned; finished == abandoned {
		if finished {
			return e, fmt.Errorf("a finished game is not abandoned")
		}
		return e, fmt.Errorf("the game is not over")
	}
	lines := indexLines(st)
	last := 0
	for _, l := range lines {
		if id, _, ok := strings.Cut(l, "|"); ok {
			if n, err := strconv.Atoi(id); err == nil && n > last {
				last = n
			}
		}
	}
	e.ID = last + 1
	if err := st.WriteNoBackup(histName(e.ID), []byte(rec.String())); err != nil {
		return e, err
	}
	lines = append(lines, e.line())
	var gone []string
	if limit > 0 && len(lines) > limit {
		gone, lines = lines[:len(lines)-limit], lines[len(lines)-limit:]
	}
	if err := st.Write(histIndex, []byte(strings.Join(lines, "\n")+"\n")); err != nil {
		st.Remove(histName(e.ID))
		return e, err
	}
	for _, l := range gone {
		if id, _, ok := strings.Cut(l, "|"); ok {
			if n, err := strconv.Atoi(id); err == nil {
				st.Remove(histName(n))
			}
		}
	}
	return e, nil
}

// indexLines is the index's lines, none if there is none.
func indexLines(st Store) []string {
	data, err := st.Read(histIndex)
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// ReadKept reads kept game id's record.
func ReadKept(st Store, id int) (*record.Record, error) {
	data, err := st.Read(histName(id))
	if err != nil {
		return nil, err
	}
	return record.Parse(string(data))
}

// HistoryList reads the index a few lines at a time: the records screen
// steps it each frame, so that a long history never stalls one.
type HistoryList struct {
	lines   []string
	next    int // the next line to read, from the newest (the end)
	entries []HistoryEntry
	// Parsed counts the index lines read so far (a test bounds it per
	// step).
	Parsed int
}

// NewHistoryList starts reading the history of st.
func NewHistoryList(st Store) *HistoryList {
	l := &HistoryList{lines: indexLines(st)}
	l.next = len(l.lines) - 1
	return l
}

// Step reads up to n more index lines, newest first, and reports whether
// the whole index is read.
func (l *HistoryList) Step(n int) bool {
	for ; n > 0 && l.next >= 0; n-- {
		if e, ok := parseEntry(l.lines[l.next]); ok {
			l.entries = append(l.entries, e)
		}
		l.next--
		l.Parsed++
	}
	return l.next < 0
}

// Done reports whether the whole index is read.
func (l *HistoryList) Done() bool { return l.next < 0 }

// Entries are the games read so far, newest first.
func (l *HistoryList) Entries() []HistoryEntry { return l.entries }

// Total is the number of games the index lists (read or not yet).
func (l *HistoryList) Total() int { return len(l.lines) }

// Opponent is who the people at this screen played in e: the first seat
// not played here (the computer at its level, or somebody elsewhere), or,
// between people at this screen only, a human.
func (e *HistoryEntry) Opponent() record.Player {
	for _, s := range e.Seats {
		if !s.Player.IsHuman() {
			return s.Player
		}
	}
	return record.Player{Kind: record.Human}
}

// HistoryFilter picks games by opponent and variant.
type HistoryFilter struct {
	Opponent    record.Player
	AnyOpponent bool
	Variant     logic.Variant
	AnyVariant  bool
}

// Keeps reports whether the filter keeps e.
func (f *HistoryFilter) Keeps(e *HistoryEntry) bool {
	return (f.AnyOpponent || e.Opponent() == f.Opponent) && (f.AnyVariant || e.Variant == f.Variant)
}

// Score is a win/draw/loss record.
type Score struct{ Won, Drawn, Lost int }

// Played is the number of games the score counts.
func (s Score) Played() int { return s.Won + s.Drawn + s.Lost }

// Tally is the people at this screen's score against each computer level
// (index: the level) over the finished games of entries that a person
// here played against the computer: a win when a seat played here won.
func Tally(entries []HistoryEntry) [record.MaxLevel + 1]Score {
	var out [record.MaxLevel + 1]Score
	for i := range entries {
		e := &entries[i]
		if e.Outcome == Abandoned {
			continue
		}
		here, won := false, false
		var levels [record.MaxLevel + 1]bool
		for _, s := range e.Seats {
			switch {
			case s.Player.IsHuman():
				here = true
				won = won || e.Outcome == WonGame && e.Winner == s.Color
			case s.Player.IsComputer() && s.Player.Level >= 1 && s.Player.Level <= record.MaxLevel:
				levels[s.Player.Level] = true
			}
		}
		if !here {
			continue
		}
		for lv, vs := range levels {
			switch {
			case !vs:
			case e.Outcome == DrawnGame:
				out[lv].Drawn++
			case won:
				out[lv].Won++
			default:
				out[lv].Lost++
			}
		}
	}
	return out
}
