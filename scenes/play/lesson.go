package play

import (
	"shiftago/logic"
	"shiftago/logic/record"
)

// The guided first game ("First steps") is a short scripted Express game
// on the real board, played through the same controller as any game: the
// same moves, the same computer seat (level 1). The lesson narrows the
// entry points the player may use to the one it teaches, answers for the
// computer from a script that keeps out of the way, and moves on when
// the player did what a step teaches.

// Step is where the guided first game is.
type Step uint8

// The steps of the lesson.
const (
	StepDrag Step = iota // drag a marble in at W4
	StepPush             // W4 again: the marble there is pushed on
	StepFull             // try the full column: refused
	StepLine             // push in at W4 until five in a row win
	StepDone             // well done: play a real game or go back
)

// Steps is the number of steps the player works through.
const Steps = int(StepDone)

// The entry points the lesson speaks of.
var (
	LessonW4 = logic.NewEntry(logic.West, 3)
	LessonNg = logic.NewEntry(logic.North, 6)
	LessonSg = logic.NewEntry(logic.South, 6)
)

// LessonStart is the lesson's position: orange (the player) to move, the
// g file already full so that step 3 has a full track to point at.
const LessonStart = "6o/6g/6o/6g/6o/6g/6o express og o 18,19 0,0 0,0"

// lessonAnswers are the computer's scripted answers, on the edges far
// from rank 4 and never five in a row.
var lessonAnswers = [...]string{"Nb", "Sd", "Nf", "Sb", "Nd", "Sf"}

// Next is the step that follows s once the player did ev: each step
// waits for what it teaches and for nothing else.
func (s Step) Next(ev LessonEvent) Step {
	switch {
	case s == StepDrag && ev.Kind == Moved && ev.Entry == LessonW4:
		return StepPush
	case s == StepPush && ev.Kind == Moved && ev.Entry == LessonW4 && ev.Pushed > 0:
		return StepFull
	case s == StepFull && ev.Kind == WasRefused && (ev.Entry == LessonNg || ev.Entry == LessonSg):
		return StepLine
	case s < StepDone && ev.Kind == GameOver:
		return StepDone
	}
	return s
}

// Allows reports whether the player may insert at e during step s.
func (s Step) Allows(e logic.Entry) bool {
	switch s {
	case StepDrag, StepPush, StepLine:
		return e == LessonW4
	}
	return false
}

// Text is the catalogue key of the step's instruction.
func (s Step) Text() string {
	return [...]string{"tutorial.drag", "tutorial.push", "tutorial.full", "tutorial.line", "tutorial.done"}[s]
}

// LessonAnswer is the computer's scripted answer to its k-th turn: the
// first of the script from k on that is legal and does not end the game;
// NoMove if none is (the level-1 computer then thinks for itself).
func LessonAnswer(p *logic.Position, k int) logic.Move {
	for _, s := range lessonAnswers[min(k, len(lessonAnswers)):] {
		mv, err := p.ParseMove(s)
		if err != nil {
			continue
		}
		q := *p
		var tr logic.Trace
		if q.Play(mv, &tr) == nil && !q.Over() {
			return mv
		}
	}
	return logic.NoMove
}

// FirstSteps is the guided first game as a Lesson.
type FirstSteps struct {
	Step Step
	// Changed counts the steps taken, so the screen sees a change.
	Changed int
}

// Allows is the step's narrowing of the player's entry points.
func (f *FirstSteps) Allows(e logic.Entry) bool { return f.Step.Allows(e) }

// Answer is the scripted answer of the computer.
func (f *FirstSteps) Answer(p *logic.Position, moves int) logic.Move { return LessonAnswer(p, moves) }

// See moves the lesson on if ev is what the step waits for.
func (f *FirstSteps) See(ev LessonEvent) {
	if n := f.Step.Next(ev); n != f.Step {
		f.Step = n
		f.Changed++
	}
}

// LessonSetup is the lesson's seats: the player orange, a level-1
// computer green; the rest of base (the settings) stays.
func LessonSetup(base Setup) Setup {
	st := base
	st.Variant, st.Players, st.Starter, st.Tournament = logic.Express, 2, 0, false
	st.Seats[0] = Seat{Color: logic.Orange, Player: record.Player{Level: 1}}
	st.Seats[1] = Seat{Color: logic.Green, Player: record.Player{Kind: record.Computer, Level: 1}}
	return st
}
