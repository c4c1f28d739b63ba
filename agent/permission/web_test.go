package permission

import (
	"context"
	"errors"
	"testing"

	"github.com/hearth-agent/hearth/agent/tool"
)

func fetchReq(host string) Request {
	return Request{Tool: "web_fetch", Kind: KindWebFetch, Path: host, Reason: "fetches https://" + host + "/"}
}

func TestGateWebPerDomain(t *testing.T) {
	ws := t.TempDir()
	rules := Policy{Rules: []Rule{
		{Kind: KindWebFetch, Pattern: "docs.example.com", Effect: Allow},
		{Kind: KindWebFetch, Pattern: "*.go.dev", Effect: Allow},
		{Kind: KindWebFetch, Pattern: "evil.example", Effect: Deny},
		{Kind: KindWebSearch, Pattern: "searxng", Effect: Allow},
	}}
	tests := []struct {
		name   string
		mode   Mode
		req    Request
		denied bool
		byRule bool
	}{
		{"allowed domain", ModeNever, fetchReq("docs.example.com"), false, true},
		{"allowed subdomain glob", ModeNever, fetchReq("pkg.go.dev"), false, true},
		{"glob is not the bare domain", ModeNever, fetchReq("go.dev"), true, false},
		{"other domain asks, headless denies", ModeNever, fetchReq("example.org"), true, false},
		{"edits mode does not cover the web", ModeEdits, fetchReq("example.org"), true, false},
		{"all mode covers the web", ModeAll, fetchReq("example.org"), false, false},
		{"deny rule beats all mode", ModeAll, fetchReq("evil.example"), true, false},
		{"search through the allowed provider", ModeNever, Request{Tool: "web_search", Kind: KindWebSearch, Path: "searxng"}, false, true},
		{"search through another provider asks", ModeNever, Request{Tool: "web_search", Kind: KindWebSearch, Path: "brave"}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(rules, tt.mode, nil, ws, nil)
			ctx, allowance := tool.WithAllowance(context.Background())
			err := g.Check(ctx, tt.req)
			var de *tool.DeniedError
			if got := errors.As(err, &de); got != tt.denied {
				t.Fatalf("denied = %v (%v), want %v", got, err, tt.denied)
			}
			if a := allowance(); (a != nil && a.By == tool.AllowedByRule) != tt.byRule {
				t.Errorf("allowance = %+v, want by rule %v", a, tt.byRule)
			}
		})
	}
}

func TestGateWebGrantIsTheDomain(t *testing.T) {
	rec := &recorder{d: Decision{Choice: AllowSession}}
	g := NewGate(Policy{}, ModeNever, rec, t.TempDir(), nil)
	if err := g.Check(context.Background(), fetchReq("docs.example.com")); err != nil {
		t.Fatal(err)
	}
	if len(rec.seen) != 1 || rec.seen[0].Suggested != "docs.example.com" || rec.seen[0].Headline != "This reads a page from docs.example.com" {
		t.Fatalf("asked %+v", rec.seen)
	}
	if err := g.Check(context.Background(), fetchReq("docs.example.com")); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(context.Background(), fetchReq("other.example.com")); err != nil {
		t.Fatal(err)
	}
	if len(rec.seen) != 2 || rec.seen[1].Path != "other.example.com" {
		t.Errorf("the grant covered more than its domain: asked %d times", len(rec.seen))
	}
}
