package devices

import (
	"math"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
)

// pageViews are the Devices page's views, fresh, to lay out: the list
// of three devices (one armed to revoke, one with a long name), the
// same with a recovery code just made, the link view with its QR code,
// and a device with no player yet.
func pageViews(now int64) []*Devices {
	list := &proto.DevicesReply{Recovery: now - 86_400_000, Devices: []proto.DeviceInfo{
		{ID: "a", Name: "Chrome on Android", Seen: now, This: true},
		{ID: "b", Name: "Desktop", Seen: now - 3*86_400_000},
		{ID: "c", Name: "Safari on iPad, a very long name of a device indeed", Seen: now - 60_000}}}
	views := make([]*Devices, 4)
	for i := range views {
		views[i] = &Devices{list: list, armed: "b", server: "http://127.0.0.1:8080"}
	}
	views[1].recovery = "8XRNJJS4EXNQR5QDVEBK"
	views[2].linking, views[2].link = true, proto.LinkReply{Code: "3FHKHCSK6U", Expires: now + 600_000}
	views[2].linkText = "http://127.0.0.1:8080/?link=3FHKHCSK6U"
	views[3].list, views[3].none = nil, true
	return views
}

// viewNames name pageViews' views in a failure.
var viewNames = []string{"the list", "a recovery code", "the link code", "no player"}

// TestDevicesPageFits lays out the Devices page (the list with three
// devices, one armed to revoke, a recovery code just made; and the link
// view with its QR code) in every language, at the smallest window, a
// tablet and a phone, and checks that every button lies on the screen,
// is at least a finger's height, and holds its text.
func TestDevicesPageFits(t *testing.T) {
	l := looptest.Need(t)
	now := time.Now().UnixMilli()
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{640, 480, 1}, {1280, 800, 1}, {820 * 2, 1180 * 2, 2}, {390 * 3, 844 * 3, 3}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				for view, d := range pageViews(now)[:3] {
					d.layout(c)
					if want := []int{4, 4, 1}[view]; len(d.bs.List) < want { // Errorf: Fatalf would end the loop's thread
						t.Errorf("%s %v, view %d: %d buttons, want %d or more", lg, sz, view, len(d.bs.List), want)
					}
					for _, f := range d.Fits(c) {
						if w := c.Text.Width(f.Text, f.Size, f.Bold); w*looptest.MinFit > f.W+0.5 {
							t.Errorf("%s %v, view %d: %q is %.0f px wide at %.1f px, its box %.0f px", lg, sz, view, f.Text, w, f.Size, f.W)
						}
					}
					for _, b := range d.bs.List {
						if b.X < 0 || b.Y < 0 || b.X+b.W > c.W+0.5 || b.Y+b.H > c.H+0.5 || b.H < 44*sz[2]-0.5 {
							t.Errorf("%s %v, view %d: button %v (%q) at %.0f,%.0f %.0f×%.0f: off the screen or under 44 px", lg, sz, view, b.Act, b.Label, b.X, b.Y, b.W, b.H)
						}
					}
				}
			}
		}
	})
}

// TestDevicesNoticesClearOfButtons: the page's notices ("Safari on
// iPhone can no longer play as you.", "This device now plays as …")
// stand clear of its buttons and its code box, legible, on a phone, a
// tablet and a desktop in every language. At the foot of the screen,
// the app's default place, they covered Back for their five seconds
// (seen in the browser test on the phone and the desktop).
func TestDevicesNoticesClearOfButtons(t *testing.T) {
	l := looptest.Need(t)
	now := time.Now().UnixMilli()
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, dv := range looptest.Devices {
				c := looptest.DeviceContext(t, lg, dv)
				msgs := []string{c.F("devices.revoked", "Samsung Internet on Android"), c.F("devices.welcome", "Annabelle"),
					c.F("devices.linked", "Firefox on Windows"), c.T("devices.code")}
				for view, d := range pageViews(now) {
					d.layout(c)
					looptest.CheckNoticeClear(t, c, dv.Name+", "+viewNames[view], d, looptest.InfoControls(d.PageButtons()), msgs, 0.4)
				}
			}
		}
	})
}

// TestDevicesLabelNamesTheBoxBelow (issue 50): "Use a code from another
// device" names the code box under it, so it stands nearer that box
// than the Link button over it, at every size and in every language.
// Lines are drawn centred on their y; the page took that y for a line's
// top, and the label hung 0.3 units under the button and 0.8 over its box.
func TestDevicesLabelNamesTheBoxBelow(t *testing.T) {
	l := looptest.Need(t)
	now := time.Now().UnixMilli()
	l.Do(func() {
		for _, lg := range i18n.Langs {
			label := i18n.Get(lg).T("devices.use")
			for _, sz := range [][3]float64{{640, 480, 1}, {1280, 800, 1}, {820 * 2, 1180 * 2, 2}, {390 * 3, (844 - 59 - 34) * 3, 3}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				d := pageViews(now)[0]
				d.layout(c)
				found := false
				for _, b := range d.blocks {
					if strings.Join(b.Lines, " ") != label {
						continue
					}
					found = true
					half := 0.35 * b.Size // a line's glyphs above and below its centre
					top, bottom := b.Y-half, b.Y+float64(len(b.Lines)-1)*1.3*b.Size+half
					above := math.Inf(-1)
					for _, bt := range d.bs.List {
						if bt.Act == actDLink {
							above = bt.Y + bt.H
						}
					}
					if below := d.box.Rect.Y; below-bottom >= top-above {
						t.Errorf("%s %v: the label stands %.0f px under the Link button and %.0f px over its box", lg, sz, top-above, below-bottom)
					}
				}
				if !found {
					t.Errorf("%s %v: no %q on the page", lg, sz, label)
				}
			}
		}
	})
}
