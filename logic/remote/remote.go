package remote

import (
	"fmt"
	"strconv"
	"strings"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// Request is one search to run.
type Request struct {
	ID      int
	Pos     logic.Position
	Level   int
	Seed    uint64
	Workers int
}

// Config is the search's configuration.
func (r Request) Config() ai.Config {
	return ai.Config{Level: r.Level, Seed: r.Seed, Workers: r.Workers}
}

// String encodes r as a "go" line.
func (r Request) String() string {
	return fmt.Sprintf("go %d %d %d %d %s", r.ID, r.Level, r.Seed, r.Workers, r.Pos.String())
}

// Reply is a finished search, or why it failed (Err not empty).
type Reply struct {
	ID                  int
	Move                logic.Move
	Nodes, Depth, Score int
	Err                 string
}

// String encodes r as a "move" or "error" line.
func (r Reply) String() string {
	if r.Err != "" {
		return fmt.Sprintf("error %d %s", r.ID, r.Err)
	}
	return fmt.Sprintf("move %d %d %d %d %d", r.ID, uint32(r.Move), r.Nodes, r.Depth, r.Score)
}

// Stop is the line that abandons search id.
func Stop(id int) string { return "stop " + strconv.Itoa(id) }

// Parse reads one line of either side: a "go" line into req, a "stop"
// line into stop (the id), a "move" or "error" line into rep; kind is
// the line's first word.
func Parse(line string) (kind string, req Request, rep Reply, err error) {
	f := strings.SplitN(strings.TrimSpace(line), " ", 6)
	kind = f[0]
	nums := func(n int) ([]int64, error) {
		if len(f) < n+1 {
			return nil, fmt.Errorf("remote: %q: want %d numbers after %s", line, n, kind)
		}
		out := make([]int64, n)
		for i := range out {
			v, err := strconv.ParseInt(f[i+1], 10, 64)
			if err != nil {
				// The seed is unsigned: all 64 bits.
				u, uerr := strconv.ParseUint(f[i+1], 10, 64)
				if uerr != nil {
					return nil, fmt.Errorf("remote: %q: %v", line, err)
				}
				v = int64(u)
			}
			out[i] = v
		}
		return out, nil
	}
	switch kind {
	case "go":
		n, err := nums(4)
		if err != nil {
			return kind, req, rep, err
		}
		if len(f) < 6 {
			return kind, req, rep, fmt.Errorf("remote: %q: no position", line)
		}
		p, err := logic.ParsePosition(f[5])
		if err != nil {
			return kind, req, rep, fmt.Errorf("remote: %v", err)
		}
		req = Request{ID: int(n[0]), Level: int(n[1]), Seed: uint64(n[2]), Workers: int(n[3]), Pos: p}
	case "stop":
		n, err := nums(1)
		if err != nil {
			return kind, req, rep, err
		}
		rep.ID = int(n[0])
	case "move":
		f = strings.Fields(line)
		n, err := nums(5)
		if err != nil {
			return kind, req, rep, err
		}
		rep = Reply{ID: int(n[0]), Move: logic.Move(uint32(n[1])), Nodes: int(n[2]), Depth: int(n[3]), Score: int(n[4])}
	case "error":
		f = strings.SplitN(strings.TrimSpace(line), " ", 3)
		n, err := nums(1)
		if err != nil {
			return kind, req, rep, err
		}
		rep = Reply{ID: int(n[0]), Err: "failed"}
		if len(f) == 3 && f[2] != "" {
			rep.Err = f[2]
		}
	default:
		return kind, req, rep, fmt.Errorf("remote: %q: unknown message", line)
	}
	return kind, req, rep, nil
}

// Slice is the nodes Run searches between two looks at stopped: about
// 5 ms of one core, so an abandoned search ends at once.
const Slice = 1 << 14

// Run searches req to the end of its budget, or until stopped (asked
// between slices; nil for never) says so; a stopped search replies with
// the error "stopped".
func Run(req Request, stopped func() bool) Reply {
	if req.Pos.Over() {
		return Reply{ID: req.ID, Err: "the game is over"}
	}
	s := ai.NewSearch(req.Pos, req.Config())
	defer s.Stop()
	for !s.Step(Slice) {
		if stopped != nil && stopped() {
			return Reply{ID: req.ID, Err: "stopped"}
		}
	}
	return Reply{ID: req.ID, Move: s.Best(), Nodes: s.Nodes(), Depth: s.Depth(), Score: s.Score()}
}

// Legal reports whether m is a legal move of p: a reply is checked before
// its move is played.
func Legal(p *logic.Position, m logic.Move) bool {
	var buf [logic.MaxMoves]logic.Move
	for _, x := range p.Moves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}
