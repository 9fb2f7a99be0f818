//go:build js

package sound

const isBrowser = true
