package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// Result is one search hit: following it is a fetch.
type Result struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Snippet string `json:"snippet,omitempty"`
}

// Searcher finds pages for a query, at most n of them.
type Searcher interface {
	Search(ctx context.Context, query string, n int) ([]Result, error)
	// Name says who answers ("SearXNG at search.example.org", "Brave Search").
	Name() string
}

// ErrNotConfigured is a search with no provider chosen.
var ErrNotConfigured = errors.New("web search is not configured: the person can choose a SearXNG server or Brave Search in Settings (web.search)")

// SearXNG searches through a SearXNG instance's JSON API. The person named
// the server, so it is reached even on a local address.
type SearXNG struct {
	URL    string // the instance's base URL
	Client *Client
}

// Name says which instance answers.
func (s *SearXNG) Name() string {
	if u, err := url.Parse(s.URL); err == nil && u.Host != "" {
		return "SearXNG at " + u.Host
	}
	return "SearXNG"
}

// Search asks /search?q=…&format=json.
func (s *SearXNG) Search(ctx context.Context, query string, n int) ([]Result, error) {
	base, err := url.Parse(strings.TrimRight(s.URL, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("the SearXNG URL %q is not an http(s) URL", s.URL)
	}
	u := base.JoinPath("search")
	u.RawQuery = url.Values{"q": {query}, "format": {"json"}}.Encode()
	var body struct {
		Results []struct {
			Title   string `json:"title"`
			URL     string `json:"url"`
			Content string `json:"content"`
		} `json:"results"`
	}
	status, err := s.Client.getJSON(ctx, u.String(), nil, &body)
	if status == http.StatusForbidden {
		return nil, fmt.Errorf("%s refused JSON output (403): add json to search.formats in its settings.yml", s.Name())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name(), err)
	}
	out := make([]Result, 0, min(n, len(body.Results)))
	for _, r := range body.Results {
		if len(out) == n {
			break
		}
		out = append(out, Result{Title: oneLine(r.Title), URL: r.URL, Snippet: oneLine(r.Content)})
	}
	return out, nil
}

// BraveEndpoint is Brave Search's web search API.
const BraveEndpoint = "https://api.search.brave.com/res/v1/web/search"

// Brave searches with the Brave Search API and the person's key.
type Brave struct {
	Key      string
	Endpoint string // "" is BraveEndpoint
	Client   *Client
}

// Name says Brave Search answers.
func (b *Brave) Name() string { return "Brave Search" }

// Search asks the web search endpoint for n results.
func (b *Brave) Search(ctx context.Context, query string, n int) ([]Result, error) {
	endpoint := b.Endpoint
	if endpoint == "" {
		endpoint = BraveEndpoint
	}
	u, err := url.Parse(endpoint)
	if err != nil {
		return nil, fmt.Errorf("brave search endpoint: %w", err)
	}
	u.RawQuery = url.Values{"q": {query}, "count": {strconv.Itoa(min(max(n, 1), 20))}}.Encode()
	var body struct {
		Web struct {
			Results []struct {
				Title       string `json:"title"`
				URL         string `json:"url"`
				Description string `json:"description"`
			} `json:"results"`
		} `json:"web"`
	}
	h := http.Header{"X-Subscription-Token": {b.Key}, "Accept": {"application/json"}}
	status, err := b.Client.getJSON(ctx, u.String(), h, &body)
	if status == http.StatusUnauthorized || status == http.StatusForbidden || status == 422 {
		return nil, fmt.Errorf("Brave Search refused the key (%d): check it in Settings", status)
	}
	if err != nil {
		return nil, fmt.Errorf("Brave Search: %w", err)
	}
	out := make([]Result, 0, len(body.Web.Results))
	for _, r := range body.Web.Results {
		if len(out) == n {
			break
		}
		out = append(out, Result{Title: oneLine(textOf(r.Title)), URL: r.URL, Snippet: oneLine(textOf(r.Description))})
	}
	return out, nil
}

// getJSON GETs u and decodes a 2xx JSON body into v, returning the status
// either way. Search follows no redirect: the endpoint is the one named.
func (c *Client) getJSON(ctx context.Context, u string, h http.Header, v any) (int, error) {
	if err := c.offline(); err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, err
	}
	for k, vs := range h {
		req.Header[k] = vs
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "application/json")
	}
	hc := *c.http
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := hc.Do(req)
	if err != nil {
		return 0, c.failed(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, fmt.Errorf("the server answered %s", resp.Status)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, c.opts.MaxBytes)).Decode(v); err != nil {
		return resp.StatusCode, fmt.Errorf("reading its answer: %w", err)
	}
	return resp.StatusCode, nil
}

// textOf is the text of an HTML fragment (Brave marks matches with
// <strong>).
func textOf(fragment string) string {
	z := html.NewTokenizer(strings.NewReader(fragment))
	var b strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			b.Write(z.Text())
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Providers the person may choose for web search.
const (
	ProviderSearXNG = "searxng"
	ProviderBrave   = "brave"
)

// BraveKeyName is the keychain secret (agent/secrets item) holding the
// Brave Search API key.
const BraveKeyName = "web.search.brave"

// NewSearcher is the searcher for the person's provider, with requests
// made as opts say. A server the person named by URL (SearXNG's, or an
// endpoint in Brave's place) may be on a local address: the person chose
// it, the model did not. An empty provider is ErrNotConfigured.
func NewSearcher(provider, serverURL, key string, opts Options) (Searcher, error) {
	opts.AllowLocal = opts.AllowLocal || serverURL != ""
	switch provider {
	case "":
		return nil, ErrNotConfigured
	case ProviderSearXNG:
		if serverURL == "" {
			return nil, fmt.Errorf("%w (SearXNG is chosen but has no URL)", ErrNotConfigured)
		}
		return &SearXNG{URL: serverURL, Client: New(opts)}, nil
	case ProviderBrave:
		if key == "" {
			return nil, fmt.Errorf("%w (Brave Search is chosen but its key %s is not in the keychain)", ErrNotConfigured, BraveKeyName)
		}
		return &Brave{Key: key, Endpoint: serverURL, Client: New(opts)}, nil
	}
	return nil, fmt.Errorf("unknown web search provider %q (want searxng or brave)", provider)
}
