package play

import (
	"testing"

	"shiftago/logic"
)

// TestLessonSteps: each step moves on when the player does what it
// teaches, and on nothing else.
func TestLessonSteps(t *testing.T) {
	w3 := logic.NewEntry(logic.West, 2)
	e4 := logic.NewEntry(logic.East, 3)
	moved := func(e logic.Entry, pushed int) LessonEvent { return LessonEvent{Kind: Moved, Entry: e, Pushed: pushed} }
	refused := func(e logic.Entry) LessonEvent { return LessonEvent{Kind: WasRefused, Entry: e} }
	over := LessonEvent{Kind: GameOver}
	cases := []struct {
		name string
		step Step
		ev   LessonEvent
		want Step
	}{
		{"drag: W4 played", StepDrag, moved(LessonW4, 0), StepPush},
		{"drag: another track", StepDrag, moved(w3, 0), StepDrag},
		{"drag: a refusal", StepDrag, refused(LessonNg), StepDrag},
		{"push: W4 pushing a marble on", StepPush, moved(LessonW4, 1), StepFull},
		{"push: W4 pushing nothing", StepPush, moved(LessonW4, 0), StepPush},
		{"push: another track", StepPush, moved(e4, 1), StepPush},
		{"full: Ng refused (§2 full track)", StepFull, refused(LessonNg), StepLine},
		{"full: Sg refused (§2 full track)", StepFull, refused(LessonSg), StepLine},
		{"full: W4 tried", StepFull, refused(LessonW4), StepFull},
		{"full: a move", StepFull, moved(LessonW4, 1), StepFull},
		{"line: a push that wins nothing", StepLine, moved(LessonW4, 3), StepLine},
		{"line: the game won (§4 five in a row)", StepLine, over, StepDone},
		{"line: a refusal", StepLine, refused(LessonNg), StepLine},
		{"done stays done", StepDone, moved(LessonW4, 4), StepDone},
	}
	for _, tc := range cases {
		if got := tc.step.Next(tc.ev); got != tc.want {
			t.Errorf("%s: step %d goes to %d, want %d", tc.name, tc.step, got, tc.want)
		}
	}
}

// TestLessonAllows: the player may insert only where the step teaches.
func TestLessonAllows(t *testing.T) {
	for s := StepDrag; s <= StepDone; s++ {
		n := 0
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			if s.Allows(e) {
				n++
				if e != LessonW4 {
					t.Errorf("step %d allows %s", s, e)
				}
			}
		}
		if want := map[bool]int{true: 1, false: 0}[s != StepFull && s != StepDone]; n != want {
			t.Errorf("step %d allows %d entry points, want %d", s, n, want)
		}
	}
}

// TestLessonScript plays the lesson on the engine alone: five pushes at
// W4 against the scripted answers win for orange (§4), every answer
// comes from the script, green never wins, and the g file stays full
// for step 3 (§2).
func TestLessonScript(t *testing.T) {
	p, err := logic.ParsePosition(LessonStart)
	if err != nil {
		t.Fatal(err)
	}
	step := StepDrag
	for k := 0; ; k++ {
		var tr logic.Trace
		if err := p.PlayString("W4", &tr); err != nil {
			t.Fatalf("move %d: %v\n%s", k, err, p.Diagram())
		}
		step = step.Next(LessonEvent{Kind: Moved, Entry: LessonW4, Pushed: len(tr.Slides()) - 1})
		if step == StepFull {
			if logic.TrackOf(LessonNg).Mask()&^p.Occupied() != 0 {
				t.Fatalf("the g file is not full at step 3:\n%s", p.Diagram())
			}
			step = step.Next(LessonEvent{Kind: WasRefused, Entry: LessonNg})
		}
		if p.Over() {
			step = step.Next(LessonEvent{Kind: GameOver})
			break
		}
		ans := LessonAnswer(&p, k)
		if ans == logic.NoMove {
			t.Fatalf("no scripted answer to move %d:\n%s", k, p.Diagram())
		}
		if err := p.Play(ans, &tr); err != nil {
			t.Fatal(err)
		}
		if p.Over() {
			t.Fatalf("the computer's answer %s ended the game:\n%s", ans, p.Diagram())
		}
		if k > 6 {
			t.Fatalf("no win after %d pushes:\n%s", k, p.Diagram())
		}
	}
	if r := p.Result(); r.State != logic.Won || r.Winner != logic.Orange {
		t.Errorf("result %v, want orange wins\n%s", r, p.Diagram())
	}
	if step != StepDone {
		t.Errorf("the lesson ended at step %d", step)
	}
}
