package arena

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
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

	workers int  // searches side by side (ai.Config.Workers)
	noBook  bool // no opening book
}

func parseSpec(s string) (spec, error) {
	switch {
	case s == "greedy" || s == "random":
		return spec{kind: s, label: s}, nil
	case strings.HasPrefix(s, "level="):
		num, algo, _ := strings.Cut(s[len("level="):], "/")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > ai.MaxLevel {
			return spec{}, fmt.Errorf("%q: want level=1 to level=%d", s, ai.MaxLevel)
		}
		sp := spec{kind: "level", level: n, label: s}
		algo, beam, _ := strings.Cut(algo, ",beam=")
		if beam != "" {
			if sp.beam, err = strconv.Atoi(beam); err != nil {
				return spec{}, fmt.Errorf("%q: beam=%q", s, beam)
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
			return spec{}, fmt.Errorf("%q: the search after / is mcts, brs, maxn or paranoid", s)
		}
		return sp, nil
	case s == "ref":
		// Today's Grandmaster, frozen: one worker, no book (ai.Reference).
		return spec{kind: "level", level: ai.MaxLevel, workers: 1, noBook: true, label: s}, nil
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
	return spec{}, fmt.Errorf("%q: want level=N, greedy, random or cmd:<engine command>", s)
}

// limits are the arena-wide search limits.
type limits struct {
	movetime time.Duration // 0: none
	level    int           // level for external engines; 0: their default
	nodes    int           // node budget override for our levels; 0: none
}

func (sp spec) open(lim limits) (player, error) {
	switch sp.kind {
	case "greedy":
		return funcPlayer(ai.Greedy), nil
	case "random":
		return funcPlayer(ai.Random), nil
	case "level":
		return &searchPlayer{level: sp.level, multi: sp.multi, beam: sp.beam, lim: lim, workers: sp.workers, noBook: sp.noBook}, nil
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
}

func (sp *searchPlayer) move(p logic.Position, seed uint64) (logic.Move, int, error) {
	cfg := ai.Config{Level: sp.level, Seed: seed, MaxNodes: sp.lim.nodes, Multi: sp.multi, Beam: sp.beam,
		Workers: sp.workers, NoBook: sp.noBook}
	if sp.lim.movetime > 0 {
		cfg.MaxNodes = 1 << 40
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

// engine is an external program speaking the RULES.md §10 protocol.
type engine struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	lim  limits
	name string
}

func startEngine(command string, lim limits) (*engine, error) {
	cmd := exec.Command("sh", "-c", command)
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
	return &engine{cmd: cmd, in: in, out: bufio.NewReader(out), lim: lim, name: command}, nil
}

// ask sends one command and reads its one-line answer.
func (e *engine) ask(line string) (string, error) {
	if _, err := io.WriteString(e.in, line+"\n"); err != nil {
		return "", fmt.Errorf("%s: %w", e.name, err)
	}
	ans, err := e.out.ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("%s: no answer to %q: %w", e.name, line, err)
	}
	ans = strings.TrimSpace(ans)
	if strings.HasPrefix(ans, "error:") {
		return "", fmt.Errorf("%s: %q: %s", e.name, line, ans)
	}
	return ans, nil
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
		return logic.NoMove, 0, fmt.Errorf("%s: want bestmove, got %q", e.name, ans)
	}
	m, err := p.ParseMove(strings.TrimSpace(mv))
	if err != nil {
		return logic.NoMove, 0, fmt.Errorf("%s: illegal move: %w", e.name, err)
	}
	return m, 0, nil
}

func (e *engine) close() {
	io.WriteString(e.in, "quit\n")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
