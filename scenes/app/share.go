package app

import (
	"encoding/base64"
	"errors"
	"net/url"
	"strings"

	"shiftago/logic/record"
)

// The links a player shares: a finished game opens in the replay, a
// position starts a new game from it (keeping the game in progress, as
// every link does).

// ReplayQuery is the query of a link that opens rec in the replay:
// ?replay= and the record's text, base64url-encoded (a link cannot hold
// its line breaks as they are).
func ReplayQuery(rec *record.Record) string {
	return "?" + url.Values{"replay": {base64.RawURLEncoding.EncodeToString([]byte(rec.String()))}}.Encode()
}

// PositionQuery is the query of a link that starts a game from the
// position string pos.
func PositionQuery(pos string) string {
	return "?" + url.Values{"position": {pos}}.Encode()
}

// maxLinkRecord bounds the record a link may carry (a game is a few
// hundred bytes; a link is no place for more).
const maxLinkRecord = 64 << 10

// ParseReplayParam reads a link's ?replay= value back into a record.
func ParseReplayParam(v string) (*record.Record, error) {
	if len(v) > base64.RawURLEncoding.EncodedLen(maxLinkRecord) {
		return nil, errors.New("the record is too long for a link")
	}
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
	if err != nil {
		return nil, errors.New("the record is not readable")
	}
	return record.Parse(string(b))
}
