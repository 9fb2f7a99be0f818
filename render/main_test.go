package render

import (
	"testing"

	"shiftago/render/drawtest"
)

// TestMain runs the painting tests inside a game loop when there is a
// display (see drawtest).
func TestMain(m *testing.M) { drawtest.Main(m, "render tests") }
