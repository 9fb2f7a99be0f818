//go:build js

package app

import "syscall/js"

// systemLocales are the browser's languages, preferred first.
func systemLocales() (out []string) {
	defer func() { recover() }()
	nav := js.Global().Get("navigator")
	if nav.IsUndefined() {
		return nil
	}
	if ls := nav.Get("languages"); !ls.IsUndefined() && !ls.IsNull() {
		for i := 0; i < ls.Length(); i++ {
			out = append(out, ls.Index(i).String())
		}
	}
	if l := nav.Get("language"); !l.IsUndefined() && !l.IsNull() {
		out = append(out, l.String())
	}
	return out
}
