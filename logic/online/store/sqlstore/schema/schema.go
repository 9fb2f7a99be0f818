package schema

// Steps are the schema, one version a step, applied in order at Open
// and never edited once released: a change is a new step. The SQL is the
// common ground of SQLite and PostgreSQL (TEXT, INTEGER, BIGINT; times in
// Unix milliseconds, so neither driver's time zones come into it).
var Steps = [...]string{
	1: `
CREATE TABLE guests (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	token_hash TEXT NOT NULL UNIQUE,
	created    BIGINT NOT NULL
);
CREATE TABLE games (
	id           TEXT PRIMARY KEY,
	code         TEXT NOT NULL UNIQUE,
	spectator    TEXT NOT NULL UNIQUE,
	creator      TEXT NOT NULL REFERENCES guests(id),
	setup        TEXT NOT NULL,
	status       INTEGER NOT NULL,
	result       TEXT NOT NULL DEFAULT '',
	ply          INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
	version      BIGINT NOT NULL DEFAULT 1,
	to_move_seat INTEGER NOT NULL DEFAULT -1,
	deadline     BIGINT NOT NULL DEFAULT 0,
	rematch_of   TEXT UNIQUE REFERENCES games(id),
	created      BIGINT NOT NULL,
	updated      BIGINT NOT NULL
);
CREATE INDEX games_deadline ON games (status, deadline);
CREATE TABLE seats (
	game      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	idx       INTEGER NOT NULL,
	kind      INTEGER NOT NULL,
	level     INTEGER NOT NULL DEFAULT 0,
	guest     TEXT NOT NULL DEFAULT '',
	connected INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game, idx)
);
CREATE INDEX seats_guest ON seats (guest);
CREATE TABLE moves (
	game     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	ply      INTEGER NOT NULL CHECK (ply >= 1),
	move     TEXT NOT NULL,
	by_guest TEXT NOT NULL DEFAULT '',
	at       BIGINT NOT NULL,
	PRIMARY KEY (game, ply)
);
`,
	// 2: abuse limits (issue 46). guests.seen is when the token was last
	// used, so that guests who never played can be purged (PurgeGuests;
	// games.creator's index makes its "created no game" cheap).
	// games.code_expires is when the join code stops opening a seat, 0
	// once it opens nothing. The codes given before this step were 6
	// letters, guessable: they all stop here (code_expires 0).
	2: `
ALTER TABLE guests ADD COLUMN seen BIGINT NOT NULL DEFAULT 0;
UPDATE guests SET seen = created;
CREATE INDEX guests_seen ON guests (seen);
CREATE INDEX games_creator ON games (creator);
ALTER TABLE games ADD COLUMN code_expires BIGINT NOT NULL DEFAULT 0;
`,
	// 3: ratings (issue 47). One Glicko-2 rating per guest, variant and
	// player count; rating_history holds the rating after each rated
	// game, and its key (game, guest) is what makes applying a game's
	// ratings twice change nothing. Ratings are REAL: both engines keep
	// a double.
	3: `
CREATE TABLE ratings (
	guest      TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	variant    TEXT NOT NULL,
	players    INTEGER NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	rd         DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	updated    BIGINT NOT NULL,
	PRIMARY KEY (guest, variant, players)
);
CREATE INDEX ratings_board ON ratings (variant, players, rating);
CREATE TABLE rating_history (
	game    TEXT NOT NULL,
	guest   TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	variant TEXT NOT NULL,
	players INTEGER NOT NULL,
	rating  DOUBLE PRECISION NOT NULL,
	rd      DOUBLE PRECISION NOT NULL,
	at      BIGINT NOT NULL,
	PRIMARY KEY (game, guest)
);
CREATE INDEX rating_history_guest ON rating_history (guest, variant, players, at);
`,
	// 4: one player, many devices (issue 47, devices.go). A token is a
	// device's: devices holds every token's SHA-256, and tokens are
	// looked up there only. Each guest's token so far becomes its first
	// device (its id the guest's); guests.token_hash stays, unread (a
	// UNIQUE column cannot be dropped in SQLite). device_codes are the
	// link codes (kind 0: single use, until expires) and the recovery
	// code (kind 1, expires 0: until renewed), by their SHA-256.
	4: `
CREATE TABLE devices (
	id         TEXT PRIMARY KEY,
	guest      TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	token_hash TEXT NOT NULL UNIQUE,
	name       TEXT NOT NULL DEFAULT '',
	created    BIGINT NOT NULL,
	seen       BIGINT NOT NULL
);
CREATE INDEX devices_guest ON devices (guest);
INSERT INTO devices (id, guest, token_hash, created, seen) SELECT id, id, token_hash, created, seen FROM guests;
CREATE TABLE device_codes (
	hash    TEXT PRIMARY KEY,
	guest   TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	kind    INTEGER NOT NULL,
	expires BIGINT NOT NULL,
	created BIGINT NOT NULL
);
CREATE INDEX device_codes_guest ON device_codes (guest, kind);
`,
	// 5: the lobby (issue 47). games.public lists a game in the lobby
	// (its creator chose so; paired games are public). pairing holds one
	// quick-pairing ask per guest: queue is the setup asked for (its
	// JSON), game the game it was paired into ('' while waiting), fill
	// the seconds after which computers may fill the table (0: never).
	// pairing_queues has a row per queue that a pairing locks, so that
	// the nodes sharing a database pair one queue one at a time.
	5: `
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_public ON games (public, status, created);
CREATE TABLE pairing_queues (queue TEXT PRIMARY KEY);
CREATE TABLE pairing (
	guest TEXT PRIMARY KEY REFERENCES guests(id) ON DELETE CASCADE,
	queue TEXT NOT NULL,
	fill  INTEGER NOT NULL DEFAULT 0,
	level INTEGER NOT NULL DEFAULT 0,
	asked BIGINT NOT NULL,
	seen  BIGINT NOT NULL,
	game  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX pairing_queue ON pairing (queue, game, asked);
`,
	// 6: draw offers and blocks (issues 47, 48). One draw_offers row a
	// game: ply is the game's when it was made (a move voids it with no
	// write), seats agree (bits; 0: declined), made counts each seat's
	// offers, 4 bits a seat, so that an offer and its count are one row.
	6: `
CREATE TABLE draw_offers (
	game  TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
	ply   INTEGER NOT NULL,
	seats INTEGER NOT NULL,
	made  INTEGER NOT NULL
);
CREATE TABLE blocks (
	guest   TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	blocked TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	at      BIGINT NOT NULL,
	PRIMARY KEY (guest, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);
`,
	// 7: issue 46. ratings_due marks a rated game from its creation until
	// its ratings are applied (in ApplyRatings' transaction), so a node
	// that dies between a game's end and its ratings leaves the mark for
	// RatingsDue; the rated games of before are marked unless applied.
	// service_counts are the limits of the whole service (Count): a
	// counter per name and window, the window's start in Unix ms.
	7: `
CREATE TABLE ratings_due (
	game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE
);
INSERT INTO ratings_due (game) SELECT id FROM games WHERE setup LIKE '%"rated":true%'
	AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game = games.id);
CREATE TABLE service_counts (
	name TEXT NOT NULL,
	slot BIGINT NOT NULL,
	n    BIGINT NOT NULL,
	PRIMARY KEY (name, slot)
);
`,
	// 8: results against the computer levels (issue 47, a profile's;
	// computer.go). computer_due marks each computer seat a game was
	// stored with (never one a computer took over later), until the
	// server has counted the game's results against it into
	// computer_tally, one row per guest and level. The games of before
	// are marked as far as the store can tell: a game where a move was
	// made by a guest who holds none of its seats any more had a seat
	// taken over, and which one cannot be told without the rules, so
	// such a game is not counted at all. (A player who left before
	// their first move left no such trace.)
	8: `
CREATE TABLE computer_due (
	game  TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	idx   INTEGER NOT NULL,
	level INTEGER NOT NULL,
	PRIMARY KEY (game, idx)
);
CREATE TABLE computer_tally (
	guest TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
	level INTEGER NOT NULL,
	won   INTEGER NOT NULL DEFAULT 0,
	lost  INTEGER NOT NULL DEFAULT 0,
	drawn INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (guest, level)
);
INSERT INTO computer_due (game, idx, level) SELECT s.game, s.idx, s.level FROM seats s WHERE s.kind = 2
	AND EXISTS (SELECT 1 FROM seats p WHERE p.game = s.game AND p.kind = 0)
	AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game = s.game AND m.by_guest <> ''
		AND NOT EXISTS (SELECT 1 FROM seats h WHERE h.game = m.game AND h.guest = m.by_guest));
`,
}

// Version is the newest schema this program knows.
const Version = len(Steps) - 1
