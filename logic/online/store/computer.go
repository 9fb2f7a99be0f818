package store

import "context"

// ComputerResults are a profile's results against the computer levels
// (issue 47): per guest and level, how often the guest finished ahead
// of, behind or level with a computer seat of a finished online game.
//
// Only seats the computer held from the start count: the store marks
// them when it stores a game (every computer seat a game is created or
// paired with), and never a seat ReplaceSeat gave to a computer later
// (a player who resigned or ran out of time in a game of 3 or 4): the
// others did not choose to play that computer, and it played only the
// end of the game.
//
// The store cannot rank the seats of a game (that needs the rules), so
// the server counts a game once it is over: ComputerDue lists the games
// to count, CountComputerResults counts one, ComputerTally reads the
// counts.
type ComputerResults interface {
	// ComputerDue lists at most limit (limit <= 0: 100) games that are
	// over (neither open nor playing) and still have computer seats to
	// count, the longest over first; with guest set, only those where
	// guest holds a remote seat (a profile counts its own at once).
	ComputerDue(ctx context.Context, guest string, limit int) ([]string, error)
	// CountComputerResults counts a game's results against its marked
	// computer seats, each at the level the seat was marked with, into
	// the guests' tallies, and unmarks the game, in one transaction; a
	// result against a seat not marked (a computer that took a seat
	// over, or a person's seat) is skipped. A game counted already (by
	// another node, a repeat) changes nothing: it is counted once. With
	// no results (a game abandoned) it only unmarks the game.
	CountComputerResults(ctx context.Context, game string, rs []ComputerResult) error
	// ComputerTally lists a guest's results against the computer, one
	// per level played, lowest level first.
	ComputerTally(ctx context.Context, guest string) ([]ComputerTally, error)
}

// ComputerResult is one person's result against one computer seat of a
// game: a pair of the game's finishing order.
type ComputerResult struct {
	Guest string // the person, holding a remote seat at the end
	Seat  int    // the computer's seat
	// Outcome is +1 when the person finished ahead of the computer, -1
	// behind it, 0 level with it (a draw).
	Outcome int
}

// ComputerTally is a guest's results against the computer at one level.
type ComputerTally struct {
	Level            int
	Won, Lost, Drawn int
}

// Played is the results counted: one per game and computer seat.
func (t ComputerTally) Played() int { return t.Won + t.Lost + t.Drawn }
