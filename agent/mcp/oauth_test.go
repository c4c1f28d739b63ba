package mcp_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

type tokenMap struct {
	mu sync.Mutex
	m  map[string]*mcp.SavedToken
}

func (t *tokenMap) LoadToken(_ context.Context, s string) (*mcp.SavedToken, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[s], nil
}

func (t *tokenMap) SaveToken(_ context.Context, s string, tok *mcp.SavedToken) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[s] = tok
	return nil
}

func (t *tokenMap) access(s string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m[s] == nil {
		return ""
	}
	return t.m[s].Token.AccessToken
}

func TestOAuthSignInRefreshAndReuse(t *testing.T) {
	a := mcptest.NewAuthServer(t)
	entry := remote("protected", config.HTTP, a.Srv.URL+"/mcp")
	tokens := &tokenMap{m: map[string]*mcp.SavedToken{}}

	// Headless, nothing saved: the server waits for a sign-in.
	m := started(t, mcp.Options{Tokens: tokens}, entry)
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusNeedsAuth {
		t.Fatalf("without a sign-in: %s %s", s.Status, s.Error)
	}
	m.Close()
	a.Mu.Lock()
	registeredBefore := a.Registered
	a.Mu.Unlock()

	var shown []string
	signIn := func(ctx context.Context, server, authURL string) error {
		shown = append(shown, server)
		resp, err := http.Get(authURL) // the person approves; the browser follows the redirect
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	m = started(t, mcp.Options{Tokens: tokens, SignIn: signIn}, entry)
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusConnected {
		t.Fatalf("after signing in: %s %s %v", s.Status, s.Error, s.Log)
	}
	out, err := find(t, m, "mcp__protected__whoami").Run(context.Background(), nil)
	if err != nil || out != "signed in" {
		t.Fatalf("call: %q %v", out, err)
	}
	m.Close()
	a.Mu.Lock()
	if a.Registered != registeredBefore+1 || a.Authorized != 1 || len(shown) != 1 || !strings.HasSuffix(a.Challenges[0], "/S256") || a.Fresh == 0 {
		t.Fatalf("registered %d, authorized %d, shown %v, PKCE %v, refreshed %d", a.Registered, a.Authorized, shown, a.Challenges, a.Fresh)
	}
	a.Mu.Unlock()
	saved := tokens.access("protected")
	if saved == "" || saved == "access-token-001" {
		t.Fatalf("the refreshed token was not kept: %q", saved)
	}

	// A later run reuses (and refreshes) the kept sign-in without asking.
	m = started(t, mcp.Options{Tokens: tokens}, entry)
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusConnected {
		t.Fatalf("with the kept sign-in: %s %s", s.Status, s.Error)
	}
	a.Mu.Lock()
	if a.Authorized != 1 {
		t.Fatalf("the person was asked again: %d authorizations", a.Authorized)
	}
	a.Mu.Unlock()

	// A server of the same name at another address (a cloned folder's)
	// never receives the kept token.
	other := mcptest.NewAuthServer(t)
	var seenMu sync.Mutex
	var seen []string
	other.Srv.Config.Handler = func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if h := r.Header.Get("Authorization"); h != "" {
				seenMu.Lock()
				seen = append(seen, h)
				seenMu.Unlock()
			}
			next.ServeHTTP(w, r)
		})
	}(other.Srv.Config.Handler)
	m = started(t, mcp.Options{Tokens: tokens}, remote("protected", config.HTTP, other.Srv.URL+"/mcp"))
	seenMu.Lock()
	defer seenMu.Unlock()
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusNeedsAuth || len(seen) != 0 {
		t.Fatalf("another address: %s, Authorization sent %q", s.Status, seen)
	}
}

// The person's browser reaches the loopback page after Hearth opened it and
// moved on: the page still answers, saying the sign-in is done.
func TestOAuthSignInPageAnswersTheBrowser(t *testing.T) {
	a := mcptest.NewAuthServer(t)
	type page struct {
		status int
		body   string
		err    error
	}
	shown := make(chan page, 1)
	signIn := func(_ context.Context, _, authURL string) error {
		go func() { // a browser: opened, not waited for
			resp, err := http.Get(authURL)
			if err != nil {
				shown <- page{err: err}
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			shown <- page{resp.StatusCode, string(b), err}
		}()
		return nil
	}
	m := started(t, mcp.Options{Tokens: &tokenMap{m: map[string]*mcp.SavedToken{}}, SignIn: signIn}, remote("protected", config.HTTP, a.Srv.URL+"/mcp"))
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusConnected {
		t.Fatalf("after signing in: %s %s %v", s.Status, s.Error, s.Log)
	}
	select {
	case p := <-shown:
		if p.err != nil || p.status != http.StatusOK || !strings.Contains(p.body, "Hearth is signed in") {
			t.Fatalf("the browser was shown %d %q, %v", p.status, p.body, p.err)
		}
	case <-t.Context().Done():
		t.Fatal("the browser got no page")
	}
}
