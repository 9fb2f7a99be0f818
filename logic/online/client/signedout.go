package client

// A device revoked on another of its player's devices (PROTOCOL.md,
// "Devices") is told so on its open socket (a refusal with code auth
// and no command id, then the close CloseRevoked), and every later hello
// with its token is refused auth. Either way no reconnect can help, so
// the session stops and says so in its state (State.SignedOut): the
// table tells its player that this device no longer plays, where it
// said "Reconnecting…" for ever.

// signOut marks the session's device signed out; under s.mu.
func (s *Session) signOut() {
	if !s.st.SignedOut {
		s.st.SignedOut, s.st.Synced = true, false
		s.notify()
	}
}
