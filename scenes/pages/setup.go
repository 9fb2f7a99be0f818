package pages

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

// setupAct is a control of the title screen; Arg carries the seat, the
// variant or the number of players.
type setupAct uint8

const (
	actVariant setupAct = iota
	actPlayers
	actColor
	actKind
	actLevelDn
	actLevelUp
	actSitDn
	actSitUp
	actStarter // Arg: the seat, or -1 for drawn
	actTourneyOn
	actTourneyOff
	actStart
	actQuit
	actSettings
	actRules
	actRecords
	actTutorial
	actOnline
	actPuzzles
	actMyGames
)

func (a setupAct) String() string {
	return [...]string{"variant", "players", "color", "kind", "level-", "level+", "sitout-", "sitout+", "starter",
		"tournament-on", "tournament-off", "play", "quit", "settings", "rules", "records", "tutorial", "online", "puzzles",
		"mygames"}[a]
}

var playerLabels = [5]string{"", "", "2", "3", "4"}

var digits = [11]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}

// Setup is the title screen: it chooses the variant, the players, who
// plays each seat and how, who starts, the handicaps and whether to play
// an Express tournament, and remembers all of it for next time.
type Setup struct {
	bs     ui.Buttons[setupAct]
	scroll ui.Scroll
	w, h   float64
	dirty  bool
	u      float64
	titleY float64
	descY  float64
	descX  float64
	// desc is each variant's description wrapped into the room beside
	// the rows' names (a phone's line held "…(4 bei 3–4 Spielern), g":
	// issue 50); descW is that room.
	desc   [3][]string
	descW  float64
	labels []ui.Label
	keysY  float64  // where the keys' help stands
	keys   []string // its lines (none on a touch screen)
	x0     float64  // the form's left, where the rows' names stand
	labW   float64  // the room of a row's name
}

// NewSetup opens the title screen.
func NewSetup(c *app.Context) app.Scene { return &Setup{dirty: true} }

// Resume implements app.Resumer.
func (s *Setup) Resume(c *app.Context) { s.dirty = true }

// Still implements app.Still: nothing on the page moves by itself.
func (s *Setup) Still() bool { return true }

// PagePhase implements app.PageScene.
func (s *Setup) PagePhase() string { return "setup" }

// PageButtons implements app.PageButtons.
func (s *Setup) PageButtons() []ui.Info { return s.bs.Infos() }

// Update reacts to taps and keys.
func (s *Setup) Update(c *app.Context) error {
	if s.dirty || s.w != c.W || s.h != c.H {
		s.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEnter) || c.In.KeyPressed(ebiten.KeySpace) {
		startGame(c)
		return nil
	}
	if c.In.KeyPressed(ebiten.KeyEscape) && !app.Browser {
		c.Quit()
		return nil
	}
	b, ok := ui.ScrollOrTap(&s.scroll, &s.bs, c.In.Pointer, c.In.Wheel, 6*c.Scale, s.u, func() { s.layout(c) })
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	i := b.Arg
	switch b.Act {
	case actSettings:
		c.Push(c.Screens.Settings(c))
		return nil
	case actRules:
		c.Push(c.Screens.Rules(c, c.Setup.Variant))
		return nil
	case actRecords:
		c.Push(c.Screens.Records(c, nil))
		return nil
	case actTutorial:
		if ts, err := c.Screens.Tutorial(c); err == nil {
			c.Push(ts)
		} else {
			c.Notify(err.Error())
		}
		return nil
	case actStart:
		startGame(c)
		return nil
	case actOnline:
		c.Push(c.Screens.Online(c))
		return nil
	case actPuzzles:
		if ps, err := c.Screens.Puzzles(c); err == nil {
			c.Push(ps)
		} else {
			c.Notify(err.Error())
		}
		return nil
	case actMyGames:
		c.Push(c.Screens.MyGames(c))
		return nil
	case actQuit:
		c.SaveSetup()
		c.Quit()
		return nil
	}
	c.EditSetup(func(st *play.Setup) {
		switch b.Act {
		case actVariant:
			st.Variant = logic.Variant(i)
		case actPlayers:
			st.Players = i
			if st.Starter >= st.Players {
				st.Starter = 0
			}
		case actColor:
			st.NextColor(i)
		case actKind:
			// Between this screen's two kinds; a remote seat is seated by
			// the online game, never here.
			if st.Seats[i].Player.IsComputer() {
				st.Seats[i].Player.Kind = record.Human
			} else {
				st.Seats[i].Player.Kind = record.Computer
			}
		case actLevelDn:
			st.Seats[i].Player.Level = max(1, st.Seats[i].Player.Level-1)
		case actLevelUp:
			st.Seats[i].Player.Level = min(ai.MaxLevel, st.Seats[i].Player.Level+1)
		case actSitDn:
			st.Seats[i].SitOuts = max(0, st.Seats[i].SitOuts-1)
		case actSitUp:
			st.Seats[i].SitOuts = min(logic.MaxSitOuts, st.Seats[i].SitOuts+1)
		case actStarter:
			st.Starter = i
		case actTourneyOn:
			st.Tournament = true
		case actTourneyOff:
			st.Tournament = false
		}
	})
	s.dirty = true
	return nil
}

// startGame starts a game with the setup, remembered for next time.
func startGame(c *app.Context) {
	c.EditSetup(func(*play.Setup) {})
	gs, err := c.Screens.NewGame(c, "")
	if err != nil {
		c.Notify(err.Error())
		return
	}
	c.Reset(gs)
}

// layout places every control for the screen's size: one wide row per
// seat in landscape, two narrower rows per seat in portrait.
func (s *Setup) layout(c *app.Context) {
	s.w, s.h, s.dirty = c.W, c.H, false
	st := &c.Setup
	narrow := ui.Narrow(c.W, c.H)
	u := ui.Unit(c.W, c.H)
	s.u = u
	bh := math.Max(1.1*u, ui.Target(c.Scale)) // button height: a finger's at least
	rowH := math.Max(1.35*u, bh+0.25*u)
	// Upright, the rows are as wide as the screen, to keep finger-sized
	// buttons on a phone.
	cw, labW := math.Min(13.5*u, c.W-0.5*u), 2.2*u
	kw, gap := 3.2*u, 0.9*u // who plays; between − and +
	if !narrow {
		cw, labW = 22.5*u, 3.6*u
		kw, gap = 3.6*u, 1.0*u
	}
	x0 := math.Round((c.W - cw) / 2)
	cx := x0 + labW // controls start here
	s.x0, s.labW = x0, labW
	ctlW := cw - labW
	s.bs.Reset()
	s.bs.TextH = 1.1 * u
	s.labels = s.labels[:0]
	y := 0.4 * u
	s.titleY = y + 1.0*u
	y += 2.3 * u
	add := func(b ui.Button[setupAct]) { s.bs.Add(b) }
	addLabel := func(text string, y float64) {
		s.labels = append(s.labels, ui.Label{X: x0, Y: y + bh/2, Size: 0.48 * u, S: text, Align: render.AlignLeft})
	}
	// Variant.
	addLabel(c.T("setup.game"), y)
	w3 := (ctlW - 2*0.2*u) / 3
	for i := 0; i < 3; i++ {
		add(ui.Button[setupAct]{X: cx + float64(i)*(w3+0.2*u), Y: y, W: w3, H: bh, Act: actVariant, Arg: i, Label: c.Lang.Variants[i], On: int(st.Variant) == i})
	}
	y += bh + 0.15*u
	s.descX, s.descY = cx, y+0.3*u
	// Every variant's description gets as many lines as the longest
	// needs, so the rows under it stay where they are when the variant
	// changes (a finger on its way to Players).
	s.descW = x0 + cw - cx
	lines := 1
	for v := range s.desc {
		s.desc[v] = ui.Wrap(c.Text, c.Lang.VariantDesc[v], 0.42*u, s.descW, false)
		lines = max(lines, len(s.desc[v]))
	}
	y += 0.75*u + float64(lines-1)*descLine*u
	// Players.
	addLabel(c.T("setup.players"), y)
	pw := math.Max(1.6*u, bh)
	for n := 2; n <= 4; n++ {
		add(ui.Button[setupAct]{X: cx + float64(n-2)*(pw+0.2*u), Y: y, W: pw, H: bh, Act: actPlayers, Arg: n, Label: playerLabels[n], On: st.Players == n})
	}
	y += rowH
	// Seats.
	spare := 0.0 // the level rows human seats go without
	for i := 0; i < st.Players; i++ {
		seat := &st.Seats[i]
		addLabel(c.Lang.Seats[i], y)
		x := cx
		add(ui.Button[setupAct]{X: x, Y: y, W: bh, H: bh, Act: actColor, Arg: i, Swatch: seat.Color, HasSwatch: true})
		x += bh + 0.25*u
		kind := c.T("setup.human")
		computer := seat.Player.IsComputer()
		if computer {
			kind = c.T("setup.computer")
		}
		// Lit either way: it names who plays (lit for a computer only,
		// "Human" read as switched off).
		add(ui.Button[setupAct]{X: x, Y: y, W: kw, H: bh, Act: actKind, Arg: i, Label: kind, On: true})
		x += kw + 0.35*u
		level := func(x, y float64) {
			if !computer {
				return // a person has no level: no row of disabled controls
			}
			add(ui.Button[setupAct]{X: x, Y: y, W: bh, H: bh, Act: actLevelDn, Arg: i, Label: "−", Off: seat.Player.Level <= 1})
			lvl := c.Lang.LevelLabels[seat.Player.Level]
			s.labels = append(s.labels, ui.Label{X: x + bh + 2.1*u, Y: y + bh/2, Size: 0.44 * u, S: lvl, Align: render.AlignCenter})
			x += bh + 4.2*u
			add(ui.Button[setupAct]{X: x, Y: y, W: bh, H: bh, Act: actLevelUp, Arg: i, Label: "+", Off: seat.Player.Level >= ai.MaxLevel})
		}
		sits := func(x, y, lw float64) {
			s.labels = append(s.labels, ui.Label{X: x + lw/2, Y: y + bh/2, Size: 0.4 * u, S: c.T("setup.sitsout"), Align: render.AlignCenter})
			x += lw
			add(ui.Button[setupAct]{X: x, Y: y, W: bh, H: bh, Act: actSitDn, Arg: i, Label: "−", Off: seat.SitOuts <= 0})
			s.labels = append(s.labels, ui.Label{X: x + bh + 0.5*u, Y: y + bh/2, Size: 0.5 * u, S: digits[seat.SitOuts], Align: render.AlignCenter})
			x += bh + gap
			add(ui.Button[setupAct]{X: x, Y: y, W: bh, H: bh, Act: actSitUp, Arg: i, Label: "+", Off: seat.SitOuts >= logic.MaxSitOuts})
		}
		if narrow {
			// Row one: colour, who plays, handicap; row two: the level.
			sits(x, y, 1.7*u)
			if computer {
				y += rowH
				level(cx, y)
			} else {
				spare += rowH // kept for the form's height: a level row may come
			}
		} else {
			level(x, y)
			sits(x+2*bh+4.2*u+0.35*u, y, 2.6*u)
		}
		y += rowH
	}
	// Who starts.
	addLabel(c.T("setup.first"), y)
	sw := math.Min(2.3*u, (ctlW-float64(st.Players)*0.2*u)/float64(st.Players+1))
	for i := 0; i < st.Players; i++ {
		add(ui.Button[setupAct]{X: cx + float64(i)*(sw+0.2*u), Y: y, W: sw, H: bh, Act: actStarter, Arg: i, Label: c.Lang.Colors[st.Seats[i].Color], On: st.Starter == i})
	}
	add(ui.Button[setupAct]{X: cx + float64(st.Players)*(sw+0.2*u), Y: y, W: sw, H: bh, Act: actStarter, Arg: -1, Label: c.T("setup.drawn"), On: st.Starter < 0})
	y += rowH
	// Tournament.
	addLabel(c.T("setup.tournament"), y)
	express := st.Variant == logic.Express
	add(ui.Button[setupAct]{X: cx, Y: y, W: 2.4 * u, H: bh, Act: actTourneyOff, Label: c.T("setup.off"), On: !st.Tournament || !express, Off: !express})
	add(ui.Button[setupAct]{X: cx + 2.6*u, Y: y, W: 2.4 * u, H: bh, Act: actTourneyOn, Label: c.T("setup.on"), On: st.Tournament && express, Off: !express})
	note := c.T("setup.to10")
	if !express {
		note = c.T("setup.exponly")
	}
	s.labels = append(s.labels, ui.Label{X: cx + 5.3*u, Y: y + bh/2, Size: 0.42 * u, S: note, Align: render.AlignLeft})
	y += rowH + 0.3*u
	acts, actLabels := len(s.bs.List), len(s.labels) // the actions' block starts here
	actY := y - 0.1*u
	// Settings (sound and all), start, quit; rules and records at the top.
	add(ui.Button[setupAct]{X: cx, Y: y, W: 3.6 * u, H: bh, Act: actSettings, Label: c.T("setup.settings")})
	add(ui.Button[setupAct]{X: x0 + cw - 3.2*u, Y: 0.4 * u, W: 3.2 * u, H: bh, Act: actRules, Label: c.T("setup.rules")})
	add(ui.Button[setupAct]{X: x0, Y: 0.4 * u, W: 3.2 * u, H: bh, Act: actRecords, Label: c.T("setup.records")})
	x := cx + ctlW - 5.5*u
	add(ui.Button[setupAct]{X: x, Y: y - 0.1*u, W: 5.5 * u, H: bh + 0.2*u, Act: actStart, Label: c.T("setup.play"), On: true, Bold: true})
	if !app.Browser {
		add(ui.Button[setupAct]{X: x0, Y: y, W: math.Min(2.8*u, labW-0.2*u), H: bh, Act: actQuit, Label: c.T("setup.quit")})
	}
	// First steps: beside the rules at the top, or under Play when narrow.
	if narrow {
		y += rowH
		add(ui.Button[setupAct]{X: x, Y: y, W: 5.5 * u, H: bh, Act: actTutorial, Label: c.T("tutorial.title")})
		add(ui.Button[setupAct]{X: cx, Y: y, W: 3.6 * u, H: bh, Act: actOnline, Label: c.T("setup.online")})
		y += rowH
		add(ui.Button[setupAct]{X: cx, Y: y, W: 3.6 * u, H: bh, Act: actMyGames, Label: c.T("setup.mygames")})
		add(ui.Button[setupAct]{X: x, Y: y, W: 5.5 * u, H: bh, Act: actPuzzles, Label: c.T("setup.puzzles")})
	} else {
		add(ui.Button[setupAct]{X: cx + 3.85*u, Y: y, W: 3.6 * u, H: bh, Act: actOnline, Label: c.T("setup.online")})
		add(ui.Button[setupAct]{X: cx + 7.7*u, Y: y, W: 3.6 * u, H: bh, Act: actMyGames, Label: c.T("setup.mygames")})
		// Puzzles beside Records at the top, as the first steps are beside
		// the rules: the row of Play has room for three buttons before it.
		add(ui.Button[setupAct]{X: x0 + 3.45*u, Y: 0.4 * u, W: 3.2 * u, H: bh, Act: actPuzzles, Label: c.T("setup.puzzles")})
		add(ui.Button[setupAct]{X: x0 + cw - 7.65*u, Y: 0.4 * u, W: 4.2 * u, H: bh, Act: actTutorial, Label: c.T("tutorial.title")})
	}
	// How to play by keys, for those who cannot use a pointer: wrapped
	// at a size that reads (shrunk to one line it was 9 px on a phone),
	// and not on a touch screen, which has no keys to press.
	y += bh + 0.35*u
	s.keysY = y + 0.2*u
	s.keys = s.keys[:0]
	if !c.Touch {
		s.keys = ui.Wrap(c.Text, c.T("setup.keys"), 0.4*u, c.W-u, false)
		y += float64(len(s.keys)) * 0.46 * u
	}
	// Centre the whole form vertically, as tall as it is with four
	// players: changing the number of players must not move the controls
	// under the finger (the next tap would land on nothing).
	seatRows := 1.0
	if narrow {
		seatRows = 2
	}
	full := y + spare + float64(4-st.Players)*seatRows*rowH
	// Taller than the screen (a phone on its side): it scrolls.
	s.scroll.Max = math.Max(0, full+bh+0.6*u-c.H)
	dy := math.Floor((c.H - (full + bh + 0.6*u)) / 2)
	if s.scroll.Max > 0 {
		dy = -math.Min(s.scroll.Off, s.scroll.Max)
		if now := y + bh + 0.6*u; now <= c.H {
			// Too tall for four players, but what is shown fits (an
			// upright tablet with two: the form took the top 55% to 75%
			// of the screen, the rest empty wood, and scrolled for
			// nothing; issue 50): the form from the top, the actions at
			// the foot, where they stay whatever the number of players.
			s.scroll.Max, s.scroll.Off, dy = 0, 0, 0
			push := c.H - now
			for i := acts; i < len(s.bs.List); i++ {
				if b := &s.bs.List[i]; b.Y >= actY {
					b.Y += push
				}
			}
			for i := actLabels; i < len(s.labels); i++ {
				s.labels[i].Y += push
			}
			s.keysY += push
		}
	}
	if dy != 0 {
		s.titleY += dy
		s.descY += dy
		s.keysY += dy
		moveDown(dy, s.bs.List, s.labels)
	}
	// A marble swatch is drawn at the sprite size: keep sprites painted.
	c.Sprites.Ensure(int(bh * 0.8))
}

// Draw draws the setup screen.
func (s *Setup) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := s.u
	c.Text.Shadowed(screen, "Shiftago", c.W/2, s.titleY, 1.5*u, render.Ink, render.AlignCenter, true)
	// The rows' names keep clear of their controls, all at one size: one
	// shrunk alone ("Tournament") looked smaller than its neighbours.
	names := math.Inf(1)
	for i := range s.labels {
		if l := &s.labels[i]; l.X == s.x0 {
			names = math.Min(names, c.Text.Fit(l.S, l.Size, s.labW-0.15*s.u, false))
		}
	}
	for i := range s.labels {
		l := &s.labels[i]
		size := l.Size
		if l.X == s.x0 {
			size = names
		}
		c.Text.Draw(screen, l.S, l.X, l.Y, size, render.Ink, l.Align, false)
	}
	for i, l := range s.desc[c.Setup.Variant] {
		c.Text.Draw(screen, l, s.descX, s.descY+float64(i)*descLine*u, 0.42*u, render.Dim, render.AlignLeft, false)
	}
	for i, l := range s.keys {
		c.Text.Draw(screen, l, c.W/2, s.keysY+float64(i)*0.46*u, 0.4*u, render.Dim, render.AlignCenter, false)
	}
	s.bs.Draw(screen, c.Kit())
}

// Fits lists the texts of the screen with their room, for the test that
// every language fits: the buttons, the labels up to the first button on
// their row, the variant's description.
func (s *Setup) Fits(c *app.Context) []ui.Fit {
	out := s.bs.Fits()
	out = append(out, labelRooms(s.labels, &s.bs, s.u, c.W)...)
	return out
}

// DescFits are the lines of every variant's description with their
// room, which ends at the screen's edge.
func (s *Setup) DescFits(c *app.Context) []ui.Fit {
	var out []ui.Fit
	for _, lines := range s.desc {
		for _, l := range lines {
			out = append(out, ui.Fit{Text: l, Size: 0.42 * s.u, W: math.Min(s.descW, c.W-s.descX)})
		}
	}
	return out
}

// descLine is the step, in units, from one line of a variant's
// description to the next.
const descLine = 0.5

// labelRooms gives each left-aligned label the room up to the first
// button to its right on its row (or the screen's edge).
func labelRooms[A comparable](ls []ui.Label, bs *ui.Buttons[A], u, w float64) []ui.Fit {
	var out []ui.Fit
	for _, l := range ls {
		if l.Align != render.AlignLeft {
			continue
		}
		room := w - l.X
		for _, b := range bs.List {
			if b.X > l.X && l.Y >= b.Y-1 && l.Y <= b.Y+b.H+1 {
				room = min(room, b.X-l.X-0.3*u)
			}
		}
		out = append(out, ui.Fit{Text: l.S, Size: l.Size, W: room})
	}
	return out
}

// moveDown moves a page's buttons and labels down by dy (up if negative):
// the page centred, or scrolled.
func moveDown[A comparable](dy float64, bs []ui.Button[A], ls []ui.Label) {
	for i := range bs {
		bs[i].Y += dy
	}
	for i := range ls {
		ls[i].Y += dy
	}
}
