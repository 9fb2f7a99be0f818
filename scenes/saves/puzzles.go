package saves

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
)

// puzzlesName is the store's name of the player's puzzle progress.
const puzzlesName = "puzzles"

// PuzzleProgress is what the player has done with the puzzles: which are
// solved, the streak of puzzles solved at the first try, its best, and a
// rating.
type PuzzleProgress struct {
	Solved []string `json:"solved"` // PuzzleID of each puzzle solved, sorted
	Streak int      `json:"streak"` // solved at the first try in a row, up to now
	Best   int      `json:"best"`   // the longest such streak
	// Rating is an Elo-style rating (StartRating before the first try):
	// each puzzle's first try is a game against the puzzle, rated by its
	// difficulty (PuzzleRating), won if solved without a wrong move.
	Rating int `json:"rating,omitempty"`
}

// StartRating is a new player's puzzle rating.
const StartRating = 1200

// PuzzleRating is the rating of a puzzle of difficulty d (1..5).
func PuzzleRating(d int) int { return 900 + 150*d }

// rate books a first try at a puzzle of difficulty d, won or lost: the
// rating moves by K times the surprise (K 32), and never below 100.
func (p *PuzzleProgress) rate(d int, won bool) {
	r := p.Rating
	if r == 0 {
		r = StartRating
	}
	expect := 1 / (1 + math.Pow(10, float64(PuzzleRating(d)-r)/400))
	score := 0.0
	if won {
		score = 1
	}
	p.Rating = max(100, r+int(math.Round(32*(score-expect))))
}

// PuzzleID names a puzzle by its position string (a short hash), so the
// progress survives a new puzzle file that orders them otherwise.
func PuzzleID(position string) string {
	h := fnv.New64a()
	h.Write([]byte(position))
	return strconv.FormatUint(h.Sum64(), 36)
}

// IsSolved reports whether the puzzle with id was solved.
func (p *PuzzleProgress) IsSolved(id string) bool {
	_, ok := slices.BinarySearch(p.Solved, id)
	return ok
}

// Done books an attempt at the puzzle with id (of difficulty d) that
// ended solved: at the first try (firstTry) it lengthens the streak and
// wins the rating's game, else the streak starts again at nothing (the
// rating's game was lost at the first wrong move: Missed). It reports
// whether anything changed.
func (p *PuzzleProgress) Done(id string, d int, firstTry bool) bool {
	before := p.Streak
	if firstTry {
		p.Streak++
		p.Best = max(p.Best, p.Streak)
		p.rate(d, true)
	} else {
		p.Streak = 0
	}
	i, ok := slices.BinarySearch(p.Solved, id)
	if !ok {
		p.Solved = slices.Insert(p.Solved, i, id)
	}
	return !ok || p.Streak != before
}

// Missed books a wrong move at a puzzle of difficulty d: the streak
// ends, and at the first try (firstTry) the rating's game is lost. It
// reports whether it changed anything.
func (p *PuzzleProgress) Missed(d int, firstTry bool) bool {
	if firstTry {
		p.rate(d, false)
	} else if p.Streak == 0 {
		return false
	}
	p.Streak = 0
	return true
}

// LoadPuzzles reads the player's puzzle progress (none yet: zero).
func LoadPuzzles(st Store) (PuzzleProgress, error) {
	var p PuzzleProgress
	if st == nil {
		return p, nil
	}
	data, err := st.Read(puzzlesName)
	if IsNotExist(err) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return PuzzleProgress{}, fmt.Errorf("puzzle progress: %v", err)
	}
	slices.Sort(p.Solved)
	p.Solved = slices.Compact(p.Solved)
	if p.Streak < 0 || p.Best < p.Streak || p.Rating < 0 {
		return PuzzleProgress{}, fmt.Errorf("puzzle progress: streak %d, best %d, rating %d", p.Streak, p.Best, p.Rating)
	}
	return p, nil
}

// SavePuzzles writes the player's puzzle progress (a nil store: nothing).
func SavePuzzles(st Store, p PuzzleProgress) error {
	if st == nil {
		return nil
	}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return st.Write(puzzlesName, data)
}
