//go:build !js

package ai

// concurrent says that workers run on goroutines of their own: true
// wherever goroutines are preempted and run on several threads.
const concurrent = true
