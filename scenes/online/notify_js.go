//go:build js

package online

import "syscall/js"

// The page's side of the notices is in wasm/index.html
// (shiftagoNotifyAsk, shiftagoNotify) and wasm/sw.js (the click).

// NotifyPermission is the browser's Notification.permission: "granted",
// "denied", "default" (not asked yet), or "" where there are none.
func NotifyPermission() (p string) {
	defer func() {
		if recover() != nil {
			p = ""
		}
	}()
	n := js.Global().Get("Notification")
	if n.Type() != js.TypeFunction || js.Global().Get("shiftagoNotify").Type() != js.TypeFunction {
		return ""
	}
	return n.Get("permission").String()
}

// AskNotify asks the browser for permission to notify; call it in the
// tick of a tap (browsers ask only after a gesture). done gets the
// answer, on the page's event loop.
func AskNotify(done func(string)) {
	defer func() { recover() }()
	ask := js.Global().Get("shiftagoNotifyAsk")
	if ask.Type() != js.TypeFunction {
		done("")
		return
	}
	var then js.Func
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		then.Release()
		p := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			p = args[0].String()
		}
		done(p)
		return nil
	})
	ask.Invoke().Call("then", then)
}

// showTurn shows the notice through the service worker.
func showTurn(title, body, game string) {
	defer func() { recover() }()
	if f := js.Global().Get("shiftagoNotify"); f.Type() == js.TypeFunction {
		f.Invoke(title, body, game)
	}
}

// PageHidden reports whether the page is out of sight (another tab, the
// app in the background, the window minimised or not focused).
func PageHidden() (h bool) {
	defer func() {
		if recover() != nil {
			h = false
		}
	}()
	d := js.Global().Get("document")
	return d.Get("visibilityState").String() != "visible" || !d.Call("hasFocus").Bool()
}
