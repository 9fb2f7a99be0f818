//go:build js

package worker

import (
	"syscall/js"
)

// InWorker tells whether this program runs as the page's search worker:
// searcher.js says so (self.shiftagoSearchWorker) before it starts the
// program, which is the game's own .wasm there (see doc.go).
func InWorker() bool { return js.Global().Get("shiftagoSearchWorker").Truthy() }

// Serve takes over the worker's messages from searcher.js (which queued
// those that came while this program loaded) and serves them; it never
// returns.
func Serve() {
	s := newServer()
	self := js.Global()
	take := func(v js.Value) {
		if v.Type() == js.TypeString {
			s.deliver(v.String())
		} else {
			s.deliver("") // unreadable: answered with an error
		}
	}
	self.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		take(args[0].Get("data"))
		return nil
	}))
	if q := self.Get("shiftagoQueue"); q.Type() == js.TypeObject {
		for i := 0; i < q.Length(); i++ {
			take(q.Index(i))
		}
		self.Delete("shiftagoQueue")
	}

	// pause lets the event loop run: it posts to itself through a
	// MessageChannel (no timer clamping) and waits for the echo, so any
	// message of the page that came meanwhile is delivered first.
	ch := self.Get("MessageChannel").New()
	echo := make(chan struct{}, 1)
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case echo <- struct{}{}:
		default:
		}
		return nil
	}))
	port := ch.Get("port2")
	pause := func() {
		port.Call("postMessage", nil)
		<-echo
	}
	s.run(func(line string) { self.Call("postMessage", line) }, pause)
}
