package table

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

func TestMain(m *testing.M) { looptest.Main(m) }

func longest(ss []string) string {
	best := ""
	for _, s := range ss {
		if len(s) > len(best) {
			best = s
		}
	}
	return best
}

// computersTable is a table laid out in c for a player and players-1
// computers of levels 1, 3 and 5.
func computersTable(t *testing.T, c *app.Context, players int) *Table {
	c.Setup.Players = players
	c.Setup.Seats[0].Player.Kind = record.Human
	for i := 1; i < players; i++ {
		c.Setup.Seats[i].Player = record.Player{Kind: record.Computer, Level: 1 + 2*(i-1)}
	}
	s, err := c.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	tb := NewTable(c, s)
	tb.Relayout(c)
	return tb
}

// TestComputerNamesAgree: the seat cards name every computer in the same
// form, all in full or all short, whatever the room of each card (a
// phone's cards read "Green (Beginner)" above "Blue (computer,
// Beginner)").
func TestComputerNamesAgree(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][2]float64{{390, 844}, {844, 390}, {640, 480}, {1280, 800}, {800, 1280}} {
				for _, players := range []int{3, 4} {
					c := looptest.NewContext(t, lg, sz[0], sz[1], 1)
					tb := computersTable(t, c, players)
					m := tb.Match()
					full, short := 0, 0
					for i := 0; i < players; i++ {
						if !m.Computer(i) {
							continue
						}
						if tb.words.names[i] == play.Name(c.Lang, m.SeatName(i)) {
							full++
						} else {
							short++
						}
					}
					if full > 0 && short > 0 {
						t.Errorf("%s %v, %d players: the computers' names mix forms: %q", lg, sz, players, tb.words.names[:players])
					}
				}
			}
		}
	})
}

// TestStatusWrapsNotShrinks: the longest announcements, in every
// language, on a phone upright and on its side, at 320×568 and on a
// desktop, are drawn at no less than the smallest of the status line's
// sizes, each line within its room and the lines within the panel
// (issue 26: the line shrank to fit, to 3 px, where it should wrap).
func TestStatusWrapsNotShrinks(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{1170, 2532, 3}, {2532, 1170, 3}, {320, 568, 1}, {640, 480, 1}, {1280, 800, 1}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				c.Setup.Players = 4
				s, err := c.NewSession("")
				if err != nil {
					t.Fatal(err)
				}
				tb := NewTable(c, s)
				tb.Relayout(c)
				who := longest(c.Lang.Colors[:])
				for _, msg := range []string{
					c.F("status.turn", who) + c.T("status.drag"),
					c.F("status.scored", who, 10) + c.F("status.extra", who) + c.T("status.drag"),
					"W4: " + c.T("legal.single"), c.F("status.mustscore", who), c.F("status.tapagain", "W4"),
				} {
					tb.words.status = msg
					tb.breakStatus(c)
					bar, r := tb.View.Geo.Bar, tb.View.Geo.Status
					_, room := tb.statusRoom(c)
					where := fmt.Sprintf("%s %v×%v %.30q", lg, sz[0], sz[1], msg)
					if tb.words.statusS < 0.3*bar-0.01 {
						t.Errorf("%s: drawn at %.1f px, under the smallest size %.1f", where, tb.words.statusS, 0.3*bar)
					}
					if k := tb.words.statusS / bar; !slices.ContainsFunc([]float64{0.42, 0.38, 0.34, 0.3}, func(v float64) bool { return math.Abs(k-v) < 1e-9 }) {
						t.Errorf("%s: shrunk to fit, at %.1f px (%.3f bars), not wrapped at one of the line's sizes", where, tb.words.statusS, k)
					}
					for _, ln := range tb.words.statusL {
						if w := c.Text.Width(ln, tb.words.statusS, false); w > room+0.5 {
							t.Errorf("%s: the line %q is %.0f px in a room of %.0f", where, ln, w, room)
						}
					}
					if n := len(tb.words.statusL); n > 1 && float64(n)*1.15*tb.words.statusS > 0.92*r.H+0.5 {
						t.Errorf("%s: %d lines at %.1f px overflow the %.0f px panel", where, n, tb.words.statusS, r.H)
					}
				}
			}
		}
	})
}

// TestSeatNamesShareOneSize (issue 50): the names on one table's seat
// cards stand at one size, each whole in its room beside the widest
// supply, and on their plate a quarter of its height in from its ends,
// on a phone and a tablet either way and a laptop, in the five languages,
// for two to four seats. On the tablet "Green (computer, Club)" was
// shrunk alone, smaller than "Orange" beside it, and the names stood
// against the plate's left end where the card's padding cut it short.
func TestSeatNamesShareOneSize(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, d := range looptest.Devices {
			for _, lg := range i18n.Langs {
				for _, players := range []int{2, 3, 4} {
					c := looptest.DeviceContext(t, lg, d)
					c.Setup.Variant = logic.Expert
					tb := computersTable(t, c, players)
					cards := tb.CardsNow(c)
					where := fmt.Sprintf("%s %s, %d players", lg, d.Name, players)
					var sizes []float64
					for i := 0; i < players; i++ {
						card := cards[i]
						size := tb.View.CardNameSize(c.Kit(), i, card)
						sizes = append(sizes, size)
						_, room := tb.View.NameRoom(c.Kit(), i, longest(c.Lang.Supply[:]))
						if w := c.Text.Width(card.Name, size, false); w > room+0.5 {
							t.Errorf("%s: %q is %.0f px at %.1f px in a room of %.0f", where, card.Name, w, size, room)
						}
						st := tb.View.Geo.Seats[i]
						p := render.Nameplate(st.Card, st.Label)
						x0, x1 := tb.View.NameSpan(i)
						if m := 0.2 * st.Label.H; x0 < p.X+m || x1 > p.X+p.W-m {
							t.Errorf("%s: seat %d's words run from %.0f to %.0f on a plate from %.0f to %.0f", where, i, x0, x1, p.X, p.X+p.W)
						}
					}
					for _, s := range sizes {
						if math.Abs(s-sizes[0]) > 0.01 {
							t.Errorf("%s: the names %q stand at sizes %.1f", where, tb.words.names[:players], sizes)
							break
						}
					}
				}
			}
		}
	})
}

// TestSeatTimesNeverCut: an online table names its seats with their
// time ("Bartholomew (away) · 14:59"); a name too long for its card at
// the table's one size loses letters of the name, never the time, the
// part of the line that changes and is read at a glance.
func TestSeatTimesNeverCut(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, d := range looptest.Devices {
			for _, lg := range i18n.Langs {
				c := looptest.DeviceContext(t, lg, d)
				tb := computersTable(t, c, 4)
				tb.CardsNow(c)
				for i := range 4 {
					tb.NameSeat(i, fmt.Sprintf("Bartholomew Fitzgerald-Whitmore%d (away) · 14:5%d", i, i))
				}
				cards := tb.CardsNow(c)
				for i := range 4 {
					if want := fmt.Sprintf(" · 14:5%d", i); !strings.HasSuffix(cards[i].Name, want) {
						t.Errorf("%s %s: seat %d's card reads %q, its time cut off", lg, d.Name, i, cards[i].Name)
					}
				}
			}
		}
	})
}
