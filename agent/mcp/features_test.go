package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/internal/eventually"
)

func TestPromptsAndResources(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	ctx := context.Background()
	prompts := m.Prompts(ctx)
	if !slices.ContainsFunc(prompts, func(p mcp.Prompt) bool {
		return p.Server == "everything" && p.Name == "args-prompt" && len(p.Arguments) == 2
	}) {
		t.Fatalf("prompts %+v", prompts)
	}
	tests := []struct{ in, want, err string }{
		{"/everything:args-prompt Paris", "What's weather in Paris?", ""},
		{"/everything:args-prompt Portland Oregon", "What's weather in Portland, Oregon?", ""},
		{"/everything:args-prompt state=Ohio city=Columbus", "What's weather in Columbus, Ohio?", ""},
		{"/everything:args-prompt", "", "missing argument city"},
		{"/everything:nope", "", `no prompt "nope"`},
	}
	for _, tt := range tests {
		got, err := m.ExpandPrompt(ctx, tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: got %q, %v; want error %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, text := range []string{"/other:thing", "plain text", "/usr/bin/ls"} {
		if _, err := m.ExpandPrompt(ctx, text); !errors.Is(err, mcp.ErrNotPrompt) {
			t.Errorf("%q: %v, want ErrNotPrompt", text, err)
		}
	}

	res := m.Resources(ctx)
	i := slices.IndexFunc(res, func(r mcp.Resource) bool { return strings.HasPrefix(r.URI, "demo://resource/static/document/") })
	if i < 0 {
		t.Fatalf("resources %+v", res)
	}
	text, err := m.ReadResource(ctx, "everything", res[i].URI)
	if err != nil || !strings.Contains(text, res[i].URI) || len(text) < len(res[i].URI)+10 {
		t.Fatalf("read %s: %q, %v", res[i].URI, text, err)
	}
}

func TestElicitationSamplingAndLogging(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	ctx := context.Background()
	// The conditional tools appear once the server saw our capabilities.
	var elicit, sample *mcp.Tool
	eventually.True(t, "the elicitation and sampling tools to appear", func() bool {
		for _, tl := range m.Tools() {
			switch tl.Remote() {
			case "trigger-elicitation-request":
				elicit = tl
			case "trigger-sampling-request":
				sample = tl
			}
		}
		return elicit != nil && sample != nil
	})
	out, err := elicit.Run(ctx, nil)
	if err != nil || !strings.Contains(strings.ToLower(out), "decline") {
		t.Fatalf("elicitation: %q, %v", out, err)
	}
	out, err = sample.Run(ctx, json.RawMessage(`{"prompt":"write a poem"}`))
	if err == nil || !strings.Contains(err.Error(), "declines sampling") {
		t.Fatalf("sampling: %q, %v", out, err)
	}
	if _, err := find(t, m, "mcp__everything__toggle-simulated-logging").Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	eventually.NoError(t, "a logging message in the server's log", func() error {
		lines, _ := m.Log("everything", 0)
		if slices.ContainsFunc(lines, func(l string) bool {
			return strings.HasPrefix(l, "[") && strings.Contains(l, "]") && !strings.HasPrefix(l, "hearth:")
		}) {
			return nil
		}
		return fmt.Errorf("log: %q", lines)
	})
}

// server-filesystem started without directories works in the roots the
// client offers: the workspace, and nothing else.
func TestFilesystemServerUsesTheWorkspaceRoot(t *testing.T) {
	ws := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("inside the workspace\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := started(t, mcp.Options{Workspace: ws}, stdioEntry(t, "fs", mcptest.Bin(t, "mcp-server-filesystem")))
	ctx := context.Background()
	// The server asks for the roots just after initialisation.
	eventually.NoError(t, "the workspace among the allowed directories", func() error {
		out, err := find(t, m, "mcp__fs__list_allowed_directories").Run(ctx, nil)
		if err == nil && !strings.Contains(out, filepath.Base(ws)) {
			err = fmt.Errorf("allowed directories: %q", out)
		}
		return err
	})
	read := find(t, m, "mcp__fs__read_text_file")
	args, _ := json.Marshal(map[string]string{"path": filepath.Join(ws, "notes.txt")})
	if out, err := read.Run(ctx, args); err != nil || !strings.Contains(out, "inside the workspace") {
		t.Fatalf("read inside: %q, %v", out, err)
	}
	args, _ = json.Marshal(map[string]string{"path": outside})
	if out, err := read.Run(ctx, args); err == nil || strings.Contains(out, "outside") {
		t.Fatalf("read outside the roots: %q, %v", out, err)
	}
}

// An elicitation reaches the person watching the call that asked, with the
// server's schema; their answer (or a Stop while asking) reaches the server.
func TestElicitationAsksThePersonWatchingTheCall(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "everything", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	var elicit *mcp.Tool
	eventually.True(t, "the elicitation tool to appear", func() bool {
		for _, tl := range m.Tools() {
			if tl.Remote() == "trigger-elicitation-request" {
				elicit = tl
			}
		}
		return elicit != nil
	})
	tests := []struct {
		name   string
		answer mcp.ElicitAnswer
		stop   bool
		want   string
	}{
		{"accept", mcp.ElicitAnswer{Action: "accept", Content: map[string]any{"name": "Ann Smith", "integer": 7}}, false, "Name: Ann Smith"},
		{"decline", mcp.ElicitAnswer{Action: "decline"}, false, "declined"},
		{"stopped while asking", mcp.ElicitAnswer{}, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var asked mcp.Elicitation
			parent, stop := context.WithCancel(context.Background())
			defer stop()
			ctx := mcp.WithElicitor(parent, func(ctx context.Context, e mcp.Elicitation) (mcp.ElicitAnswer, error) {
				asked = e
				if tc.stop {
					stop() // the person pressed Stop while the question was shown
					<-ctx.Done()
					return mcp.ElicitAnswer{}, ctx.Err()
				}
				return tc.answer, nil
			})
			out, err := elicit.Run(ctx, nil)
			if tc.stop {
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("stopped: %q, %v", out, err)
				}
			} else if err != nil || !strings.Contains(strings.ToLower(out), strings.ToLower(tc.want)) {
				t.Fatalf("result %q, %v; want %q", out, err, tc.want)
			}
			if asked.Server != "everything" || asked.Message == "" || !strings.Contains(string(asked.Schema), `"name"`) {
				t.Fatalf("asked %+v", asked)
			}
		})
	}
}
