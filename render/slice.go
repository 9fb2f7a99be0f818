package render

import (
	"image"
	"iter"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// A turned phone repaints the board, the table top and the seats' cards
// for the new size: on the CPU, seconds of work at three times a tablet's
// pixels in WebAssembly, which has one thread. Painted in one frame, that
// froze the page for as long (issue 29). With a Slicer, a cache whose key
// changes goes on showing its last picture, scaled to the new place (a
// stand-in, drawn at once), and paints the new one on a goroutine of its
// own in slices of Budget, the paints taking turns, all resting a
// millisecond after each slice: in
// WebAssembly the rest hands the thread back to the browser, so a frame
// waits for one slice at most, and the paint goes on between frames
// however slowly the browser draws them (software GL at a tablet's size
// draws one every second or two: a paint stepped only in frames took
// minutes); on a desktop it runs beside the frames on another core. The
// picture is then uploaded in the frames, a few milliseconds a frame, and
// swapped in. A paint is written once, as a function that calls pause
// between its slices (a band of rows, a line of grain); run whole (pause
// always true) or in slices, it does the same work in the same order, so
// the picture is the same pixel for pixel (TestSlicedPaintIsWhole).

// pause is what a paint calls between two slices of its work: false
// means the paint is abandoned (its cache wants another picture), and it
// returns at once.
type pause func() bool

// whole is the pause of a paint run in one go.
func whole() bool { return true }

// slicePixels is about how many pixels' worth of work a paint does
// between two pauses: a band of rows of the carving, about a millisecond
// at the board's cost a pixel on this machine's host build at one core
// (0.9 s for the 3.5 M pixels of a board of 180 px cells), so a slice of
// Budget overruns it by little.
const slicePixels = 4096

// sliceRows runs row for every py from top to bottom (excluded), the
// rows of a width-pixel picture in bands of about slicePixels, shared out
// among the cores (eachRow), pausing after each band; false if abandoned.
func sliceRows(top, bottom, width int, p pause, row func(py int)) bool {
	n := max(1, slicePixels/max(1, width))
	for y := top; y < bottom; y += n {
		eachRow(y, min(bottom, y+n), row)
		if !p() {
			return false
		}
	}
	return true
}

// Slicer is the repaints' time: a background paint's slices last
// Budget, and a frame uploads finished pictures for Budget at most (after
// which each unfinished upload writes one band more, so all advance).
type Slicer struct {
	Budget  time.Duration
	until   time.Time
	pending bool
	// turn is held by the background paint whose slice runs, through
	// the slice and the rest after it (see paintBehind): made by the
	// first paint behind the frames.
	turn chan struct{}
}

// sliceRest is how long a background paint rests after each slice: in
// WebAssembly, the browser's turn to run a frame.
const sliceRest = time.Millisecond

// Frame starts a frame: its budget begins now (a wall clock, only for how
// much to upload in this frame; what is painted does not depend on it).
func (s *Slicer) Frame() {
	s.until = time.Now().Add(s.Budget)
	s.pending = false
}

// Pending reports whether a repaint was left unfinished in the frame: a
// stand-in is shown, and another frame must come to finish it.
func (s *Slicer) Pending() bool { return s != nil && s.pending }

// job is a paint pulled a slice at a time.
type job struct {
	next func() (struct{}, bool)
	stop func()
}

func newJob(paint func(p pause)) *job {
	next, stop := iter.Pull(func(yield func(struct{}) bool) {
		paint(func() bool { return yield(struct{}{}) })
	})
	return &job{next: next, stop: stop}
}

// run runs j a slice at a time until it is done (true) or the frame's
// budget is spent (at least one slice).
func (s *Slicer) run(j *job) bool {
	for {
		if _, more := j.next(); !more {
			return true
		}
		if !time.Now().Before(s.until) {
			return false
		}
	}
}

// background is a paint running on its own goroutine, in slices.
type background struct {
	stop chan struct{} // closed: abandon the paint
	done chan struct{} // closed when the paint has returned
	img  *image.RGBA   // its picture (nil if abandoned), once done
}

// paintBehind starts paint on a goroutine of its own, in slices of s's
// Budget with a rest after each. The paints behind s's frames take turns:
// a slice and the rest after it hold s.turn, so that one slice runs at a
// time, then all rest. In WebAssembly this is what gives the thread back:
// Go returns to the browser only once every goroutine waits, and the
// board, the table top and four cards painted side by side, each resting
// a millisecond after its own slice, handed the thread from one to the
// next for as long as any was ready, and held it for hundreds of
// milliseconds at a time, inside the resize event too (issue 29).
func paintBehind(paint func(p pause) *image.RGBA, s *Slicer) *background {
	if s.turn == nil {
		s.turn = make(chan struct{}, 1)
	}
	b := &background{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		if !b.take(s.turn) {
			return
		}
		held := true
		defer func() {
			if held {
				time.Sleep(sliceRest) // after the last slice too
				<-s.turn
			}
		}()
		start := time.Now()
		b.img = paint(func() bool {
			if time.Since(start) >= s.Budget {
				// The rest even if abandoned meanwhile (abandon waits a
				// millisecond more): no slice runs in another's rest.
				time.Sleep(sliceRest)
				<-s.turn
				if held = b.take(s.turn); !held {
					return false
				}
				start = time.Now()
			}
			select {
			case <-b.stop:
				return false
			default:
				return true
			}
		})
	}()
	return b
}

// take waits for the turn to paint: false if the paint is abandoned
// meanwhile.
func (b *background) take(turn chan struct{}) bool {
	select {
	case <-b.stop:
		return false
	default:
	}
	select {
	case turn <- struct{}{}:
		return true
	case <-b.stop:
		return false
	}
}

// finished reports whether the paint has returned.
func (b *background) finished() bool {
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// abandon stops the paint and waits for it to return (a slice or a rest
// at most), so that its canvases are free again.
func (b *background) abandon() {
	close(b.stop)
	<-b.done
}

// picture is a cache's texture, painted for a key on the CPU: when the
// key changes, it is repainted at once, or with a Slicer behind the
// frames while the old texture stays as the stand-in (img and key stay
// the old ones until the new picture is up).
type picture[K comparable] struct {
	img  *ebiten.Image // the picture shown
	key  K             // what img was painted for
	gen  int           // counts the pictures shown (a change of img)
	bg   *background   // the repaint under way, or nil
	want K             // what bg paints
	up   *job          // the upload of bg's picture, once painted
	next *ebiten.Image // up's texture, once written
}

// is reports whether the picture is key's, with no repaint under way:
// callers ask before update, whose paint func (a closure) would be
// allocated every frame.
func (p *picture[K]) is(key K) bool { return p.img != nil && p.key == key && p.bg == nil }

// update makes the picture key's, painted by paint (into canvases that
// only this picture's paints use): at once without a Slicer or without a
// picture to show meanwhile, else behind the frames, uploaded in s's
// frames. It reports whether the picture shown is key's.
func (p *picture[K]) update(key K, s *Slicer, paint func(p pause) *image.RGBA) bool {
	if p.bg != nil && (p.want != key || s == nil) {
		p.drop()
	}
	if p.img != nil && p.key == key {
		return true
	}
	if s == nil || p.img == nil {
		p.show(Upload(paint(whole)), key)
		return true
	}
	if p.bg == nil {
		p.want, p.bg = key, paintBehind(paint, s)
	}
	if p.up == nil {
		if !p.bg.finished() {
			s.pending = true
			return false
		}
		img := p.bg.img
		p.up = newJob(func(pa pause) { p.next = uploadSliced(img, pa) })
	}
	if !s.run(p.up) {
		s.pending = true
		return false
	}
	p.up, p.bg = nil, nil
	p.show(p.next, key)
	p.next = nil
	return true
}

// show makes img the picture of key, freeing the one it replaces.
func (p *picture[K]) show(img *ebiten.Image, key K) {
	Free(p.img)
	p.img, p.key = img, key
	p.gen++
}

// drop abandons the repaint under way.
func (p *picture[K]) drop() {
	if p.up != nil {
		p.up.stop()
		p.up = nil
	}
	p.bg.abandon()
	p.bg = nil
	Free(p.next)
	p.next = nil
}

// uploadSliced is Upload, pausing after every few bands: nil, with the
// texture freed, if abandoned.
func uploadSliced(img *image.RGBA, pa pause) *ebiten.Image {
	dst, ok := uploadBands(img, func(band int) bool { return band%16 != 15 || pa() })
	if !ok {
		Free(dst)
		return nil
	}
	return dst
}
