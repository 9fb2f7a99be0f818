//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"shiftago/logic/online/store"
)

// The kinds of device_codes.
const (
	codeLink     = 0
	codeRecovery = 1
)

// addDevice stores a new device of guest with token, in tx.
func (s *sqlStore) addDevice(ctx context.Context, tx *sql.Tx, guest, token, name string) (string, error) {
	id, now := newID(), store.Millis(s.now())
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO devices (id, guest, token_hash, name, created, seen) VALUES (?, ?, ?, ?, ?, ?)`),
		id, guest, hashToken(token), name, now, now)
	return id, err
}

// deviceSeen writes when a device (and its guest) was last seen, at most
// once a DeviceSeenEvery (SeenEvery for the guest), so that a token's
// use stays a read. A failed write only leaves them looking older.
func (s *sqlStore) deviceSeen(ctx context.Context, device string, seen time.Time) {
	if now := s.now(); now.Sub(seen) >= store.DeviceSeenEvery {
		_, _ = s.w.ExecContext(ctx, s.q(`UPDATE devices SET seen = ? WHERE id = ?`), store.Millis(now), device)
		_, _ = s.w.ExecContext(ctx, s.q(`UPDATE guests SET seen = ? WHERE id = (SELECT guest FROM devices WHERE id = ?) AND seen < ?`),
			store.Millis(now), device, store.Millis(now.Add(-store.SeenEvery)))
	}
}

// newCodeOf replaces guest's code of a kind by a new one of n letters.
func (s *sqlStore) newCodeOf(ctx context.Context, guest string, kind, n int, expires time.Time) (string, error) {
	code := randomCode(n)
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		// Expired link codes of everyone go too: the table stays small.
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM device_codes WHERE (guest = ? AND kind = ?) OR (expires > 0 AND expires <= ?)`),
			guest, kind, store.Millis(s.now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO device_codes (hash, guest, kind, expires, created) VALUES (?, ?, ?, ?, ?)`),
			hashToken(code), guest, kind, store.Millis(expires), store.Millis(s.now()))
		if err != nil && s.isFK(err) {
			return fmt.Errorf("%w: no guest %q", store.ErrNotFound, guest)
		}
		return err
	})
	return code, err
}

func (s *sqlStore) LinkCode(ctx context.Context, guest string, ttl time.Duration) (string, time.Time, error) {
	exp := store.FromMillis(store.Millis(s.now().Add(ttl)))
	code, err := s.newCodeOf(ctx, guest, codeLink, store.CodeLength, exp)
	return code, exp, err
}

func (s *sqlStore) NewRecovery(ctx context.Context, guest string) (string, error) {
	return s.newCodeOf(ctx, guest, codeRecovery, store.RecoveryLength, time.Time{})
}

func (s *sqlStore) UseCode(ctx context.Context, code, device string) (store.Guest, string, error) {
	code = store.NormalizeCode(code)
	if !store.ValidDeviceCode(code) || (device != "" && checkName(device) != nil) {
		return store.Guest{}, "", store.ErrNotFound
	}
	var g store.Guest
	token := newToken()
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		var kind int
		var expires int64
		err := tx.QueryRowContext(ctx, s.q(`SELECT guest, kind, expires FROM device_codes WHERE hash = ?`+s.forUpdate()),
			hashToken(code)).Scan(&g.ID, &kind, &expires)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && expires > 0 && expires <= store.Millis(s.now())) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if kind == codeLink { // single use: of two devices racing, one deletes it
			if err := mustOne(tx.ExecContext(ctx, s.q(`DELETE FROM device_codes WHERE hash = ?`), hashToken(code))); err != nil {
				return err
			}
		}
		g.Device, err = s.addDevice(ctx, tx, g.ID, token, device)
		return err
	})
	if err != nil {
		return store.Guest{}, "", err
	}
	dev := g.Device
	g, err = s.Guest(ctx, g.ID)
	g.Device = dev
	return g, token, err
}

func (s *sqlStore) DevicesOf(ctx context.Context, guest string) (devs []store.Device, recovery time.Time, err error) {
	err = s.snapshot(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.q(`SELECT id, name, created, seen FROM devices WHERE guest = ? ORDER BY seen DESC, created DESC, id`), guest)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var d store.Device
			var created, seen int64
			if err := rows.Scan(&d.ID, &d.Name, &created, &seen); err != nil {
				return err
			}
			d.Created, d.Seen = store.FromMillis(created), store.FromMillis(seen)
			devs = append(devs, d)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		var made int64
		err = tx.QueryRowContext(ctx, s.q(`SELECT created FROM device_codes WHERE guest = ? AND kind = ?`), guest, codeRecovery).Scan(&made)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		recovery = store.FromMillis(made)
		return err
	})
	return devs, recovery, s.closedErr(err)
}

func (s *sqlStore) NameDevice(ctx context.Context, guest, device, name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	return s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		return mustOne(tx.ExecContext(ctx, s.q(`UPDATE devices SET name = ? WHERE id = ? AND guest = ?`), name, device, guest))
	})
}

func (s *sqlStore) RevokeDevice(ctx context.Context, guest, device string) error {
	return s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		return mustOne(tx.ExecContext(ctx, s.q(`DELETE FROM devices WHERE id = ? AND guest = ?`), device, guest))
	})
}
