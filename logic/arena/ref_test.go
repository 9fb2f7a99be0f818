package arena

import "testing"

// TestGrandmasterSpecs: ref is today's Grandmaster frozen (one worker, no
// book, no tuned weights, no solver), gm:N the Grandmaster with N workers and the book.
func TestGrandmasterSpecs(t *testing.T) {
	ref, err := parseSpec("ref")
	if err != nil || ref.level != 5 || ref.workers != 1 || !ref.noBook || !ref.frozen {
		t.Errorf("ref: %+v, %v", ref, err)
	}
	gm, err := parseSpec("gm:2")
	if err != nil || gm.level != 5 || gm.workers != 2 || gm.noBook || gm.frozen {
		t.Errorf("gm:2: %+v, %v", gm, err)
	}
	for _, bad := range []string{"gm:", "gm:0", "gm:x", "reference"} {
		if _, err := parseSpec(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestRefAgainstParallel plays a short match of the new Grandmaster
// against the reference at a small budget.
func TestRefAgainstParallel(t *testing.T) {
	r, err := Run(Options{A: "gm:2", B: "ref", Players: 2, Games: 2, Nodes: 3000, Seed: 1, Openings: 2, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Games() != 2 {
		t.Fatalf("%d games", r.Games())
	}
}
