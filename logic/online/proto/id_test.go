package proto

import (
	"regexp"
	"testing"
)

// TestNewID: 16 lowercase hex digits, as a move's id and a copy's id
// have always been, and fresh every call.
func TestNewID(t *testing.T) {
	form := regexp.MustCompile(`^[0-9a-f]{16}$`)
	seen := map[string]bool{}
	for range 1000 {
		id := NewID()
		if !form.MatchString(id) || seen[id] {
			t.Fatalf("NewID() = %q: want 16 hex digits, not seen before", id)
		}
		seen[id] = true
	}
}
