package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// maxKeys bounds the keys taken in one tick.
const maxKeys = 8

// Input is everything the game reads from the player in one tick, sampled
// once at the start of Update and passed down: the one pointer the game
// follows (the mouse, or the first finger on a touch screen), its edges,
// and the keys just pressed. Positions are in screen (device) pixels.
type Input struct {
	X, Y     float64 // where the pointer is
	Down     bool    // the pointer is pressed
	Pressed  bool    // it went down this tick
	Released bool    // it went up this tick
	Touch    bool    // the pointer is a finger
	Fingers  int     // fingers on the screen (a second one is ignored)
	Wheel    float64 // vertical wheel movement this tick

	keys  [maxKeys]ebiten.Key
	nKeys int
}

// Keys are the keys pressed down this tick.
func (in *Input) Keys() []ebiten.Key { return in.keys[:in.nKeys] }

// KeyPressed reports whether k went down this tick.
func (in *Input) KeyPressed(k ebiten.Key) bool {
	for _, x := range in.keys[:in.nKeys] {
		if x == k {
			return true
		}
	}
	return false
}

// AddKey records k as pressed this tick (for input sources and scripts).
func (in *Input) AddKey(k ebiten.Key) {
	if in.nKeys < maxKeys {
		in.keys[in.nKeys] = k
		in.nKeys++
	}
}

// An InputSource fills in the input of one tick. The game has one real
// source (ebiten's mouse, touch and keyboard); tests use a script.
type InputSource interface {
	Sample(in *Input)
}

// EbitenInput reads the mouse, the touch screen and the keyboard. A touch
// screen is followed by its first finger; while a finger is down the mouse
// is ignored (browsers send both for one touch).
type EbitenInput struct {
	touches  []ebiten.TouchID
	finger   ebiten.TouchID
	fingerOn bool
	keyBuf   []ebiten.Key
	web      webTouches // the browser's touch events, none lost between ticks
}

// Sample reads this tick's input.
func (e *EbitenInput) Sample(in *Input) {
	*in = Input{}
	e.touches = ebiten.AppendTouchIDs(e.touches[:0])
	in.Fingers = len(e.touches)
	switch {
	case e.web.sample(in): // in the browser: every touch, in order
	case e.fingerOn:
		in.Touch = true
		if inpututil.IsTouchJustReleased(e.finger) {
			x, y := inpututil.TouchPositionInPreviousTick(e.finger)
			in.X, in.Y = float64(x), float64(y)
			in.Released = true
			e.fingerOn = false
		} else {
			x, y := ebiten.TouchPosition(e.finger)
			in.X, in.Y, in.Down = float64(x), float64(y), true
		}
	case len(e.touches) > 0:
		e.finger, e.fingerOn = e.touches[0], true
		x, y := ebiten.TouchPosition(e.finger)
		in.X, in.Y, in.Down, in.Pressed, in.Touch = float64(x), float64(y), true, true, true
	default:
		x, y := ebiten.CursorPosition()
		in.X, in.Y = float64(x), float64(y)
		in.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
		// A fast click is pressed and released within one tick: report both.
		in.Pressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
		in.Released = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
		_, in.Wheel = ebiten.Wheel()
	}
	e.keyBuf = inpututil.AppendJustPressedKeys(e.keyBuf[:0])
	for _, k := range e.keyBuf {
		in.AddKey(k)
	}
}

// Script is an input source that plays back a list of ticks, for tests
// and demos: each step holds the pointer state of one tick. When the list
// runs out the pointer stays where it was, released.
type Script struct {
	steps []Input
	x, y  float64
}

// Push appends ticks to the script.
func (s *Script) Push(steps ...Input) { s.steps = append(s.steps, steps...) }

// Len is the number of ticks still to play.
func (s *Script) Len() int { return len(s.steps) }

// Sample gives the next scripted tick.
func (s *Script) Sample(in *Input) {
	if len(s.steps) == 0 {
		*in = Input{X: s.x, Y: s.y}
		return
	}
	*in = s.steps[0]
	s.steps = s.steps[1:]
	s.x, s.y = in.X, in.Y
}

// Drag scripts a press at (x0, y0), a move to (x1, y1) in n ticks and a
// release there.
func (s *Script) Drag(x0, y0, x1, y1 float64, n int) {
	s.Push(Input{X: x0, Y: y0, Down: true, Pressed: true, Fingers: 1})
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		s.Push(Input{X: x0 + (x1-x0)*t, Y: y0 + (y1-y0)*t, Down: true, Fingers: 1})
	}
	s.Push(Input{X: x1, Y: y1, Released: true})
}

// Tap scripts a press and release at (x, y).
func (s *Script) Tap(x, y float64) {
	s.Push(Input{X: x, Y: y, Down: true, Pressed: true, Fingers: 1}, Input{X: x, Y: y, Released: true})
}
