package arena

import (
	"os"
	"testing"

	"shiftago/logic"
	protocol "shiftago/logic/engine"
)

// TestMain lets the test binary double as an external engine speaking the
// RULES.md §10 protocol, for TestExternalEngine.
func TestMain(m *testing.M) {
	if os.Getenv("SHIFTAGO_ARENA_ENGINE") == "1" {
		if err := protocol.Serve(os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestExternalEngine(t *testing.T) {
	o := Options{A: "cmd:SHIFTAGO_ARENA_ENGINE=1 " + os.Args[0], B: "random", Variant: logic.Express,
		Players: 2, Games: 2, Seed: 9, Level: 1, Openings: 2, Concurrency: 1}
	r, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Games() != 2 || r.Moves[0] == 0 {
		t.Errorf("%+v", r)
	}
}
