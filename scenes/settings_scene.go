package scenes

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/scenes/i18n"
)

// Actions of the settings screen.
const (
	actSetSound   = 500
	actVolDn      = 501
	actVolUp      = 502
	actLang       = 510 // + index in i18n.Langs
	actSymOff     = 520
	actSymOn      = 521
	actSpeed      = 530 // + 0 slow, 1 normal, 2 fast
	actReduced    = 533
	actPace       = 540 // + 0 normal, 1 quick, 2 calm
	actHotOff     = 550
	actHotOn      = 551
	actSetBack    = 560
	settingsLabel = 0
)

var speeds = [3]float64{0.5, 1, 2}

// SettingsScene sets sound, language, colour symbols, animation, the
// computer's pace and hot-seat undo; every change is saved at once.
type SettingsScene struct {
	prev   Scene
	bs     buttons
	labels []label
	w, h   float64
	dirty  bool
	u      float64
	symY   float64
	symX   float64
}

// NewSettingsScene opens the settings; Back returns to prev (the setup if
// nil).
func NewSettingsScene(c *Context, prev Scene) *SettingsScene {
	return &SettingsScene{prev: prev, bs: buttons{pressed: -1, hover: -1}, dirty: true}
}

func (s *SettingsScene) layout(c *Context) {
	s.w, s.h, s.dirty = c.W, c.H, false
	st := &c.Setup
	u := pageUnit(c)
	s.u = u
	narrow := c.W/c.H < 1.25
	bh := 1.1 * u
	rowH := 1.45 * u
	cw := math.Min(c.W-u, 22.5*u)
	labW := 7.6 * u
	if narrow {
		labW = 0
	}
	x0 := math.Round((c.W - cw) / 2)
	cx, ctlW := x0+labW, cw-labW
	s.bs.reset()
	s.labels = s.labels[:0]
	y := 2.6 * u
	row := func(key string) {
		if narrow {
			s.labels = append(s.labels, label{x: x0, y: y + 0.35*u, size: 0.48 * u, s: msg(key), align: render.AlignLeft})
			y += 0.8 * u
		} else {
			s.labels = append(s.labels, label{x: x0, y: y + bh/2, size: 0.48 * u, s: msg(key), align: render.AlignLeft})
		}
	}
	chips := func(ids []int, names []string, on int, w float64) {
		for i, id := range ids {
			s.bs.add(button{x: cx + float64(i)*(w+0.2*u), y: y, w: w, h: bh, id: id, label: names[i], on: i == on})
		}
	}
	onOff := func(off, on int, val bool) {
		k := 0
		if val {
			k = 1
		}
		chips([]int{off, on}, []string{msg("settings.off"), msg("settings.on")}, k, 2.6*u)
	}
	// Sound and volume.
	row("settings.sound")
	snd := 1
	if st.Muted {
		snd = 0
	}
	s.bs.add(button{x: cx, y: y, w: 2.6 * u, h: bh, id: actSetSound, label: [2]string{msg("settings.off"), msg("settings.on")}[snd], on: snd == 1})
	vx := cx + 3.0*u
	s.bs.add(button{x: vx, y: y, w: bh, h: bh, id: actVolDn, label: "−", off: st.Volume <= 0})
	s.labels = append(s.labels, label{x: vx + bh + 1.2*u, y: y + bh/2, size: 0.46 * u, s: fmt.Sprintf("%d%%", int(math.Round(st.Volume*100))), align: render.AlignCenter})
	s.bs.add(button{x: vx + bh + 2.4*u, y: y, w: bh, h: bh, id: actVolUp, label: "+", off: st.Volume >= 1})
	y += rowH
	// Language.
	row("settings.language")
	lw := (ctlW - 4*0.2*u) / 5
	names := make([]string, len(i18n.Langs))
	ids := make([]int, len(i18n.Langs))
	cur := 0
	for i, l := range i18n.Langs {
		names[i], ids[i] = i18n.Names[l], actLang+i
		if l == lang {
			cur = i
		}
	}
	chips(ids, names, cur, lw)
	y += rowH
	// Colour symbols, with four marbles to show them.
	row("settings.symbols")
	onOff(actSymOff, actSymOn, st.Symbols)
	s.symX, s.symY = cx+6.2*u, y+bh/2
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
	chips([]int{actSpeed, actSpeed + 1, actSpeed + 2}, []string{msg("settings.slow"), msg("settings.normal"), msg("settings.fast")}, sp, aw)
	s.bs.add(button{x: cx + 3*(aw+0.2*u), y: y, w: ctlW - 3*(aw+0.2*u), h: bh, id: actReduced, label: msg("settings.reduced"), on: st.Reduced})
	y += rowH
	// The computer's pace.
	row("settings.think")
	chips([]int{actPace + 1, actPace, actPace + 2}, []string{msg("settings.quick"), msg("settings.normal"), msg("settings.calm")}, [3]int{1, 0, 2}[st.Pace], aw)
	y += rowH
	// Hot-seat undo.
	row("settings.hotseat")
	onOff(actHotOff, actHotOn, st.HotSeatUndo)
	y += rowH + 0.3*u
	s.bs.add(button{x: x0 + cw - 5*u, y: y, w: 5 * u, h: bh + 0.2*u, id: actSetBack, label: msg("settings.back"), on: true, bold: true})
	c.Sprites.Ensure(int(bh * 0.8))
}

// Update applies a change at once and remembers it.
func (s *SettingsScene) Update(c *Context) error {
	if s.dirty || s.w != c.W || s.h != c.H {
		s.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		leave(c, s.prev)
		return nil
	}
	id := s.bs.tapped(&c.In)
	if id < 0 {
		return nil
	}
	st := &c.Setup
	switch {
	case id == actSetSound:
		st.Muted = !st.Muted
		c.Sound.SetMuted(st.Muted)
	case id == actVolDn || id == actVolUp:
		step := 0.1
		if id == actVolDn {
			step = -0.1
		}
		st.Volume = math.Max(0, math.Min(1, math.Round((st.Volume+step)*10)/10))
		c.Sound.SetVolume(st.Volume)
	case id >= actLang && id < actLang+len(i18n.Langs):
		st.Lang = i18n.Langs[id-actLang]
		SetLanguage(st.Lang)
	case id == actSymOff || id == actSymOn:
		st.Symbols = id == actSymOn
		c.Sprites.Symbols = st.Symbols
	case id >= actSpeed && id < actSpeed+3:
		st.AnimSpeed = speeds[id-actSpeed]
	case id == actReduced:
		st.Reduced = !st.Reduced
	case id >= actPace && id < actPace+3:
		st.Pace = id - actPace
	case id == actHotOff || id == actHotOn:
		st.HotSeatUndo = id == actHotOn
	case id == actSetBack:
		c.Sound.Play(CueTap, 0, 0)
		leave(c, s.prev)
		return nil
	}
	c.Sound.Play(CueTap, 0, 0)
	st.Normalize()
	c.SaveSetup()
	s.dirty = true
	return nil
}

// Draw draws the settings.
func (s *SettingsScene) Draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	if s.u == 0 {
		return
	}
	u := s.u
	c.Text.Shadowed(screen, msg("settings.title"), c.W/2, 1.3*u, 1.2*u, colText, render.AlignCenter, true)
	for i := range s.labels {
		l := &s.labels[i]
		size := l.size
		if l.align == render.AlignLeft && l.x < s.symX-6*u { // a row's name: keep clear of its controls
			size = c.Text.Fit(l.s, l.size, 7.3*u, false)
		}
		c.Text.Draw(screen, l.s, l.x, l.y, size, colText, l.align, false)
	}
	k := 0.9 * u / math.Max(1, float64(c.Sprites.Diameter()))
	for col := logic.Orange; col <= logic.White; col++ {
		c.Sprites.MarbleScaled(screen, col, s.symX+float64(col)*1.1*u, s.symY, k)
	}
	s.bs.draw(screen, c)
}

// Labels lists every text the screen shows with the room it has, for
// the test that every language fits.
func (s *SettingsScene) Labels() []Fit { return append(fitsOf(&s.bs), labelFits(s.labels, 7.3*s.u)...) }
