package worker

import (
	"strings"
	"sync"
	"time"

	"shiftago/logic/remote"
)

// server takes lines as they arrive (deliver, from the worker's message
// callback, which must never block) and searches the requests in order
// (run, on the program's own goroutine).
type server struct {
	mu      sync.Mutex
	queue   []string
	stopped map[int]bool
	closed  bool
	wake    chan struct{}    // a line was delivered or the input closed
	now     func() time.Time // the clock of the beat below
}

// beat is how often, at most, a search under way says it is working (a
// "working" line, between slices): the game counts the searcher as lost
// after a long silence (scenes/play/away), and a search bounded by nodes
// may take minutes on a slow phone.
const beat = time.Second

func newServer() *server {
	return &server{stopped: map[int]bool{}, wake: make(chan struct{}, 1), now: time.Now}
}

// deliver takes one line: a stop is noted at once (the search under way
// reads it between slices), the rest is queued.
func (s *server) deliver(line string) {
	s.mu.Lock()
	if kind, _, rep, err := remote.Parse(line); err == nil && kind == "stop" {
		s.stopped[rep.ID] = true
	} else {
		s.queue = append(s.queue, line)
	}
	s.mu.Unlock()
	s.poke()
}

// close ends run once the queue is empty (the host's input ended).
func (s *server) close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.poke()
}

func (s *server) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *server) isStopped(id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped[id]
}

// next waits for the next queued line; false once closed and empty.
func (s *server) next() (string, bool) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			line := s.queue[0]
			s.queue = s.queue[1:]
			s.mu.Unlock()
			return line, true
		}
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return "", false
		}
		<-s.wake
	}
}

// run answers the queued requests one after the other with post. pause
// (nil for none) is called between slices of a search, so that the
// browser's event loop may deliver a stop meanwhile; there, at most once a
// beat, a search under way posts a "working" line. A stopped search is
// not answered: the game has forgotten it.
func (s *server) run(post func(string), pause func()) {
	for {
		line, ok := s.next()
		if !ok {
			return
		}
		kind, req, _, err := remote.Parse(line)
		if err != nil || (kind != "go" && kind != "ana") {
			// A line of no request: say so for search 0, the searcher
			// itself, and the game gives up on it.
			why := "not a request: " + line
			if err != nil {
				why = err.Error()
			}
			post(remote.Reply{Err: strings.ReplaceAll(why, "\n", " ")}.String())
			continue
		}
		if s.isStopped(req.ID) {
			continue
		}
		// Between slices: let a stop in, and say the search is still at
		// work once a beat, so that its length is never taken for the
		// searcher's loss.
		slices, last := 0, s.now()
		rep := remote.Run(req, func() bool {
			if pause != nil {
				pause()
			}
			if s.isStopped(req.ID) {
				return true
			}
			slices++
			if t := s.now(); t.Sub(last) >= beat {
				post(remote.Working(req.ID, slices*remote.Slice))
				last = t
			}
			return false
		})
		s.mu.Lock()
		delete(s.stopped, req.ID)
		s.mu.Unlock()
		if rep.Err != "stopped" {
			post(rep.String())
		}
	}
}
