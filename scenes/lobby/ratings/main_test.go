package ratings

import (
	"testing"

	"shiftago/scenes/looptest"
)

// The screens are laid out and drawn inside a real game loop.
func TestMain(m *testing.M) { looptest.Main(m) }
