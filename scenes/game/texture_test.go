package game

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/race"
	"shiftago/scenes/looptest"
)

// textureChild marks the process TestRollingGameTextureMemory starts for
// itself.
const textureChild = "SHIFTAGO_TEXTURE_CHILD"

// maxRollingTextures bounds the GPU memory of a rolling laptop game's
// textures: the shared atlas at 4096×1024 (16 MiB; 4096×2048 at
// 4324f67), the screen's and the bake texture's own, about 51 MiB in all
// with the bake texture unmanaged. An atlas grown to 8192×4096 (128 MiB)
// fails it: 155 MiB in all with the bake texture on it.
const maxRollingTextures = 80 << 20

// TestRollingGameTextureMemory runs computers rolling marbles at the
// laptop's 1280×800 and reads Ebitengine's GPU memory for images (issue
// 50: the resting marbles' bake texture, 1368² since it held 12×12
// slots, no longer fitted beside the rest in Ebitengine's shared atlas,
// which grew to 8192×4096; in software GL every scene then cleared bins
// for the larger target, and the page's script a rolling frame tripled).
// The atlas is the process's, so the game runs alone in a process of its
// own, under the same display: the other tests' images would count.
func TestRollingGameTextureMemory(t *testing.T) {
	// What it checks is the textures, not the goroutines: a rolling game
	// of six moves is many times slower under -race.
	race.SkipSlow(t)
	if os.Getenv(textureChild) == "" {
		looptest.Need(t)
		cmd := exec.Command(os.Args[0], "-test.run=^TestRollingGameTextureMemory$", "-test.v")
		cmd.Env = append(os.Environ(), textureChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the rolling game's process failed (%v):\n%s", err, out)
		}
		for line := range strings.Lines(string(out)) {
			if strings.Contains(line, "texture_test.go") {
				t.Log(strings.TrimSpace(line))
			}
		}
		return
	}
	l := looptest.Need(t)
	l.Resize(1280, 800, 1)
	defer l.Resize(0, 0, 0)
	g := computersOn(t, 1)
	defer asShipped(l, g)()
	l.Run(g)
	defer l.Run(nil)
	const n = 6
	moves := func() int { return len(g.Scene().(*Screen).Table().Match().Moves) }
	if !l.Until(6000, func() bool { return moves() >= n }) {
		t.Fatalf("the computers played %d moves, want %d", moves(), n)
	}
	var d ebiten.DebugInfo
	l.Do(func() { ebiten.ReadDebugInfo(&d) })
	mib := strconv.FormatFloat(float64(d.TotalGPUImageMemoryUsageInBytes)/(1<<20), 'f', 1, 64)
	t.Logf("%d moves rolled at 1280×800: %s MiB of textures", moves(), mib)
	if d.TotalGPUImageMemoryUsageInBytes > maxRollingTextures {
		t.Errorf("a rolling game's textures take %s MiB, want at most %d MiB: the shared atlas grew", mib, maxRollingTextures>>20)
	}
}
