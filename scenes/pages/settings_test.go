package pages

import (
	"testing"

	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
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
				c := newContext(t, lg, sz[0], sz[1])
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
				c := newContext(t, lg, sz[0], sz[1]) // its sound has no device
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
