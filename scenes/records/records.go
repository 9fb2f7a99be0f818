package records

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
	"shiftago/scenes/sound"
)

// recordsAct is a control of the records screen (Arg: the index of a
// record listed).
type recordsAct uint8

const (
	actExport recordsAct = iota
	actRecBack
	actOpen
	actResumeKept
	actRecGame // a game of the history (Arg: its row shown)
	actRecOpponent
	actRecVariant
	actRecNewer
	actRecOlder
	actPick // the browser's file chooser
)

func (a recordsAct) String() string {
	return [...]string{"export", "back", "open", "resume", "game", "opponent", "variant", "newer", "older", "pick"}[a]
}

// maxKeptListed bounds the kept games listed.
const maxKeptListed = 2

// histPerFrame bounds the index lines of the history read a frame: a
// long history loads over a few frames, never in one long one.
const histPerFrame = 40

// histRow is a game of the history as a row shows it: two lines.
type histRow struct {
	id           int
	line1, line2 string
}

// loaded is a record read off the frame loop.
type loaded struct {
	rec *record.Record
	err error
}

// maxListed bounds the exported records listed.
const maxListed = 3

// Records exports the game being played as a record and opens records
// for replay: from the list of exported ones, a file dropped onto the
// window, or (in the browser) one chosen in the system's file chooser.
type Records struct {
	game      *record.Record
	bs        ui.Buttons[recordsAct]
	w, h      float64
	u         float64
	files     []string
	keptGames []app.KeptGame
	info      []ui.TextBlock
	status    string
	// loading delivers the record being read: files are read off the
	// frame loop, since a slow disk (or anything else) must not freeze
	// the window.
	loading chan loaded
	// picking delivers the file chosen in the browser's file chooser
	// (nil: none asked for); touch is how the page was laid out (a finger
	// has no window to drop a file onto).
	picking <-chan func() (*record.Record, error)
	touch   bool
	// changed: laid out anew this tick. What changes it comes without a
	// touch too (a record read and refused, the history's lines read a
	// few a frame), and an idle page draws only on a touch or when its
	// screen is not still.
	changed bool

	// The history: read a few lines a frame, filtered by opponent
	// (opps[opp], -1: any) and variant (-1: any), a page of rows shown
	// from row first of the games the filters keep.
	hist  *saves.HistoryList
	opps  []record.Player
	opp   int
	varnt int
	first int
	rows  []histRow
	rowH  float64
	rowSz [2]float64 // the rows' two lines' sizes: one size for every row
	pageN int        // the rows a page holds
	kept  int        // the games the filters keep
}

// NewRecords opens the records screen; game is the game in progress (nil
// if none). Back closes it.
func NewRecords(c *app.Context, game *record.Record) app.Scene {
	r := &Records{game: game, opp: -1, varnt: -1}
	if st := c.SavedStore(); st != nil {
		r.hist = saves.NewHistoryList(st) // the game just ended is in it
	}
	return r
}

// HistoryLoaded reports whether the whole history is read (tests).
func (r *Records) HistoryLoaded() bool { return r.hist == nil || r.hist.Done() }

// HistoryParsed counts the history's index lines read so far (tests).
func (r *Records) HistoryParsed() int {
	if r.hist == nil {
		return 0
	}
	return r.hist.Parsed
}

// Rows lists the history's games shown, by id (tests).
func (r *Records) Rows() []int {
	out := make([]int, len(r.rows))
	for i, w := range r.rows {
		out[i] = w.id
	}
	return out
}

// Still implements app.Still: nothing on the page moves by itself, but
// what it says may change.
func (r *Records) Still() bool { return !r.changed }

// PagePhase implements app.PageScene.
func (r *Records) PagePhase() string { return "records" }

// PageButtons implements app.PageButtons.
func (r *Records) PageButtons() []ui.Info { return r.bs.Infos() }

// PageNotice implements app.PageNotice: why a record was refused.
func (r *Records) PageNotice() string { return r.status }

// Resume implements app.Resumer.
func (r *Records) Resume(c *app.Context) { r.w = 0 }

func (r *Records) layout(c *app.Context) {
	r.w, r.h, r.touch = c.W, c.H, c.Touch
	r.changed = true
	u := ui.Unit(c.W, c.H)
	r.u = u
	w := math.Min(c.W-2*u, 22*u)
	x := (c.W - w) / 2
	y := 2.6 * u
	bh := math.Max(1.2*u, ui.Target(c.Scale)) // a finger's at least
	r.bs.Reset()
	r.bs.TextH = 1.2 * u
	r.info = r.info[:0]
	if r.game != nil {
		label := c.T("records.export")
		if app.Browser {
			label = c.T("records.download")
		}
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actExport, Label: label, On: true, Bold: true})
		y += bh + 0.6*u
	}
	r.keptGames = nil
	if !c.SavingOff() {
		r.keptGames = c.KeptGames()
	}
	if len(r.keptGames) > maxKeptListed {
		r.keptGames = r.keptGames[:maxKeptListed]
	}
	for i, k := range r.keptGames {
		m := k.Session.M
		label := c.F("records.keptgame", c.T("variant."+m.Pos.Variant().String()), m.Pos.Players(), len(m.Moves))
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actResumeKept, Arg: i, Label: label, On: true})
		y += bh + 0.2*u
	}
	if len(r.keptGames) > 0 {
		y += 0.4 * u
	}
	r.files = nil
	if !app.Browser {
		r.files = saves.ListRecords(c.Opts.Store)
	}
	if len(r.files) > maxListed {
		r.files = r.files[:maxListed]
	}
	// What goes under the history: the exported files, the file chooser
	// (in the browser), the drop hint (but for a finger in the browser),
	// the status; the foot row (pages, Back).
	pick := saves.CanPickRecord()
	dropKey := ""
	switch {
	case !pick:
		dropKey = "records.drop"
	case !c.Touch:
		dropKey = "records.dropor"
	}
	var drop ui.TextBlock
	if dropKey != "" {
		drop = ui.Para(c.Text, c.T(dropKey), x, 0, w, 0.45*u, render.Ink, false)
	}
	pickH := 0.0
	if pick {
		pickH = bh + 0.5*u
	}
	var status ui.TextBlock
	if r.status != "" {
		status = ui.Para(c.Text, r.status, x, 0, w, 0.42*u, render.Accent, false)
	}
	below := float64(len(r.files))*(bh+0.2*u) + pickH + drop.Height() + status.Height() + 1.2*u
	footY := c.H - bh - 0.8*u
	y = r.layoutHistory(c, x, y, w, bh, footY-below)
	for i, f := range r.files {
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actOpen, Arg: i, Label: filepath.Base(f)})
		y += bh + 0.2*u
	}
	y += 0.4 * u
	if pick {
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actPick, Label: c.T("records.pick")})
		y += pickH
	}
	if len(drop.Lines) > 0 {
		drop.Y += y // placed by its top (ui.Para), as the history's words are
		r.info = append(r.info, drop)
		y += drop.Height() + 0.4*u
	}
	if r.status != "" {
		status.Y += y
		r.info = append(r.info, status)
	}
	r.bs.Add(ui.Button[recordsAct]{X: x + w - 5*u, Y: footY, W: 5 * u, H: bh, Act: actRecBack, Label: c.T("records.back")})
	if r.kept > r.pageN {
		// The pages of the history, at the foot beside Back.
		pw := math.Min(4.6*u, (w-5.4*u)/2)
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: footY, W: pw, H: bh, Act: actRecNewer, Label: c.T("records.newer"), Off: r.first == 0})
		r.bs.Add(ui.Button[recordsAct]{X: x + pw + 0.2*u, Y: footY, W: pw, H: bh, Act: actRecOlder, Label: c.T("records.older"), Off: r.first+r.pageN >= r.kept})
	}
}

// layoutHistory lays out the history from y down to bottom: its heading
// with the count (and in the browser the limit), the filters, the score
// against each computer level, and a page of games, newest first. It
// returns the y below.
func (r *Records) layoutHistory(c *app.Context, x, y, w, bh, bottom float64) float64 {
	u := r.u
	r.rows = r.rows[:0]
	if r.hist == nil {
		return y
	}
	all := r.hist.Entries()
	head := c.F("records.history", r.hist.Total())
	if app.Browser {
		head = c.F("records.limit", r.hist.Total(), saves.HistoryLimitBrowser)
	}
	// Wrapped: on a narrow phone a long language's heading (Spanish's,
	// with the browser's limit) is wider than the column.
	hb := ui.TextBlock{X: x, Y: y + 0.35*u, Size: 0.5 * u, Lines: ui.Wrap(c.Text, head, 0.5*u, w, true), Col: render.Ink, Bold: true, Align: render.AlignLeft}
	r.info = append(r.info, hb)
	first := ui.TextBlock{Size: hb.Size, Lines: hb.Lines[:1]}
	y += 0.9*u + hb.Height() - first.Height()
	if r.hist.Total() == 0 {
		r.info = append(r.info, ui.TextBlock{X: x, Y: y + 0.3*u, Size: 0.45 * u, Lines: []string{c.T("records.nohistory")}, Col: render.Dim, Align: render.AlignLeft})
		return y + 1.2*u
	}
	// The opponents met, in the order first met (newest games first).
	r.opps = r.opps[:0]
	for i := range all {
		if o := all[i].Opponent(); !slices.Contains(r.opps, o) {
			r.opps = append(r.opps, o)
		}
	}
	if r.opp >= len(r.opps) {
		r.opp = -1
	}
	f := saves.HistoryFilter{AnyOpponent: r.opp < 0, AnyVariant: r.varnt < 0}
	if r.opp >= 0 {
		f.Opponent = r.opps[r.opp]
	}
	if r.varnt >= 0 {
		f.Variant = logic.Variant(r.varnt)
	}
	oppLabel, varLabel := c.T("records.all"), c.T("records.all")
	if r.opp >= 0 {
		oppLabel = r.opponentName(c, r.opps[r.opp])
	}
	if r.varnt >= 0 {
		varLabel = c.T("variant." + logic.Variant(r.varnt).String())
	}
	half := (w - 0.2*u) / 2
	r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: half, H: bh, Act: actRecOpponent, Label: c.F("records.opp", oppLabel), On: r.opp >= 0})
	r.bs.Add(ui.Button[recordsAct]{X: x + half + 0.2*u, Y: y, W: half, H: bh, Act: actRecVariant, Label: c.F("records.variant", varLabel), On: r.varnt >= 0})
	y += bh + 0.3*u
	// The score against each level, over the games of the variant chosen.
	var byVariant []saves.HistoryEntry
	var kept []*saves.HistoryEntry
	for i := range all {
		e := &all[i]
		if f.AnyVariant || e.Variant == f.Variant {
			byVariant = append(byVariant, *e)
		}
		if f.Keeps(e) {
			kept = append(kept, e)
		}
	}
	var parts []string
	for lv, sc := range saves.Tally(byVariant) {
		if sc.Played() > 0 && lv < len(c.Lang.LevelLabels) {
			parts = append(parts, c.Lang.Level(lv)+" "+view.Number(sc.Won)+"–"+view.Number(sc.Drawn)+"–"+view.Number(sc.Lost))
		}
	}
	if len(parts) > 0 {
		tb := ui.TextBlock{X: x, Y: y + 0.25*u, Size: 0.42 * u, Lines: ui.Wrap(c.Text, c.F("records.tally", strings.Join(parts, ", ")), 0.42*u, w, false), Col: render.Ink, Align: render.AlignLeft}
		r.info = append(r.info, tb)
		y += tb.Height() + 0.2*u
	}
	r.kept = len(kept)
	if len(kept) == 0 && r.hist.Done() {
		r.info = append(r.info, ui.TextBlock{X: x, Y: y + 0.3*u, Size: 0.45 * u, Lines: []string{c.T("records.nomatch")}, Col: render.Dim, Align: render.AlignLeft})
		return y + 1.2*u
	}
	// A page of rows, as many as the room holds (at least two).
	r.rowH = bh
	gap := 0.15 * u
	r.pageN = max(2, int((bottom-y+gap)/(r.rowH+gap)))
	r.first = max(0, min(r.first, (len(kept)-1)/r.pageN*r.pageN))
	r.rowSz = [2]float64{0.3 * r.rowH, 0.3 * r.rowH}
	for i := r.first; i < len(kept) && i < r.first+r.pageN; i++ {
		e := kept[i]
		row := histRow{id: e.ID, line1: r.rowTitle(c, e), line2: r.rowDetail(c, e)}
		room := w - 0.6*r.rowH
		r.rowSz[0] = min(r.rowSz[0], c.Text.Fit(row.line1, 0.3*r.rowH, room, false))
		r.rowSz[1] = min(r.rowSz[1], c.Text.Fit(row.line2, 0.3*r.rowH, room, false))
		r.rows = append(r.rows, row)
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: r.rowH, Act: actRecGame, Arg: len(r.rows) - 1})
		y += r.rowH + gap
	}
	r.rowSz[1] = min(r.rowSz[1], r.rowSz[0]) // the detail never larger than the title
	if len(kept) > r.pageN {
		r.info = append(r.info, ui.TextBlock{X: x + w, Y: y + 0.2*u, Size: 0.38 * u, Lines: []string{c.F("records.page", r.first+1, r.first+len(r.rows), len(kept))}, Col: render.Dim, Align: render.AlignRight})
		y += 0.6 * u
	}
	return y + 0.2*u
}

// opponentName names an opponent for the filter and the rows.
func (r *Records) opponentName(c *app.Context, p record.Player) string {
	switch p.Kind {
	case record.Computer:
		return c.Lang.LevelLabels[max(1, min(len(c.Lang.LevelLabels)-1, p.Level))]
	case record.Remote:
		return c.T("records.vsremote")
	}
	return c.T("records.vshuman")
}

// rowTitle is a row's first line: the date, the variant, the players.
func (r *Records) rowTitle(c *app.Context, e *saves.HistoryEntry) string {
	var sb strings.Builder
	if e.Date != "" {
		sb.WriteString(e.Date + " · ")
	}
	sb.WriteString(c.T("variant." + e.Variant.String()))
	for _, s := range e.Seats {
		sb.WriteString(" · " + play.Name(c.Lang, play.SeatName{Color: s.Color, Player: s.Player}))
	}
	return sb.String()
}

// rowDetail is a row's second line: the result, for the people here when
// they played the computer or somebody elsewhere, and the length.
func (r *Records) rowDetail(c *app.Context, e *saves.HistoryEntry) string {
	here, others, won := false, false, false
	for _, s := range e.Seats {
		if s.Player.IsHuman() {
			here = true
			won = won || e.Outcome == saves.WonGame && e.Winner == s.Color
		} else {
			others = true
		}
	}
	var res string
	switch {
	case e.Outcome == saves.Abandoned:
		res = c.T("records.abandoned")
	case e.Outcome == saves.DrawnGame:
		res = c.T("records.drawn")
	case here && others && won:
		res = c.T("records.won")
	case here && others:
		res = c.T("records.lost")
	default:
		res = c.F("records.colorwon", c.Lang.Colors[e.Winner])
	}
	return res + " · " + c.F("result.moves", e.Moves)
}

func (r *Records) say(c *app.Context, s string) {
	r.status = s
	r.layout(c)
}

// Update takes the buttons, a dropped file and a chosen one.
func (r *Records) Update(c *app.Context) error {
	r.changed = false
	if r.w != c.W || r.h != c.H || r.touch != c.Touch {
		r.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	if files := c.In.Dropped; files != nil {
		if load, ok := saves.DroppedRecord(files); ok {
			r.load(c, load)
		}
	}
	r.picked(c)
	r.delivered(c)
	if r.hist != nil && !r.hist.Done() {
		r.hist.Step(histPerFrame)
		r.layout(c)
	}
	b, ok := r.bs.Tapped(c.In.Pointer)
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	switch b.Act {
	case actExport:
		name := "shiftago-" + time.Now().Format("20060102-150405") + ".txt"
		where, err := saves.ExportRecord(c.Opts.Store, name, r.game.String())
		switch {
		case err != nil:
			r.say(c, c.F("records.exportfail", err.Error()))
		case app.Browser:
			r.say(c, c.T("records.copied"))
		default:
			r.say(c, c.F("records.exported", where))
		}
	case actOpen:
		if b.Arg >= len(r.files) {
			return nil
		}
		path := r.files[b.Arg]
		r.load(c, func() (*record.Record, error) { return saves.ReadRecord(path) })
	case actResumeKept:
		if b.Arg >= len(r.keptGames) {
			return nil
		}
		if err := c.ResumeKept(r.keptGames[b.Arg].Name); err != nil {
			r.say(c, c.T("records.keptfail"))
		}
	case actRecGame:
		if b.Arg >= len(r.rows) {
			return nil
		}
		id, st := r.rows[b.Arg].id, c.Opts.Store
		r.load(c, func() (*record.Record, error) { return saves.ReadKept(st, id) })
	case actRecOpponent:
		if r.opp++; r.opp >= len(r.opps) {
			r.opp = -1
		}
		r.first = 0
		r.layout(c)
	case actRecVariant:
		if r.varnt++; r.varnt > int(logic.Extreme) {
			r.varnt = -1
		}
		r.first = 0
		r.layout(c)
	case actRecNewer:
		r.first = max(0, r.first-r.pageN)
		r.layout(c)
	case actRecOlder:
		if r.first+r.pageN < r.kept {
			r.first += r.pageN
		}
		r.layout(c)
	case actPick:
		// Asked again, the newer chooser is the one listened to (a
		// browser that never says a chooser was dismissed leaves the
		// older one waiting).
		r.picking = saves.PickRecord()
	case actRecBack:
		c.Pop()
	}
	return nil
}

// picked loads the file chosen in the browser's file chooser, when one
// comes and no other record is being read.
func (r *Records) picked(c *app.Context) {
	if r.picking == nil || r.loading != nil {
		return
	}
	select {
	case load, ok := <-r.picking:
		r.picking = nil
		if ok {
			r.load(c, load)
		}
	default:
	}
}

// load reads a record off the frame loop; delivered takes it when it
// comes. One at a time.
func (r *Records) load(c *app.Context, read func() (*record.Record, error)) {
	if r.loading != nil {
		return
	}
	ch := make(chan loaded, 1)
	r.loading = ch
	go func() {
		rec, err := read()
		ch <- loaded{rec, err}
	}()
	r.say(c, c.T("records.opening"))
}

// delivered shows the record read, or says why it was refused (with the
// line).
func (r *Records) delivered(c *app.Context) {
	if r.loading == nil {
		return
	}
	select {
	case l := <-r.loading:
		r.loading = nil
		if l.err != nil {
			r.say(c, c.F("records.bad", l.err.Error()))
			return
		}
		r.say(c, "")
		c.Push(c.Screens.Replay(c, l.rec))
	default:
	}
}

// Loading reports whether a record is being read (tests wait on it).
func (r *Records) Loading() bool { return r.loading != nil }

// Draw draws the screen.
func (r *Records) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	c.Text.Shadowed(screen, c.T("records.title"), c.W/2, 1.3*r.u, 1.2*r.u, render.Ink, render.AlignCenter, true)
	for i := range r.info {
		r.info[i].Draw(screen, c.Text)
	}
	r.bs.Draw(screen, c.Kit())
	// The history's rows: two lines on each row's button.
	k := 0
	for i := range r.bs.List {
		b := &r.bs.List[i]
		if b.Act != actRecGame || k >= len(r.rows) {
			continue
		}
		w := &r.rows[k]
		k++
		pad := 0.3 * b.H
		c.Text.Draw(screen, w.line1, b.X+pad, b.Y+b.H*0.31, r.rowSz[0], render.Ink, render.AlignLeft, false)
		c.Text.Draw(screen, w.line2, b.X+pad, b.Y+b.H*0.71, r.rowSz[1], render.Dim, render.AlignLeft, false)
	}
}

// Fits lists the texts with their room, for the fit test. The rows'
// lines are left out: a long list of seats shrinks to its row.
func (r *Records) Fits(c *app.Context) []ui.Fit { return r.bs.Fits() }
