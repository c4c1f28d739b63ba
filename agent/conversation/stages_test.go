package conversation

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// The stages run in the order each depends on: the tools before the mode
// that restricts them, the project before what it brings, a command's
// expansion before the hooks that see the prompt, the hooks before the
// build that wraps tools in them, the build before what needs its wire.
func TestTurnStagesOrder(t *testing.T) {
	var names, local []string
	for _, s := range turnStages {
		names = append(names, s.name)
		if s.local {
			local = append(local, s.name)
		}
	}
	want := []string{"tools", "mode", "project", "undo", "index", "languages", "check", "subagents", "mcp", "mcp-prompt", "command",
		"mentions", "hooks", "sent", "skills", "web", "build", "resources", "todos", "attachments"}
	if !slices.Equal(names, want) {
		t.Errorf("stages %v\nwant %v", names, want)
	}
	// A built-in runs no model: nothing after its command is prepared for
	// one, but files sent with it are still judged.
	wantLocal := []string{"tools", "mode", "project", "undo", "index", "subagents", "mcp", "mcp-prompt", "command", "attachments"}
	if !slices.Equal(local, wantLocal) {
		t.Errorf("local stages %v\nwant %v", local, wantLocal)
	}
}

// runStages stops at the first failing stage, and once a stage makes the
// turn local it skips the stages that need a model.
func TestRunStages(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		stages  func(ran *[]string) []stage
		wantRan []string
		wantErr error
	}{
		{"all run", func(ran *[]string) []stage {
			return []stage{rec(ran, "a", true, nil), rec(ran, "b", false, nil), rec(ran, "c", true, nil)}
		}, []string{"a", "b", "c"}, nil},
		{"a failure stops", func(ran *[]string) []stage {
			return []stage{rec(ran, "a", true, nil), rec(ran, "b", true, boom), rec(ran, "c", true, nil)}
		}, []string{"a", "b"}, boom},
		{"local skips model stages", func(ran *[]string) []stage {
			goLocal := stage{"local", true, func(_ context.Context, p *prep) error {
				*ran = append(*ran, "local")
				p.t.local = func(context.Context) (string, error) { return "", nil }
				return nil
			}}
			return []stage{rec(ran, "a", false, nil), goLocal, rec(ran, "model", false, nil), rec(ran, "last", true, nil)}
		}, []string{"a", "local", "last"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ran []string
			err := runStages(context.Background(), &prep{t: &Turn{}}, tt.stages(&ran))
			if !errors.Is(err, tt.wantErr) || !slices.Equal(ran, tt.wantRan) {
				t.Fatalf("ran %v, err %v; want %v, %v", ran, err, tt.wantRan, tt.wantErr)
			}
		})
	}
}

func rec(ran *[]string, name string, local bool, err error) stage {
	return stage{name, local, func(context.Context, *prep) error {
		*ran = append(*ran, name)
		return err
	}}
}
