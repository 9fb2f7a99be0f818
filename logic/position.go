package logic

import (
	"fmt"
	"math/bits"
)

// Color is a marble colour: the box's order is orange, green, blue, white.
type Color uint8

// The four colours (RULES.md §1).
const (
	Orange Color = iota
	Green
	Blue
	White
	NoColor Color = 255
)

const colorLetters = "ogbw"

// Letter is the colour's letter in the text formats: o, g, b or w.
func (c Color) Letter() byte {
	if c > White {
		return '-'
	}
	return colorLetters[c]
}

// String is the colour's English name.
func (c Color) String() string {
	switch c {
	case Orange:
		return "orange"
	case Green:
		return "green"
	case Blue:
		return "blue"
	case White:
		return "white"
	}
	return "none"
}

// ColorOf reads a colour letter.
func ColorOf(letter byte) (Color, bool) {
	for i := 0; i < 4; i++ {
		if colorLetters[i] == letter {
			return Color(i), true
		}
	}
	return NoColor, false
}

// Variant is one of the three ways to play (RULES.md §4–§6).
type Variant uint8

// The variants.
const (
	Express Variant = iota
	Expert
	Extreme
)

// String is the variant's name in the text formats.
func (v Variant) String() string {
	switch v {
	case Express:
		return "express"
	case Expert:
		return "expert"
	case Extreme:
		return "extreme"
	}
	return "?"
}

// ParseVariant reads "express", "expert" or "extreme".
func ParseVariant(s string) (Variant, error) {
	for v := Express; v <= Extreme; v++ {
		if s == v.String() {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q (want express, expert or extreme)", s)
}

// Scores reports whether the variant scores lines (Expert and Extreme).
func (v Variant) Scores() bool { return v != Express }

// MarblesPerColor is each player's supply at the start (RULES.md §1).
const MarblesPerColor = 22

// WinningPoints ends an Expert or Extreme game at once (RULES.md §5).
const WinningPoints = 10

// MaxSitOuts is the largest handicap (RULES.md §7).
const MaxSitOuts = 6

// WinLength is the Express line length that wins (RULES.md §4).
func WinLength(players int) int {
	if players == 2 {
		return 5
	}
	return 4
}

// MinScoringLength is the shortest line that must be scored (RULES.md §5, §6).
func MinScoringLength(v Variant, players int) int {
	n := WinLength(players)
	if v == Extreme {
		n--
	}
	return n
}

// Points is what a line of length n scores in v with the given number of
// players, and whether such a line scores at all (RULES.md §5, §6).
func Points(v Variant, players, n int) (int, bool) {
	if v == Express || n < MinScoringLength(v, players) || n > Size {
		return 0, false
	}
	if players == 2 {
		return [...]int{4: 0, 5: 2, 6: 5, 7: 10}[n], true
	}
	return [...]int{3: 0, 4: 2, 5: 5, 6: 8, 7: 10}[n], true
}

// State says whether a game goes on or how it ended.
type State uint8

// The states of a game.
const (
	Ongoing State = iota
	Won
	Drawn
)

// Result is how a game stands: ongoing, won by a colour, or drawn.
type Result struct {
	State  State
	Winner Color // meaningful when State is Won
}

// String is the result as the engine protocol prints it: "ongoing",
// "win o" or "draw".
func (r Result) String() string {
	switch r.State {
	case Won:
		return "win " + string(r.Winner.Letter())
	case Drawn:
		return "draw"
	}
	return "ongoing"
}

// Position is a complete game state. It is a plain value: copying it gives
// an independent position, which is how the search explores moves.
type Position struct {
	bb      [4]Bitboard // marbles by seat
	occ     Bitboard
	hash    uint64
	seats   [4]Color // colour of each seat, in turn order
	scores  [4]uint8
	sitOuts [4]uint8
	variant Variant
	n       uint8 // number of seats
	toMove  int8  // seat to move, -1 once the game is over
	result  Result
}

// Setup describes a game to start.
type Setup struct {
	Variant Variant
	Seats   []Color // colours in turn order, 2 to 4 of them, all different
	SitOuts []int   // handicap per seat, 0–6; nil for none
	Starter int     // seat that moves first
}

// Standard returns the setup of the engine protocol's `new`: seats take
// orange, green, blue, white in order and the first seat starts.
func Standard(v Variant, players int, sitOuts []int) Setup {
	seats := []Color{Orange, Green, Blue, White}
	if players >= 2 && players <= 4 {
		seats = seats[:players]
	}
	return Setup{Variant: v, Seats: seats, SitOuts: sitOuts}
}

// NewGame sets up an empty board. If the starter (or the seats after him)
// must sit out, their turns are passed at once, as at any other hand-over.
func NewGame(s Setup) (Position, error) {
	var p Position
	n := len(s.Seats)
	if n < 2 || n > 4 {
		return p, fmt.Errorf("a game needs 2 to 4 seats, not %d", n)
	}
	if s.Variant > Extreme {
		return p, fmt.Errorf("unknown variant %d", s.Variant)
	}
	if s.SitOuts != nil && len(s.SitOuts) != n {
		return p, fmt.Errorf("%d sit-out counts for %d seats", len(s.SitOuts), n)
	}
	if s.Starter < 0 || s.Starter >= n {
		return p, fmt.Errorf("starter seat %d is not one of the %d seats", s.Starter, n)
	}
	var used [4]bool
	for i, c := range s.Seats {
		if c > White {
			return p, fmt.Errorf("seat %d has no colour", i+1)
		}
		if used[c] {
			return p, fmt.Errorf("%s is seated twice", c)
		}
		used[c] = true
		p.seats[i] = c
	}
	for i, k := range s.SitOuts {
		if k < 0 || k > MaxSitOuts {
			return p, fmt.Errorf("seat %d: %d turns to sit out (want 0 to %d)", i+1, k, MaxSitOuts)
		}
		p.sitOuts[i] = uint8(k)
	}
	p.variant, p.n, p.toMove = s.Variant, uint8(n), int8(s.Starter)
	p.hash = p.computeHash()
	p.settleTurn(int(p.toMove), nil)
	return p, nil
}

// Variant is the game's variant.
func (p *Position) Variant() Variant { return p.variant }

// Players is the number of seats.
func (p *Position) Players() int { return int(p.n) }

// Seats returns the colours in turn order.
func (p *Position) Seats() []Color { return append([]Color(nil), p.seats[:p.n]...) }

// SeatColor is the colour of seat i.
func (p *Position) SeatColor(i int) Color { return p.seats[i] }

// SeatOf returns the seat of colour c, or -1 if c is not playing.
func (p *Position) SeatOf(c Color) int {
	for i := 0; i < int(p.n); i++ {
		if p.seats[i] == c {
			return i
		}
	}
	return -1
}

// ToMove is the colour whose turn it is, or NoColor once the game is over.
func (p *Position) ToMove() Color {
	if p.toMove < 0 {
		return NoColor
	}
	return p.seats[p.toMove]
}

// ToMoveSeat is the seat whose turn it is, or -1 once the game is over.
func (p *Position) ToMoveSeat() int { return int(p.toMove) }

// Result says whether the game goes on, who won, or that it is drawn.
func (p *Position) Result() Result { return p.result }

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.toMove < 0 }

// Supply is the number of marbles seat i has left to insert. Marbles are
// never lost, so it is 22 less those of the seat's colour on the board.
func (p *Position) Supply(seat int) int { return MarblesPerColor - p.bb[seat].Count() }

// Score is seat i's points (always 0 in Express).
func (p *Position) Score(seat int) int { return int(p.scores[seat]) }

// SitOuts is the number of turns seat i still has to sit out.
func (p *Position) SitOuts(seat int) int { return int(p.sitOuts[seat]) }

// Marbles is the set of squares holding seat i's marbles.
func (p *Position) Marbles(seat int) Bitboard { return p.bb[seat] }

// Occupied is the set of squares holding any marble.
func (p *Position) Occupied() Bitboard { return p.occ }

// Hash is the position's Zobrist key: equal positions of one game have
// equal keys, and it is kept up to date move by move.
func (p *Position) Hash() uint64 { return p.hash }

// At returns the colour of the marble on s, or NoColor.
func (p *Position) At(s Square) Color {
	if !p.occ.Has(s) {
		return NoColor
	}
	for i := 0; i < int(p.n); i++ {
		if p.bb[i].Has(s) {
			return p.seats[i]
		}
	}
	return NoColor
}

// Zobrist keys, from a fixed-seed generator so that hashes are the same in
// every run and on every platform (saved opening books stay valid).
var (
	zMarble [4][64]uint64
	zToMove [5]uint64 // index seat+1; 0 = game over
	zScore  [4][32]uint64
	zSitOut [4][8]uint64
)

func init() {
	x := uint64(0x5348494654414730) // "SHIFTAG0"
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for i := range zMarble {
		for s := range zMarble[i] {
			zMarble[i][s] = next()
		}
		for k := range zScore[i] {
			zScore[i][k] = next()
		}
		for k := range zSitOut[i] {
			zSitOut[i][k] = next()
		}
	}
	for i := range zToMove {
		zToMove[i] = next()
	}
}

func scoreKey(seat int, score uint8) uint64 { return zScore[seat][score&31] }

func (p *Position) computeHash() uint64 {
	h := zToMove[p.toMove+1]
	for i := 0; i < int(p.n); i++ {
		for b := p.bb[i]; b != 0; b &= b - 1 {
			h ^= zMarble[i][bits.TrailingZeros64(uint64(b))]
		}
		h ^= scoreKey(i, p.scores[i]) ^ zSitOut[i][p.sitOuts[i]&7]
	}
	return h
}
