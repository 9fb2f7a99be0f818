package app

// Paste is nil in the browser: a paste there reaches the text box's own
// textarea (ebiten's textinput), which types it as the keys would.
func Paste() <-chan string { return nil }
