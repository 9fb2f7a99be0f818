// Package engine speaks the line protocol of RULES.md §10 (`shiftago
// engine`): one command a line in, one answer line out. A refused command
// answers `error: …` and changes nothing, so a driving program can always
// trust the state it has seen.
package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"shiftago/logic"
)

// Session is one engine conversation: the current position and the moves
// that led to it.
type Session struct {
	pos logic.Position
}

// NewSession starts with the empty board of a 2-player Express game, so
// that every command works before the first `new`.
func NewSession() *Session {
	p, _ := logic.NewGame(logic.Standard(logic.Express, 2, nil))
	return &Session{pos: p}
}

// Position returns the session's current position.
func (s *Session) Position() logic.Position { return s.pos }

// errQuit ends Serve.
var errQuit = errors.New("quit")

// Serve reads commands from in until `quit` or the end of input and writes
// one answer line for each to out.
func Serve(in io.Reader, out io.Writer) error {
	s := NewSession()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		answer, err := s.Do(line)
		if err == errQuit {
			break
		}
		if err != nil {
			answer = "error: " + err.Error()
		}
		w.WriteString(answer)
		w.WriteByte('\n')
		// Flush every answer: the other side waits for it before it writes
		// the next command.
		if err := w.Flush(); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return sc.Err()
}

// Do carries out one command line and returns its answer (without the
// newline). On error the session is unchanged.
func (s *Session) Do(line string) (string, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", errors.New("empty command")
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "new":
		return s.cmdNew(args)
	case "position":
		if len(args) != 0 {
			return "", errors.New("position takes no arguments")
		}
		return s.pos.String(), nil
	case "setposition":
		p, err := logic.ParsePosition(strings.Join(args, " "))
		if err != nil {
			return "", err
		}
		s.pos = p
		return "ok", nil
	case "moves":
		if len(args) != 0 {
			return "", errors.New("moves takes no arguments")
		}
		ms := s.pos.Moves(nil)
		names := make([]string, len(ms))
		for i, m := range ms {
			names[i] = m.String()
		}
		return strings.Join(names, " "), nil
	case "play":
		if len(args) != 1 {
			return "", errors.New("usage: play <move>, like play W4 or play W4xc4-g4")
		}
		q := s.pos
		if err := q.PlayString(args[0], nil); err != nil {
			return "", err
		}
		s.pos = q
		return "ok", nil
	case "result":
		return s.pos.Result().String(), nil
	case "perft":
		if len(args) != 1 {
			return "", errors.New("usage: perft <depth>")
		}
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 0 || d > 12 {
			return "", fmt.Errorf("perft depth %q: want a whole number from 0 to 12", args[0])
		}
		return strconv.FormatUint(logic.Perft(&s.pos, d), 10), nil
	case "go":
		return s.cmdGo(args)
	case "quit":
		return "", errQuit
	}
	return "", fmt.Errorf("unknown command %q (commands: new, position, setposition, moves, play, result, perft, go, quit)", cmd)
}

func (s *Session) cmdNew(args []string) (string, error) {
	const usage = "usage: new <express|expert|extreme> <2|3|4> [sitouts=N,N,...]"
	if len(args) < 2 || len(args) > 3 {
		return "", errors.New(usage)
	}
	v, err := logic.ParseVariant(args[0])
	if err != nil {
		return "", err
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 2 || n > 4 {
		return "", fmt.Errorf("players %q: want 2, 3 or 4", args[1])
	}
	var sits []int
	if len(args) == 3 {
		val, ok := strings.CutPrefix(args[2], "sitouts=")
		if !ok {
			return "", fmt.Errorf("%q: %s", args[2], usage)
		}
		if sits, err = ParseInts(val, n); err != nil {
			return "", fmt.Errorf("sitouts: %v", err)
		}
	}
	p, err := logic.NewGame(logic.Standard(v, n, sits))
	if err != nil {
		return "", err
	}
	s.pos = p
	return "ok", nil
}

func (s *Session) cmdGo(args []string) (string, error) {
	level, movetime := 0, time.Duration(0)
	for _, a := range args {
		key, val, ok := strings.Cut(a, "=")
		x, err := strconv.Atoi(val)
		switch {
		case !ok || err != nil:
			return "", fmt.Errorf("go: %q: want level=N or movetime=MS", a)
		case key == "level":
			if x < 1 || x > 5 {
				return "", fmt.Errorf("go: level %d: want 1 to 5", x)
			}
			level = x
		case key == "movetime":
			if x < 1 || x > 3600_000 {
				return "", fmt.Errorf("go: movetime %d: want 1 to 3600000 milliseconds", x)
			}
			movetime = time.Duration(x) * time.Millisecond
		default:
			return "", fmt.Errorf("go: unknown option %q (want level=N or movetime=MS)", key)
		}
	}
	if s.pos.Over() {
		return "", fmt.Errorf("the game is over (%s)", s.pos.Result())
	}
	p := s.pos
	m := think(&p, level, movetime)
	return "bestmove " + m.String(), nil
}

// ParseInts reads n comma-separated whole numbers, as in sitouts=0,2.
func ParseInts(s string, n int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("%q has %d values, want %d (one a seat)", s, len(parts), n)
	}
	out := make([]int, n)
	for i, t := range parts {
		x, err := strconv.Atoi(t)
		if err != nil {
			return nil, fmt.Errorf("%q: %q is not a whole number", s, t)
		}
		out[i] = x
	}
	return out, nil
}
