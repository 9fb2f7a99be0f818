package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/render"
)

// Actions of the setup screen's buttons.
const (
	actVariant  = 100 // + variant
	actPlayers  = 110 // + players
	actColor    = 120 // + seat
	actKind     = 130 // + seat
	actLevelDn  = 140 // + seat
	actLevelUp  = 150 // + seat
	actSitDn    = 160 // + seat
	actSitUp    = 170 // + seat
	actStarter  = 181 // + seat, or actStarter-1 for drawn
	actTourney  = 190
	actSound    = 191
	actStart    = 192
	actQuit     = 193
	actTourneyN = 194
	actSettings = 195
	actRules    = 196
	actRecords  = 197
	actTutorial = 198
)

var variantNames = [3]string{"Express", "Expert", "Extreme"}

var variantDesc = [3]string{
	"First to make a line of 5 (4 with 3–4 players) wins.",
	"Score lines for 2 to 10 points; first to 10 wins.",
	"Expert, but shorter lines score too, for 0 points.",
}

var playerLabels = [5]string{"", "", "2", "3", "4"}

var digits = [11]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}

var levelLabels = func() [ai.MaxLevel + 1]string {
	var out [ai.MaxLevel + 1]string
	for _, l := range ai.Levels() {
		out[l.Level] = digits[l.Level] + " · " + l.Name
	}
	return out
}()

// SetupScene is the title screen: it chooses the variant, the players,
// who plays each seat and how, who starts, the handicaps and whether to
// play an Express tournament, and remembers all of it for next time.
type SetupScene struct {
	bs     buttons
	w, h   float64
	dirty  bool
	u      float64
	titleY float64
	descY  float64
	descX  float64
	labels []label
}

// label is a piece of static text of the setup screen.
type label struct {
	x, y, size float64
	s          string
	align      render.Align
}

// NewSetupScene opens the title screen.
func NewSetupScene(c *Context) *SetupScene {
	return &SetupScene{dirty: true, bs: buttons{pressed: -1, hover: -1}}
}

// Update reacts to taps and keys.
func (s *SetupScene) Update(c *Context) error {
	if s.dirty || s.w != c.W || s.h != c.H {
		s.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEnter) || c.In.KeyPressed(ebiten.KeySpace) {
		s.start(c)
		return nil
	}
	if c.In.KeyPressed(ebiten.KeyEscape) && !isBrowser {
		c.Quit()
		return nil
	}
	id := s.bs.tapped(&c.In)
	if id < 0 {
		return nil
	}
	c.Sound.Play(CueTap, 0, 0)
	st := &c.Setup
	switch {
	case id >= actVariant && id < actVariant+3:
		st.Variant = logic.Variant(id - actVariant).String()
	case id >= actPlayers+2 && id <= actPlayers+4:
		st.Players = id - actPlayers
		if st.Starter >= st.Players {
			st.Starter = 0
		}
	case id >= actColor && id < actColor+4:
		s.nextColor(st, id-actColor)
	case id >= actKind && id < actKind+4:
		st.Seats[id-actKind].Computer = !st.Seats[id-actKind].Computer
	case id >= actLevelDn && id < actLevelDn+4:
		st.Seats[id-actLevelDn].Level = max(1, st.Seats[id-actLevelDn].Level-1)
	case id >= actLevelUp && id < actLevelUp+4:
		st.Seats[id-actLevelUp].Level = min(ai.MaxLevel, st.Seats[id-actLevelUp].Level+1)
	case id >= actSitDn && id < actSitDn+4:
		st.Seats[id-actSitDn].SitOuts = max(0, st.Seats[id-actSitDn].SitOuts-1)
	case id >= actSitUp && id < actSitUp+4:
		st.Seats[id-actSitUp].SitOuts = min(logic.MaxSitOuts, st.Seats[id-actSitUp].SitOuts+1)
	case id >= actStarter-1 && id < actStarter+4:
		st.Starter = id - actStarter
	case id == actTourney:
		st.Tournament = true
	case id == actTourneyN:
		st.Tournament = false
	case id == actSound:
		st.Muted = !st.Muted
		c.Sound.SetMuted(st.Muted)
	case id == actSettings:
		c.GoTo(NewSettingsScene(c, nil))
		return nil
	case id == actRules:
		v, _ := logic.ParseVariant(st.Variant)
		c.GoTo(NewRulesScene(c, v, nil))
		return nil
	case id == actRecords:
		c.GoTo(NewRecordsScene(c, nil))
		return nil
	case id == actTutorial:
		if ts, err := NewTutorialScene(c, nil); err == nil {
			c.GoTo(ts)
		} else {
			c.Notify(err.Error())
		}
		return nil
	case id == actStart:
		s.start(c)
		return nil
	case id == actQuit:
		c.SaveSetup()
		c.Quit()
		return nil
	}
	st.Normalize()
	c.SaveSetup()
	s.dirty = true
	return nil
}

// nextColor gives seat i the next colour; the seat that had it takes the
// seat's old colour, so colours stay distinct.
func (s *SetupScene) nextColor(st *Setup, i int) {
	old := st.SeatColor(i)
	next := (old + 1) % 4
	for j := range st.Seats {
		if j != i && st.SeatColor(j) == next {
			st.Seats[j].Color = string(old.Letter())
		}
	}
	st.Seats[i].Color = string(next.Letter())
}

func (s *SetupScene) start(c *Context) { startGame(c) }

// startGame starts a game with the context's setup, remembered for next
// time.
func startGame(c *Context) {
	c.Setup.Normalize()
	c.SaveSetup()
	gs, err := NewGameScene(c, "")
	if err != nil {
		c.Notify(err.Error())
		return
	}
	c.GoTo(gs)
}

// layout places every control for the screen's size: one wide row per
// seat in landscape, two narrower rows per seat in portrait.
func (s *SetupScene) layout(c *Context) {
	s.w, s.h, s.dirty = c.W, c.H, false
	st := &c.Setup
	narrow := c.W/c.H < 1.25
	var u float64
	if narrow {
		u = math.Min(c.W/14.5, c.H/24)
	} else {
		u = math.Min(c.W/23.5, c.H/17.5)
	}
	u = math.Floor(math.Max(u, 12))
	s.u = u
	bh := 1.1 * u // button height
	rowH := 1.35 * u
	cw, labW := 13.5*u, 3.0*u
	if !narrow {
		cw, labW = 22.5*u, 3.6*u
	}
	x0 := math.Round((c.W - cw) / 2)
	cx := x0 + labW // controls start here
	ctlW := cw - labW
	s.bs.reset()
	s.labels = s.labels[:0]
	y := 0.4 * u
	s.titleY = y + 1.0*u
	y += 2.3 * u
	addLabel := func(text string, y float64) {
		s.labels = append(s.labels, label{x: x0, y: y + bh/2, size: 0.48 * u, s: text, align: render.AlignLeft})
	}
	// Variant.
	addLabel(msg("setup.game"), y)
	v, _ := logic.ParseVariant(st.Variant)
	w3 := (ctlW - 2*0.2*u) / 3
	for i := 0; i < 3; i++ {
		s.bs.add(button{x: cx + float64(i)*(w3+0.2*u), y: y, w: w3, h: bh, id: actVariant + i, label: variantNames[i], on: int(v) == i})
	}
	y += bh + 0.15*u
	s.descX, s.descY = cx, y+0.3*u
	y += 0.75 * u
	// Players.
	addLabel(msg("setup.players"), y)
	for n := 2; n <= 4; n++ {
		s.bs.add(button{x: cx + float64(n-2)*(1.6*u+0.2*u), y: y, w: 1.6 * u, h: bh, id: actPlayers + n, label: playerLabels[n], on: st.Players == n})
	}
	y += rowH
	// Seats.
	for i := 0; i < st.Players; i++ {
		seat := &st.Seats[i]
		addLabel(seatLabels[i], y)
		x := cx
		s.bs.add(button{x: x, y: y, w: bh, h: bh, id: actColor + i, swatch: st.SeatColor(i), hasSwatch: true})
		x += bh + 0.25*u
		kind := msg("setup.human")
		if seat.Computer {
			kind = msg("setup.computer")
		}
		s.bs.add(button{x: x, y: y, w: 3.6 * u, h: bh, id: actKind + i, label: kind, on: seat.Computer})
		x += 3.6*u + 0.35*u
		level := func(x, y float64) {
			s.bs.add(button{x: x, y: y, w: bh, h: bh, id: actLevelDn + i, label: "−", off: !seat.Computer || seat.Level <= 1})
			lvl := levelLabels[seat.Level]
			if !seat.Computer {
				lvl = "—"
			}
			s.labels = append(s.labels, label{x: x + bh + 2.1*u, y: y + bh/2, size: 0.44 * u, s: lvl, align: render.AlignCenter})
			x += bh + 4.2*u
			s.bs.add(button{x: x, y: y, w: bh, h: bh, id: actLevelUp + i, label: "+", off: !seat.Computer || seat.Level >= ai.MaxLevel})
		}
		sits := func(x, y, lw float64) {
			s.labels = append(s.labels, label{x: x + lw/2, y: y + bh/2, size: 0.4 * u, s: msg("setup.sitsout"), align: render.AlignCenter})
			x += lw
			s.bs.add(button{x: x, y: y, w: bh, h: bh, id: actSitDn + i, label: "−", off: seat.SitOuts <= 0})
			s.labels = append(s.labels, label{x: x + bh + 0.5*u, y: y + bh/2, size: 0.5 * u, s: digits[seat.SitOuts], align: render.AlignCenter})
			x += bh + 1.0*u
			s.bs.add(button{x: x, y: y, w: bh, h: bh, id: actSitUp + i, label: "+", off: seat.SitOuts >= logic.MaxSitOuts})
		}
		if narrow {
			// Row one: colour, who plays, handicap; row two: the level.
			sits(x, y, 2.0*u)
			y += rowH
			level(cx, y)
		} else {
			level(x, y)
			sits(x+2*bh+4.2*u+0.35*u, y, 2.6*u)
		}
		y += rowH
	}
	// Who starts.
	addLabel(msg("setup.first"), y)
	sw := math.Min(2.3*u, (ctlW-float64(st.Players)*0.2*u)/float64(st.Players+1))
	for i := 0; i < st.Players; i++ {
		s.bs.add(button{x: cx + float64(i)*(sw+0.2*u), y: y, w: sw, h: bh, id: actStarter + i, label: colorName[st.SeatColor(i)], on: st.Starter == i})
	}
	s.bs.add(button{x: cx + float64(st.Players)*(sw+0.2*u), y: y, w: sw, h: bh, id: actStarter - 1, label: msg("setup.drawn"), on: st.Starter < 0})
	y += rowH
	// Tournament.
	addLabel(msg("setup.tournament"), y)
	express := v == logic.Express
	s.bs.add(button{x: cx, y: y, w: 2.4 * u, h: bh, id: actTourneyN, label: msg("setup.off"), on: !st.Tournament || !express, off: !express})
	s.bs.add(button{x: cx + 2.6*u, y: y, w: 2.4 * u, h: bh, id: actTourney, label: msg("setup.on"), on: st.Tournament && express, off: !express})
	note := msg("setup.to10")
	if !express {
		note = msg("setup.exponly")
	}
	s.labels = append(s.labels, label{x: cx + 5.3*u, y: y + bh/2, size: 0.42 * u, s: note, align: render.AlignLeft})
	y += rowH + 0.3*u
	// Settings (sound and all), start, quit; rules and records at the top.
	s.bs.add(button{x: cx, y: y, w: 3.6 * u, h: bh, id: actSettings, label: msg("setup.settings")})
	s.bs.add(button{x: x0 + cw - 3.2*u, y: 0.4 * u, w: 3.2 * u, h: bh, id: actRules, label: msg("setup.rules")})
	s.bs.add(button{x: x0, y: 0.4 * u, w: 3.2 * u, h: bh, id: actRecords, label: msg("setup.records")})
	x := cx + ctlW - 5.5*u
	s.bs.add(button{x: x, y: y - 0.1*u, w: 5.5 * u, h: bh + 0.2*u, id: actStart, label: msg("setup.play"), on: true, bold: true})
	if !isBrowser {
		s.bs.add(button{x: x0, y: y, w: 2.8 * u, h: bh, id: actQuit, label: msg("setup.quit")})
	}
	// First steps: beside the rules at the top, or under Play when narrow.
	if narrow {
		y += rowH
		s.bs.add(button{x: x, y: y, w: 5.5 * u, h: bh, id: actTutorial, label: msg("tutorial.title")})
	} else {
		s.bs.add(button{x: x0 + cw - 7.65*u, y: 0.4 * u, w: 4.2 * u, h: bh, id: actTutorial, label: msg("tutorial.title")})
	}
	// Centre the whole form vertically.
	if dy := math.Floor((c.H - (y + bh + 0.6*u)) / 2); dy > 0 {
		s.titleY += dy
		s.descY += dy
		for i := range s.bs.list {
			s.bs.list[i].y += dy
		}
		for i := range s.labels {
			s.labels[i].y += dy
		}
	}
	// A marble swatch is drawn at the sprite size: keep sprites painted.
	c.Sprites.Ensure(int(bh * 0.8))
}

var seatLabels = [4]string{"Seat 1", "Seat 2", "Seat 3", "Seat 4"}

var colBg = color.RGBA{0x1d, 0x2a, 0x26, 0xff}

// Draw draws the setup screen.
func (s *SetupScene) Draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	if s.u == 0 {
		return
	}
	u := s.u
	c.Text.Shadowed(screen, "Shiftago", c.W/2, s.titleY, 1.5*u, colText, render.AlignCenter, true)
	for i := range s.labels {
		l := &s.labels[i]
		c.Text.Draw(screen, l.s, l.x, l.y, l.size, colText, l.align, false)
	}
	v, _ := logic.ParseVariant(c.Setup.Variant)
	c.Text.Draw(screen, variantDesc[v], s.descX, s.descY, 0.42*u, colDim, render.AlignLeft, false)
	s.bs.draw(screen, c)
}
