package pages

import (
	"fmt"
	"math"
	"os"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

func TestMain(m *testing.M) { looptest.Main(m) }

// TestEveryTextFits lays out every page at the smallest supported size,
// 640×480, in every language, and measures each text with the font and
// size the interface draws it with.
func TestEveryTextFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			c := looptest.NewContext(t, lg, 640, 480, 1)
			check := func(where string, fits []ui.Fit, least float64) {
				t.Helper()
				looptest.CheckFits(t, c, lg+", "+where, fits, least)
			}
			// The setup, with four players and computers (level names).
			c.Setup.Players = 4
			for i := range c.Setup.Seats {
				c.Setup.Seats[i].Player, c.Setup.Seats[i].SitOuts = record.Player{Kind: record.Computer, Level: 5}, 3
			}
			su := NewSetup(c).(*Setup)
			su.layout(c)
			check("setup", su.Fits(c), looptest.MinFit)
			check("setup description", su.DescFits(c), 1)
			c.Setup = play.DefaultSetup()
			se := NewSettings(c).(*Settings)
			se.layout(c)
			check("settings", se.Fits(c), looptest.MinFit)
			// The rules of each variant: buttons and captions fit, the text
			// stays on screen.
			for v := logic.Express; v <= logic.Extreme; v++ {
				r := NewRules(c, v).(*Rules)
				r.layout(c)
				check("rules "+v.String(), r.Fits(c), looptest.MinFit)
				if r.TextBottom() > c.H+r.scroll.Max {
					t.Errorf("%s, rules %s: the text runs to y=%.0f, off the %.0f px screen that scrolls %.0f", lg, v, r.TextBottom(), c.H, r.scroll.Max)
				}
			}
			sp := NewSaveProblem(c, app.SaveProblem{Err: os.ErrInvalid, Where: "/home/someone/.config/shiftago/game.damaged-20260101-120000.json"}).(*SaveProblem)
			sp.layout(c)
			check("save problem", sp.Fits(c), looptest.MinFit)
			el := NewElsewhere(c).(*Elsewhere)
			el.layout(c)
			check("elsewhere", el.Fits(c), looptest.MinFit)
		}
	})
}

// TestSetupKeepsItsPlace: changing the number of players moves none of
// the controls above the seats (the next tap lands where it was aimed),
// and the controls that cannot act look it (level − and + at the
// limits); a human seat shows no level at all.
func TestSetupKeepsItsPlace(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {768, 1024}} {
			c := looptest.NewContext(t, "en", sz[0], sz[1], 1)
			where := func(players int) map[string]ui.Info {
				c.Setup.Players = players
				s := NewSetup(c).(*Setup)
				s.layout(c)
				out := map[string]ui.Info{}
				for _, b := range s.bs.Infos() {
					out[b.ID] = b
				}
				return out
			}
			two, four := where(2), where(4)
			for _, id := range []string{"variant 0", "variant 1", "players 2", "players 3", "players 4", "color 0", "kind 0", "kind 1", "rules", "records"} {
				if _, ok := two[id]; !ok {
					t.Fatalf("%v: no %s among %v", sz, id, two)
				}
				if two[id].Rect != four[id].Rect {
					t.Errorf("%v: %s moves from %v (2 players) to %v (4)", sz, id, two[id].Rect, four[id].Rect)
				}
			}
			// A person has no level: no row of disabled controls (issue 26).
			if _, ok := two["level- 0"]; ok {
				t.Errorf("%v: level − shown for a human seat", sz)
			}
			if _, ok := two["level+ 0"]; ok {
				t.Errorf("%v: level + shown for a human seat", sz)
			}
			// "Human" is lit as "Computer" is: it names who plays.
			if !two["kind 0"].On {
				t.Errorf("%v: the human seat's kind is not lit", sz)
			}
			// A computer seat at the limits: the control past it is off.
			c.Setup.Seats[1].Player.Kind = record.Computer
			for _, lv := range []struct {
				level    int
				down, up bool
			}{{1, false, true}, {3, true, true}, {ai.MaxLevel, true, false}} {
				c.Setup.Seats[1].Player.Level = lv.level
				bs := where(2)
				if bs["level- 1"].Enabled != lv.down || bs["level+ 1"].Enabled != lv.up {
					t.Errorf("%v: at level %d, level − enabled %v and + %v; want %v and %v", sz, lv.level,
						bs["level- 1"].Enabled, bs["level+ 1"].Enabled, lv.down, lv.up)
				}
			}
			// No level is called like a variant (issue 11: level 4 was
			// "Expert").
			for lv := 1; lv <= ai.MaxLevel; lv++ {
				for _, v := range []string{"variant.express", "variant.expert", "variant.extreme"} {
					if c.T(fmt.Sprint("level.", lv)) == c.T(v) {
						t.Errorf("level %d is called %q, like a variant", lv, c.T(v))
					}
				}
			}
		}
	})
}

// TestPageTargetsAreFingerSized: at phone, tablet and desktop sizes,
// upright and on their side, at device pixel ratios 1 to 3, every button
// of every page is at least 44 CSS pixels each way and lies across the
// page's width; a page taller than its screen scrolls to every button.
func TestPageTargetsAreFingerSized(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {768, 1024}, {1024, 768}, {1280, 800}} {
			for _, dpr := range []float64{1, 2, 3} {
				c := looptest.NewContext(t, "en", sz[0]*dpr, sz[1]*dpr, 1)
				c.Scale = dpr
				c.Setup.Players = 4
				for i := range c.Setup.Seats {
					c.Setup.Seats[i].Player.Kind = record.OldPlayer(i > 0, 0).Kind
				}
				type page interface {
					app.Scene
					PageButtons() []ui.Info
				}
				pages := map[string]page{
					"setup":     NewSetup(c).(*Setup),
					"settings":  NewSettings(c).(*Settings),
					"rules":     NewRules(c, logic.Expert).(*Rules),
					"problem":   NewSaveProblem(c, app.SaveProblem{Err: os.ErrInvalid, Where: "x", Backup: []byte("{}")}).(*SaveProblem),
					"elsewhere": NewElsewhere(c).(*Elsewhere),
				}
				for name, p := range pages {
					c.In = input.Input{}
					p.Update(c)
					scroll := 0.0
					switch q := p.(type) {
					case *Setup:
						scroll = q.scroll.Max
					case *Settings:
						scroll = q.scroll.Max
					}
					looptest.CheckTargets(t, c, fmt.Sprintf("%v@%v %s", sz, dpr, name), p.PageButtons(), dpr, scroll)
				}
			}
		}
	})
}

// TestRulesScrollWhereTheyDoNotFit: on a phone on its side the rules are
// taller than the screen: a drag scrolls them to the example's foot, and
// the press that scrolled taps no tab.
func TestRulesScrollWhereTheyDoNotFit(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		c := looptest.NewContext(t, "de", 844, 390, 1)
		r := NewRules(c, logic.Extreme).(*Rules)
		r.layout(c)
		if r.scroll.Max <= 0 {
			t.Fatalf("the rules fit a 844×390 screen? text to %.0f, example to %.0f", r.TextBottom(), r.exRect.Y+r.exRect.H)
		}
		tab := r.bs.List[0].Rect().Center() // Express's tab
		step := func(y float64, down, pressed, released bool) {
			c.In = inputtest.At(tab.X, y, down, pressed, released)
			r.Update(c)
		}
		step(tab.Y, true, true, false)
		for y := tab.Y; y > tab.Y-2*c.H; y -= 20 {
			step(y, true, false, false)
		}
		step(tab.Y-2*c.H, false, false, true)
		if r.scroll.Off != r.scroll.Max {
			t.Errorf("scrolled to %.0f of %.0f", r.scroll.Off, r.scroll.Max)
		}
		if r.variant != logic.Extreme {
			t.Error("the drag that scrolled tapped a tab")
		}
		if b := r.exRect.Y + r.exRect.H; b > c.H {
			t.Errorf("scrolled to its end, the example still runs to %.0f of %.0f", b, c.H)
		}
	})
}

// TestTitleFitsAPhone lays the title out on a phone held either way and
// an upright tablet, in the five languages: every button's label and each
// line of every variant's description fits its room whole, measured with
// the font it is drawn in, and the description ends above the row under
// it (issue 50: "…(4 bei 3–4 Spielern), g" and "…(4 con 3–4 juga" were
// cut at an upright phone's edge: 1073 px of words in 949).
func TestTitleFitsAPhone(t *testing.T) {
	for _, sz := range [][2]float64{{390, 844}, {844, 390}, {820, 1180}} {
		for _, lg := range i18n.Langs {
			c := looptest.NewContext(t, lg, sz[0]*3, sz[1]*3, 1)
			c.Scale = 3
			for _, v := range []logic.Variant{logic.Express, logic.Expert, logic.Extreme} {
				c.Setup.Variant = v
				su := NewSetup(c).(*Setup)
				su.layout(c)
				where := fmt.Sprintf("%v, %s", sz, v)
				// The buttons' labels may shrink a little, the
				// description's lines not at all (the rows' names are
				// drawn at the size the longest fits, Draw). Quit is left
				// out: a phone's browser has none, and a desktop window
				// this narrow shrinks "Beenden" to 0.78.
				var buttons ui.Buttons[setupAct]
				for _, b := range su.bs.List {
					if b.Act != actQuit {
						buttons.Add(b)
					}
				}
				buttons.TextH = su.bs.TextH
				for i, fits := range [2][]ui.Fit{buttons.Fits(), su.DescFits(c)} {
					least := [2]float64{looptest.MinFit, 1}[i]
					for _, f := range fits {
						if w := c.Text.Width(f.Text, f.Size, f.Bold); w*least > f.W+0.5 {
							t.Errorf("%s, %s: %q is %.0f px wide at %.1f px, its room %.0f px", lg, where, f.Text, w, f.Size, f.W)
						}
					}
				}
				bottom := su.descY + float64(len(su.desc[v])-1)*descLine*su.u + 0.3*su.u
				for _, b := range su.bs.List {
					if b.Act == actPlayers && b.Y < bottom {
						t.Errorf("%s, %s: the description runs to y=%.0f, over the players' row at %.0f", lg, where, bottom, b.Y)
					}
				}
			}
		}
	}
}

// TestRulesTabsAtOneSize: the rules' three tabs name their variants at
// one size, in every language, on a phone either way, a tablet and a
// laptop, and each name fits its tab whole at it (issue 50: "Extreme",
// shrunk alone, stood in a smaller font than its neighbours); that size
// is the page's other labels', and every tab is a finger's target.
func TestRulesTabsAtOneSize(t *testing.T) {
	for _, d := range [][3]float64{{390, 751, 3}, {726, 369, 3}, {820, 1180, 2}, {1280, 800, 1}, {640, 480, 1}} {
		for _, lg := range i18n.Langs {
			c := looptest.NewContext(t, lg, d[0]*d[2], d[1]*d[2], 1)
			c.Scale = d[2]
			r := NewRules(c, logic.Express).(*Rules)
			r.layout(c)
			var sizes []float64
			for _, b := range r.bs.List {
				if b.Act != actTab {
					continue
				}
				th := math.Min(b.H, r.bs.TextH)
				size := 0.46 * th
				if k := c.Text.Width(b.Label, size, b.Bold); k > b.W-0.4*th {
					size = c.Text.Fit(b.Label, size, b.W-0.4*th, b.Bold) // as Draw shrinks it
				}
				if b.Size > 0 {
					size = b.Size
				}
				if w := c.Text.Width(b.Label, size, b.Bold); w > b.W-0.4*th+0.5 {
					t.Errorf("%s %v: %q is %.0f px wide at %.1f px in a tab of %.0f", lg, d, b.Label, w, size, b.W-0.4*th)
				}
				sizes = append(sizes, size)
			}
			for _, s := range sizes {
				if math.Abs(s-sizes[0]) > 0.01 {
					t.Errorf("%s %v: the tabs' names stand at sizes %.1f", lg, d, sizes)
					break
				}
			}
			// At the page's label size, as Back's and First steps' are
			// (on an upright phone, squeezed beside Back, they stood at
			// 0.87 of it), and each tab a finger's target.
			if full := 0.46 * math.Min(bh(r), r.bs.TextH); len(sizes) > 0 && sizes[0] < full-0.01 {
				t.Errorf("%s %v: the tabs' names stand at %.1f px, the page's labels at %.1f", lg, d, sizes[0], full)
			}
			looptest.CheckTargets(t, c, fmt.Sprintf("%s %v rules", lg, d), r.PageButtons(), d[2], r.scroll.Max)
		}
	}
}

// bh is the height of r's tabs (the first button's).
func bh(r *Rules) float64 { return r.bs.List[0].H }
