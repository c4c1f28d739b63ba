package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/tool"
)

func TestDeferredLoadsByName(t *testing.T) {
	_, tl := newWS(t, nil, Config{})
	state := NewState()
	d := NewDeferred([]tool.Tool{tl["list_dir"], tl["todo"]}, state)
	if got := names(d.Offered()); got != "load_tools" {
		t.Fatalf("offered %s before loading, want load_tools alone", got)
	}
	def := d.LoadTool().Definition()
	if !strings.Contains(def.Description, "- list_dir: List a directory") || !strings.Contains(string(def.Parameters), `["list_dir","todo"]`) {
		t.Errorf("load_tools does not name what it holds: %s %s", def.Description, def.Parameters)
	}
	tests := []struct {
		args    string
		wantErr string
		offered string
	}{
		{`{"names":["shell"]}`, "no held-back tool named shell; these can be loaded: list_dir, todo", "load_tools"},
		{`{"names":[]}`, "these can be loaded", "load_tools"},
		{`{"names":["todo"]}`, "", "todo load_tools"},
		{`{"names":["list_dir","todo"]}`, "", "list_dir todo"},
	}
	for _, tt := range tests {
		_, err := d.LoadTool().Run(context.Background(), json.RawMessage(tt.args))
		if (err != nil) != (tt.wantErr != "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s: err %v, want %q", tt.args, err, tt.wantErr)
		}
		if got := names(d.Offered()); got != tt.offered {
			t.Errorf("%s: offered %s, want %s", tt.args, got, tt.offered)
		}
		if d.LoadTool() == nil {
			break // everything is loaded
		}
	}
	// The chat's state keeps what was loaded for the next turn's tools.
	if got := names(NewDeferred([]tool.Tool{tl["list_dir"], tl["todo"]}, state).Offered()); got != "list_dir todo" {
		t.Errorf("a later turn offers %s", got)
	}
	var nothing *Deferred
	if nothing.Offered() != nil {
		t.Error("a nil Deferred offers tools")
	}
}

func names(ts []tool.Tool) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Definition().Name)
	}
	return strings.Join(out, " ")
}
