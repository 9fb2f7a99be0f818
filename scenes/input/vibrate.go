package input

// Buzz is a short vibration the game asks for, in milliseconds.
type Buzz int

// The buzzes: a light one when a marble is picked up, a firmer one when
// it touches the board, a double-length one when an entry point refuses.
const (
	BuzzPick   Buzz = 8
	BuzzTouch  Buzz = 18
	BuzzRefuse Buzz = 40
)

// Vibrate buzzes b where the device can (a browser on a phone or a
// tablet) and the player allows it (on); elsewhere it does nothing.
func Vibrate(on bool, b Buzz) {
	if on {
		vibrate(int(b))
	}
}
