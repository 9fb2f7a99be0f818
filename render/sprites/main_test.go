package sprites

import (
	"testing"

	"shiftago/render/drawtest"
)

// TestMain runs the drawing tests inside a game loop when there is a
// display (see drawtest).
func TestMain(m *testing.M) { drawtest.Main(m, "sprites tests") }
