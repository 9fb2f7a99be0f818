// Command shiftago is a digital edition of the board game Shiftago.
//
// With no arguments it opens the game window at the title screen; game
// flags start a game at once; a subcommand (package logic/cli) runs
// without a window.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
	"shiftago/scenes/app"
	"shiftago/scenes/game"
	"shiftago/scenes/game/onlinegame"
	"shiftago/scenes/i18n"
	"shiftago/scenes/lobby"
	"shiftago/scenes/lobby/devices"
	"shiftago/scenes/lobby/ratings"
	"shiftago/scenes/pages"
	"shiftago/scenes/records"
	"shiftago/scenes/saves"
	"shiftago/wasm/searcher/worker"
)

func main() {
	if worker.InWorker() {
		// This is the page's search worker (wasm/searcher.js runs the
		// game's own .wasm there): it searches and draws nothing.
		worker.Serve()
		return
	}
	// The runtime and every package's init are done (the page's timeline:
	// wasm/e2e/perf.test.mjs).
	app.PageMark("shiftago:main")
	if code, ok := command(os.Args[1:]); ok {
		os.Exit(code)
	}
	args, stderr := os.Args[1:], io.Writer(os.Stderr)
	pageArgs, inPage := app.PageArgs() // the page's URL parameters, in the browser
	if inPage {
		args, stderr = pageArgs, io.Discard
	}
	// The game in progress and the setup are kept in the store (in
	// memory for the session when the platform refuses storage).
	st, storeErr := saves.Open()
	opts, err := parseGameFlags(args, stderr, st, inPage)
	if inPage && err != nil {
		// A bad link: say so on screen, in words, and open the setup instead.
		opts, _ = parseGameFlags(nil, stderr, st, inPage)
		opts.linkKey, opts.linkParam = linkProblem(err)
		err = nil
	}
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shiftago:", err)
		os.Exit(2)
	}
	if msg := displayProblem(runtime.GOOS, inPage, os.Getenv); msg != "" {
		fmt.Fprintln(os.Stderr, msg)
		os.Exit(1)
	}
	if forgetLink(inPage, opts) {
		// The link's game has started: a reload must resume it, not start
		// it again over the save.
		app.ForgetPageParams(gameParams)
	}
	opts.Store, opts.StoreErr = st, storeErr
	opts.InstanceID, opts.Process = app.InstanceID(), app.ThisProcess()
	// On the desktop a save syncs the disk: the saves are written off the
	// frame loop (localStorage in the browser is quick and synchronous).
	opts.WriteBehind = !app.Browser
	if err := runGame(opts); err != nil {
		// A sound device that fails after the start-up probe said it was
		// there still ends RunGame: start again, silent, rather than die.
		if !opts.NoAudio && isAudioError(err) && os.Getenv("SHIFTAGO_NO_SOUND") == "" {
			if rerr := restartSilently(); rerr == nil {
				os.Exit(0)
			}
		}
		fmt.Fprintln(os.Stderr, "shiftago:", err)
		os.Exit(1)
	}
}

// gameOptions are the game's options and what only main needs: the
// window's size and a notice to show once the game runs (a bad link).
type gameOptions struct {
	app.Options
	w, h int
	// linkKey and linkParam say why the page's link was refused (a
	// catalogue key and the parameter at fault); linkKey is "" if not.
	linkKey, linkParam string
}

// parseGameFlags reads the game's flags over the setup remembered in st.
// Any of --variant, --players, --seats or --position starts a game at
// once instead of the title.
func parseGameFlags(args []string, stderr io.Writer, st saves.Store, inPage bool) (gameOptions, error) {
	o := gameOptions{w: 1280, h: 800}
	fs := flag.NewFlagSet("shiftago", flag.ContinueOnError)
	// A bad flag gets one line (main adds the prefix), not the whole
	// list; -h prints the list.
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "", "express, expert or extreme")
	players := fs.Int("players", 0, "number of players, 2 to 4")
	seats := fs.String("seats", "", "who plays each seat, in turn order: human or ai:LEVEL (1-5), comma-separated, e.g. human,ai:3")
	position := fs.String("position", "", "start from this position string (RULES.md §10)")
	record := fs.String("record", "", "append every move played to this file, one a line")
	mute := fs.Bool("mute", false, "no sound at all (the audio device is never opened)")
	seed := fs.Uint64("seed", 0, "seed for the computer players and a drawn starter (0: from the clock)")
	nodes := fs.Int("ai-nodes-per-frame", 0, "the computer's search work per frame (0: default)")
	size := fs.String("size", "1280x800", "the window's size, WIDTHxHEIGHT")
	langFlag := fs.String("lang", "", "the interface's language: en, de, fr, it or es (default: as set in the game, else the system's)")
	replay := fs.String("replay", "", "show this record in the replay at once (a record file; in a link, the record's text, base64url)")
	fs.StringVar(&o.Online.Server, "server", os.Getenv("SHIFTAGO_SERVER"), "the online game service, http(s)://host:port (env SHIFTAGO_SERVER; in the browser: the page's origin)")
	fs.StringVar(&o.Online.Join, "join", "", "open the lobby of the online game this invite code or link names")
	fs.StringVar(&o.Online.Watch, "watch", "", "watch the online game this spectator code names")
	fs.BoolVar(&o.Online.Open, "online", false, "open the online games at once")
	fs.StringVar(&o.Online.Link, "link", "", "make this device the online player of another device: the one-time code its Devices page shows")
	fs.StringVar(&o.Online.Game, "game", "", "open this online game of this device's player (its id, as My games and a your-turn notice open it)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			if names := subcommandNames(); len(names) > 0 {
				fmt.Fprintln(stderr, "usage: shiftago [flags]   or a subcommand, which needs no window:\n"+
					"  shiftago "+strings.Join(names, "|")+" ...   (shiftago help says what each does)\nThe game's flags:")
			} else {
				fmt.Fprintln(stderr, "usage: shiftago [flags]\nThe game's flags:")
			}
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return o, err
		}
		return o, fmt.Errorf("%w (shiftago -h lists the flags)", err)
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q (see shiftago help)", fs.Arg(0))
	}

	setup, err := saves.LoadSetup(st)
	if err != nil {
		fmt.Fprintln(stderr, "shiftago: ignoring the saved setup:", err)
	}
	o.Setup = setup
	su := &o.Setup
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["position"] && strings.TrimSpace(*position) == "" {
		return o, errors.New("--position: empty; give a position string (RULES.md §10)")
	}
	var pos *logic.Position
	if set["position"] {
		p, err := logic.ParsePosition(*position)
		if err != nil {
			return o, fmt.Errorf("--position: %w", err)
		}
		pos = &p
		if set["players"] && *players != p.Players() {
			return o, fmt.Errorf("--players %d contradicts --position, a %d-player game", *players, p.Players())
		}
		if set["variant"] && *variant != "" {
			if v, err := logic.ParseVariant(*variant); err == nil && v != p.Variant() {
				return o, fmt.Errorf("--variant %s contradicts --position, a %s game", v, p.Variant())
			}
		}
	}
	if *variant != "" || set["variant"] {
		v, err := logic.ParseVariant(*variant)
		if err != nil {
			return o, fmt.Errorf("--variant: %w", err)
		}
		su.Variant = v
	}
	if set["players"] {
		if *players < 2 || *players > 4 {
			return o, fmt.Errorf("--players %d: want 2, 3 or 4", *players)
		}
		su.Players = *players
		for i := range su.Seats {
			su.Seats[i].Color = logic.Color(i)
			su.Seats[i].SitOuts = 0
		}
		su.Starter = 0
	}
	if pos != nil {
		su.Players = pos.Players()
		su.Variant = pos.Variant()
	}
	if set["seats"] {
		list := strings.Split(*seats, ",")
		want := su.Players
		switch {
		case len(list) < 2 || len(list) > 4:
			return o, fmt.Errorf("--seats names %d seat(s): want one for each of 2 to 4 players, e.g. human,ai:3", len(list))
		case pos != nil && len(list) != want:
			return o, fmt.Errorf("--seats names %d seats, but --position is a %d-player game", len(list), want)
		case set["players"] && len(list) != want:
			return o, fmt.Errorf("--seats names %d seats for --players %d", len(list), want)
		}
		su.Players = len(list)
		for i, s := range list {
			p, err := seatFlag(s, su.Seats[i].Player.Level)
			if err != nil {
				return o, err
			}
			su.Seats[i].Player = p
		}
	}
	if pos != nil {
		o.Position = *position
	}
	o.StartGame = set["variant"] || set["players"] || set["seats"] || set["position"]
	if o.StartGame {
		su.Tournament = false
	}
	if *langFlag != "" && !i18n.Supported(*langFlag) {
		return o, fmt.Errorf("--lang %q: want en, de, fr, it or es", *langFlag)
	}
	if set["replay"] {
		rec, err := readReplay(*replay, inPage)
		if err != nil {
			return o, fmt.Errorf("--replay: %w", err)
		}
		o.Replay = rec
	}
	if set["server"] && inPage {
		// The web app talks to the service that served it: a link that
		// named another would send the player's moves where it liked.
		return o, errors.New("--server: a link cannot choose the game server")
	}
	if set["record"] && inPage {
		// A page has no files: the link cannot name one to write to.
		return o, errors.New("--record: a link cannot record to a file")
	}
	if set["record"] && *record == "" {
		return o, errors.New("--record: empty; give a file name")
	}
	if set["record"] {
		if err := recordTarget(*record); err != nil {
			return o, err
		}
	}
	if *nodes < 0 || *nodes > maxNodesPerFrame {
		return o, fmt.Errorf("--ai-nodes-per-frame %d: want 0 (the default) to %d", *nodes, maxNodesPerFrame)
	}
	o.Lang = *langFlag
	o.RecordPath = *record
	o.NoAudio = *mute
	o.Seed = *seed
	o.NodesPerTick = *nodes
	w, h, err := parseSize(*size)
	if err != nil {
		return o, err
	}
	o.w, o.h = w, h
	return o, nil
}

// recordTarget refuses a --record path that exists and is not a regular
// file: opening a FIFO for writing blocks until something reads it, and
// the game hung there before its window opened, saying nothing (issue 26).
// A path that does not exist yet is created by the game.
func recordTarget(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("--record: %w", err)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("--record %q: not a regular file (a %s); give a file to append the moves to", path, fileKind(fi.Mode()))
	}
	return nil
}

// fileKind names what a path that is not a regular file is.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m.IsDir():
		return "directory"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSocket != 0:
		return "socket"
	}
	return "special file"
}

// maxNodesPerFrame bounds --ai-nodes-per-frame: more than this in one
// frame would freeze the window for seconds on a slow machine.
const maxNodesPerFrame = 10_000_000

// maxWindowSide is the largest window side accepted. Ebitengine keeps the
// screen in one texture of at most 16384 pixels a side, and the screen is
// the window times the monitor's scale (2 on high-DPI monitors): past
// 8192 the window could not be drawn (an X error, or a panic inside
// Ebitengine), so it is refused before any window opens.
const maxWindowSide = 8192

// sizeRE is --size's whole syntax: nothing before or after, no sign.
var sizeRE = regexp.MustCompile(`^([0-9]{1,6})x([0-9]{1,6})$`)

// parseSize reads --size strictly: WIDTHxHEIGHT, each side from the
// smallest usable window to what the platform can show.
func parseSize(s string) (w, h int, err error) {
	m := sizeRE.FindStringSubmatch(s)
	if m != nil {
		w, _ = strconv.Atoi(m[1])
		h, _ = strconv.Atoi(m[2])
	}
	if m == nil || w < 320 || h < 240 || w > maxWindowSide || h > maxWindowSide {
		return 0, 0, fmt.Errorf("--size %q: want WIDTHxHEIGHT from 320x240 to %dx%d", s, maxWindowSide, maxWindowSide)
	}
	return w, h, nil
}

// screens wires the screens together: the only place that names them.
func screens() app.Screens {
	return app.Screens{
		Title:       pages.NewSetup,
		NewGame:     game.New,
		Resume:      game.Resume,
		Settings:    pages.NewSettings,
		Rules:       pages.NewRules,
		Records:     records.NewRecords,
		Replay:      records.NewReplay,
		Moves:       records.NewMoves,
		Tutorial:    game.NewTutorial,
		SaveProblem: pages.NewSaveProblem,
		Elsewhere:   pages.NewElsewhere,
		Online:      lobby.NewOnline,
		MyGames:     lobby.NewMyGames,
		Profile:     ratings.NewProfile,
		Leaderboard: ratings.NewLeaderboard,
		Devices:     devices.NewDevices,
		OnlineGame:  onlinegame.New,
		Puzzles:     game.NewPuzzles,
	}
}

// runGame opens the window and blocks until it is closed.
func runGame(opts gameOptions) error {
	if os.Getenv("SHIFTAGO_NO_SOUND") != "" {
		opts.NoAudio = true
	}
	if opts.Seed == 0 {
		opts.Seed = uint64(os.Getpid())<<20 ^ uint64(time.Now().UnixNano())
	}
	opts.Date = time.Now().Format("2006-01-02")
	g, err := app.New(opts.Options, screens(), nil)
	if err != nil {
		return err
	}
	// Told to end (SIGTERM, Ctrl-C): quit as the player does, every save
	// written, rather than die with a write pending.
	defer app.EndOnSignal(g)()
	defer g.Close()
	if os.Getenv("SHIFTAGO_NO_SOUND") != "" {
		g.Context().Notify(g.Context().T("notice.devfail"))
	}
	if opts.linkKey != "" {
		g.Context().NotifyUntilTap(linkNotice(g.Context().Lang, opts.linkKey, opts.linkParam))
	}
	// Draw only when something changed: an idle game must not burn a
	// tablet's battery redrawing the same frame.
	g.SkipIdleDraws = true
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetWindowTitle("Shiftago")
	ebiten.SetWindowSize(opts.w, opts.h)
	ebiten.SetWindowSizeLimits(320, 240, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	app.PageMark("shiftago:run") // the game is made; Ebitengine starts
	return ebiten.RunGame(g)
}

func isAudioError(err error) bool {
	s := err.Error()
	return strings.Contains(s, "audio") || strings.Contains(s, "oto")
}

// flagNameRE finds the flag an error of the flag package or of
// parseGameFlags is about.
var flagNameRE = regexp.MustCompile(`-{1,2}([A-Za-z0-9_.-]*)`)

// maxParamShown bounds the parameter name quoted back to the player: a
// link may carry anything, up to megabytes.
const maxParamShown = 24

// linkProblem turns a refused link into words for the player: the
// catalogue key of the kind of problem and the parameter at fault (cut
// short), never the flag package's developer text.
func linkProblem(err error) (key, param string) {
	msg := err.Error()
	key = "link.bad"
	if rest, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		key, msg = "link.unknown", rest
	}
	// "invalid value "V" for flag -NAME: …": V may hold dashes of its own.
	for _, sep := range []string{" for flag -", " for -"} {
		if i := strings.LastIndex(msg, sep); i >= 0 {
			msg = msg[i+len(sep)-1:]
			break
		}
	}
	if m := flagNameRE.FindStringSubmatch(msg); m != nil {
		param = m[1]
	}
	if param == "record" {
		return "link.record", param
	}
	if param == "" {
		param = "?"
	}
	if r := []rune(param); len(r) > maxParamShown {
		param = string(r[:maxParamShown]) + "…"
	}
	return key, param
}

// linkNotice is linkProblem's notice in the player's language: the
// parameter goes only into a text that names it (the --record text does
// not, and ended "%!(EXTRA string=record)").
func linkNotice(l *i18n.Lang, key, param string) string {
	if strings.Contains(l.T(key), "%s") {
		return l.F(key, param)
	}
	return l.T(key)
}

// gameParams are the link parameters that start a game or open a
// replay; once done they leave the page's address (forgetLink).
var gameParams = []string{"variant", "players", "seats", "position", "seed", "replay"}

// forgetLink decides whether the page's address loses its game
// parameters: once a link has started its game (or opened its replay), a
// reload must resume the game from the save, not open the link again.
func forgetLink(inPage bool, o gameOptions) bool {
	return inPage && (o.StartGame || o.Replay != nil) && o.linkKey == ""
}

// readReplay reads --replay: a record file on the desktop (a regular file
// of a record's size, like any record), the record's text in a link.
func readReplay(v string, inPage bool) (*record.Record, error) {
	if v == "" {
		return nil, errors.New("empty")
	}
	if inPage {
		return app.ParseReplayParam(v)
	}
	return saves.ReadRecord(v)
}

// displayProblem is what to say, instead of opening a window, where
// there is no display to open it on (Ebitengine would only say "fbdev:
// failed to open /dev/fb0"): on Linux and the BSDs, a window needs X11
// (DISPLAY) or Wayland (WAYLAND_DISPLAY). "" when there is one, or
// elsewhere.
func displayProblem(goos string, inPage bool, getenv func(string) string) string {
	switch goos {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly":
	default:
		return ""
	}
	if inPage || getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != "" {
		return ""
	}
	return "shiftago: no display to open the game's window on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n" +
		"  Run it in a desktop session, or under xvfb-run. The subcommands need no display:\n" +
		"  shiftago " + subcommandList() + " (shiftago help says what each does)."
}

// subcommandList is the subcommands as a sentence lists them ("a, b
// and c"): the texts that name them read cli's list (subcommandNames),
// so that a new subcommand shows in each (TestHelpListsEverything).
func subcommandList() string {
	names := subcommandNames()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// seatFlag reads one seat of --seats in record.Player's forms ("human",
// "ai", "ai:3"): a computer without a level gets the default one, and a
// human keeps level, the seat's level for a switch back to the computer.
func seatFlag(s string, level int) (record.Player, error) {
	p, err := record.ParsePlayer(s)
	switch {
	case err != nil:
		return p, fmt.Errorf("--seats: %v", err)
	case p.Kind == record.Remote:
		return p, fmt.Errorf("--seats: %q: a remote seat is taken by somebody joining online, not from the command line", strings.TrimSpace(s))
	case p.IsComputer() && p.Level == 0:
		p.Level = ai.DefaultLevel
	case p.IsComputer() && p.Level > ai.MaxLevel:
		return p, fmt.Errorf("--seats: %q: want ai:1 to ai:%d", strings.TrimSpace(s), ai.MaxLevel)
	case !p.IsComputer():
		p.Level = level
	}
	return p, nil
}
