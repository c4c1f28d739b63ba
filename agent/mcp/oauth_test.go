package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// authServer is a protected MCP server and its authorization server, over
// real HTTP: discovery, dynamic registration, authorization code, refresh.
type authServer struct {
	srv *httptest.Server

	mu                            sync.Mutex
	n                             int
	valid                         map[string]bool
	registered, authorized, fresh int
	challenges                    []string // PKCE challenges seen
}

func newAuthServer(t *testing.T) *authServer {
	a := &authServer{valid: map[string]bool{}}
	s := sdk.NewServer(&sdk.Implementation{Name: "protected", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "whoami"}, func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "signed in"}}}, nil, nil
	})
	mcpHandler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil)
	mux := http.NewServeMux()
	a.srv = httptest.NewServer(mux)
	t.Cleanup(a.srv.Close)
	base := a.srv.URL
	writeJSON := func(w http.ResponseWriter, code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(v)
	}
	prm := func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, map[string]any{"resource": base + "/mcp", "authorization_servers": []string{base}})
	}
	mux.HandleFunc("/.well-known/oauth-protected-resource", prm)
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", prm)
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, map[string]any{"issuer": base, "authorization_endpoint": base + "/authorize",
			"token_endpoint": base + "/token", "registration_endpoint": base + "/register",
			"response_types_supported": []string{"code"}, "code_challenge_methods_supported": []string{"S256"},
			"grant_types_supported": []string{"authorization_code", "refresh_token"}, "token_endpoint_auth_methods_supported": []string{"none"}})
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		var md map[string]any
		json.NewDecoder(r.Body).Decode(&md)
		a.mu.Lock()
		a.registered++
		a.mu.Unlock()
		md["client_id"] = "hearth-client"
		writeJSON(w, 201, md)
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		a.mu.Lock()
		a.authorized++
		a.challenges = append(a.challenges, q.Get("code_challenge")+"/"+q.Get("code_challenge_method"))
		a.mu.Unlock()
		to, _ := url.Parse(q.Get("redirect_uri"))
		to.RawQuery = url.Values{"code": {"the-code"}, "state": {q.Get("state")}}.Encode()
		http.Redirect(w, r, to.String(), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		a.mu.Lock()
		defer a.mu.Unlock()
		switch r.Form.Get("grant_type") {
		case "authorization_code":
			if r.Form.Get("code") != "the-code" || r.Form.Get("code_verifier") == "" {
				writeJSON(w, 400, map[string]string{"error": "invalid_grant"})
				return
			}
		case "refresh_token":
			a.fresh++
		}
		a.n++
		tok := fmt.Sprintf("access-token-%03d", a.n)
		a.valid[tok] = true
		// The first token's lifetime is inside oauth2's expiry margin, so
		// its next use refreshes it; refreshed ones last.
		life := 3600
		if r.Form.Get("grant_type") == "authorization_code" {
			life = 5
		}
		writeJSON(w, 200, map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": life,
			"refresh_token": fmt.Sprintf("refresh-token-%03d", a.n)})
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		ok := a.valid[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		a.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp"`)
			http.Error(w, "sign in", http.StatusUnauthorized)
			return
		}
		mcpHandler.ServeHTTP(w, r)
	})
	return a
}

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
	a := newAuthServer(t)
	entry := remote("protected", config.HTTP, a.srv.URL+"/mcp")
	tokens := &tokenMap{m: map[string]*mcp.SavedToken{}}

	// Headless, nothing saved: the server waits for a sign-in.
	m := started(t, mcp.Options{Tokens: tokens}, entry)
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusNeedsAuth {
		t.Fatalf("without a sign-in: %s %s", s.Status, s.Error)
	}
	m.Close()
	a.mu.Lock()
	registeredBefore := a.registered
	a.mu.Unlock()

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
	a.mu.Lock()
	if a.registered != registeredBefore+1 || a.authorized != 1 || len(shown) != 1 || !strings.HasSuffix(a.challenges[0], "/S256") || a.fresh == 0 {
		t.Fatalf("registered %d, authorized %d, shown %v, PKCE %v, refreshed %d", a.registered, a.authorized, shown, a.challenges, a.fresh)
	}
	a.mu.Unlock()
	saved := tokens.access("protected")
	if saved == "" || saved == "access-token-001" {
		t.Fatalf("the refreshed token was not kept: %q", saved)
	}

	// A later run reuses (and refreshes) the kept sign-in without asking.
	m = started(t, mcp.Options{Tokens: tokens}, entry)
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusConnected {
		t.Fatalf("with the kept sign-in: %s %s", s.Status, s.Error)
	}
	a.mu.Lock()
	if a.authorized != 1 {
		t.Fatalf("the person was asked again: %d authorizations", a.authorized)
	}
	a.mu.Unlock()

	// A server of the same name at another address (a cloned folder's)
	// never receives the kept token.
	other := newAuthServer(t)
	var seenMu sync.Mutex
	var seen []string
	other.srv.Config.Handler = func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if h := r.Header.Get("Authorization"); h != "" {
				seenMu.Lock()
				seen = append(seen, h)
				seenMu.Unlock()
			}
			next.ServeHTTP(w, r)
		})
	}(other.srv.Config.Handler)
	m = started(t, mcp.Options{Tokens: tokens}, remote("protected", config.HTTP, other.srv.URL+"/mcp"))
	seenMu.Lock()
	defer seenMu.Unlock()
	if s := serverInfo(m, "protected"); s.Status != mcp.StatusNeedsAuth || len(seen) != 0 {
		t.Fatalf("another address: %s, Authorization sent %q", s.Status, seen)
	}
}
