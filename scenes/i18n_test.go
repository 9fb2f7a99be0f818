package scenes

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/scenes/i18n"
)

// TestKeysUsedExist: every catalogue key written in the scenes' code is in
// the English catalogue (and so, by the i18n test, in every language).
func TestKeysUsedExist(t *testing.T) {
	re := regexp.MustCompile(`msgf?\("([a-z0-9.]+)"`)
	files, _ := filepath.Glob("*.go")
	seen := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			seen++
			if _, ok := i18n.Get("en")[m[1]]; !ok && !strings.HasSuffix(m[1], ".") {
				t.Errorf("%s: key %q is not in the catalogue", f, m[1])
			}
		}
	}
	if seen < 50 {
		t.Errorf("only %d keys found in the code", seen)
	}
	for _, l := range i18n.Langs {
		SetLanguage(l)
		for _, names := range [][]string{colorName[:], variantNames[:], variantDesc[:], seatLabels[:], sitOutLabels[1:], levelLabels[1:], menuLabels[1:]} {
			for _, s := range names {
				if s == "" || strings.Contains(s, "level.") || strings.HasPrefix(s, "menu.") || strings.HasPrefix(s, "color.") {
					t.Errorf("%s: a name table holds %q", l, s)
				}
			}
		}
	}
	SetLanguage("en")
}

// minFit is the least share of its size a text may be shrunk to in its
// box; below it the box is too small for the language.
const minFit = 0.85

// TestEveryTextFits lays out every screen at the smallest supported size,
// 640×480, in every language, and measures each text with the font and
// size the interface draws it with.
func TestEveryTextFits(t *testing.T) {
	l := needLoop(t)
	l.do(func() {
		defer SetLanguage("en")
		text, err := render.NewText()
		if err != nil {
			t.Fatal(err)
		}
		for _, lg := range i18n.Langs {
			SetLanguage(lg)
			c := &Context{Text: text, Sprites: &render.Sprites{}, Setup: DefaultSetup(), W: 640, H: 480, Scale: 1, Sound: NewSound(true, true, 0)}
			check := func(where string, fits []Fit, least float64) {
				for _, f := range fits {
					if w := c.Text.Width(f.Text, f.Size, f.Bold); w*least > f.W+0.5 {
						t.Errorf("%s, %s: %q is %.0f px wide at %.1f px, its box %.0f px", lg, where, f.Text, w, f.Size, f.W)
					}
				}
			}
			// The setup, with four players and computers (level names).
			c.Setup.Players = 4
			for i := range c.Setup.Seats {
				c.Setup.Seats[i].Computer, c.Setup.Seats[i].Level, c.Setup.Seats[i].SitOuts = true, 5, 3
			}
			su := NewSetupScene(c)
			su.layout(c)
			check("setup", fitsOf(&su.bs), minFit)
			check("setup labels", labelRooms(su.labels, &su.bs, su.u), minFit)
			check("setup description", []Fit{{Text: variantDesc[logic.Expert], Size: 0.42 * su.u, W: c.W - su.descX}}, 0.75)
			c.Setup = DefaultSetup()
			// The settings.
			se := NewSettingsScene(c, nil)
			se.layout(c)
			check("settings", fitsOf(&se.bs), minFit)
			check("settings labels", labelRooms(se.labels, &se.bs, se.u), minFit)
			// The rules of each variant: buttons and captions fit, the text
			// stays on screen.
			for v := logic.Express; v <= logic.Extreme; v++ {
				r := NewRulesScene(c, v, nil)
				r.layout(c)
				check("rules "+v.String(), r.Labels(), minFit)
				if r.TextBottom() > c.H {
					t.Errorf("%s, rules %s: the text runs to y=%.0f, off the %.0f px screen", lg, v, r.TextBottom(), c.H)
				}
			}
			// The guided first game's panel.
			checkTutorialFits(t, c, lg)
			// The records screen, the save problem.
			rs := NewRecordsScene(c, &GameScene{})
			rs.layout(c)
			check("records", rs.Labels(), minFit)
			sp := NewSaveProblemScene(c, nil, "/home/someone/.config/shiftago/game.damaged-20260101-120000.json")
			sp.backup = nil
			sp.layout(c)
			check("save problem", fitsOf(&sp.bs), minFit)
			// The result of a tournament game.
			c.Setup.Tournament = true
			gs, err := NewGameScene(c, "")
			if err != nil {
				t.Fatal(err)
			}
			res := NewResultScene(c, gs)
			res.layout(c)
			check("result", fitsOf(&res.bs), minFit)
			c.Setup, c.Tourney = DefaultSetup(), nil
			// The game's menu and status line.
			for _, players := range []int{2, 4} {
				geo := layout.New(layout.Config{W: c.W, H: c.H, Scale: 1, Players: players, Scoring: true})
				var menu []Fit
				for b := layout.ButtonNewGame; b < layout.NumButtons; b++ {
					r := geo.Buttons[b]
					menu = append(menu, Fit{Text: menuLabels[b], Size: r.H * 0.42, W: r.W - r.H*0.6})
				}
				menu = append(menu, Fit{Text: msg("menu.soundoff"), Size: geo.Buttons[layout.ButtonSound].H * 0.42, W: geo.Buttons[layout.ButtonSound].W - geo.Buttons[layout.ButtonSound].H*0.6})
				check("game menu", menu, minFit)
				// Seat names on the cards: the longest colour with a computer level.
				st := geo.Seats[0]
				name := msgf("seat.short", longest(colorName[:]), longest(levelNamesNow()))
				check("seat card", []Fit{{Text: name, Size: st.Label.H * 0.75, W: st.Label.W - 2*st.Label.H}}, 0.6)
				// Status lines: the longest messages may shrink, not vanish.
				r := geo.Status
				var status []Fit
				who := longest(colorName[:])
				for _, s := range []string{
					msgf("status.turn", who) + msg("status.drag"),
					msgf("status.scored", who, 10) + msgf("status.extra", who) + msg("status.drag"),
					"W4: " + msg("legal.single"), "W4: " + msg("legal.full"),
					msgf("status.mustscore", who), msgf("status.keepend", who), msgf("status.tapagain", "W4"),
				} {
					status = append(status, Fit{Text: s, Size: r.H * 0.42, W: r.W - r.H*0.6})
				}
				check("status line", status, 0.6)
			}
		}
	})
}

// labelRooms gives each left-aligned label the room up to the first
// button to its right on its row (or the screen's edge).
func labelRooms(ls []label, bs *buttons, u float64) []Fit {
	var out []Fit
	for _, l := range ls {
		if l.align != render.AlignLeft {
			continue
		}
		room := 640 - l.x
		for _, b := range bs.list {
			if b.x > l.x && l.y >= b.y-1 && l.y <= b.y+b.h+1 {
				room = min(room, b.x-l.x-0.3*u)
			}
		}
		out = append(out, Fit{Text: l.s, Size: l.size, W: room})
	}
	return out
}

func longest(ss []string) string {
	best := ""
	for _, s := range ss {
		if len(s) > len(best) {
			best = s
		}
	}
	return best
}

func levelNamesNow() []string {
	var out []string
	for l := 1; l <= 5; l++ {
		out = append(out, levelName(l))
	}
	return out
}
