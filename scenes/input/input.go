package input

import (
	"io/fs"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"shiftago/render/ui"
)

// maxKeys bounds the keys taken in one tick.
const maxKeys = 8

// Input is everything the game reads from the player in one tick, sampled
// once at the start of Update and passed down: the one pointer the game
// follows (the mouse, or a lone finger on a touch screen), its edges,
// and the keys just pressed. Positions are in screen (device) pixels.
type Input struct {
	ui.Pointer         // where the pointer is, whether it is down, its edges this tick
	Fingers    int     // fingers on the screen (two or more: a pinch, not play)
	Wheel      float64 // vertical wheel movement this tick
	Ctrl       bool    // Control (or Command) is held
	Shift      bool    // Shift is held
	// Cancelled: the finger followed went away without a release this
	// tick (a second finger made its press a pinch, and the browser zooms
	// the page): Down is false and Released is not set, so the press taps,
	// drags and plays nothing.
	Cancelled bool
	// Dropped is what was dropped onto the window this tick (files), or
	// nil.
	Dropped fs.FS

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

// Neutral is the input without its edges: the pointer where it is, not
// pressed, no keys. A screen just opened is updated once with it, so it
// lays itself out before it is drawn and the tap that opened it is not
// taken again.
func (in Input) Neutral() Input { return Input{Pointer: ui.Pointer{X: in.X, Y: in.Y, Touch: in.Touch}} }

// ClearKeys forgets the keys of this tick (a screen keeps some from the
// one under it).
func (in *Input) ClearKeys() { in.nKeys = 0 }

// AddKey records k as pressed this tick (for input sources and scripts).
func (in *Input) AddKey(k ebiten.Key) {
	if in.nKeys < maxKeys {
		in.keys[in.nKeys] = k
		in.nKeys++
	}
}

// A Source fills in the input of one tick. The game has one real
// source (ebiten's mouse, touch and keyboard); tests use a script.
type Source interface {
	Sample(in *Input)
}

// Ebiten reads the mouse, the touch screen and the keyboard. A touch
// screen is followed by its first finger; while a finger is down the mouse
// is ignored (browsers send both for one touch).
type Ebiten struct {
	touches  []ebiten.TouchID
	finger   ebiten.TouchID
	fingerOn bool
	keyBuf   []ebiten.Key
	web      webTouches // the browser's touch events, none lost between ticks
}

// Sample reads this tick's input.
func (e *Ebiten) Sample(in *Input) {
	*in = Input{}
	in.Dropped = ebiten.DroppedFiles()
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
	in.Ctrl = ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	in.Shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	e.keyBuf = inpututil.AppendJustPressedKeys(e.keyBuf[:0])
	for _, k := range e.keyBuf {
		in.AddKey(k)
	}
}
