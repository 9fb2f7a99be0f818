package logic

import "testing"

func TestTournament(t *testing.T) {
	tn, err := NewTournament([]Color{Orange, Green, Blue}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name        string
		result      Result
		wantStarter int
	}{
		{"§8 the player after the winner starts the next game", Result{State: Won, Winner: Green}, 2},
		{"§8 the winner's successor wraps round the table", Result{State: Won, Winner: Blue}, 0},
		{"§8 decision: after a draw the previous starter's successor starts", Result{State: Drawn}, 1},
		{"§8 a draw again moves the start on", Result{State: Drawn}, 2},
	}
	for _, s := range steps {
		if err := tn.Record(s.result); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if tn.Starter != s.wantStarter {
			t.Errorf("%s: starter %d, want %d", s.name, tn.Starter, s.wantStarter)
		}
	}
	if err := tn.Record(Result{State: Won, Winner: White}); err == nil {
		t.Error("a colour outside the tournament was booked a win")
	}
	p, _ := NewGame(tn.Setup())
	if p.ToMove() != Blue || p.Variant() != Express {
		t.Errorf("§8 the next game is Express started by blue, got %s to move in %s", p.ToMove(), p.Variant())
	}
	for i := 0; i < TournamentWins-1; i++ {
		if err := tn.Record(Result{State: Won, Winner: Orange}); err != nil {
			t.Fatal(err)
		}
		if _, done := tn.Champion(); done {
			t.Fatalf("§8 champion after %d orange wins, want 10", i+1)
		}
	}
	tn.Record(Result{State: Won, Winner: Orange})
	if c, done := tn.Champion(); !done || c != Orange {
		t.Fatalf("§8 the first to 10 wins is champion: got %v %v (wins %v)", c, done, tn.Wins)
	}
	if err := tn.Record(Result{State: Drawn}); err == nil {
		t.Error("a finished tournament accepted another game")
	}
	if _, err := NewTournament([]Color{Orange}, nil, 0); err == nil {
		t.Error("a one-player tournament was accepted")
	}
}
