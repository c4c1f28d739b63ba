package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/web"
)

// Web are the tools that reach the network: web_fetch, and web_search when
// the person chose a search provider.
type Web struct {
	Fetcher Fetcher
	// Search is nil until the person configures a provider; web_fetch's
	// description then tells the model there is no search.
	Search web.Searcher
	// Provider names the search provider in permission rules ("searxng").
	Provider string
}

// Fetcher reads one URL for the model (a *web.Client).
type Fetcher interface {
	Fetch(ctx context.Context, url string) (*web.Page, error)
}

// Web tool names.
const (
	WebFetchName  = "web_fetch"
	WebSearchName = "web_search"
)

// webTools are the network tools of cfg, behind the session's gate.
func webTools(w *Web, s *session) []tool.Tool {
	if w == nil || w.Fetcher == nil {
		return nil
	}
	out := []tool.Tool{&WebFetch{fetcher: w.Fetcher, searching: w.Search != nil, s: s}}
	if w.Search != nil {
		out = append(out, &WebSearch{search: w.Search, provider: w.Provider, s: s})
	}
	return out
}

// WebFetch reads a URL: HTML as Markdown, text as it is, PDFs as their text.
type WebFetch struct {
	fetcher   Fetcher
	searching bool
	s         *session
}

const webFetchSchema = `{"type":"object","properties":{"url":{"type":"string","description":"The http(s) URL to read"}},"required":["url"],"additionalProperties":false}`

func (t *WebFetch) Definition() tool.Definition {
	// Terse: what a fetch returns in detail is said by its result.
	desc := "Read a web page (http or https URL): HTML as Markdown, text as is, PDFs as text, long pages cut. " +
		"A redirect to another host is reported for you to fetch; local addresses are refused."
	if !t.searching {
		desc += " No web search is configured: fetch URLs you know or are given."
	}
	return definition(WebFetchName, desc, webFetchSchema)
}

func (t *WebFetch) Run(ctx context.Context, raw json.RawMessage) (string, error) {
	var a struct {
		URL string `json:"url"`
	}
	if err := decode(WebFetchName, raw, &a); err != nil {
		return "", err
	}
	u, err := web.ParseURL(a.URL)
	if err != nil {
		return "", err
	}
	host := strings.ToLower(u.Hostname())
	req := permission.Request{Tool: WebFetchName, Kind: permission.KindWebFetch, Path: host, Args: u.String(),
		Reason: "fetches " + u.Redacted()}
	if err := t.s.gate.Check(ctx, req); err != nil {
		return "", err
	}
	p, err := t.fetcher.Fetch(ctx, u.String())
	if err != nil {
		return "", err
	}
	return pageText(p), nil
}

// pageText is a fetched page as the model reads it: where it came from,
// then its text, then how much was left out.
func pageText(p *web.Page) string {
	var b strings.Builder
	fmt.Fprintf(&b, "URL: %s\n", p.URL)
	if p.FinalURL != "" && p.FinalURL != p.URL {
		fmt.Fprintf(&b, "Final URL (after redirects): %s\n", p.FinalURL)
	}
	if p.Status/100 != 2 {
		fmt.Fprintf(&b, "Status: %d\n", p.Status)
	}
	if p.Title != "" {
		fmt.Fprintf(&b, "Title: %s\n", p.Title)
	}
	fmt.Fprintf(&b, "Content-Type: %s\n\n", p.ContentType)
	b.WriteString(strings.TrimRight(p.Text, "\n"))
	b.WriteString("\n")
	switch {
	case p.BodyCut:
		fmt.Fprintf(&b, "\n[The response was larger than Hearth reads; this is the start of it, %d characters shown.]\n", len([]rune(p.Text)))
	case p.Truncated:
		fmt.Fprintf(&b, "\n[Cut: %d of %d characters shown.]\n", len([]rune(p.Text)), p.Total)
	}
	return b.String()
}

// WebSearch asks the configured provider and lists titles, URLs and
// snippets; following one is a web_fetch.
type WebSearch struct {
	search   web.Searcher
	provider string
	s        *session
}

const webSearchSchema = `{"type":"object","properties":{"query":{"type":"string","description":"What to search for"},` +
	`"count":{"type":"integer","minimum":1,"maximum":20,"description":"How many results (default 8)"}},"required":["query"],"additionalProperties":false}`

func (t *WebSearch) Definition() tool.Definition {
	return definition(WebSearchName, "Search the web through "+t.search.Name()+
		". Returns titles, URLs and snippets; read a result with web_fetch.", webSearchSchema)
}

func (t *WebSearch) Run(ctx context.Context, raw json.RawMessage) (string, error) {
	var a struct {
		Query string `json:"query"`
		Count int    `json:"count"`
	}
	if err := decode(WebSearchName, raw, &a); err != nil {
		return "", err
	}
	a.Query = strings.TrimSpace(a.Query)
	if a.Query == "" {
		return "", fmt.Errorf("web_search: the query is empty")
	}
	if a.Count <= 0 {
		a.Count = 8
	}
	a.Count = min(a.Count, 20)
	req := permission.Request{Tool: WebSearchName, Kind: permission.KindWebSearch, Path: t.provider, Args: a.Query,
		Reason: fmt.Sprintf("searches the web for %q through %s", a.Query, t.search.Name())}
	if err := t.s.gate.Check(ctx, req); err != nil {
		return "", err
	}
	results, err := t.search.Search(ctx, a.Query, a.Count)
	if err != nil {
		return "", err
	}
	if len(results) == 0 {
		return fmt.Sprintf("No results for %q.\n", a.Query), nil
	}
	var b strings.Builder
	for i, r := range results {
		fmt.Fprintf(&b, "%d. %s\n   %s\n", i+1, r.Title, r.URL)
		if r.Snippet != "" {
			fmt.Fprintf(&b, "   %s\n", r.Snippet)
		}
	}
	return b.String(), nil
}
