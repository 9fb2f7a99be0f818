package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"shiftago/logic"
	"shiftago/logic/ai"
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

// commands are the protocol's commands, in the order the help gives them.
var commands = []string{"new", "position", "setposition", "moves", "play", "result", "perft", "go", "stop", "quit"}

// errQuit ends serve.
var errQuit = errors.New("quit")

// Limits of the protocol. Every number a command takes is checked against
// them, so that no line can make the engine block for days or answer
// without end.
const (
	// MaxLine is the longest command line read, in bytes without its line
	// end. The longest real command, setposition with a full position
	// string, is under 200 bytes; a longer line is answered with an error
	// and dropped without being kept in memory.
	MaxLine = 4096
	// MaxPerftDepth bounds perft: depth 7 from the start of a 2-player
	// Express game counts 13.5 billion sequences, about a minute on one
	// core; one more ply is half an hour. `stop` ends a count sooner.
	MaxPerftDepth = 7
	// MaxMovetime bounds go movetime=, in milliseconds: the strongest
	// level needs under a second a move, so a minute is plenty, and `stop`
	// ends a search sooner.
	MaxMovetime = 60_000
	// maxQuoted is how much of a refused word an error answer repeats.
	maxQuoted = 40
	// maxWord bounds one word of a command line.
	maxWord = 64
	// maxError bounds an error answer, whatever the rules engine's message
	// quotes of the line.
	maxError = 300
	// maxQueued is how many lines are read ahead while a command runs
	// (a driver that waits for each answer has at most a `stop` in
	// flight); the reader waits beyond that, so memory stays bounded.
	maxQueued = 64
)

// inLine is one line read ahead by serve's reader.
type inLine struct {
	text    string
	tooLong bool
	stops   uint64 // `stop` lines read before this one
	err     error  // a read error other than the end of input
}

// ServeClient reads commands from in until `quit` or the end of input and
// writes one answer line for each non-blank line to out. Lines are read
// ahead while a command runs, so that a `stop` or `quit` line can end a
// running perft or go at once (quit then ends the session); the other
// commands wait their turn, and every command still gets its one answer,
// in order. A line longer than MaxLine bytes is answered with an error and
// the session goes on. After quit it returns at once; its reader may still
// wait for input on in, and ends with it (the process exits first in
// `shiftago engine`). It serves a program on the other end of a pipe
// (`shiftago engine`): the end of its input means the client has gone,
// so, as in UCI engines, it acts as `quit` and stops a running perft or go
// rather than compute for nobody. Commands already read still get their answers (a
// stopped perft answers `error: perft stopped`, go its best move so far).
func ServeClient(in io.Reader, out io.Writer) error {
	return serve(in, out, true)
}

func serve(in io.Reader, out io.Writer, stopAtEOF bool) error {
	var stops atomic.Uint64
	lines := make(chan inLine, maxQueued)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, &stops, done, stopAtEOF)

	s := NewSession()
	w := bufio.NewWriter(out)
	for l := range lines {
		if l.err != nil {
			w.Flush()
			return l.err
		}
		var answer string
		var err error
		if l.tooLong {
			err = fmt.Errorf("line longer than %d bytes, ignored", MaxLine)
		} else {
			line := strings.TrimSpace(l.text)
			if line == "" {
				continue
			}
			// A stop read after this line ends it; one read before does
			// not, however the two threads happen to be timed.
			answer, err = s.do(line, func() bool { return stops.Load() > l.stops })
			if err == errQuit {
				break
			}
		}
		if err != nil {
			answer = "error: " + clip(err.Error(), maxError)
		}
		w.WriteString(answer)
		w.WriteByte('\n')
		// Flush every answer: the other side waits for it before it writes
		// the next command.
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return w.Flush()
}

// readLines feeds lines to serve and counts each `stop` and `quit` as it is
// read, not when its turn comes, which is what lets it end the command
// before it; with stopAtEOF the end of input counts as one too.
func readLines(in io.Reader, lines chan<- inLine, stops *atomic.Uint64, done <-chan struct{}, stopAtEOF bool) {
	defer close(lines)
	r := bufio.NewReaderSize(in, MaxLine)
	for {
		text, tooLong, err := ReadLine(r, MaxLine)
		if err == io.EOF {
			if stopAtEOF {
				stops.Add(1)
			}
			return
		}
		l := inLine{text: text, tooLong: tooLong, stops: stops.Load(), err: err}
		if err == nil && !tooLong && isStop(text) {
			stops.Add(1)
		}
		select {
		case lines <- l:
		case <-done:
			return
		}
		if err != nil {
			return
		}
	}
}

// isStop reports whether a line ends the running command: `stop`, or
// `quit` (which then ends the session too, with nothing left to wait for).
func isStop(line string) bool {
	w := strings.Fields(line)
	return len(w) == 1 && (w[0] == "stop" || w[0] == "quit")
}

// ReadLine reads one line from r without its "\n" or "\r\n" end. A line
// longer than max bytes is read to its end and dropped, never held whole:
// tooLong reports it and line is empty. The last line may lack its "\n".
// err is io.EOF only when no line was left.
func ReadLine(r *bufio.Reader, max int) (line string, tooLong bool, err error) {
	var buf []byte
	seen := 0
	for {
		chunk, err := r.ReadSlice('\n')
		seen += len(chunk)
		if !tooLong {
			if len(buf)+len(chunk) > max+2 {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && (err != io.EOF || seen == 0) {
			return "", false, err
		}
		break
	}
	s := strings.TrimSuffix(string(buf), "\n")
	s = strings.TrimSuffix(s, "\r")
	if tooLong || len(s) > max {
		return "", true, nil
	}
	return s, false, nil
}

// quote quotes a word of the command line for an error answer, cut to
// maxQuoted characters so that an answer never echoes a long line back.
func quote(s string) string {
	n := 0
	for i := range s {
		if n == maxQuoted {
			return strconv.Quote(s[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(s)
}

// clip cuts s to at most n bytes, at a character boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// do carries out one command line and returns its answer (without the
// newline); on error the session is unchanged. stopped, if not nil, reports that a `stop` came in
// while the command runs, which ends a perft (an error) or a go (the best
// move found so far).
func (s *Session) do(line string, stopped func() bool) (string, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", errors.New("empty command")
	}
	cmd, args := f[0], f[1:]
	if !slices.Contains(commands, cmd) {
		return "", fmt.Errorf("unknown command %s (commands: %s)", quote(cmd), strings.Join(commands, ", "))
	}
	if cmd == "quit" {
		return "", errQuit // whatever follows, as it always did
	}
	// No word of a real command is half this long (a position string's
	// longest field, the board, has 55 characters); refusing longer ones
	// here keeps the rules engine's messages from quoting them whole.
	for _, a := range args {
		if len(a) > maxWord {
			return "", fmt.Errorf("%s: %s is too long for an argument (at most %d characters)", cmd, quote(a), maxWord)
		}
	}
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
		if err != nil || d < 0 || d > MaxPerftDepth {
			return "", fmt.Errorf("perft depth %s: want a whole number from 0 to %d", quote(args[0]), MaxPerftDepth)
		}
		n, ok := logic.PerftStop(&s.pos, d, stopped)
		if !ok {
			return "", errors.New("perft stopped")
		}
		return strconv.FormatUint(n, 10), nil
	case "go":
		return s.cmdGo(args, stopped)
	case "stop":
		// serve acts on stop as soon as it reads it; in its turn it only
		// answers, ok whether or not something was running, so that a
		// driver racing a command's end never sees an error.
		if len(args) != 0 {
			return "", errors.New("stop takes no arguments")
		}
		return "ok", nil
	}
	return "", fmt.Errorf("command %s is listed but not handled", cmd)
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
		return "", fmt.Errorf("players %s: want 2, 3 or 4", quote(args[1]))
	}
	var sits []int
	if len(args) == 3 {
		val, ok := strings.CutPrefix(args[2], "sitouts=")
		if !ok {
			return "", fmt.Errorf("%s: %s", quote(args[2]), usage)
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

func (s *Session) cmdGo(args []string, stopped func() bool) (string, error) {
	level, movetime := 0, time.Duration(0)
	for _, a := range args {
		key, val, ok := strings.Cut(a, "=")
		x, err := strconv.Atoi(val)
		switch {
		case !ok || err != nil:
			return "", fmt.Errorf("go: %s: want level=N or movetime=MS", quote(a))
		case key == "level":
			if x < 1 || x > ai.MaxLevel {
				return "", fmt.Errorf("go: level %d: want 1 to %d", x, ai.MaxLevel)
			}
			level = x
		case key == "movetime":
			if x < 1 || x > MaxMovetime {
				return "", fmt.Errorf("go: movetime %d: want 1 to %d milliseconds", x, MaxMovetime)
			}
			movetime = time.Duration(x) * time.Millisecond
		default:
			return "", fmt.Errorf("go: unknown option %s (want level=N or movetime=MS)", quote(key))
		}
	}
	if s.pos.Over() {
		return "", fmt.Errorf("the game is over (%s)", s.pos.Result())
	}
	p := s.pos
	m := think(&p, level, movetime, stopped)
	return "bestmove " + m.String(), nil
}

// ParseInts reads n comma-separated whole numbers, as in sitouts=0,2.
func ParseInts(s string, n int) ([]int, error) {
	// SplitN: a long list is refused without being split whole.
	parts := strings.SplitN(s, ",", n+1)
	if len(parts) != n {
		return nil, fmt.Errorf("%s: want %d comma-separated values (one a seat)", quote(s), n)
	}
	out := make([]int, n)
	for i, t := range parts {
		x, err := strconv.Atoi(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %s is not a whole number", quote(s), quote(t))
		}
		out[i] = x
	}
	return out, nil
}
