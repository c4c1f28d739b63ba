package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/media/mediatest"
)

// site is a real HTTP server on 127.0.0.1 that counts the requests it got.
type site struct {
	*httptest.Server
	hits atomic.Int64
}

func newSite(t *testing.T, h http.Handler) *site {
	t.Helper()
	s := &site{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

const article = `<!doctype html><html><head><title>Lanterns</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<h1>Lanterns</h1>
<h2>How they burn</h2>
<p>A lantern burns oil through a wick; see <a href="/wicks">the wick guide</a> for the details of trimming.</p>
<pre><code>func main() {
	fmt.Println("light")
}</code></pre>
<p>That is all there is to it, and it is enough to light a small room on a long winter night.</p>
</body></html>`

func local(opts Options) *Client {
	opts.AllowLocal = true
	return New(opts)
}

func TestFetchHTMLToMarkdown(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, article)
	}))
	p, err := local(Options{}).Fetch(t.Context(), s.URL+"/lanterns")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# Lanterns",
		"## How they burn",
		"[the wick guide](" + s.URL + "/wicks)",
		"```\nfunc main() {\n\tfmt.Println(\"light\")\n}\n```",
	} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, p.Text)
		}
	}
	if p.Title != "Lanterns" || p.ContentType != "text/html" || p.Truncated {
		t.Errorf("page = %+v", p)
	}
}

func TestFetchTextAsIs(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "# not converted\n<b>raw</b>\n")
	}))
	p, err := local(Options{}).Fetch(t.Context(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if p.Text != "# not converted\n<b>raw</b>\n" {
		t.Errorf("text = %q", p.Text)
	}
}

func TestFetchPDF(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Write(mediatest.PDF("Quarterly lantern report"))
	}))
	p, err := local(Options{}).Fetch(t.Context(), s.URL+"/report.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, "Quarterly lantern report") {
		t.Errorf("PDF text = %q", p.Text)
	}
}

func TestFetchRefusesOtherTypes(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n"))
	}))
	_, err := local(Options{}).Fetch(t.Context(), s.URL)
	var u *UnsupportedError
	if !errors.As(err, &u) || u.ContentType != "image/png" {
		t.Fatalf("err = %v, want UnsupportedError for image/png", err)
	}
}

func TestFetchFollowsRedirects(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/start", http.RedirectHandler("/middle", http.StatusFound))
	mux.Handle("/middle", http.RedirectHandler("/end", http.StatusMovedPermanently))
	mux.HandleFunc("/end", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "arrived") })
	s := newSite(t, mux)
	p, err := local(Options{}).Fetch(t.Context(), s.URL+"/start")
	if err != nil {
		t.Fatal(err)
	}
	if p.FinalURL != s.URL+"/end" || p.URL != s.URL+"/start" || p.Text != "arrived" {
		t.Errorf("page = %+v", p)
	}
}

func TestFetchStopsAfterFiveRedirects(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
	}))
	_, err := local(Options{}).Fetch(t.Context(), s.URL+"/r")
	var tm *TooManyRedirectsError
	if !errors.As(err, &tm) || tm.Max != 5 {
		t.Fatalf("err = %v, want TooManyRedirectsError{5}", err)
	}
	if got := s.hits.Load(); got != 6 { // the request and five redirects
		t.Errorf("server saw %d requests, want 6", got)
	}
}

func TestFetchCapsSize(t *testing.T) {
	body := strings.Repeat("é", 1000)
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	p, err := local(Options{MaxChars: 100}).Fetch(t.Context(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Truncated || p.Total != 1000 || p.Text != strings.Repeat("é", 100) {
		t.Errorf("truncated %v, total %d, text %d runes", p.Truncated, p.Total, len([]rune(p.Text)))
	}
	p, err = local(Options{MaxBytes: 10}).Fetch(t.Context(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if !p.BodyCut || !p.Truncated {
		t.Errorf("a body past MaxBytes: %+v", p)
	}
}

func TestFetchTimesOut(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // answers only when the client gives up
	}))
	_, err := local(Options{Timeout: 50 * time.Millisecond}).Fetch(t.Context(), s.URL)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "timed out after 50ms") {
		t.Fatalf("err = %v, want a timeout", err)
	}
}

func TestFetchRefusesLocalUnlessAllowed(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "secret") }))
	_, err := New(Options{}).Fetch(t.Context(), s.URL)
	var r *RefusedError
	if !errors.As(err, &r) || r.Class != ClassLoopback || !r.Lift {
		t.Fatalf("err = %v, want a loopback refusal", err)
	}
	if n := s.hits.Load(); n != 0 {
		t.Errorf("the server saw %d requests, want none", n)
	}
	if _, err := local(Options{}).Fetch(t.Context(), s.URL); err != nil {
		t.Fatalf("with local addresses allowed: %v", err)
	}
}

func TestFetchRefusesRedirectToMetadata(t *testing.T) {
	s := newSite(t, http.RedirectHandler("http://169.254.169.254/latest/meta-data/iam/", http.StatusFound))
	_, err := local(Options{}).Fetch(t.Context(), s.URL)
	var r *RefusedError
	if !errors.As(err, &r) || r.Class != ClassMetadata || r.IP != netip.MustParseAddr("169.254.169.254") {
		t.Fatalf("err = %v, want a metadata refusal", err)
	}
}

// stubResolver answers names from a table.
type stubResolver map[string][]netip.Addr

func (s stubResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if ips, ok := s[host]; ok {
		return ips, nil
	}
	return nil, fmt.Errorf("no such host %s", host)
}

func TestFetchRefusesNameResolvingToPrivate(t *testing.T) {
	res := stubResolver{
		"example.internal": {netip.MustParseAddr("10.0.0.1")},
		"mixed.example":    {netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr("192.168.0.7")},
	}
	_, err := New(Options{Resolver: res}).Fetch(t.Context(), "http://example.internal/admin")
	want := "refused: example.internal resolves to 10.0.0.1, a private address; allow local addresses with web.allowLocal or --web-allow-local"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
	_, err = New(Options{Resolver: res}).Fetch(t.Context(), "http://mixed.example/")
	var r *RefusedError
	if !errors.As(err, &r) || r.IP != netip.MustParseAddr("192.168.0.7") {
		t.Fatalf("a name with one private address: err = %v", err)
	}
}

func TestFetchDialsTheCheckedAddress(t *testing.T) {
	// The name resolves through the stub alone: the system resolver knows
	// nothing of it, so reaching the server proves the checked IP was dialled.
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "host "+r.Host) }))
	port := s.Listener.Addr().(interface{ String() string }).String()
	port = port[strings.LastIndex(port, ":"):]
	res := stubResolver{"pages.hearth.invalid": {netip.MustParseAddr("127.0.0.1")}}
	p, err := local(Options{Resolver: res}).Fetch(t.Context(), "http://pages.hearth.invalid"+port+"/")
	if err != nil {
		t.Fatal(err)
	}
	if p.Text != "host pages.hearth.invalid"+port {
		t.Errorf("text = %q", p.Text)
	}
	// A mapped answer is dialled as the IPv4 address it was checked as.
	res["mapped.hearth.invalid"] = []netip.Addr{netip.MustParseAddr("::ffff:127.0.0.1")}
	if _, err := local(Options{Resolver: res}).Fetch(t.Context(), "http://mapped.hearth.invalid"+port+"/"); err != nil {
		t.Fatalf("a mapped loopback answer: %v", err)
	}
}

func TestFetchOffline(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	_, err := local(Options{Offline: func() bool { return true }}).Fetch(t.Context(), s.URL)
	if !errors.Is(err, ErrOffline) {
		t.Fatalf("err = %v, want ErrOffline", err)
	}
	if n := s.hits.Load(); n != 0 {
		t.Errorf("the server saw %d requests offline", n)
	}
}

func TestFetchThroughWrap(t *testing.T) {
	s := newSite(t, http.RedirectHandler("/b", http.StatusFound))
	var seen []string
	wrap := func(next http.RoundTripper) http.RoundTripper {
		return rtFunc(func(r *http.Request) (*http.Response, error) {
			seen = append(seen, r.URL.Path)
			if r.URL.Path == "/b" {
				return &http.Response{StatusCode: 200, Body: http.NoBody, Header: http.Header{"Content-Type": {"text/plain"}}, Request: r}, nil
			}
			return next.RoundTrip(r)
		})
	}
	if _, err := local(Options{Wrap: wrap}).Fetch(t.Context(), s.URL+"/a"); err != nil {
		t.Fatal(err)
	}
	if strings.Join(seen, ",") != "/a,/b" {
		t.Errorf("the wrapper saw %v, want /a,/b", seen)
	}
}

type rtFunc func(*http.Request) (*http.Response, error)

func (f rtFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestParseURL(t *testing.T) {
	for _, raw := range []string{"file:///etc/passwd", "ftp://x", "http://", "not a url", "gopher://x"} {
		if _, err := ParseURL(raw); err == nil {
			t.Errorf("ParseURL(%q) accepted", raw)
		}
	}
}

func TestFetchArticleLeavesChromeOut(t *testing.T) {
	para := "<p>" + strings.Repeat("The keeper trims the wick each evening, fills the reservoir with oil, and checks the glass for soot, ", 4) + "</p>\n"
	page := `<html><head><title>The keeper's evening | Lighthouse Weekly</title></head><body>
<div class="nav menu"><a href="/">Home</a> <a href="/subscribe">Subscribe to our newsletter</a></div>
<article><h1>The keeper's evening</h1>` + strings.Repeat(para, 5) + `</article>
<footer class="footer">Copyright Lighthouse Weekly. <a href="/privacy">Privacy</a></footer></body></html>`
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, page)
	}))
	p, err := local(Options{}).Fetch(t.Context(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, "The keeper trims the wick") || !strings.HasPrefix(p.Text, "# The keeper") {
		t.Errorf("the article is missing:\n%s", p.Text)
	}
	for _, chrome := range []string{"Subscribe", "Privacy", "Copyright"} {
		if strings.Contains(p.Text, chrome) {
			t.Errorf("the page's chrome %q is kept:\n%s", chrome, p.Text)
		}
	}
}

func TestFetchSameHostStopsAtAnotherHost(t *testing.T) {
	s := newSite(t, http.RedirectHandler("http://elsewhere.hearth.invalid/page", http.StatusFound))
	_, err := local(Options{SameHost: true}).Fetch(t.Context(), s.URL+"/go")
	var re *RedirectError
	if !errors.As(err, &re) || re.To != "http://elsewhere.hearth.invalid/page" {
		t.Fatalf("err = %v, want a RedirectError", err)
	}
	if !sameHost("www.example.com", "EXAMPLE.com") || sameHost("example.com", "example.org") {
		t.Error("sameHost")
	}
}

func TestFetchRefusesMappedIPv6(t *testing.T) {
	res := stubResolver{"mapped.example": {netip.MustParseAddr("::ffff:10.1.2.3")}}
	_, err := New(Options{Resolver: res}).Fetch(t.Context(), "http://mapped.example/")
	var r *RefusedError
	if !errors.As(err, &r) || r.Class != ClassPrivate || r.IP != netip.MustParseAddr("10.1.2.3") {
		t.Fatalf("err = %v, want a private refusal of 10.1.2.3", err)
	}
	_, err = New(Options{}).Fetch(t.Context(), "http://[::ffff:127.0.0.1]:1/")
	if !errors.As(err, &r) || r.Class != ClassLoopback {
		t.Fatalf("a mapped loopback literal: err = %v", err)
	}
}
