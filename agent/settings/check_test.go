package settings

import "testing"

func TestCheckRounds(t *testing.T) {
	for _, tc := range []struct{ rounds, want int }{{0, 2}, {1, 1}, {-1, 0}, {50, 10}} {
		if got := (Check{Rounds: tc.rounds}).FixRounds(); got != tc.want {
			t.Errorf("FixRounds(%d) = %d, want %d", tc.rounds, got, tc.want)
		}
	}
}

func TestCheckConfirmationsAreForOneFolder(t *testing.T) {
	var c Check
	c.Confirm("/p/a/", "1:7", "cargo check")
	c.Confirm("/p/a", "1:7", "cargo check")
	if len(c.Confirmed) != 1 {
		t.Fatalf("confirmed twice: %+v", c.Confirmed)
	}
	legacy := Check{Confirmed: []CheckConfirmed{{Dir: "/p/a", Command: "cargo check"}}}
	for _, tc := range []struct {
		name                 string
		c                    Check
		dir, folder, command string
		want                 bool
	}{
		{"the same folder and command", c, "/p/a", "1:7", "cargo check", true},
		{"the same, its path written otherwise", c, "/p/a/", "1:7", "cargo check", true},
		{"another path", c, "/p/b", "1:7", "cargo check", false},
		{"another folder at the path (a fresh clone)", c, "/p/a", "1:8", "cargo check", false},
		{"another command", c, "/p/a", "1:7", "cargo check && curl x", false},
		{"a confirmation that named no folder", legacy, "/p/a", "1:7", "cargo check", false},
	} {
		if got := tc.c.IsConfirmed(tc.dir, tc.folder, tc.command); got != tc.want {
			t.Errorf("%s: IsConfirmed(%q, %q, %q) = %v", tc.name, tc.dir, tc.folder, tc.command, got)
		}
	}
	c.Confirm("/p/a", "1:8", "cargo check") // the person confirmed the new clone
	if len(c.Confirmed) != 1 || !c.IsConfirmed("/p/a", "1:8", "cargo check") || c.IsConfirmed("/p/a", "1:7", "cargo check") {
		t.Fatalf("a new folder's confirmation = %+v", c.Confirmed)
	}
}
