//go:build !js

package sqlstore_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// The child of TestKill9 is this test binary again, told by these
// variables to write moves instead of running tests.
const childDSN, childGame, childGuest = "SHIFTAGO_STORE_CHILD_DSN", "SHIFTAGO_STORE_CHILD_GAME", "SHIFTAGO_STORE_CHILD_GUEST"

func TestMain(m *testing.M) {
	if dsn := os.Getenv(childDSN); dsn != "" {
		os.Exit(writeMovesUntilKilled(dsn, os.Getenv(childGame), os.Getenv(childGuest)))
	}
	os.Exit(m.Run())
}

// writeMovesUntilKilled appends moves one after another and prints
// "ack N" once move N is committed, as a server acknowledges a move.
// It stops after 100000 moves or a minute (the parent kills it long
// before).
func writeMovesUntilKilled(dsn, game, guest string) int {
	ctx := context.Background()
	s, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	deadline := time.Now().Add(time.Minute)
	for ply := 1; ply <= 100000 && time.Now().Before(deadline); ply++ {
		if _, err := s.AppendMove(ctx, store.Append{Game: game, Ply: ply, Move: "m" + strconv.Itoa(ply), By: guest, ToMoveSeat: ply % 2}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintf(os.Stdout, "ack %d\n", ply) // os.Stdout is not buffered
	}
	return 0
}

// TestKill9 kills (SIGKILL) a process in the middle of writing moves, and
// opens the database again: every move it acknowledged is there, the
// moves are 1..N with no hole, and the game's ply agrees with them.
func TestKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, g := started(t, dsn)
		s.Close()

		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childDSN+"="+dsn, childGame+"="+g.ID, childGuest+"="+ann.ID)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		acked := 0
		killed := false
		timer := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
		defer timer.Stop()
		for lines.Scan() {
			n, err := strconv.Atoi(strings.TrimPrefix(lines.Text(), "ack "))
			if err != nil || n != acked+1 {
				t.Fatalf("child said %q after ack %d", lines.Text(), acked)
			}
			acked = n
			if acked == 40 && !killed {
				// Mid-stream: the child is inside its next transaction.
				if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed = true
			}
		}
		werr := cmd.Wait()
		if !killed {
			t.Fatalf("child ended before 40 moves (%d): %v\n%s", acked, werr, stderr.String())
		}

		s2 := open(t, dsn)
		moves, err := s2.Moves(ctx, g.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) < acked {
			t.Fatalf("%d moves acknowledged, only %d there after kill -9", acked, len(moves))
		}
		for i, m := range moves {
			if m.Ply != i+1 || m.Move != "m"+strconv.Itoa(i+1) {
				t.Fatalf("move %d is %+v", i+1, m)
			}
		}
		g2, err := s2.Game(ctx, g.ID)
		if err != nil || g2.Ply != len(moves) {
			t.Fatalf("game ply %d (%v) but %d moves stored", g2.Ply, err, len(moves))
		}
		t.Logf("%s: %d acknowledged, %d stored after SIGKILL", s2.Engine(), acked, len(moves))
		// And it goes on.
		if _, err := s2.AppendMove(ctx, store.Append{Game: g.ID, Ply: len(moves) + 1, Move: "after", By: bob.ID}); err != nil {
			t.Fatalf("a move after the restart: %v", err)
		}
		if s2.Engine() == store.EngineSQLite {
			var ok string
			if err := rawDB(t, dsn).QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
				t.Fatalf("integrity_check: %q, %v", ok, err)
			}
		}
	})
}
