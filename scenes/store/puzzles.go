package store

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
)

// puzzlesName is the store's name of the player's puzzle progress.
const puzzlesName = "puzzles"

// PuzzleProgress is what the player has done with the puzzles: which are
// solved, the streak of puzzles solved at the first try, and its best.
type PuzzleProgress struct {
	Solved []string `json:"solved"` // PuzzleID of each puzzle solved, sorted
	Streak int      `json:"streak"` // solved at the first try in a row, up to now
	Best   int      `json:"best"`   // the longest such streak
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

// Done books an attempt at the puzzle with id that ended solved: at the
// first try (firstTry) it lengthens the streak, else the streak starts
// again at nothing. It reports whether anything changed.
func (p *PuzzleProgress) Done(id string, firstTry bool) bool {
	before := p.Streak
	if firstTry {
		p.Streak++
		p.Best = max(p.Best, p.Streak)
	} else {
		p.Streak = 0
	}
	i, ok := slices.BinarySearch(p.Solved, id)
	if !ok {
		p.Solved = slices.Insert(p.Solved, i, id)
	}
	return !ok || p.Streak != before
}

// Missed books a wrong move: the streak ends. It reports whether it
// changed anything.
func (p *PuzzleProgress) Missed() bool {
	if p.Streak == 0 {
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
	if p.Streak < 0 || p.Best < p.Streak {
		return PuzzleProgress{}, fmt.Errorf("puzzle progress: streak %d, best %d", p.Streak, p.Best)
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
