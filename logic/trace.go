package logic

// Slide is one marble moving one cell along a track. The inserted marble's
// slide comes from outside the board: From is NoSquare and the entry point
// is Trace.Entry.
type Slide struct {
	From, To Square
}

// Handover says why the next player is the one to move.
type Handover uint8

// The ways a turn ends.
const (
	NextPlayer Handover = iota // the turn passes on in seat order
	ExtraTurn                  // the mover scored and inserts again (§5)
	GameOver                   // the move ended the game
)

// String names the hand-over.
func (h Handover) String() string {
	switch h {
	case ExtraTurn:
		return "extra turn"
	case GameOver:
		return "game over"
	}
	return "next player"
}

// Trace is the account of one move that Apply gives: which marbles moved and
// in what order, what was scored and removed, and who moves next and why.
// The renderer animates it as it is; it never re-derives the rules. A Trace
// holds no pointers and fixed-size arrays, so filling one allocates nothing.
type Trace struct {
	Mover Color
	Entry Entry

	slides  [Size]Slide // the inserted marble first, then pushed ones from the entry inwards
	nSlides uint8

	Scored  bool   // a line was scored (Expert, Extreme)
	Line    Line   // the scored line
	Kept    Square // the end kept by choice (3–4 players), else NoSquare
	Points  int    // points gained (0 for a 0-point line in Extreme)
	removed [Size]Square
	nRemove uint8

	satOut  [3]Color // seats whose turn came and who sat out, in order
	nSatOut uint8

	Handover Handover
	Next     Color  // who moves next, NoColor once the game is over
	Result   Result // the game's result after the move
}

func (t *Trace) reset(mover Color, e Entry) {
	*t = Trace{Mover: mover, Entry: e, Kept: NoSquare, Next: NoColor}
	t.Line = Line{A: NoSquare, B: NoSquare}
}

// Slides lists the marbles that moved: the inserted marble first (From is
// NoSquare), then each pushed marble from the entry cell inwards.
func (t *Trace) Slides() []Slide { return t.slides[:t.nSlides] }

// Removed lists the squares whose marbles went back to the mover's supply.
func (t *Trace) Removed() []Square { return t.removed[:t.nRemove] }

// SatOut lists, in order, the colours whose turn came while they still had
// to sit out (RULES.md §7) before Next's turn.
func (t *Trace) SatOut() []Color { return t.satOut[:t.nSatOut] }
