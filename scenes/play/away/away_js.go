//go:build js

package away

import (
	"fmt"
	"sync"
	"syscall/js"

	"shiftago/logic/remote"
)

// The page's one search worker, started at the first search; nil when the
// page cannot have one (no Worker, no searcher named, the constructor
// refused), and then every search steps in the frame.
var (
	workerOnce   sync.Once
	workerClient *Client
)

// Warm starts the search worker ahead of the first search, so that
// it downloads and compiles its program while the player makes the first
// move rather than during the computer's.
func Warm() { workerOnce.Do(func() { workerClient = startWorker() }) }

// Start sends req to the search's Web Worker (wasm/searcher), named
// by the page's <meta name="shiftago-searcher">.
func Start(req remote.Request) (Far, string) {
	Warm()
	if workerClient == nil {
		return nil, ""
	}
	if f := workerClient.Start(req); f != nil {
		return f, PathWorker
	}
	return nil, ""
}

// startWorker converts between the Worker and the client: lines both
// ways, a load error, a crash or an unreadable message as the worker's
// loss. A JavaScript exception (a CSP refusal, say) means no worker.
func startWorker() (c *Client) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("shiftago: no search worker (%v); thinking in the frame\n", r)
			c = nil
		}
	}()
	g := js.Global()
	if g.Get("Worker").Type() != js.TypeFunction || g.Get("document").Type() != js.TypeObject {
		return nil
	}
	meta := g.Get("document").Call("querySelector", `meta[name="shiftago-searcher"]`)
	if meta.Type() != js.TypeObject || meta.Get("content").String() == "" {
		return nil
	}
	w := g.Get("Worker").New(meta.Get("content").String())
	c = NewClient(func(line string) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("postMessage: %v", r)
			}
		}()
		w.Call("postMessage", line)
		return nil
	})
	w.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if d := args[0].Get("data"); d.Type() == js.TypeString {
			c.Receive(d.String())
		} else {
			c.Fail("a message that is no line")
		}
		return nil
	}))
	lost := func(what string) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any {
			why := what
			if m := args[0].Get("message"); m.Type() == js.TypeString && m.String() != "" {
				why += ": " + m.String()
			}
			c.Fail(why)
			w.Call("terminate")
			return nil
		})
	}
	w.Set("onerror", lost("the search worker failed"))
	w.Set("onmessageerror", lost("an unreadable message"))
	return c
}
