package client

import (
	"regexp"
	"testing"
)

// TestNewID: a move's id is 16 lowercase hex digits, as the server has
// always been sent, and fresh every call.
func TestNewID(t *testing.T) {
	form := regexp.MustCompile(`^[0-9a-f]{16}$`)
	seen := map[string]bool{}
	for range 1000 {
		id := newID()
		if !form.MatchString(id) || seen[id] {
			t.Fatalf("newID() = %q: want 16 hex digits, not seen before", id)
		}
		seen[id] = true
	}
}
