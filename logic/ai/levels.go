package ai

// Config chooses the strength and makes play reproducible.
type Config struct {
	Level    int    // 1 (Beginner) .. 5 (Grandmaster); 0 means default (3)
	Seed     uint64 // same position, seed and level ⇒ same move
	MaxNodes int    // 0: the level's own budget; else overrides it (Unlimited: until stopped)
	Multi    Multi  // the search for 3 and 4 players; 0 (Auto) is the best measured
	Beam     int    // max^n: moves searched below the root's children (0: all)
	// Workers is the number of searches run side by side (lazy SMP for two
	// players, independent trees for three and four), each with the
	// level's whole node budget; 0 and 1 mean one. The move depends on the
	// worker count, never on timing: see parallel.go. DefaultWorkers gives
	// every core of a desktop and 1 in the browser.
	Workers int
	NoBook  bool // Grandmaster: search the opening instead of playing the book
	// Frozen keeps the Grandmaster as it was before its tuned evaluation
	// and endgame solver, and before the guard and the three-player
	// budget (Reference sets it), so the arena's yardstick does not move
	// when they do.
	Frozen bool
}

// Unlimited as Config.MaxNodes searches until Search.Stop: for a caller
// that thinks by the clock (a movetime), stepping the search and reading
// the time between slices.
const Unlimited = 1 << 40

// Reference is the Grandmaster as it was before parallel search and the
// opening book: one worker, no book, the level's own budget. The arena
// keeps it as a fixed yardstick (TestReferenceFrozen pins its moves).
func Reference(seed uint64) Config {
	return Config{Level: MaxLevel, Seed: seed, Workers: 1, NoBook: true, Frozen: true}
}

// Multi chooses the search for three and four players.
type Multi int

// The multi-player searches.
const (
	Auto       Multi = iota // the best measured (see doc.go): MonteCarlo, Beginner BestReply
	MaxN                    // max^n: each seat maximises its own value; no pruning
	Paranoid                // alpha-beta: the mover against a coalition of all others, in turn
	BestReply               // alpha-beta: the mover against the single strongest reply of any opponent
	MonteCarlo              // UCT tree search with greedy playouts
)

// DefaultLevel is the level used when Config.Level is 0.
const DefaultLevel = 3

// MaxLevel is the strongest level, Grandmaster.
const MaxLevel = 5

// level is the search limits and noise of one level (see the table in doc.go).
type level struct {
	name    string
	nodes   int  // node budget of one move
	three   int  // ... with three players, when not 0
	depth   int  // deepest iteration
	noise   int  // root noise amplitude, in evaluation units
	tactics bool // take a win in one, stop the next opponent's win in one
	guard   bool // 3–4 players: and a win a later seat forces before our turn (guard.go)
	blind   bool // evaluate without looking for wins a push completes
}

var levels = [MaxLevel + 1]level{
	1: {name: "Beginner", nodes: 400, depth: 1, noise: 120, blind: true},
	2: {name: "Casual", nodes: 4000, depth: 3, noise: 40, tactics: true},
	3: {name: "Club", nodes: 40000, depth: 64, noise: 12, tactics: true},
	4: {name: "Master", nodes: 250000, depth: 64, noise: 2, tactics: true},
	5: {name: "Grandmaster", nodes: 1000000, three: 4000000, depth: 64, noise: 1, tactics: true, guard: true},
}

// levelOf is the level cfg asks for, in a game of players seats.
func levelOf(cfg Config, players int) level {
	n := cfg.Level
	if n == 0 {
		n = DefaultLevel
	}
	n = max(1, min(MaxLevel, n))
	l := levels[n]
	if cfg.Frozen {
		// The yardstick keeps the Grandmaster of before the guard and the
		// three-player budget too, not only of before the tuned weights.
		l.three, l.guard = 0, false
	}
	if players == 3 && l.three > 0 {
		l.nodes = l.three
	}
	if cfg.MaxNodes > 0 {
		l.nodes = cfg.MaxNodes
	}
	return l
}
