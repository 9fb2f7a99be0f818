//go:build !js

package scenes

// isBrowser hides what a browser page cannot do, like quitting.
const isBrowser = false
