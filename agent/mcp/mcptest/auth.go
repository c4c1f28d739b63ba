package mcptest

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
)

// AuthServer is a protected MCP server and its authorization server, over
// real HTTP: discovery, dynamic registration, authorization code, refresh.
type AuthServer struct {
	Srv *httptest.Server

	// Mu guards the counts: clients registered, authorizations shown,
	// refreshes, and the PKCE challenges seen.
	Mu                            sync.Mutex
	Registered, Authorized, Fresh int
	Challenges                    []string
	n                             int
	valid                         map[string]bool
}

// NewAuthServer starts one, closed with the test.
func NewAuthServer(t testing.TB) *AuthServer {
	a := &AuthServer{valid: map[string]bool{}}
	s := sdk.NewServer(&sdk.Implementation{Name: "protected", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "whoami"}, func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "signed in"}}}, nil, nil
	})
	mcpHandler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil)
	mux := http.NewServeMux()
	a.Srv = httptest.NewServer(mux)
	t.Cleanup(a.Srv.Close)
	base := a.Srv.URL
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
		a.Mu.Lock()
		a.Registered++
		a.Mu.Unlock()
		md["client_id"] = "hearth-client"
		writeJSON(w, 201, md)
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		a.Mu.Lock()
		a.Authorized++
		a.Challenges = append(a.Challenges, q.Get("code_challenge")+"/"+q.Get("code_challenge_method"))
		a.Mu.Unlock()
		to, _ := url.Parse(q.Get("redirect_uri"))
		to.RawQuery = url.Values{"code": {"the-code"}, "state": {q.Get("state")}}.Encode()
		http.Redirect(w, r, to.String(), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		a.Mu.Lock()
		defer a.Mu.Unlock()
		switch r.Form.Get("grant_type") {
		case "authorization_code":
			if r.Form.Get("code") != "the-code" || r.Form.Get("code_verifier") == "" {
				writeJSON(w, 400, map[string]string{"error": "invalid_grant"})
				return
			}
		case "refresh_token":
			a.Fresh++
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
		a.Mu.Lock()
		ok := a.valid[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		a.Mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp"`)
			http.Error(w, "sign in", http.StatusUnauthorized)
			return
		}
		mcpHandler.ServeHTTP(w, r)
	})
	return a
}
