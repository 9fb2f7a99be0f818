package pages

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/saves"
)

// TestSettingsBackInReach: the settings' Back is on screen, whole and
// tappable, without scrolling, in a short desktop window and in a
// notched phone's safe area, upright and on its side (issue 26: it sat
// under a phone's home bar and was cut off at 390×780).
func TestSettingsBackInReach(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		sizes := [][2]float64{
			{390, 780},  // a desktop window
			{390, 751},  // a 390×844 phone less 59 px notch and 34 px home bar
			{726, 369},  // the same phone on its side: 59 px each side, 21 px bar
			{320, 568},  // the smallest phone
			{640, 480},  // the smallest window
			{1280, 800}, // a laptop
		}
		for _, lg := range i18n.Langs {
			for _, sz := range sizes {
				c := looptest.NewContext(t, lg, sz[0], sz[1], 1)
				s := NewSettings(c).(*Settings)
				s.layout(c)
				found := false
				for _, b := range s.bs.List {
					if b.Act != actSetBack {
						continue
					}
					found = true
					if b.X < 0 || b.Y < 0 || b.X+b.W > c.W || b.Y+b.H > c.H {
						t.Errorf("%s %v×%v: Back at (%.0f,%.0f) %.0f×%.0f is not whole on screen", lg, c.W, c.H, b.X, b.Y, b.W, b.H)
					}
					if b.H < 44 || b.W < 44 {
						t.Errorf("%s %v×%v: Back is %.0f×%.0f, under a finger's 44 px", lg, c.W, c.H, b.W, b.H)
					}
					if tw := c.Text.Width(c.T("settings.title"), c.Text.Fit(c.T("settings.title"), 1.1*s.u, s.titleW, true), true); s.titleX+tw > b.X {
						t.Errorf("%s %v×%v: the title runs to x=%.0f, into Back at %.0f", lg, c.W, c.H, s.titleX+tw, b.X)
					}
				}
				if !found {
					t.Errorf("%s %v×%v: no Back", lg, c.W, c.H)
				}
			}
		}
	})
}

// TestSettingsSayNoDevice: with no sound device the settings say so
// beside the volume, on screen, as the game's menu does (issue 26: the
// menu said "Sound: no device" where the settings said "On 80%").
func TestSettingsSayNoDevice(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][2]float64{{390, 780}, {320, 568}, {1280, 800}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], 1) // its sound has no device
				s := NewSettings(c).(*Settings)
				s.layout(c)
				n := s.noDevice
				if n.S != c.T("settings.nodevice") {
					t.Errorf("%s %v: the settings say %q about the sound device", lg, sz, n.S)
					continue
				}
				if w := c.Text.Width(n.S, n.Size, false); n.X+w > c.W || n.Size < 0.3*s.u {
					t.Errorf("%s %v: %q at %.1f px runs to x=%.0f of %.0f", lg, sz, n.S, n.Size, n.X+w, c.W)
				}
			}
		}
	})
}

// TestSetupKeysNotOnTouch: the keys' help is left out on a touch screen
// and, with a keyboard, wrapped at a size that reads rather than shrunk
// onto one line (issue 26: 9 px on a phone).
func TestSetupKeysNotOnTouch(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, sz := range [][2]float64{{390, 844}, {1280, 800}} {
			c := looptest.NewContext(t, "en", sz[0], sz[1], 1)
			c.Touch = true
			s := NewSetup(c).(*Setup)
			s.layout(c)
			if len(s.keys) != 0 {
				t.Errorf("%v by touch: the keys' help shows: %q", sz, s.keys)
			}
			c.Touch = false
			s.layout(c)
			if len(s.keys) == 0 {
				t.Errorf("%v with a keyboard: no keys' help", sz)
			}
			for _, k := range s.keys {
				if w := c.Text.Width(k, 0.4*s.u, false); w > c.W-s.u+0.5 {
					t.Errorf("%v: the line %q is %.0f px wide in %.0f", sz, k, w, c.W-s.u)
				}
			}
		}
	})
}

// TestSettingsChooseBoard: the board row and the marks' toggle change
// the theme everything is drawn in at once, combine (the marks on the
// classic board), and are saved with the settings. With SHIFTAGO_LOOK
// set, the page is rendered there for a person to look at.
func TestSettingsChooseBoard(t *testing.T) {
	l := looptest.Need(t)
	dir := &saves.Memory{}
	l.Do(func() {
		c := looptest.NewContext(t, "en", 390, 780, 1)
		c.Opts.Store = dir
		s := NewSettings(c).(*Settings)
		s.layout(c)
		tap := func(act settingsAct, arg int) {
			t.Helper()
			for _, b := range s.bs.List {
				if b.Act == act && b.Arg == arg {
					p := b.Rect().Center()
					c.In = inputtest.At(p.X, p.Y, true, true, true)
					s.Update(c)
					c.In = input.Input{}
					s.layout(c)
					return
				}
			}
			t.Fatalf("no button %v %d", act, arg)
		}
		tap(actBoard, int(render.BoardClassic))
		if th := c.Sprites.Theme(); c.Setup.Board != "classic" || th.Board != render.BoardClassic || th.Marks {
			t.Errorf("after Classic: setup %q, theme %v marks %v", c.Setup.Board, th.Board, th.Marks)
		}
		tap(actSymbols, 1)
		if th := c.Sprites.Theme(); th != render.ThemeOf(render.BoardClassic, true) {
			t.Errorf("after the marks: theme %v marks %v, want the classic board with marks", th.Board, th.Marks)
		}
		saved, err := saves.LoadSetup(dir)
		if err != nil || saved.Board != "classic" || !saved.Symbols {
			t.Errorf("saved board %q marks %v (%v)", saved.Board, saved.Symbols, err)
		}
		if out := os.Getenv("SHIFTAGO_LOOK"); out != "" {
			img := ebiten.NewImage(390, 780)
			defer img.Deallocate()
			s.Draw(img, c)
			shot := image.NewRGBA(image.Rect(0, 0, 390, 780))
			img.ReadPixels(shot.Pix)
			looptest.WritePNG(t, filepath.Join(out, "settings-classic-marks-390.png"), shot)
		}
		tap(actBoard, int(render.BoardWalnut))
		if th := c.Sprites.Theme(); th != render.ThemeOf(render.BoardWalnut, true) {
			t.Errorf("back to walnut: theme %v marks %v", th.Board, th.Marks)
		}
	})
}

// TestSettingsOfferEveryBoard: render.Boards owns the list of boards.
// Every one has a chip in every language, named in that language, and
// chosen it is saved, survives a restart (saved, loaded and normalized
// again) and draws its own theme: a board added in render needs no
// change here.
func TestSettingsOfferEveryBoard(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lang := range i18n.Langs {
			dir := &saves.Memory{}
			c := looptest.NewContext(t, lang, 390, 780, 1)
			c.Opts.Store = dir
			s := NewSettings(c).(*Settings)
			s.layout(c)
			for b := range render.Boards {
				kind := render.BoardKind(b)
				word := c.T("settings." + kind.String())
				var chip *ui.Button[settingsAct]
				for i := range s.bs.List {
					if s.bs.List[i].Act == actBoard && s.bs.List[i].Arg == b {
						chip = &s.bs.List[i]
					}
				}
				if chip == nil || chip.Label != word || word == "settings."+kind.String() {
					t.Errorf("%s: board %v: chip %v, word %q", lang, kind, chip, word)
					continue
				}
				p := chip.Rect().Center()
				c.In = inputtest.At(p.X, p.Y, true, true, true)
				s.Update(c)
				c.In = input.Input{}
				s.layout(c)
				saved, err := saves.LoadSetup(dir)
				if err != nil || render.ParseBoard(saved.Board) != kind {
					t.Errorf("%s: board %v saved as %q (%v)", lang, kind, saved.Board, err)
				}
				if th := c.Sprites.Theme(); th.Board != kind {
					t.Errorf("%s: board %v draws theme %v", lang, kind, th.Board)
				}
			}
		}
	})
}

// TestSettingsFitOrScroll: on a notched phone upright and on its side, a
// tablet either way and a laptop, in five languages, the settings either
// fit the screen whole, or a bar at the edge says the page scrolls and a
// finger's drag, tick by tick as a hand moves, scrolls it to its last row
// and changes no setting on the way (issue 50: the Hints row at y 850 of
// 844 with nothing to say the page scrolls; a tablet's page cut).
func TestSettingsFitOrScroll(t *testing.T) {
	for _, d := range []struct{ w, h, scale float64 }{
		{390, 751, 3},  // a 390×844 phone less its notch and home bar
		{726, 369, 3},  // on its side
		{820, 1180, 2}, // a tablet
		{1180, 820, 2},
		{1280, 800, 1},
	} {
		for _, lg := range i18n.Langs {
			c := looptest.NewContext(t, lg, d.w*d.scale, d.h*d.scale, 1)
			c.Scale = d.scale
			s := NewSettings(c).(*Settings)
			s.layout(c)
			bottom := 0.0
			for _, b := range s.bs.List {
				bottom = max(bottom, b.Y+b.H)
			}
			if lg == "de" {
				t.Logf("%s %v: the last row ends at y=%.0f of %.0f; scrolls %.0f", lg, d, bottom, c.H, s.scroll.Max)
			}
			if s.scroll.Max == 0 {
				if bottom > c.H {
					t.Errorf("%s %v: the last row ends at y=%.0f of %.0f and the page does not scroll", lg, d, bottom, c.H)
				}
				continue
			}
			if s.ScrollBar(c).Empty() {
				t.Errorf("%s %v: the page scrolls %.0f px and nothing says so", lg, d, s.scroll.Max)
			}
			before := c.Setup
			x, y := c.W/2, 0.8*c.H
			c.In = inputtest.At(x, y, true, true, false)
			s.Update(c)
			for y > 0.8*c.H-s.scroll.Max-40*d.scale {
				y -= 12 * d.scale
				c.In = inputtest.At(x, y, true, false, false)
				s.Update(c)
			}
			c.In = inputtest.At(x, y, false, false, true)
			s.Update(c)
			if s.scroll.Off < s.scroll.Max {
				t.Errorf("%s %v: a drag of %.0f px scrolled the page %.0f of %.0f px", lg, d, 0.8*c.H-y, s.scroll.Off, s.scroll.Max)
			}
			last := 0.0
			for _, b := range s.bs.List {
				last = max(last, b.Y+b.H)
			}
			if last > c.H {
				t.Errorf("%s %v: scrolled to its end, the last row ends at y=%.0f of %.0f", lg, d, last, c.H)
			}
			if c.Setup != before {
				t.Errorf("%s %v: the drag changed a setting", lg, d)
			}
		}
	}
}
