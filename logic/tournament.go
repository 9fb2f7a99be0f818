package logic

import (
	"errors"
	"fmt"
)

// TournamentWins is how many games win an Express tournament (RULES.md §8).
const TournamentWins = 10

// Tournament is a series of Express games between the same players
// (RULES.md §8). Its fields are plain data so that a save can store it.
type Tournament struct {
	Seats   []Color // turn order, the same in every game
	SitOuts []int   // handicap per seat, applied in every game; nil for none
	Wins    []int   // games won, by seat
	Starter int     // seat that starts the current game
	Games   int     // games finished
}

// NewTournament starts a tournament whose first game the starter opens.
func NewTournament(seats []Color, sitOuts []int, starter int) (*Tournament, error) {
	t := &Tournament{Seats: append([]Color(nil), seats...), Wins: make([]int, len(seats)), Starter: starter}
	if sitOuts != nil {
		t.SitOuts = append([]int(nil), sitOuts...)
	}
	if _, err := NewGame(t.Setup()); err != nil {
		return nil, err
	}
	return t, nil
}

// Setup describes the tournament's current game.
func (t *Tournament) Setup() Setup {
	return Setup{Variant: Express, Seats: t.Seats, SitOuts: t.SitOuts, Starter: t.Starter}
}

// Champion is the colour that has won the tournament, if any.
func (t *Tournament) Champion() (Color, bool) {
	for i, w := range t.Wins {
		if w >= TournamentWins {
			return t.Seats[i], true
		}
	}
	return NoColor, false
}

// Record books the result of the current game and chooses who starts the
// next: the player after the winner, or after a draw the player after this
// game's starter (RULES.md §8 and its decision).
func (t *Tournament) Record(r Result) error {
	if _, over := t.Champion(); over {
		return errors.New("the tournament is already won")
	}
	n := len(t.Seats)
	switch r.State {
	case Won:
		w := -1
		for i, c := range t.Seats {
			if c == r.Winner {
				w = i
			}
		}
		if w < 0 {
			return fmt.Errorf("%s won, but %s is not in this tournament", r.Winner, r.Winner)
		}
		t.Wins[w]++
		t.Starter = (w + 1) % n
	case Drawn:
		t.Starter = (t.Starter + 1) % n
	default:
		return errors.New("the game is not over")
	}
	t.Games++
	return nil
}
