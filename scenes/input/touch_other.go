//go:build !js

package input

// webTouches is the browser's own touch queue (touch_js.go); elsewhere
// ebiten's touch state is read directly.
type webTouches struct{}

func (*webTouches) sample(*Input) bool { return false }
