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
		device(int(b))
	}
}

// device is where a buzz goes: the device's vibrator, or a test's record.
var device = vibrate

// RecordBuzzes sends the buzzes to rec instead of the device until restore
// is called, so a test on a desktop (which has nothing to buzz) sees
// them. Call both on the thread that runs the game.
func RecordBuzzes(rec func(Buzz)) (restore func()) {
	old := device
	device = func(ms int) { rec(Buzz(ms)) }
	return func() { device = old }
}
