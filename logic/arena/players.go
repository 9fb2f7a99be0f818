package arena

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
	protocol "shiftago/logic/engine"
)

// player chooses moves for one side of the arena.
type player interface {
	// move returns the move for p; seed varies with the game and the ply.
	move(p logic.Position, seed uint64) (m logic.Move, nodes int, err error)
	close()
}

// spec describes a player on the command line: level=N, greedy, random or
// cmd:<command>.
type spec struct {
	kind  string // "level", "greedy", "random", "cmd"
	level int
	multi ai.Multi
	beam  int
	cmd   string
	label string

	nodes   int  // this side's node budget (level=N,nodes=M); 0: --nodes or the level's
	workers int  // searches side by side (ai.Config.Workers)
	noBook  bool // no opening book
	frozen  bool // ai.Reference: no tuned weights, no endgame solver
}

// maxWorkers bounds a side's searches side by side (workers=W): more
// than a machine has cores only slows every game of the match.
const maxWorkers = 64

func parseSpec(s string) (spec, error) {
	switch {
	case s == "greedy" || s == "random":
		return spec{kind: s, label: s}, nil
	case strings.HasPrefix(s, "level="):
		// level=N[/search][,beam=K][,nodes=M][,workers=W]
		head, opts, more := strings.Cut(s[len("level="):], ",")
		num, algo, _ := strings.Cut(head, "/")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > ai.MaxLevel {
			return spec{}, fmt.Errorf("%.60q: want level=1 to level=%d", s, ai.MaxLevel)
		}
		sp := spec{kind: "level", level: n, label: s}
		for more {
			var opt string
			opt, opts, more = strings.Cut(opts, ",")
			key, val, _ := strings.Cut(opt, "=")
			v, err := strconv.Atoi(val)
			switch {
			case key == "beam" && err == nil && v >= 1 && v <= logic.MaxMoves:
				sp.beam = v
			case key == "beam":
				return spec{}, fmt.Errorf("%.60q: want beam=1 to beam=%d", s, logic.MaxMoves)
			case key == "nodes" && err == nil && v >= 1 && v <= MaxNodes:
				sp.nodes = v
			case key == "nodes":
				return spec{}, fmt.Errorf("%.60q: want nodes=1 to nodes=%d", s, MaxNodes)
			case key == "workers" && err == nil && v >= 1 && v <= maxWorkers:
				sp.workers = v
			case key == "workers":
				return spec{}, fmt.Errorf("%.60q: want workers=1 to workers=%d", s, maxWorkers)
			default:
				return spec{}, fmt.Errorf("%.60q: after a comma, beam=K, nodes=M or workers=W", s)
			}
		}
		switch algo {
		case "":
		case "brs":
			sp.multi = ai.BestReply
		case "mcts":
			sp.multi = ai.MonteCarlo
		case "maxn":
			sp.multi = ai.MaxN
		case "paranoid":
			sp.multi = ai.Paranoid
		default:
			return spec{}, fmt.Errorf("%.60q: the search after / is mcts, brs, maxn or paranoid", s)
		}
		return sp, nil
	case s == "ref":
		// Today's Grandmaster, frozen: one worker, no book, the hand-set
		// evaluation and no endgame solver (ai.Reference).
		r := ai.Reference(0)
		return spec{kind: "level", level: r.Level, workers: r.Workers, noBook: r.NoBook, frozen: r.Frozen, label: s}, nil
	case strings.HasPrefix(s, "gm:"):
		// The Grandmaster with n workers, each with the level's budget.
		n, err := strconv.Atoi(s[len("gm:"):])
		if err != nil || n < 1 {
			return spec{}, fmt.Errorf("%q: want gm:<workers>, like gm:2", s)
		}
		return spec{kind: "level", level: ai.MaxLevel, workers: n, label: s}, nil
	case strings.HasPrefix(s, "cmd:") && len(s) > 4:
		return spec{kind: "cmd", cmd: s[4:], label: s}, nil
	}
	return spec{}, fmt.Errorf("%.60q: want level=N, greedy, random or cmd:<engine command>", s)
}

// limits are the arena-wide search limits.
type limits struct {
	movetime time.Duration // 0: none
	level    int           // level for external engines; 0: their default
	nodes    int           // node budget override for our levels; 0: none
	timeout  time.Duration // longest wait for one answer of an external engine
}

func (sp spec) open(lim limits) (player, error) {
	switch sp.kind {
	case "greedy":
		return funcPlayer(greedy), nil
	case "random":
		return funcPlayer(random), nil
	case "level":
		if sp.nodes > 0 {
			lim.nodes = sp.nodes
		}
		return &searchPlayer{level: sp.level, multi: sp.multi, beam: sp.beam, lim: lim, workers: sp.workers, noBook: sp.noBook, frozen: sp.frozen}, nil
	}
	return startEngine(sp.cmd, lim)
}

// funcPlayer is a one-ply player.
type funcPlayer func(logic.Position, uint64) logic.Move

func (f funcPlayer) move(p logic.Position, seed uint64) (logic.Move, int, error) {
	return f(p, seed), 0, nil
}
func (f funcPlayer) close() {}

// searchPlayer is our AI at a level, limited by the level's node budget or
// by movetime (stepped in slices, the clock read between them).
type searchPlayer struct {
	level int
	multi ai.Multi
	beam  int
	lim   limits

	workers int
	noBook  bool
	frozen  bool
}

func (sp *searchPlayer) move(p logic.Position, seed uint64) (logic.Move, int, error) {
	cfg := ai.Config{Level: sp.level, Seed: seed, MaxNodes: sp.lim.nodes, Multi: sp.multi, Beam: sp.beam,
		Workers: sp.workers, NoBook: sp.noBook, Frozen: sp.frozen}
	if sp.lim.movetime > 0 {
		cfg.MaxNodes = ai.Unlimited
		s := ai.NewSearch(p, cfg)
		deadline := time.Now().Add(sp.lim.movetime)
		for !s.Step(4096) && time.Now().Before(deadline) {
		}
		s.Stop()
		return s.Best(), s.Nodes(), nil
	}
	s := ai.NewSearch(p, cfg)
	for !s.Step(1 << 20) {
	}
	return s.Best(), s.Nodes(), nil
}
func (sp *searchPlayer) close() {}

// Waiting for external engines. A tournament director gives an engine its
// time and a grace for the pipe and the scheduler, and an engine that runs
// past both loses the game on time; the arena does the same, then kills
// the engine and starts it afresh for the next game, so one hang costs one
// game rather than the match.
const (
	// Grace is what an engine may take beyond its movetime.
	Grace = 2 * time.Second
	// DefaultTimeout is the wait for one answer without --movetime: an
	// engine's own levels then bound its search, and our strongest takes
	// under a second.
	DefaultTimeout = 60 * time.Second
	// maxAnswer bounds one answer line; real ones are a few bytes.
	maxAnswer = 64 << 10
)

// startGrace is added to the first answer of a started engine, which may
// still be loading (or being compiled, with cmd:go run . engine). A
// variable only so that a test need not wait as long.
var startGrace = 30 * time.Second

// errNoAnswer marks an engine that did not answer in time: it loses the
// game and is restarted.
var errNoAnswer = errors.New("no answer in time")

// engine is an external program speaking the RULES.md §10 protocol, in a
// process group of its own so that a kill reaches whatever `sh -c` started.
type engine struct {
	cmd      *exec.Cmd
	in       io.WriteCloser
	replies  chan reply    // answer lines, from read
	done     chan struct{} // closed by close: read stops
	lim      limits
	wait     time.Duration // for one answer
	name     string
	answered bool // at least once since it started
	killed   bool
}

type reply struct {
	line string
	err  error
}

func startEngine(command string, lim limits) (*engine, error) {
	cmd := exec.Command("sh", "-c", command)
	ownProcessGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %q: %w", command, err)
	}
	e := &engine{cmd: cmd, in: in, replies: make(chan reply), done: make(chan struct{}),
		lim: lim, wait: lim.timeout, name: command}
	go e.read(bufio.NewReader(out))
	live.add(e)
	return e, nil
}

// read passes the engine's answer lines to ask, each cut to maxAnswer
// bytes, until the pipe closes or the engine is closed.
func (e *engine) read(r *bufio.Reader) {
	for {
		line, tooLong, err := protocol.ReadLine(r, maxAnswer)
		rep := reply{line: line, err: err}
		if tooLong {
			rep.err = fmt.Errorf("an answer longer than %d bytes", maxAnswer)
		}
		select {
		case e.replies <- rep:
		case <-e.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// ask sends one command and waits for its one-line answer, at most e.wait
// (and startGrace more for an engine's first answer). An engine that does
// not answer in time is killed: errNoAnswer if it had answered before, so
// that it loses this game; a plain error, which ends the match, if it never
// answered at all, since restarting it would only lose every game slowly.
func (e *engine) ask(line string) (string, error) {
	if e.killed {
		return "", fmt.Errorf("%s: stopped earlier", e.name)
	}
	wait := e.wait
	if !e.answered {
		wait += startGrace
	}
	// The write gets the same deadline: an engine that reads nothing fills
	// the pipe, and then a write blocks.
	wrote := make(chan error, 1)
	go func() {
		_, err := io.WriteString(e.in, line+"\n")
		wrote <- err
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case err := <-wrote:
			if err != nil {
				return "", fmt.Errorf("%s: %w", e.name, err)
			}
			wrote = nil
		case r := <-e.replies:
			if r.err != nil {
				return "", fmt.Errorf("%s: no answer to %q: %w", e.name, line, r.err)
			}
			e.answered = true
			ans := strings.TrimSpace(r.line)
			if strings.HasPrefix(ans, "error:") {
				return "", fmt.Errorf("%s: %q: %.200s", e.name, line, ans)
			}
			return ans, nil
		case <-timer.C:
			e.kill()
			if !e.answered {
				return "", fmt.Errorf("%s: no answer to %q within %v of starting it, so it was stopped: is it a RULES.md §10 engine?", e.name, line, wait)
			}
			return "", fmt.Errorf("%s: no answer to %q within %v, so it was stopped: %w", e.name, line, wait, errNoAnswer)
		}
	}
}

func (e *engine) move(p logic.Position, _ uint64) (logic.Move, int, error) {
	if _, err := e.ask("setposition " + p.String()); err != nil {
		return logic.NoMove, 0, err
	}
	goCmd := "go"
	if e.lim.level > 0 {
		goCmd += " level=" + strconv.Itoa(e.lim.level)
	}
	if e.lim.movetime > 0 {
		goCmd += " movetime=" + strconv.Itoa(int(e.lim.movetime/time.Millisecond))
	}
	ans, err := e.ask(goCmd)
	if err != nil {
		return logic.NoMove, 0, err
	}
	mv, ok := strings.CutPrefix(ans, "bestmove ")
	if !ok {
		return logic.NoMove, 0, fmt.Errorf("%s: want bestmove, got %.80q", e.name, ans)
	}
	m, err := p.ParseMove(strings.TrimSpace(mv))
	if err != nil {
		return logic.NoMove, 0, fmt.Errorf("%s: illegal move: %w", e.name, err)
	}
	return m, 0, nil
}

func (e *engine) kill() {
	if !e.killed {
		e.killed = true
		killProcessGroup(e.cmd.Process)
	}
}

// close asks the engine to quit and kills it when it has not within a
// second or two; it never blocks on the engine for longer.
func (e *engine) close() {
	if !e.killed {
		wrote := make(chan struct{})
		go func() {
			io.WriteString(e.in, "quit\n")
			close(wrote)
		}()
		select {
		case <-wrote:
		case <-time.After(time.Second):
		}
	}
	e.in.Close()
	exited := make(chan struct{})
	go func() { e.cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(2 * time.Second):
		// Killed before Wait reaps the shell, while the group's number
		// cannot yet belong to anything else.
		e.kill()
		<-exited
	}
	live.remove(e)
	close(e.done)
}

// live is every engine started and not yet closed, for killAll.
var live = engines{set: map[*engine]bool{}}

type engines struct {
	mu  sync.Mutex
	set map[*engine]bool
}

func (l *engines) add(e *engine) {
	l.mu.Lock()
	l.set[e] = true
	l.mu.Unlock()
}

func (l *engines) remove(e *engine) {
	l.mu.Lock()
	delete(l.set, e)
	l.mu.Unlock()
}

// killAll kills every live engine's process group: in their own groups,
// they no longer get the terminal's Ctrl-C with the arena.
func (l *engines) killAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for e := range l.set {
		killProcessGroup(e.cmd.Process)
	}
}
