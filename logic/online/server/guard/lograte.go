//go:build !js

package guard

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// RefusalLog writes at most one line a second for each kind of refusal,
// with the number of the same kind it left out since the last line: one
// client refused 3,000 times a second wrote 3,000 lines a second (issue
// 46), a log as good as a disk filler. The line kept is the first of its
// second, so its address and details are a real example.
type RefusalLog struct {
	log   *slog.Logger
	now   func() time.Time
	every time.Duration

	mu    sync.Mutex
	kinds map[string]*refusalKind
}

type refusalKind struct {
	last       time.Time
	suppressed int
}

// NewRefusalLog logs to log on the clock now.
func NewRefusalLog(log *slog.Logger, now func() time.Time) *RefusalLog {
	return &RefusalLog{log: log, now: now, every: time.Second, kinds: map[string]*refusalKind{}}
}

// Warn logs a refusal of kind msg, unless one was logged less than a
// second ago: then it is only counted, and the next line says how many.
func (l *RefusalLog) Warn(msg string, attrs ...slog.Attr) {
	now := l.now()
	l.mu.Lock()
	k := l.kinds[msg]
	if k == nil {
		k = &refusalKind{}
		l.kinds[msg] = k // kinds are the program's own words: a few
	}
	if !k.last.IsZero() && now.Sub(k.last) < l.every {
		k.suppressed++
		l.mu.Unlock()
		return
	}
	n := k.suppressed
	k.last, k.suppressed = now, 0
	l.mu.Unlock()
	if n > 0 {
		attrs = append(attrs, slog.Int("suppressed", n))
	}
	l.log.LogAttrs(context.Background(), slog.LevelWarn, msg, attrs...)
}
