package saves

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"strings"
	"unicode/utf8"

	"shiftago/logic"
	"shiftago/logic/record"
)

// SaveFormat names the game's save files; SaveVersion is the version this
// build writes and the newest it reads.
const (
	SaveFormat  = "shiftago-save"
	SaveVersion = 1
)

// maxSave bounds a save file: a whole game is a few kilobytes.
const maxSave = 1 << 20

// Game is what a save holds: the game in progress as a record, the moves
// taken back (for redo), and the tournament it belongs to, if any.
type Game struct {
	Record *record.Record
	// Redo are moves undone, the next to redo first. Each is legal in turn
	// after the record's last move.
	Redo []logic.Move
	// Tournament is the Express tournament as it stood before this game:
	// the game's own result is booked when it ends (also after a restart).
	Tournament *logic.Tournament
}

// payload is the checked part of a save file.
type payload struct {
	Record     string      `json:"record"`
	Redo       []string    `json:"redo,omitempty"`
	Tournament *tournament `json:"tournament,omitempty"`
}

type tournament struct {
	Wins    []int `json:"wins"`
	Starter int   `json:"starter"`
	Games   int   `json:"games"`
}

// file is the save file: a header that says what it is, the payload, and
// a checksum of the payload's compact JSON (so that indenting the file
// by hand does not break it, but changing a move does).
type file struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	CRC32   uint32          `json:"crc32"`
	Game    json.RawMessage `json:"game"`
}

// Problem says why a save was refused.
type Problem uint8

// The kinds of bad save.
const (
	Damaged Problem = iota // truncated, corrupted, or not a legal game
	Foreign                // not a Shiftago save at all
	Future                 // written by a newer version of the game
)

// String names the problem.
func (p Problem) String() string {
	return [...]string{"damaged", "foreign", "future"}[p]
}

// LoadError is a refused save.
type LoadError struct {
	Problem Problem
	Msg     string
}

func (e *LoadError) Error() string { return e.Msg }

func bad(p Problem, format string, a ...any) error {
	return &LoadError{Problem: p, Msg: fmt.Sprintf(format, a...)}
}

// EncodeGame writes g as a save file.
func EncodeGame(g *Game) ([]byte, error) {
	p := payload{Record: g.Record.String()}
	for _, m := range g.Redo {
		p.Redo = append(p.Redo, m.String())
	}
	if t := g.Tournament; t != nil {
		p.Tournament = &tournament{Wins: append([]int(nil), t.Wins...), Starter: t.Starter, Games: t.Games}
	}
	body, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(file{Format: SaveFormat, Version: SaveVersion, CRC32: crc32.ChecksumIEEE(body), Game: body}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// DecodeGame reads a save file and checks everything in it: the header,
// the checksum, every move of the record against the rules, the redo
// moves, and that the tournament fits the game. It never panics; a bad
// save gives a *LoadError.
func DecodeGame(data []byte) (*Game, error) {
	if len(data) > maxSave {
		return nil, bad(Damaged, "the save is %d bytes, far larger than any game", len(data))
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, bad(Damaged, "the save is empty")
	}
	if trimmed[0] != '{' || !utf8.Valid(data) {
		return nil, bad(Foreign, "this is not a Shiftago save")
	}
	var f file
	if err := json.Unmarshal(trimmed, &f); err != nil {
		if strings.Contains(err.Error(), "unexpected end") {
			return nil, bad(Damaged, "the save is cut short")
		}
		return nil, bad(Damaged, "the save is damaged (%v)", err)
	}
	if f.Format != SaveFormat {
		return nil, bad(Foreign, "this is not a Shiftago save")
	}
	if f.Version > SaveVersion {
		return nil, bad(Future, "the save was made by a newer version of the game (format %d; this one reads up to %d)", f.Version, SaveVersion)
	}
	if f.Version < 1 {
		return nil, bad(Damaged, "the save has no valid version")
	}
	if len(f.Game) == 0 {
		return nil, bad(Damaged, "the save holds no game")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, f.Game); err != nil || crc32.ChecksumIEEE(compact.Bytes()) != f.CRC32 {
		return nil, bad(Damaged, "the save is damaged: its checksum does not match")
	}
	var p payload
	if err := json.Unmarshal(f.Game, &p); err != nil {
		return nil, bad(Damaged, "the save's game is damaged (%v)", err)
	}
	r, err := record.Parse(p.Record)
	if err != nil {
		return nil, bad(Damaged, "the saved game is not a legal game: %v", err)
	}
	g := &Game{Record: r}
	if len(p.Redo) > 0 {
		pos, err := r.Final()
		if err != nil {
			return nil, bad(Damaged, "the saved game does not replay: %v", err)
		}
		for i, s := range p.Redo {
			m, err := pos.ParseMove(s)
			if err == nil {
				err = pos.Play(m, nil)
			}
			if err != nil {
				return nil, bad(Damaged, "redo move %d: %v", i+1, err)
			}
			g.Redo = append(g.Redo, m)
		}
	}
	if pt := p.Tournament; pt != nil {
		t, err := checkTournament(r, pt)
		if err != nil {
			return nil, bad(Damaged, "the saved tournament: %v", err)
		}
		g.Tournament = t
	}
	return g, nil
}

func checkTournament(r *record.Record, pt *tournament) (*logic.Tournament, error) {
	if r.Variant != logic.Express || r.Position != "" {
		return nil, fmt.Errorf("a tournament plays Express from an empty board, not this %s game", r.Variant)
	}
	n := len(r.Seats)
	if len(pt.Wins) != n {
		return nil, fmt.Errorf("%d win counts for %d players", len(pt.Wins), n)
	}
	sum := 0
	for _, w := range pt.Wins {
		if w < 0 || w >= logic.TournamentWins {
			return nil, fmt.Errorf("%d wins before this game: want 0 to %d", w, logic.TournamentWins-1)
		}
		sum += w
	}
	if pt.Games < sum || pt.Games > 100000 {
		return nil, fmt.Errorf("%d games played but %d won", pt.Games, sum)
	}
	if pt.Starter != r.Starter {
		return nil, fmt.Errorf("seat %d should start this game, but seat %d did", pt.Starter+1, r.Starter+1)
	}
	s := r.Setup()
	t, err := logic.NewTournament(s.Seats, s.SitOuts, pt.Starter)
	if err != nil {
		return nil, err
	}
	copy(t.Wins, pt.Wins)
	t.Games = pt.Games
	return t, nil
}
