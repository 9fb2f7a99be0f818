//go:build !js

package server

import (
	"testing"
	"time"
)

// TestParseSweep: --sweep defaults to the Config's 30 s, takes a
// duration, and refuses one that is not above 0 (the ticker would panic).
func TestParseSweep(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
		bad  bool
	}{
		{nil, 30 * time.Second, false},
		{[]string{"--sweep", "1s"}, time.Second, false},
		{[]string{"--sweep", "250ms"}, 250 * time.Millisecond, false},
		{[]string{"--sweep", "0"}, 0, true},
		{[]string{"--sweep", "-1s"}, 0, true},
		{[]string{"--sweep", "soon"}, 0, true},
	} {
		o, err := parse(c.args)
		if c.bad {
			if err == nil {
				t.Errorf("parse(%q): no error, want a refusal", c.args)
			}
			continue
		}
		if err != nil || o.sweep != c.want {
			t.Errorf("parse(%q): sweep %v, %v; want %v", c.args, o.sweep, err, c.want)
		}
	}
}
