//go:build !unix && !js

package app

// ThisProcess is this process, for the owner record; here the owner's
// heartbeat alone tells whether it runs.
func ThisProcess() Process { return Process{} }

// EndOnSignal does nothing here: the process ends as the system ends it.
func EndOnSignal(*Game) (stop func()) { return func() {} }
