package remote

import (
	"fmt"
	"strconv"
	"strings"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/analysis"
)

// Request is one search to run: a search for a move ("go"), or with
// Analyse the evaluation of one position of the replay's analysis
// ("ana", package analysis), MaxNodes a search.
type Request struct {
	ID       int
	Pos      logic.Position
	Level    int
	Seed     uint64
	Workers  int
	Analyse  bool
	MaxNodes int
}

// AnalysisConfig is the evaluation's configuration (Analyse).
func (r Request) AnalysisConfig() analysis.Config {
	return analysis.Config{Level: r.Level, MaxNodes: r.MaxNodes, Seed: r.Seed}
}

// Config is the search's configuration.
func (r Request) Config() ai.Config {
	return ai.Config{Level: r.Level, Seed: r.Seed, Workers: r.Workers}
}

// String encodes r as a "go" line, or an "ana" line with Analyse.
func (r Request) String() string {
	if r.Analyse {
		return fmt.Sprintf("ana %d %d %d %d %s", r.ID, r.Level, r.MaxNodes, r.Seed, r.Pos.String())
	}
	return fmt.Sprintf("go %d %d %d %d %s", r.ID, r.Level, r.Seed, r.Workers, r.Pos.String())
}

// Reply is a finished search, or why it failed (Err not empty). The
// reply to an "ana" request is Eval (Known), the others its zero value.
type Reply struct {
	ID                  int
	Move                logic.Move
	Nodes, Depth, Score int
	Err                 string
	Eval                analysis.Eval
}

// String encodes r as a "move", "eval" or "error" line.
func (r Reply) String() string {
	if r.Err != "" {
		return fmt.Sprintf("error %d %s", r.ID, r.Err)
	}
	if e := &r.Eval; e.Known {
		// The shares in the shortest form that reads back exactly, so
		// that an evaluation made in the worker is the one made here.
		b := fmt.Appendf(nil, "eval %d %d %d %d %d %d %d %d", r.ID, e.ToMove, uint32(e.Best), e.Score, e.Winner, e.WinIn, e.Proven, e.Plies)
		for _, c := range e.Chance {
			b = strconv.AppendFloat(append(b, ' '), c, 'g', -1, 64)
		}
		return string(b)
	}
	return fmt.Sprintf("move %d %d %d %d %d", r.ID, uint32(r.Move), r.Nodes, r.Depth, r.Score)
}

// Stop is the line that abandons search id.
func Stop(id int) string { return "stop " + strconv.Itoa(id) }

// Working is the line that says search id is still under way, nodes
// searched so far (about: a whole number of slices). The searcher sends it
// now and then (about once a second) between slices, so that the game
// measures its patience from the searcher's last word, not from the
// search's start: a search is bounded by nodes, not time, and may take
// minutes on a slow phone or a starved CPU.
func Working(id, nodes int) string { return fmt.Sprintf("working %d %d", id, nodes) }

// Parse reads one line of either side: a "go" or "ana" line into req, a "stop"
// line into rep (the id), a "move", "eval" or "error" line into rep, a
// "working" line into rep (the id and Nodes); kind is the line's first word.
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
	case "go", "ana":
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
		if kind == "ana" {
			req = Request{ID: int(n[0]), Level: int(n[1]), MaxNodes: int(n[2]), Seed: uint64(n[3]), Pos: p, Analyse: true}
			if req.MaxNodes < 0 {
				return kind, req, rep, fmt.Errorf("remote: %q: a budget below zero", line)
			}
		}
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
	case "eval":
		f = strings.Fields(line)
		if len(f) != 13 {
			return kind, req, rep, fmt.Errorf("remote: %q: want 12 fields after eval", line)
		}
		n, err := nums(8)
		if err != nil {
			return kind, req, rep, err
		}
		e := analysis.Eval{Known: true, ToMove: int(n[1]), Best: logic.Move(uint32(n[2])), Score: int(n[3]), Winner: int(n[4]), WinIn: int(n[5]), Proven: ai.Outcome(n[6]), Plies: int(n[7])}
		for i := range e.Chance {
			c, err := strconv.ParseFloat(f[9+i], 64)
			if err != nil || !(c >= 0 && c <= 1) {
				return kind, req, rep, fmt.Errorf("remote: %q: a share %q not in 0..1", line, f[9+i])
			}
			e.Chance[i] = c
		}
		if e.ToMove < -1 || e.ToMove > 3 || e.Winner < -1 || e.Winner > 3 || e.WinIn < 0 || e.WinIn > 1 || n[6] < 0 || n[6] > int64(ai.ProvenDraw) || e.Plies < 0 {
			return kind, req, rep, fmt.Errorf("remote: %q: an evaluation out of range", line)
		}
		rep = Reply{ID: int(n[0]), Eval: e}
	case "working":
		f = strings.Fields(line)
		if len(f) != 3 {
			return kind, req, rep, fmt.Errorf("remote: %q: want an id and nodes after working", line)
		}
		n, err := nums(2)
		if err != nil {
			return kind, req, rep, err
		}
		if n[1] < 0 {
			return kind, req, rep, fmt.Errorf("remote: %q: nodes below zero", line)
		}
		rep = Reply{ID: int(n[0]), Nodes: int(n[1])}
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
// the error "stopped". An "ana" request replies with its Eval.
func Run(req Request, stopped func() bool) Reply {
	if req.Analyse {
		e, ok := analysis.Run(req.Pos, req.AnalysisConfig(), Slice, stopped)
		if !ok {
			return Reply{ID: req.ID, Err: "stopped"}
		}
		return Reply{ID: req.ID, Eval: e}
	}
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
