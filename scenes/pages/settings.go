package pages

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

// settingsAct is a control of the settings; Arg carries the language,
// the speed or the pace.
type settingsAct uint8

const (
	actSound settingsAct = iota
	actVolDn
	actVolUp
	actLang
	actSymbols // Arg 1: on
	actSpeed
	actReduced
	actPace
	actHotSeat // Arg 1: on
	actSetBack
	actConfirm // Arg 1: on
	actVibrate // Arg 1: on
	actHints   // Arg 1: on
	actBoard   // Arg: the render.BoardKind
)

func (a settingsAct) String() string {
	return [...]string{"sound", "volume-", "volume+", "lang", "symbols", "speed", "reduced", "pace", "hotseat", "back", "confirm", "vibrate", "hints", "board"}[a]
}

var speeds = [3]float64{0.5, 1, 2}

// Settings sets sound, language, colour symbols, animation, the
// computer's pace and hot-seat undo; every change is saved at once.
type Settings struct {
	bs     ui.Buttons[settingsAct]
	scroll ui.Scroll
	titleX float64 // the title's left end and room, left of Back
	titleW float64
	titleY float64
	labels []ui.Label
	w, h   float64
	dirty  bool
	u      float64
	symY   float64
	symX   float64
	// noDevice says there is no sound device, beside the volume (empty
	// when there is one).
	noDevice ui.Label
}

// NewSettings opens the settings; Back closes them.
func NewSettings(c *app.Context) app.Scene { return &Settings{dirty: true} }

// Still implements app.Still: nothing on the page moves by itself.
func (s *Settings) Still() bool { return true }

// PagePhase implements app.PageScene.
func (s *Settings) PagePhase() string { return "settings" }

// PageButtons implements app.PageButtons.
func (s *Settings) PageButtons() []ui.Info { return s.bs.Infos() }

// layout lays the page out with the rows' usual spacing or, where that
// is taller than the screen (a phone held upright had its Hints row at
// y 850 of 844: issue 50), closer together; what still does not fit
// scrolls, and a bar at the right edge says so.
func (s *Settings) layout(c *app.Context) {
	s.layoutSpaced(c, false)
	if s.scroll.Max > 0 {
		s.layoutSpaced(c, true)
	}
}

func (s *Settings) layoutSpaced(c *app.Context, tight bool) {
	s.w, s.h, s.dirty = c.W, c.H, false
	st := &c.Setup
	u := ui.Unit(c.W, c.H)
	s.u = u
	narrow := ui.Narrow(c.W, c.H)
	bh := math.Max(1.1*u, ui.Target(c.Scale)) // a finger's at least
	rowH := math.Max(1.45*u, bh+0.35*u)
	nameH := 0.8 * u // a row's name above its controls, upright
	if tight {
		rowH, nameH = bh+0.15*u, 0.62*u
	}
	cw := math.Min(c.W-u, 22.5*u)
	labW := 7.6 * u
	if narrow {
		labW = 0
	}
	x0 := math.Round((c.W - cw) / 2)
	cx, ctlW := x0+labW, cw-labW
	s.bs.Reset()
	s.bs.TextH = 1.1 * u
	s.labels = s.labels[:0]
	// Back sits at the top, right of the title, as on the rules page: a
	// phone's home bar covered it at the page's foot, and a short window
	// cut it off, with nothing to say that the page scrolls (issue 26).
	m := 0.6 * u
	s.bs.Add(ui.Button[settingsAct]{X: c.W - m - 4*u, Y: m, W: 4 * u, H: bh, Act: actSetBack, Label: c.T("settings.back"), On: true, Bold: true})
	s.titleX, s.titleW = m, c.W-2*m-4*u-0.4*u
	s.titleY = m + bh/2
	y := math.Max(2.6*u, m+bh+0.6*u)
	row := func(key string) {
		if narrow {
			s.labels = append(s.labels, ui.Label{X: x0, Y: y + 0.45*nameH, Size: 0.48 * u, S: c.T(key), Align: render.AlignLeft})
			y += nameH
		} else {
			s.labels = append(s.labels, ui.Label{X: x0, Y: y + bh/2, Size: 0.48 * u, S: c.T(key), Align: render.AlignLeft})
		}
	}
	chips := func(act settingsAct, args []int, names []string, on int, w float64) {
		for i := range args {
			s.bs.Add(ui.Button[settingsAct]{X: cx + float64(i)*(w+0.2*u), Y: y, W: w, H: bh, Act: act, Arg: args[i], Label: names[i], On: i == on})
		}
	}
	onOff := func(act settingsAct, val bool) {
		k := 0
		if val {
			k = 1
		}
		chips(act, []int{0, 1}, []string{c.T("settings.off"), c.T("settings.on")}, k, 2.6*u)
	}
	// Sound and volume.
	row("settings.sound")
	snd := 1
	if st.Muted {
		snd = 0
	}
	s.bs.Add(ui.Button[settingsAct]{X: cx, Y: y, W: 2.6 * u, H: bh, Act: actSound, Label: [2]string{c.T("settings.off"), c.T("settings.on")}[snd], On: snd == 1})
	vx := cx + 3.0*u
	s.bs.Add(ui.Button[settingsAct]{X: vx, Y: y, W: bh, H: bh, Act: actVolDn, Label: "−", Off: st.Volume <= 0})
	s.labels = append(s.labels, ui.Label{X: vx + bh + 1.2*u, Y: y + bh/2, Size: 0.46 * u, S: fmt.Sprintf("%d%%", int(math.Round(st.Volume*100))), Align: render.AlignCenter})
	s.bs.Add(ui.Button[settingsAct]{X: vx + bh + 2.4*u, Y: y, W: bh, H: bh, Act: actVolUp, Label: "+", Off: st.Volume >= 1})
	// Said here as the game's menu says it ("Sound: no device"): the
	// setting alone read "On 80%" while nothing could sound.
	s.noDevice = ui.Label{}
	if !c.Sound.Available() {
		nx := vx + 2*bh + 2.4*u + 0.3*u
		s.noDevice = ui.Label{X: nx, Y: y + bh/2, Size: c.Text.Fit(c.T("settings.nodevice"), 0.42*u, x0+cw-nx, false), S: c.T("settings.nodevice"), Align: render.AlignLeft}
	}
	y += rowH
	// Language.
	row("settings.language")
	lw := (ctlW - 4*0.2*u) / 5
	names := make([]string, len(i18n.Langs))
	args := make([]int, len(i18n.Langs))
	cur := 0
	for i, l := range i18n.Langs {
		names[i], args[i] = i18n.Names[l], i
		if l == c.Lang.Code {
			cur = i
		}
	}
	chips(actLang, args, names, cur, lw)
	y += rowH
	// Colour symbols, with four marbles to show them.
	row("settings.symbols")
	onOff(actSymbols, st.Symbols)
	s.symX, s.symY = cx+6.2*u, y+bh/2
	y += rowH
	// The board: one chip for each (render.Boards), in its order.
	row("settings.board")
	boardArgs, boardNames := make([]int, render.Boards), make([]string, render.Boards)
	for b := range render.Boards {
		boardArgs[b], boardNames[b] = b, c.T("settings."+render.BoardKind(b).String())
	}
	bw := math.Min(4.2*u, (ctlW-0.2*u*float64(render.Boards-1))/float64(render.Boards))
	chips(actBoard, boardArgs, boardNames, int(render.ParseBoard(st.Board)), bw)
	y += rowH
	// Animation.
	row("settings.anim")
	sp := 1
	for i, v := range speeds {
		if st.AnimSpeed == v {
			sp = i
		}
	}
	aw := math.Min(2.9*u, (ctlW-3*0.2*u)/4.6)
	chips(actSpeed, []int{0, 1, 2}, []string{c.T("settings.slow"), c.T("settings.normal"), c.T("settings.fast")}, sp, aw)
	s.bs.Add(ui.Button[settingsAct]{X: cx + 3*(aw+0.2*u), Y: y, W: ctlW - 3*(aw+0.2*u), H: bh, Act: actReduced, Label: c.T("settings.reduced"), On: st.Reduced})
	y += rowH
	// The computer's pace.
	row("settings.think")
	chips(actPace, []int{1, 0, 2}, []string{c.T("settings.quick"), c.T("settings.normal"), c.T("settings.calm")}, [3]int{1, 0, 2}[st.Pace], aw)
	y += rowH
	// Hot-seat undo.
	row("settings.hotseat")
	onOff(actHotSeat, st.HotSeatUndo)
	y += rowH
	// The touch decides, or the release (casual players).
	row("settings.confirm")
	onOff(actConfirm, st.ConfirmRelease)
	y += rowH
	// A buzz on pick-up, touch and refusal, where the device can.
	row("settings.vibrate")
	onOff(actVibrate, st.Vibrate)
	y += rowH
	// The best move shown on the board (never in a tournament).
	row("settings.hints")
	onOff(actHints, st.Hints)
	y += rowH
	// Taller than the screen (a phone): it scrolls.
	s.scroll.Max = math.Max(0, y+0.5*u-c.H)
	dy := -math.Min(s.scroll.Off, s.scroll.Max)
	s.titleY += dy
	s.symY += dy
	moveDown(dy, s.bs.List, s.labels)
	s.noDevice.Y += dy
	c.Sprites.Ensure(int(bh * 0.8))
}

// Update applies a change at once and remembers it.
func (s *Settings) Update(c *app.Context) error {
	if s.dirty || s.w != c.W || s.h != c.H {
		s.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	b, ok := ui.ScrollOrTap(&s.scroll, &s.bs, c.In.Pointer, c.In.Wheel, 6*c.Scale, s.u, func() { s.layout(c) })
	if !ok {
		return nil
	}
	if b.Act == actSetBack {
		c.Sound.Play(sound.CueTap, 0, 0)
		c.Pop()
		return nil
	}
	c.EditSetup(func(st *play.Setup) {
		switch b.Act {
		case actSound:
			st.Muted = !st.Muted
			c.Sound.SetMuted(st.Muted)
		case actVolDn, actVolUp:
			step := 0.1
			if b.Act == actVolDn {
				step = -0.1
			}
			st.Volume = math.Max(0, math.Min(1, math.Round((st.Volume+step)*10)/10))
			c.Sound.SetVolume(st.Volume)
		case actLang:
			st.Lang = i18n.Langs[b.Arg]
			c.SetLanguage(st.Lang)
		case actSymbols:
			st.Symbols = b.Arg == 1
		case actBoard:
			st.Board = render.BoardKind(b.Arg).String()
		case actSpeed:
			st.AnimSpeed = speeds[b.Arg]
		case actReduced:
			st.Reduced = !st.Reduced
		case actPace:
			st.Pace = b.Arg
		case actHotSeat:
			st.HotSeatUndo = b.Arg == 1
		case actConfirm:
			st.ConfirmRelease = b.Arg == 1
		case actVibrate:
			st.Vibrate = b.Arg == 1
		case actHints:
			st.Hints = b.Arg == 1
		}
	})
	c.Sound.Play(sound.CueTap, 0, 0)
	c.Sprites.SetTheme(render.ThemeOf(render.ParseBoard(c.Setup.Board), c.Setup.Symbols))
	s.dirty = true
	return nil
}

// Draw draws the settings.
func (s *Settings) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := s.u
	title := c.T("settings.title")
	c.Text.Shadowed(screen, title, s.titleX, s.titleY, c.Text.Fit(title, 1.1*u, s.titleW, true), render.Ink, render.AlignLeft, true)
	for i := range s.labels {
		l := &s.labels[i]
		size := l.Size
		if l.Align == render.AlignLeft && l.X < s.symX-6*u { // a row's name: keep clear of its controls
			size = c.Text.Fit(l.S, l.Size, 7.3*u, false)
		}
		c.Text.Draw(screen, l.S, l.X, l.Y, size, render.Ink, l.Align, false)
	}
	if l := &s.noDevice; l.S != "" {
		c.Text.Draw(screen, l.S, l.X, l.Y, l.Size, render.Dim, l.Align, false)
	}
	k := 0.9 * u / math.Max(1, float64(c.Sprites.Diameter()))
	for col := logic.Orange; col <= logic.White; col++ {
		c.Sprites.MarbleScaled(screen, col, s.symX+float64(col)*1.1*u, s.symY, k)
	}
	s.bs.Draw(screen, c.Kit())
	if r := s.ScrollBar(c); !r.Empty() {
		c.Sprites.Panel(screen, r.X, r.Y, r.W, r.H, r.W/2, render.Fade(render.Ink, 0.45))
	}
}

// ScrollBar is the bar at the page's right edge that says it scrolls and
// how far: as tall a share of the screen as the screen is of the page
// (empty when the page fits).
func (s *Settings) ScrollBar(c *app.Context) layout.Rect {
	if s.scroll.Max <= 0 {
		return layout.Rect{}
	}
	page := c.H + s.scroll.Max
	w := math.Max(3*c.Scale, 0.12*s.u)
	h := math.Max(c.H*c.H/page, 3*w)
	y := (c.H - h) * s.scroll.Off / s.scroll.Max
	return layout.Rect{X: c.W - w - 2*c.Scale, Y: y, W: w, H: h}
}

// Fits lists every text the screen shows with the room it has, for the
// test that every language fits.
func (s *Settings) Fits(c *app.Context) []ui.Fit {
	return append(s.bs.Fits(), labelRooms(s.labels, &s.bs, s.u, c.W)...)
}
