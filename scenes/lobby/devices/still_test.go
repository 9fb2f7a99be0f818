package devices

import (
	"testing"

	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
)

// TestDevicesDrawsAnAnswer: the tick that takes up the server's answer
// (here a recovery code just made) is not a still one, so its frame is
// drawn. It was: the page laid itself out and said it stood still in
// the same tick, and the code showed only at the next touch (seen in the
// browser test's screenshot: the page still busy, no code, after the
// page's state had it).
func TestDevicesDrawsAnAnswer(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		c := looptest.NewContext(t, i18n.Langs[0], 390, 844, 1)
		d := &Devices{done: make(chan func(*app.Context), 4)}
		d.layout(c)
		d.busy = true
		d.done <- func(*app.Context) { d.busy, d.recovery = false, "8XRNJJS4EXNQR5QDVEBK" }
		if err := d.Update(c); err != nil {
			t.Error(err)
		}
		if d.Still() {
			t.Error("the tick that took up the recovery code stands still: its frame is not drawn")
		}
		if err := d.Update(c); err != nil {
			t.Error(err)
		}
		if !d.Still() {
			t.Error("the page never stands still once the code is shown")
		}
	})
}
