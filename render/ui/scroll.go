package ui

import "math"

// Target is the least side of a touch target in pixels at device scale
// scale: 44 CSS pixels.
func Target(scale float64) float64 { return 44 * math.Max(scale, 1) }

// Scroll moves a page that is taller than its screen: a drag anywhere on
// it (a press that moves beyond a few pixels, even one that began on a
// button) or the wheel scrolls it; a tap still taps.
type Scroll struct {
	Off float64 // how far the page is scrolled down, 0..Max
	Max float64 // the page's height beyond the screen (0: it fits)

	down     bool
	dragging bool
	startY   float64
	lastY    float64
}

// Update follows the pointer and the wheel; it reports whether the page
// moved. threshold is the drag threshold in pixels, step a wheel notch.
func (s *Scroll) Update(p Pointer, wheel, threshold, step float64) bool {
	old := s.Off
	if p.Pressed {
		s.down, s.dragging, s.startY, s.lastY = true, false, p.Y, p.Y
	}
	if s.down && (p.Down || p.Released) {
		if !s.dragging && math.Abs(p.Y-s.startY) > threshold && s.Max > 0 {
			s.dragging = true
		}
		if s.dragging {
			s.Off -= p.Y - s.lastY
		}
		s.lastY = p.Y
	}
	if p.Released || !p.Down {
		s.down = false
	}
	s.Off -= wheel * step
	s.Off = math.Max(0, math.Min(s.Max, s.Off))
	return s.Off != old
}

// Dragging reports whether the pointer is scrolling the page (its press
// is then no tap).
func (s *Scroll) Dragging() bool { return s.dragging }

// ScrollOrTap follows the pointer of one tick on a page that may scroll:
// a drag (or the wheel) scrolls it, and relayout lays it out again; else
// it is the button tapped, if any. A press that scrolls taps nothing.
func ScrollOrTap[A comparable](sc *Scroll, bs *Buttons[A], p Pointer, wheel, threshold, step float64, relayout func()) (Button[A], bool) {
	if sc.Update(p, wheel, threshold, step) {
		relayout()
	}
	if sc.Dragging() {
		bs.Cancel()
	}
	return bs.Tapped(p)
}
