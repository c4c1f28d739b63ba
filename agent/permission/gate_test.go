package permission

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/tool"
)

// recorder is an Approver that answers with a fixed decision and records
// what it was shown.
type recorder struct {
	mu   sync.Mutex
	seen []Request
	d    Decision
}

func (r *recorder) Approve(ctx context.Context, req Request) (Decision, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen = append(r.seen, req)
	return r.d, nil
}

func shellReq(cmd string) Request { return Request{Tool: "shell", Kind: KindShell, Command: cmd} }
func editReq(p string) Request {
	return Request{Tool: "edit_file", Kind: KindEdit, Path: p, Diff: "--- a/" + p}
}

func TestGateModes(t *testing.T) {
	ws := t.TempDir()
	tests := []struct {
		name   string
		mode   Mode
		req    Request
		denied bool
	}{
		{"read allowed", ModeNever, Request{Kind: KindRead, Path: "a"}, false},
		{"read-only shell", ModeNever, shellReq("ls -la"), false},
		{"never denies edit headless", ModeNever, editReq("a.go"), true},
		{"never denies shell headless", ModeNever, shellReq("go test ./..."), true},
		{"edits approves edit", ModeEdits, editReq("a.go"), false},
		{"edits still denies shell", ModeEdits, shellReq("go test ./..."), true},
		{"all approves shell", ModeAll, shellReq("go test ./..."), false},
		{"all never approves rm -rf ~", ModeAll, shellReq("rm -rf ~"), true},
		{"all never approves rm -rf .", ModeAll, shellReq("rm -rf ."), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(Policy{}, tt.mode, nil, ws, nil)
			err := g.Check(context.Background(), tt.req)
			var de *tool.DeniedError
			if got := errors.As(err, &de); got != tt.denied {
				t.Fatalf("denied = %v (err %v), want %v", got, err, tt.denied)
			}
		})
	}
}

func TestGateAsksWithExactCommandAndDiff(t *testing.T) {
	rec := &recorder{d: Decision{Choice: AllowOnce}}
	g := NewGate(Policy{}, ModeNever, rec, t.TempDir(), nil)
	ctx := tool.WithCallID(context.Background(), "call-7")
	if err := g.Check(ctx, shellReq("go test ./... && rm -rf build")); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(ctx, editReq("x.go")); err != nil {
		t.Fatal(err)
	}
	if len(rec.seen) != 2 {
		t.Fatalf("approver asked %d times, want 2", len(rec.seen))
	}
	s, e := rec.seen[0], rec.seen[1]
	if s.Command != "go test ./... && rm -rf build" || s.CallID != "call-7" || s.ID == "" {
		t.Errorf("shell request = %+v", s)
	}
	if s.Suggested != "go test *\nrm -rf build" {
		t.Errorf("suggested = %q", s.Suggested)
	}
	if e.Diff != "--- a/x.go" || e.Suggested != "**" {
		t.Errorf("edit request = %+v", e)
	}
	// Allow once does not stick.
	_ = g.Check(ctx, shellReq("go test ./..."))
	if len(rec.seen) != 3 {
		t.Errorf("allow once was remembered")
	}
}

func TestGateSessionGrant(t *testing.T) {
	rec := &recorder{d: Decision{Choice: AllowSession}}
	g := NewGate(Policy{}, ModeNever, rec, t.TempDir(), nil)
	ctx := context.Background()
	must(t, g.Check(ctx, shellReq("go test ./agent/...")))
	must(t, g.Check(ctx, shellReq("go test -race ./x")))       // covered by "go test *"
	must(t, g.Check(ctx, editReq("a.go")))                     // accept edits for the session
	must(t, g.Check(ctx, editReq("deep/b.go")))                // covered by "**"
	must(t, g.Check(ctx, shellReq("go build ./...")))          // a new shape asks again
	must(t, g.Check(ctx, shellReq("rm -rf ~")))                // always-ask: granted once only
	must(t, g.Check(ctx, shellReq("rm -rf ~")))                // ... so asked again
	must(t, g.Check(ctx, shellReq("go test ./... > out.txt"))) // a redirection is not covered by a shape
	if got := len(rec.seen); got != 6 {
		for _, r := range rec.seen {
			t.Log(r.Command, r.Path)
		}
		t.Fatalf("asked %d times, want 6", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestGateDenyWithNote(t *testing.T) {
	rec := &recorder{d: Decision{Choice: Reject, Note: "use make test instead"}}
	g := NewGate(Policy{}, ModeNever, rec, t.TempDir(), nil)
	err := g.Check(context.Background(), shellReq("go test ./..."))
	var de *tool.DeniedError
	if !errors.As(err, &de) || de.Note != "use make test instead" || !strings.Contains(err.Error(), "use make test instead") {
		t.Fatalf("err = %v", err)
	}
}

func TestGateRules(t *testing.T) {
	pol := Policy{Rules: []Rule{
		{Kind: KindShell, Pattern: "go test *", Effect: Allow},
		{Kind: KindShell, Pattern: "git push *", Effect: Deny},
		{Kind: KindShell, Pattern: "git log *", Effect: Ask},
		{Kind: KindEdit, Pattern: "docs/**", Effect: Allow},
		{Kind: KindEdit, Pattern: "**/*.lock", Effect: Deny},
		{Kind: KindRead, Pattern: ".env", Effect: Deny},
	}}
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	g := NewGate(pol, ModeNever, nil, repo, nil)
	ctx := context.Background()
	tests := []struct {
		req    Request
		denied bool
	}{
		{shellReq("go test ./..."), false},
		{shellReq("ls && go test -v ./x"), false},
		{shellReq("git push origin main"), true},
		{shellReq("git status"), false},
		{shellReq("git log -5"), true},            // explicit ask beats the read-only list; headless -> denied
		{shellReq("go test $(echo ./...)"), true}, // computed args are never matched by a rule
		{editReq("docs/a/b.md"), false},
		{editReq("src/a.go"), true},
		{editReq("sub/Cargo.lock"), true},
		{Request{Kind: KindRead, Path: ".env"}, true},
		{Request{Kind: KindRead, Path: "src/.env.example"}, false},
	}
	for _, tt := range tests {
		err := g.Check(ctx, tt.req)
		var de *tool.DeniedError
		if got := errors.As(err, &de); got != tt.denied {
			t.Errorf("%s%s: denied = %v (%v), want %v", tt.req.Command, tt.req.Path, got, err, tt.denied)
		}
	}
	// In mode all a deny rule still wins.
	all := NewGate(pol, ModeAll, nil, t.TempDir(), nil)
	if err := all.Check(ctx, shellReq("git push")); err == nil {
		t.Error("deny rule ignored in mode all")
	}
}

func TestGateWaitIsCancelledByContext(t *testing.T) {
	b := NewBroker(nil, nil)
	g := NewGate(Policy{}, ModeNever, b, t.TempDir(), nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := g.Check(ctx, shellReq("go test"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Fatal("wait was not bounded by the context")
	}
	if len(b.Pending()) != 0 {
		t.Fatal("cancelled request still pending")
	}
}

func TestBrokerExactlyOneDecisionWins(t *testing.T) {
	for range 50 {
		var published atomic.Pointer[Request]
		got := make(chan Request, 1)
		b := NewBroker(func(r Request) { published.Store(&r); got <- r }, nil)
		ctx, cancel := context.WithCancel(context.Background())
		type result struct {
			d   Decision
			err error
		}
		res := make(chan result, 1)
		go func() {
			d, err := b.Approve(ctx, Request{Kind: KindShell, Command: "x"})
			res <- result{d, err}
		}()
		req := <-got
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if b.Respond(req.ID, Decision{Choice: []Choice{AllowOnce, Reject, AllowSession, AllowOnce}[i]}) == nil {
					wins.Add(1)
				}
			}()
		}
		go cancel()
		wg.Wait()
		r := <-res
		if wins.Load() > 1 {
			t.Fatalf("%d responses won", wins.Load())
		}
		if wins.Load() == 1 && r.err != nil {
			t.Fatalf("a response won but Approve returned %v", r.err)
		}
		if wins.Load() == 0 && r.err == nil {
			t.Fatalf("no response won but Approve returned %+v", r.d)
		}
		if err := b.Respond(req.ID, Decision{Choice: AllowOnce}); !errors.Is(err, ErrUnknownRequest) {
			t.Fatalf("late response: %v", err)
		}
		cancel()
	}
}
