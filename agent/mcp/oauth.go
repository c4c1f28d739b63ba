package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/redact"
)

// SignIn shows the person the authorization page at url (the system
// browser); the authorization server sends the browser back to Hearth's
// loopback redirect, which ends the wait. It may return before that.
type SignIn func(ctx context.Context, server, url string) error

// TokenStore keeps what a sign-in leaves between runs (Hearth: the OS
// keychain); a server with nothing saved gives nil, nil.
type TokenStore interface {
	LoadToken(ctx context.Context, server string) (*SavedToken, error)
	SaveToken(ctx context.Context, server string, t *SavedToken) error
}

// SavedToken is a sign-in: the token and what refreshing it needs.
type SavedToken struct {
	// URL is the server the sign-in is for: a server of the same name
	// elsewhere (a cloned folder's) never receives it.
	URL          string           `json:"url"`
	Token        *oauth2.Token    `json:"token"`
	ClientID     string           `json:"clientId"`
	ClientSecret string           `json:"clientSecret,omitempty"`
	AuthURL      string           `json:"authUrl"`
	TokenURL     string           `json:"tokenUrl"`
	AuthStyle    oauth2.AuthStyle `json:"authStyle,omitempty"`
	Scopes       []string         `json:"scopes,omitempty"`
}

func (t *SavedToken) config() *oauth2.Config {
	return &oauth2.Config{ClientID: t.ClientID, ClientSecret: t.ClientSecret, Scopes: t.Scopes,
		Endpoint: oauth2.Endpoint{AuthURL: t.AuthURL, TokenURL: t.TokenURL, AuthStyle: t.AuthStyle}}
}

// errNoSignIn stops an authorization that no one can complete (a headless
// run): the server is then needs-auth.
var errNoSignIn = errors.New("signing in needs a person: use Settings → MCP or `hearth mcp login`")

// oauthHandler signs Hearth in to a server that asks for it: authorization
// code with PKCE, a loopback redirect, dynamic client registration unless
// the config names a client, and tokens (refreshed) kept in the TokenStore.
func (s *server) oauthHandler(ctx context.Context, cfg config.Server, hc *http.Client) (*auth.AuthorizationCodeHandler, error) {
	cfg0 := cfg
	port := 0
	if cfg.OAuth != nil {
		port = cfg.OAuth.CallbackPort
	}
	if port == 0 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		port = l.Addr().(*net.TCPAddr).Port
		l.Close()
	}
	redirect := "http://127.0.0.1:" + strconv.Itoa(port) + "/callback"
	name, store := s.entry.Name, s.m.opts.Tokens
	save := func(ctx context.Context, cfg *oauth2.Config, tok *oauth2.Token) {
		if store == nil || tok == nil {
			return
		}
		redact.Register(tok.AccessToken, tok.RefreshToken, cfg.ClientSecret)
		st := &SavedToken{URL: cfg0.URL, Token: tok, ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret,
			AuthURL: cfg.Endpoint.AuthURL, TokenURL: cfg.Endpoint.TokenURL, AuthStyle: cfg.Endpoint.AuthStyle, Scopes: cfg.Scopes}
		if err := store.SaveToken(ctx, name, st); err != nil {
			s.log.Add("hearth: keeping the sign-in: " + err.Error())
		}
	}
	hcfg := &auth.AuthorizationCodeHandlerConfig{
		RedirectURL:              redirect,
		AuthorizationCodeFetcher: s.fetchCode(port),
		DynamicClientRegistrationConfig: &auth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			RedirectURIs: []string{redirect}, ClientName: "Hearth", GrantTypes: []string{"authorization_code", "refresh_token"},
			ResponseTypes: []string{"code"}, TokenEndpointAuthMethod: "none"}},
		RequestRefreshToken: true,
		Client:              hc,
		NewTokenSource: func(ctx context.Context, c *oauth2.Config, tok *oauth2.Token) (oauth2.TokenSource, error) {
			save(ctx, c, tok)
			return &savingSource{base: c.TokenSource(ctx, tok), last: tok, save: func(t *oauth2.Token) { save(context.WithoutCancel(ctx), c, t) }}, nil
		},
	}
	if o := cfg.OAuth; o != nil && o.ClientID != "" {
		hcfg.PreregisteredClient = &oauthex.ClientCredentials{ClientID: o.ClientID}
		if o.ClientSecret != "" {
			hcfg.PreregisteredClient.ClientSecretAuth = &oauthex.ClientSecretAuth{ClientSecret: o.ClientSecret}
		}
	}
	if store != nil {
		saved, err := store.LoadToken(ctx, name)
		if err != nil {
			s.log.Add("hearth: reading the saved sign-in: " + err.Error())
		}
		if saved != nil && saved.Token != nil && saved.URL != cfg.URL {
			s.log.Add("hearth: the kept sign-in is for another server address; signing in again")
			saved = nil
		}
		if saved != nil && saved.Token != nil {
			c := saved.config()
			redact.Register(saved.Token.AccessToken, saved.Token.RefreshToken, c.ClientSecret)
			bg := context.WithValue(context.Background(), oauth2.HTTPClient, hc)
			hcfg.InitialTokenSource = &savingSource{base: c.TokenSource(bg, saved.Token), last: saved.Token,
				save: func(t *oauth2.Token) { save(context.Background(), c, t) }}
		}
	}
	return auth.NewAuthorizationCodeHandler(hcfg)
}

// fetchCode shows the authorization page and waits on the loopback port
// for the redirect that carries the code.
func (s *server) fetchCode(port int) auth.AuthorizationCodeFetcher {
	return func(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		if s.m.opts.SignIn == nil {
			return nil, errNoSignIn
		}
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			return nil, fmt.Errorf("the sign-in redirect port: %w", err)
		}
		got := make(chan url.Values, 1)
		srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: callbackPage(func(q url.Values) {
			select {
			case got <- q:
			default:
			}
		})}
		go srv.Serve(l)
		defer func() {
			sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
			defer cancel()
			_ = srv.Shutdown(sctx) // lets the page being sent finish
		}()
		if err := s.m.opts.SignIn(ctx, s.entry.Name, args.URL); err != nil {
			return nil, err
		}
		select {
		case q := <-got:
			if e := q.Get("error"); e != "" {
				return nil, fmt.Errorf("the authorization server refused: %s %s", e, q.Get("error_description"))
			}
			return &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// callbackPage answers the browser's redirect to the loopback port, then
// hands its query to deliver: the page is sent before Hearth moves on and
// closes the port, so the browser never shows an empty response.
func callbackPage(deliver func(url.Values)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/callback" {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if q.Get("error") != "" {
			fmt.Fprintln(w, "The sign-in was refused; Hearth shows why. You can close this window.")
		} else {
			fmt.Fprintln(w, "Hearth is signed in. You can close this window.")
		}
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		deliver(q)
	})
}

// savingSource keeps every new token (a refresh) in the store.
type savingSource struct {
	base oauth2.TokenSource
	save func(*oauth2.Token)
	mu   sync.Mutex
	last *oauth2.Token
}

func (s *savingSource) Token() (*oauth2.Token, error) {
	t, err := s.base.Token()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	changed := s.last == nil || s.last.AccessToken != t.AccessToken
	s.last = t
	s.mu.Unlock()
	if changed {
		s.save(t)
	}
	return t, nil
}
