package play

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/analysis"
	"shiftago/logic/remote"
	"shiftago/scenes/play/away"
)

// fakeFar is an evaluation sent away that answers when the test says.
type fakeFar struct {
	req       remote.Request
	rep       remote.Reply
	done      bool
	cancelled bool
	polls     int
}

func (f *fakeFar) Poll() (remote.Reply, bool) { f.polls++; return f.rep, f.done }
func (f *fakeFar) Cancel()                    { f.cancelled = true }

// fakeAway is where the analysis under test sends its positions.
type fakeAway struct{ sent []*fakeFar }

func (w *fakeAway) start(req remote.Request) away.Far {
	f := &fakeFar{req: req}
	w.sent = append(w.sent, f)
	return f
}

// last is the evaluation sent last.
func (w *fakeAway) last() *fakeFar {
	if len(w.sent) == 0 {
		return nil
	}
	return w.sent[len(w.sent)-1]
}

// index is the position a request is of: its seed is the game's (0 here)
// plus the position's index << 8.
func index(req remote.Request) int { return int(req.Seed >> 8) }

// fakeEval is the made-up evaluation of position i: its score says
// which answer it was.
func fakeEval(i int) analysis.Eval {
	return analysis.Eval{Known: true, ToMove: i % 2, Best: logic.Move(i + 1), Score: 1000 + i, Winner: -1, Chance: [4]float64{0.5, 0.5}}
}

// openingGame is the start and the moves of an Express game of n moves.
func openingGame(t testing.TB, n int) (logic.Position, []logic.Move) {
	t.Helper()
	p, err := logic.ParsePosition("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0")
	if err != nil {
		t.Fatal(err)
	}
	q := p
	var ms []logic.Move
	for _, s := range strings.Fields("W4 Nd E3 Sb W2 Nf E5 Sc")[:n] {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		q.Play(m, nil)
		ms = append(ms, m)
	}
	return p, ms
}

// TestAnalysisSchedule drives the analysis's scheduling with evaluations
// sent away that answer on cue, step by step:
//
//	step      a frame's Step
//	answer    the evaluation sent last answers (its fakeEval), then a Step
//	again     the evaluation answered last answers once more, then a Step
//	late      the evaluation cancelled last answers after all, then a Step
//	fail      the evaluation sent last fails, then Steps until its
//	          position is known (stepped in the frame)
//	focus N   the replay shows position N
//	stop      the replay is closed, then a Step
//
// and checks the positions sent, in order, those cancelled, and that every
// known position holds the evaluation of its own answer (or of its search
// in the frame), booked once.
func TestAnalysisSchedule(t *testing.T) {
	for _, tc := range []struct {
		name      string
		moves     int
		script    string
		sent      string // the positions sent away, in order
		cancelled string // the positions abandoned, in order
		known     int    // the positions known at the end
		done      bool
	}{
		{"a game of one move, from the start", 1, "step answer answer", "0 1", "", 2, true},
		{"a game of one move, its end shown first", 1, "focus 1 step answer answer", "1 0", "", 2, true},
		{"many moves, in order", 8, "step answer answer answer answer answer answer answer answer answer", "0 1 2 3 4 5 6 7 8", "", 9, true},
		{"the shown position first, the one before it, then the rest from the start", 8,
			"focus 5 step answer answer answer answer answer answer answer answer answer", "5 4 0 1 2 3 6 7 8", "", 9, true},
		{"the shown position changes: the one under way is dropped", 6,
			"step focus 3 step answer focus 1 step answer answer answer answer answer answer", "0 3 2 1 0 2 4 5 6", "0 2", 7, true},
		{"focus on a known position keeps the one under way", 4, "step answer focus 0 step answer", "0 1 2", "", 2, false},
		{"focus on the position under way keeps it", 4, "step focus 0 step answer", "0 1", "", 1, false},
		{"each frame scrubbing: one sent a frame, the rest dropped", 6, "focus 1 step focus 2 step focus 3 step focus 4 step answer", "1 2 3 4 3", "1 2 3", 1, false},
		{"a repeated answer is booked once", 3, "step answer again again", "0 1", "", 1, false},
		{"a late answer of a dropped position is not booked", 3, "step focus 2 step late answer", "0 2 1", "0", 1, false},
		{"stopped: the one under way dropped, nothing more sent", 5, "step answer stop step step", "0 1", "1", 1, true},
		{"stopped before anything was sent", 5, "stop step", "", "", 0, true},
		{"the far evaluation lost: stepped in the frame, the next sent away", 2, "step fail answer answer", "0 1 2", "", 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, ms := openingGame(t, tc.moves)
			a, err := NewAnalysis(start, ms, AnalysisConfig{MaxNodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			w := &fakeAway{}
			a.start = w.start
			stepped := map[int]bool{} // positions evaluated in the frame
			var lastAnswered, lastCancelled *fakeFar
			f := strings.Fields(tc.script)
			for k := 0; k < len(f); k++ {
				switch f[k] {
				case "step":
					a.Step(0)
				case "answer", "again", "late":
					x := w.last()
					switch f[k] {
					case "again":
						x = lastAnswered
					case "late":
						x = lastCancelled
					}
					if x == nil {
						t.Fatalf("%s %d: nothing to answer", f[k], k)
					}
					x.rep, x.done = remote.Reply{ID: x.req.ID, Eval: fakeEval(index(x.req))}, true
					lastAnswered = x
					a.Step(0)
				case "fail":
					x := w.last()
					x.rep, x.done = remote.Reply{ID: x.req.ID, Err: "the search worker failed"}, true
					i := index(x.req)
					for n := 0; !a.At(i).Known; n++ {
						if n > 1000 {
							t.Fatal("the lost position is never evaluated")
						}
						a.Step(1 << 20)
					}
					stepped[i] = true
					if want := analysis.NewJob(a.pos[i], a.jobConfig(i)); true {
						for !want.Step(1 << 20) {
						}
						if a.At(i) != want.Eval() {
							t.Errorf("position %d stepped in the frame: %+v, want %+v", i, a.At(i), want.Eval())
						}
					}
				case "focus":
					k++
					n, _ := strconv.Atoi(f[k])
					before := len(w.sent)
					a.Focus(n)
					for _, x := range w.sent[:before] {
						if x.cancelled {
							lastCancelled = x
						}
					}
				case "stop":
					a.Stop()
				default:
					t.Fatalf("unknown step %q", f[k])
				}
			}
			var sent, cancelled []string
			for _, x := range w.sent {
				sent = append(sent, fmt.Sprint(index(x.req)))
				if x.cancelled {
					cancelled = append(cancelled, fmt.Sprint(index(x.req)))
				}
				if !x.req.Analyse || x.req.MaxNodes != 3000 || x.req.Level != HintLevel || x.req.Pos != a.pos[index(x.req)] {
					t.Errorf("request %+v", x.req)
				}
			}
			if got := strings.Join(sent, " "); got != tc.sent {
				t.Errorf("sent %q, want %q", got, tc.sent)
			}
			if got := strings.Join(cancelled, " "); got != tc.cancelled {
				t.Errorf("cancelled %q, want %q", got, tc.cancelled)
			}
			known := 0
			for i := 0; i <= a.Plies(); i++ {
				e := a.At(i)
				if !e.Known {
					continue
				}
				known++
				if !stepped[i] && e != fakeEval(i) {
					t.Errorf("position %d: %+v, not its answer", i, e)
				}
			}
			if d, total := a.Progress(); d != known || known != tc.known || total != tc.moves+1 || a.Done() != tc.done {
				t.Errorf("progress %d/%d, %d known, done %v; want %d known, done %v", d, total, known, a.Done(), tc.known, tc.done)
			}
		})
	}
}

// TestAnalysisAwayMatchesTheFrame: the analysis away from the frame (on
// goroutines here) evaluates every position as the analysis stepped in
// the frame does, the shown position first, and searches nothing in the
// frame meanwhile.
func TestAnalysisAwayMatchesTheFrame(t *testing.T) {
	start, ms := openingGame(t, 5)
	cfg := AnalysisConfig{MaxNodes: 8000, Seed: 5}
	framed, err := NewAnalysis(start, ms, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for !framed.Step(2000) {
	}
	cfg.Away = true
	away, _ := NewAnalysis(start, ms, cfg)
	away.Focus(3)
	first := -1
	deadline := time.Now().Add(2 * time.Minute)
	for !away.Step(2000) {
		if first < 0 {
			for i := 0; i <= away.Plies(); i++ {
				if away.At(i).Known {
					first = i
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the analysis away never ended")
		}
		time.Sleep(200 * time.Microsecond)
	}
	if first != 3 || away.InFrame() != 0 || framed.InFrame() != len(ms)+1 {
		t.Errorf("first known %d (want 3), %d searched in the frame away, %d stepped", first, away.InFrame(), framed.InFrame())
	}
	for i := 0; i <= len(ms); i++ {
		if away.At(i) != framed.At(i) {
			t.Errorf("position %d: %+v away, %+v in the frame", i, away.At(i), framed.At(i))
		}
	}
}

// TestAnalysisWaitingAllocatesNothing: a frame's Step while the position
// under way is away allocates nothing.
func TestAnalysisWaitingAllocatesNothing(t *testing.T) {
	start, ms := openingGame(t, 8)
	a, _ := NewAnalysis(start, ms, AnalysisConfig{MaxNodes: 3000})
	w := &fakeAway{}
	a.start = w.start
	a.Step(0)
	if n := testing.AllocsPerRun(200, func() { a.Step(0) }); n != 0 {
		t.Errorf("%.1f allocations a frame", n)
	}
	if w.last().polls < 200 {
		t.Errorf("polled %d times", w.last().polls)
	}
}

// BenchmarkAnalysisWaiting is a frame's Step while the position under way
// is evaluated away: what the analysis costs a frame in its steady state.
func BenchmarkAnalysisWaiting(b *testing.B) {
	b.ReportAllocs()
	start, ms := openingGame(b, 8)
	a, _ := NewAnalysis(start, ms, AnalysisConfig{MaxNodes: 3000})
	w := &fakeAway{}
	a.start = w.start
	for b.Loop() {
		a.Step(0)
	}
}

// TestAnalysisThroughTheWorkerClient: the browser's way, with a fake
// worker that runs what it is sent (remote.Run, as the search worker
// does): each position goes out as an "ana" line and comes back as an
// "eval" line, booked as the frame's own search would have found it; a
// change of the position shown tells the worker to stop; once the worker
// is lost, the rest is searched in the frame.
func TestAnalysisThroughTheWorkerClient(t *testing.T) {
	start, ms := openingGame(t, 3)
	cfg := AnalysisConfig{MaxNodes: 3000, Seed: 9}
	framed, _ := NewAnalysis(start, ms, cfg)
	for !framed.Step(1 << 20) {
	}
	var lines []string // what the worker was sent
	c := away.NewClient(func(l string) error { lines = append(lines, l); return nil })
	a, _ := NewAnalysis(start, ms, cfg)
	a.start = c.Start
	// answer runs the last line posted, as the worker would, and
	// delivers its reply.
	answer := func() {
		t.Helper()
		kind, req, _, err := remote.Parse(lines[len(lines)-1])
		if err != nil || kind != "ana" {
			t.Fatalf("posted %q (%v)", lines[len(lines)-1], err)
		}
		c.Receive(remote.Run(req, nil).String())
		a.Step(1)
	}
	a.Step(1)
	answer() // position 0
	a.Focus(3)
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "stop ") {
		t.Errorf("the focus moved: posted %q, want a stop", last)
	}
	a.Step(1)
	answer() // 3
	c.Fail("the search worker failed")
	for n := 0; !a.Step(1 << 20); n++ {
		if n > 1000 {
			t.Fatal("never done in the frame")
		}
	}
	if a.InFrame() != 2 { // 2 (under way when lost), 1
		t.Errorf("%d positions searched in the frame, want 2", a.InFrame())
	}
	for i := 0; i <= a.Plies(); i++ {
		if a.At(i) != framed.At(i) {
			t.Errorf("position %d: %+v through the worker, %+v in the frame", i, a.At(i), framed.At(i))
		}
	}
}
