package book

import (
	"embed"
	"strings"
	"sync"

	"shiftago/logic"
)

//go:embed *.txt
var bookFiles embed.FS

// bookText is the book files, one after the other.
func bookText() string {
	var sb strings.Builder
	files, _ := bookFiles.ReadDir(".")
	for _, f := range files {
		b, _ := bookFiles.ReadFile(f.Name())
		sb.Write(b)
	}
	return sb.String()
}

// sym is one of the board's eight symmetries: bit 2 swaps files and
// ranks, then bit 0 mirrors the files and bit 1 the ranks.
type sym int

const numSyms = 8

func (k sym) square(s logic.Square) logic.Square {
	f, r := s.File(), s.Rank()
	if k&4 != 0 {
		f, r = r, f
	}
	if k&1 != 0 {
		f = logic.Size - 1 - f
	}
	if k&2 != 0 {
		r = logic.Size - 1 - r
	}
	return logic.Sq(f, r)
}

var (
	symEntry [numSyms][logic.NumEntries]logic.Entry // an entry point's image
	symInv   [numSyms]sym
)

func init() {
	// An entry point is its entry cell and the direction it pushes in (its
	// track's second cell): the image of both names the image entry point.
	for k := sym(0); k < numSyms; k++ {
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			c := logic.TrackOf(e).Cells
			a, b := k.square(c[0]), k.square(c[1])
			for x := logic.Entry(0); x < logic.NumEntries; x++ {
				if d := logic.TrackOf(x).Cells; d[0] == a && d[1] == b {
					symEntry[k][e] = x
				}
			}
		}
		for j := sym(0); j < numSyms; j++ {
			if j.square(k.square(logic.Sq(1, 2))) == logic.Sq(1, 2) && j.square(k.square(logic.Sq(0, 3))) == logic.Sq(0, 3) {
				symInv[k] = j
			}
		}
	}
}

// move maps an insertion through k; a scoring move has no image here (the
// book holds none: nobody scores in the first plies).
func (k sym) move(m logic.Move) logic.Move {
	if m == logic.NoMove || m.Scores() {
		return logic.NoMove
	}
	return logic.Insert(symEntry[k][m.Entry()])
}

// image is the position string of p's image under k.
func (k sym) image(p *logic.Position) string {
	s := p.String()
	_, rest, _ := strings.Cut(s, " ")
	inv := symInv[k]
	var sb strings.Builder
	logic.WriteBoard(&sb, func(s logic.Square) logic.Color { return p.At(inv.square(s)) })
	sb.WriteByte(' ')
	sb.WriteString(rest)
	return sb.String()
}

// canonical is the least of p's eight images and the symmetry that gives
// it (the first such, so that a lookup is deterministic).
func canonical(p *logic.Position) (string, sym) {
	best, bk := "", sym(0)
	for k := sym(0); k < numSyms; k++ {
		if s := k.image(p); k == 0 || s < best {
			best, bk = s, k
		}
	}
	return best, bk
}

var (
	bookOnce sync.Once
	book     map[string]logic.Entry // canonical position → entry point to play
)

// parseBook reads the book files: after '#' comment lines, one position a line,
// "<canonical position string>;<move>;<notes>".
func parseBook(text string) map[string]logic.Entry {
	b := map[string]logic.Entry{}
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		pos, rest, _ := strings.Cut(line, ";")
		mv, _, _ := strings.Cut(rest, ";")
		e, err := logic.ParseEntry(mv)
		if err != nil {
			panic("book: " + line + ": " + err.Error())
		}
		b[pos] = e
	}
	return b
}

// Move is the book's move in p, or NoMove when p is not in the book.
func Move(p *logic.Position) logic.Move {
	if p.Players() != 2 || p.Over() {
		return logic.NoMove
	}
	bookOnce.Do(func() { book = parseBook(bookText()) })
	if len(book) == 0 {
		return logic.NoMove
	}
	c, k := canonical(p)
	e, ok := book[c]
	if !ok {
		return logic.NoMove
	}
	return symInv[k].move(logic.Insert(e))
}
