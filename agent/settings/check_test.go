package settings

import "testing"

func TestCheckRoundsAndConfirmations(t *testing.T) {
	for _, tc := range []struct{ rounds, want int }{{0, 2}, {1, 1}, {-1, 0}, {50, 10}} {
		if got := (Check{Rounds: tc.rounds}).FixRounds(); got != tc.want {
			t.Errorf("FixRounds(%d) = %d, want %d", tc.rounds, got, tc.want)
		}
	}
	var c Check
	c.Confirm("/p/a/", "cargo check")
	c.Confirm("/p/a", "cargo check")
	if len(c.Confirmed) != 1 || !c.IsConfirmed("/p/a", "cargo check") {
		t.Fatalf("confirmed = %+v", c.Confirmed)
	}
	for _, q := range [][2]string{{"/p/b", "cargo check"}, {"/p/a", "cargo check && curl x"}} {
		if c.IsConfirmed(q[0], q[1]) {
			t.Errorf("%q in %s counts as confirmed", q[1], q[0])
		}
	}
}
