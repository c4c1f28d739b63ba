package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/agent/media"
	"golang.org/x/net/html/charset"
)

// Page is a fetched URL made ready for the model.
type Page struct {
	URL      string // as asked
	FinalURL string // after redirects
	Status   int
	// ContentType is the response's media type, without parameters.
	ContentType string
	Title       string
	// Text is Markdown for HTML, the text itself for text types and a PDF's
	// extracted text, cut at MaxChars.
	Text string
	// Total is the length in characters of the whole text before the cut;
	// Truncated says there was a cut (of the text, or of a body larger than
	// MaxBytes, which BodyCut says).
	Total     int
	Truncated bool
	BodyCut   bool
}

// BadURLError is a URL fetch will not try.
type BadURLError struct{ URL, Reason string }

func (e *BadURLError) Error() string { return fmt.Sprintf("cannot fetch %q: %s", e.URL, e.Reason) }

// UnsupportedError is a response of a type fetch does not read.
type UnsupportedError struct {
	URL, ContentType string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s is %s, which web_fetch does not read (it reads HTML, text and PDF)", e.URL, e.ContentType)
}

// ParseURL checks that raw is an absolute http(s) URL with a host.
func ParseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, &BadURLError{URL: raw, Reason: "not a URL"}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &BadURLError{URL: raw, Reason: "only http and https URLs are fetched"}
	}
	if u.Hostname() == "" {
		return nil, &BadURLError{URL: raw, Reason: "the URL has no host"}
	}
	return u, nil
}

// Fetch GETs raw and returns its content as text for the model: HTML as
// Markdown (the article alone when the page reads as one), text types as
// they are, PDFs as their text.
func (c *Client) Fetch(ctx context.Context, raw string) (*Page, error) {
	u, err := ParseURL(raw)
	if err != nil {
		return nil, err
	}
	if err := c.offline(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &BadURLError{URL: raw, Reason: err.Error()}
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,text/markdown,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.failed(ctx, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.opts.MaxBytes+1))
	if err != nil {
		return nil, c.failed(ctx, fmt.Errorf("reading %s: %w", resp.Request.URL.Redacted(), err))
	}
	p := &Page{URL: raw, FinalURL: resp.Request.URL.String(), Status: resp.StatusCode}
	if int64(len(body)) > c.opts.MaxBytes {
		body, p.BodyCut = body[:c.opts.MaxBytes], true
	}
	ct := resp.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	if mt == "" {
		mt = http.DetectContentType(body)
		mt, _, _ = mime.ParseMediaType(mt)
	}
	p.ContentType = mt
	text, err := c.convert(ctx, resp.Request.URL, mt, ct, body)
	if err != nil {
		return nil, err
	}
	p.Title = text.title
	p.Total = utf8.RuneCountInString(text.body)
	p.Text = text.body
	if p.Total > c.opts.MaxChars {
		p.Text, p.Truncated = cutRunes(text.body, c.opts.MaxChars), true
	}
	p.Truncated = p.Truncated || p.BodyCut
	return p, nil
}

// converted is a body as text, with the page's title when it has one.
type converted struct{ title, body string }

func (c *Client) convert(ctx context.Context, u *url.URL, mt, ct string, body []byte) (converted, error) {
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		title, md, err := toMarkdown(decode(body, ct), u)
		return converted{title: title, body: md}, err
	case mt == "application/pdf":
		text, _, err := media.ExtractTextContext(ctx, body, u.Redacted())
		if err != nil {
			return converted{}, fmt.Errorf("reading the PDF at %s: %w", u.Redacted(), err)
		}
		return converted{body: text}, nil
	case isText(mt):
		return converted{body: string(decode(body, ct))}, nil
	}
	return converted{}, &UnsupportedError{URL: u.Redacted(), ContentType: mt}
}

// isText says whether a media type is read as it is.
func isText(mt string) bool {
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	switch mt {
	case "application/json", "application/xml", "application/javascript", "application/x-ndjson",
		"application/yaml", "application/x-yaml", "application/toml":
		return true
	}
	return strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml")
}

// decode turns body into UTF-8 from the charset its Content-Type or its
// own markup declares.
func decode(body []byte, contentType string) []byte {
	if utf8.Valid(body) {
		return body
	}
	r, err := charset.NewReader(bytes.NewReader(body), contentType)
	if err != nil {
		return bytes.ToValidUTF8(body, []byte("\uFFFD"))
	}
	out, err := io.ReadAll(r)
	if err != nil {
		return bytes.ToValidUTF8(body, []byte("\uFFFD"))
	}
	return out
}

// failed names a request's failure plainly: the guard's refusal, the
// timeout, too many redirects.
func (c *Client) failed(ctx context.Context, err error) error {
	var refused *RefusedError
	var redirects *TooManyRedirectsError
	var elsewhere *RedirectError
	switch {
	case errors.As(err, &elsewhere):
		return elsewhere
	case errors.As(err, &refused):
		return refused
	case errors.As(err, &redirects):
		return redirects
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("timed out after %s: %w", c.opts.Timeout, context.DeadlineExceeded)
	}
	return err
}

func cutRunes(s string, n int) string {
	i := 0
	for range n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}
