package away

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/remote"
)

// Where the computer's searches run (LastPath).
const (
	PathFrame   = "frame"   // stepped in the frame loop, a slice a tick
	PathThreads = "threads" // goroutines of its own, on every core (desktop)
	PathWorker  = "worker"  // a Web Worker running wasm/searcher (browser)
)

// Far is a search running away from the frame loop (away_other.go,
// away_js.go). Poll never blocks: it gives the reply once there, a reply
// with Err when the far search is lost (the game then searches in the
// frame); Cancel abandons it and returns at once.
type Far interface {
	Poll() (remote.Reply, bool)
	Cancel()
}

// thoughtIDs numbers the searches, so that a late reply is never taken
// for another search's.
var thoughtIDs atomic.Int64

// NextID is a new search's request id, unique among every search sent
// away (a Thought's and the replay's analysis share the one worker).
func NextID() int { return int(thoughtIDs.Add(1)) }

// lastPath is where the last search that answered ran.
var lastPath atomic.Value

// LastPath says where the last search that found a move ran:
// PathFrame, PathThreads or PathWorker ("" before the first). For the
// page API and tests: nothing in the game depends on it.
func LastPath() string {
	s, _ := lastPath.Load().(string)
	return s
}

// Thought is one search for a move: away from the frame loop when asked
// and the platform can (goroutines, a Web Worker), else stepped in the
// frame; a far search that is lost is searched again in the frame. Both
// ways run the same request (position, level, seed, worker count), so they
// find the same move: a level keeps its character wherever it thinks.
type Thought struct {
	req  remote.Request
	Far  Far // the search away from the frame, nil when stepped in it
	path string
	step *ai.Search
}

// NewThought starts the search of p at level with seed. Away, it runs on
// every core a desktop has (the move depends on the worker count, never
// on timing); in the frame, on one worker as it always has.
func NewThought(p logic.Position, level int, seed uint64, away bool) *Thought {
	t := &Thought{req: remote.Request{ID: NextID(), Pos: p, Level: level, Seed: seed, Workers: 1}, path: PathFrame}
	if away {
		t.req.Workers = ai.DefaultWorkers()
		if f, path := Start(t.req); f != nil {
			t.Far, t.path = f, path
		}
	}
	return t
}

// Poll advances the search: a slice of about nodes nodes in the frame, or
// a look at the far search's reply. It returns the move once found.
func (t *Thought) Poll(nodes int) (logic.Move, bool) {
	if t.Far != nil {
		rep, ok := t.Far.Poll()
		if !ok {
			return logic.NoMove, false
		}
		if rep.Err == "" && remote.Legal(&t.req.Pos, rep.Move) {
			lastPath.Store(t.path)
			return rep.Move, true
		}
		why := rep.Err
		if why == "" {
			why = "an illegal move " + rep.Move.String()
		}
		fmt.Printf("shiftago: the %s search failed (%s); thinking in the frame instead\n", t.path, why)
		t.Far.Cancel()
		t.Far, t.path = nil, PathFrame
	}
	if t.step == nil {
		t.step = ai.NewSearch(t.req.Pos, t.req.Config())
	}
	if !t.step.Step(nodes) {
		return logic.NoMove, false
	}
	lastPath.Store(PathFrame)
	return t.step.Best(), true
}

// Stop abandons the search; a far one ends on its own, soon.
func (t *Thought) Stop() {
	if t.Far != nil {
		t.Far.Cancel()
	}
	if t.step != nil {
		t.step.Stop()
	}
}

// Client runs searches in one far searcher (a Web Worker) that speaks
// package remote's lines: post sends a line; the searcher's lines come
// back through Receive, and its loss (it could not start, or crashed)
// through Fail, which turns every search under way into a failed reply,
// and every later start into nil, so the game steps in the frame. The
// browser calls Receive and Fail from its event callbacks, hence the lock.
type Client struct {
	mu   sync.Mutex
	post func(line string) error
	jobs map[int]*clientJob
	lost string           // why the searcher is lost; "" while it works
	now  func() time.Time // the clock of the patience below
	// polled is when a search was last polled. The game polls every tick
	// while it runs; a longer gap (asleepGap) means the page or the
	// machine slept (a laptop's lid closed, a phone locked), the worker
	// with it, so its silence over that time says nothing of it.
	polled time.Time
}

// asleepGap is a gap between two polls after which the game counts as
// having slept: far beyond a tick, even a starved one.
const asleepGap = 5 * time.Second

type clientJob struct {
	c     *Client
	id    int
	rep   remote.Reply
	done  bool
	since time.Time // its start, or the searcher's last word since (Receive)
}

// clientPatience is how long the searcher may stay silent, while a search
// awaits its reply, before it counts as lost: a worker that dies without a
// word (closed, or stuck) must not leave the computer thinking for ever.
// It runs from the searcher's last word about an awaited search (a
// "working" line, about once a second, or a reply), not from the search's
// start: a search is bounded by nodes, not time (the move must not depend
// on timing), and the Grandmaster took over 60 s with the CPU starved,
// which must not send it, and every later search, to the frame.
const clientPatience = 45 * time.Second

func NewClient(post func(string) error) *Client {
	return &Client{post: post, jobs: map[int]*clientJob{}, now: time.Now}
}

// Start sends req to the searcher; nil when the searcher is lost.
func (c *Client) Start(req remote.Request) Far {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lost != "" {
		return nil
	}
	j := &clientJob{c: c, id: req.ID, since: c.now()}
	c.jobs[req.ID] = j
	if err := c.post(req.String()); err != nil {
		c.loseLocked(err.Error())
	}
	return j
}

// Receive takes one line from the searcher. A reply or a "working" line
// for an awaited search restarts the patience (clientPatience) of every
// search awaited; one for a search no longer awaited (cancelled) is
// dropped; an error for no search (id 0: the searcher could not load, or
// stopped) or an unreadable line loses the searcher.
func (c *Client) Receive(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	kind, _, rep, err := remote.Parse(line)
	switch {
	case err != nil || (kind != "move" && kind != "eval" && kind != "error" && kind != "working"):
		c.loseLocked(fmt.Sprintf("unreadable reply %q", line))
	case kind == "error" && rep.ID == 0:
		c.loseLocked(rep.Err)
	case c.jobs[rep.ID] == nil:
		// A search no longer awaited (cancelled, or already failed): its
		// reply or progress says nothing of the searches awaited.
	default:
		// The searcher is alive and at work on an awaited search. It
		// searches in order, so the ones queued behind wait on a live
		// searcher too: the patience of every one starts again.
		t := c.now()
		for _, j := range c.jobs {
			j.since = t
		}
		if kind != "working" {
			j := c.jobs[rep.ID]
			delete(c.jobs, rep.ID)
			j.rep, j.done = rep, true
		}
	}
}

// Fail loses the searcher.
func (c *Client) Fail(why string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loseLocked(why)
}

func (c *Client) loseLocked(why string) {
	if why == "" {
		why = "lost"
	}
	if c.lost == "" {
		c.lost = why
	}
	for id, j := range c.jobs {
		j.rep, j.done = remote.Reply{ID: id, Err: c.lost}, true
	}
	clear(c.jobs)
}

func (j *clientJob) Poll() (remote.Reply, bool) {
	j.c.mu.Lock()
	defer j.c.mu.Unlock()
	t := j.c.now()
	if !j.c.polled.IsZero() && t.Sub(j.c.polled) > asleepGap {
		// Woken from a sleep: the worker slept too and has had no time to
		// speak; its patience starts again now, not at the last word
		// before the sleep (which would lose a worker to a closed lid).
		for _, o := range j.c.jobs {
			o.since = t
		}
	}
	j.c.polled = t
	if !j.done && t.Sub(j.since) > clientPatience {
		j.c.loseLocked(fmt.Sprintf("no word from the searcher in %v", clientPatience))
	}
	return j.rep, j.done
}

// Cancel tells the searcher to drop the search (it looks between slices).
func (j *clientJob) Cancel() {
	j.c.mu.Lock()
	defer j.c.mu.Unlock()
	if j.done || j.c.lost != "" {
		return
	}
	j.done, j.rep = true, remote.Reply{ID: j.id, Err: "cancelled"}
	delete(j.c.jobs, j.id)
	if err := j.c.post(remote.Stop(j.id)); err != nil {
		j.c.loseLocked(err.Error())
	}
}
