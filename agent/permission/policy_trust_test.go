package permission

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/trust"
)

func TestLoadForAppliesAllowRulesOnlyWhenTrusted(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".hearth"), 0o755)
	file := filepath.Join(dir, ".hearth", FileName)
	write := func(body string) {
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"rules":[{"tool":"shell","pattern":"touch *","effect":"allow"},{"tool":"edit","pattern":"gen/**","effect":"deny"},{"tool":"shell","pattern":"git push *","effect":"ask"}]}`)
	store := trust.NewStore(t.TempDir())
	effects := func(tr Truster) []Effect {
		p, err := LoadFor(dir, tr)
		if err != nil {
			t.Fatal(err)
		}
		var out []Effect
		for _, r := range p.Rules {
			out = append(out, r.Effect)
		}
		return out
	}
	tests := []struct {
		name  string
		setup func()
		tr    Truster
		want  []Effect
	}{
		{"nil truster", func() {}, nil, []Effect{Deny, Ask}},
		{"untrusted", func() {}, store, []Effect{Deny, Ask}},
		{"trusted", func() {
			it, _, err := trust.ReadItem(dir, trust.PermissionsPath)
			if err != nil {
				t.Fatal(err)
			}
			store.Trust(dir, it)
		}, store, []Effect{Allow, Deny, Ask}},
		{"changed after trust", func() {
			write(`{"rules":[{"tool":"shell","effect":"allow"},{"tool":"edit","pattern":"gen/**","effect":"deny"}]}`)
		}, store, []Effect{Deny}},
	}
	for _, tc := range tests {
		tc.setup()
		if got := effects(tc.tr); !equalEffects(got, tc.want) {
			t.Errorf("%s: effects %v, want %v", tc.name, got, tc.want)
		}
	}
}

func equalEffects(a, b []Effect) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
