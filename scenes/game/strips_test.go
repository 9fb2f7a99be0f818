package game

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"shiftago/logic/record"

	"shiftago/logic"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestStrips writes strips of frames of the game's motions as PNGs into
// the folder SHIFTAGO_STRIPS names, to look at (skipped without it): a
// chain push, a computer's move from its tray to the board, a scored line
// leaving, a win and its ending, and a move undone. Each strip is a grid
// of frames at half size, left to right and top to bottom, every few
// ticks at the normal pace.
func TestStrips(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_STRIPS")
	if dir == "" {
		t.Skip("SHIFTAGO_STRIPS names no folder")
	}
	l := looptest.Need(t)
	defer l.Run(nil)
	human := play.Seat{Color: logic.Orange}
	strips := []struct {
		name, pos string
		computer  bool
		moves     []string // played at once, then shown
		every, n  int      // a frame every so many ticks, so many frames
		undo      bool     // Undo once the moves are shown, and show that
		line      bool     // from the end of the game on, rank 4 alone at full size (the ending up close)
		drag      bool     // instead of moves: a marble dragged from the tray and let go off every track
		reduced   bool     // the reduced-motion setting
	}{
		{"chain-push", "7/7/7/gogo3/7/7/7 express og o 20,20 0,0 0,0", false, []string{"W4"}, 4, 20, false, false, false, false},
		{"computer-move", "7/7/7/3o3/7/7/7 express og o 21,22 0,0 0,0", true, []string{"W2"}, 4, 24, false, false, false, false},
		{"scored-line", "6g/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", false, []string{"W4xa4-e4"}, 6, 24, false, false, false, false},
		{"win", "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", false, []string{"W4"}, 8, 24, false, false, false, false},
		{"win-line", "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", false, []string{"W4"}, 3, 32, false, true, false, false},
		{"undo-scored", "6g/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", false, []string{"W4xa4-e4"}, 6, 24, true, false, false, false},
		{"draw", "gogogoo/ogogg1o/g1ggogg/o1gg1oo/1ggoooo/ggo1ggo/ggooogo express og o 1,0 0,0 0,0", false, []string{"Na"}, 4, 20, false, false, false, false},
		{"draw-line", "gogogoo/ogogg1o/g1ggogg/o1gg1oo/1ggoooo/ggo1ggo/ggooogo express og o 1,0 0,0 0,0", false, []string{"Na"}, 3, 24, false, true, false, false},
		{"win-reduced", "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", false, []string{"W4"}, 6, 20, false, false, false, true},
		{"cancelled-drag", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", false, nil, 2, 24, false, false, true, false},
	}
	for _, s := range strips {
		st := play.DefaultSetup()
		st.Variant, st.Players = logic.Express, 2
		if p, err := logic.ParsePosition(s.pos); err == nil {
			st.Variant = p.Variant()
		}
		st.Seats[0] = human
		st.Seats[1] = play.Seat{Color: logic.Green, Player: record.OldPlayer(s.computer, 1)}
		st.HotSeatUndo = true
		st.Reduced = s.reduced
		st.Normalize(nil)
		script := &inputtest.Script{}
		g, err := app.New(app.Options{Setup: st, Position: s.pos, StartGame: true, NoAudio: true, Seed: 7,
			AnimSpeed: 1, RecordPath: filepath.Join(t.TempDir(), "record.txt")}, testScreens(), script)
		if err != nil {
			t.Fatal(err)
		}
		l.Run(g)
		gs := g.Scene().(*Screen).Table()
		l.Wait(3)
		l.Do(func() {
			if s.drag {
				geo := &gs.View.Geo
				from, e := geo.TraySlot(0, 21), geo.EntryPoint(logic.NewEntry(logic.West, 3))
				script.Drag(from.X, from.Y, e.X-0.4*geo.Cell, e.Y+1.5*geo.Cell, 10)
			}
			for _, mv := range s.moves {
				if err := gs.Ctl.PlayString(mv); err != nil {
					t.Errorf("%s: %s: %v", s.name, mv, err)
				}
			}
		})
		if s.computer { // the computer's answer, from its start
			l.Until(600, func() bool { return len(gs.Match().Moves) == 2 })
		}
		if s.undo {
			l.Until(600, func() bool { return gs.Ctl.HumanToMove() && !gs.Animating() })
			l.Do(func() { gs.Ctl.Undo(true) })
		}
		crop := image.Rect(0, 0, looptest.W, looptest.H)
		if s.line {
			l.Until(600, func() bool { return gs.Ctl.Phase() == play.Over })
			l.Do(func() {
				a, b := gs.View.Geo.CellCenter(logic.Sq(0, 3)), gs.View.Geo.CellCenter(logic.Sq(6, 3))
				c := gs.View.Geo.Cell
				crop = image.Rect(int(a.X-c), int(a.Y-0.8*c), int(b.X+c), int(b.Y+0.8*c))
			})
		}
		frames := make([]*image.RGBA, 0, s.n)
		for k := 0; k < s.n; k++ {
			frames = append(frames, frame(l.Screen(), crop, !s.line))
			l.Wait(s.every - 1)
		}
		path := filepath.Join(dir, s.name+".png")
		cols := 4
		if s.line {
			cols = 2
		}
		if err := writeStrip(path, frames, cols); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d frames, one every %d ticks", path, len(frames), s.every)
		g.Close()
	}
}

// frame is the screen's pixels within crop, at half size when half.
func frame(buf []byte, crop image.Rectangle, half bool) *image.RGBA {
	k := 1
	if half {
		k = 2
	}
	img := image.NewRGBA(image.Rect(0, 0, crop.Dx()/k, crop.Dy()/k))
	for y := 0; y < crop.Dy()/k; y++ {
		for x := 0; x < crop.Dx()/k; x++ {
			var sum [3]int
			for dy := 0; dy < k; dy++ {
				for dx := 0; dx < k; dx++ {
					j := 4 * ((crop.Min.Y+k*y+dy)*looptest.W + crop.Min.X + k*x + dx)
					sum[0] += int(buf[j])
					sum[1] += int(buf[j+1])
					sum[2] += int(buf[j+2])
				}
			}
			img.SetRGBA(x, y, color.RGBA{uint8(sum[0] / (k * k)), uint8(sum[1] / (k * k)), uint8(sum[2] / (k * k)), 255})
		}
	}
	return img
}

// writeStrip lays the frames out cols wide with a thin gap and writes
// them as a PNG.
func writeStrip(path string, frames []*image.RGBA, cols int) error {
	const gap = 4
	w, h := frames[0].Bounds().Dx(), frames[0].Bounds().Dy()
	rows := (len(frames) + cols - 1) / cols
	img := image.NewRGBA(image.Rect(0, 0, cols*(w+gap), rows*(h+gap)))
	for i, f := range frames {
		o := image.Pt((i%cols)*(w+gap), (i/cols)*(h+gap))
		draw.Draw(img, f.Bounds().Add(o), f, image.Point{}, draw.Src)
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(out, img); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
