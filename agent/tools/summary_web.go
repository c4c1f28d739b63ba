package tools

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// webHeadline names a web call by the page's host and path, or the query.
func webHeadline(name string, a args) (string, bool) {
	switch name {
	case WebFetchName:
		s := a.str("url")
		if u, err := url.Parse(s); err == nil && u.Host != "" {
			s = u.Host + strings.TrimSuffix(u.EscapedPath(), "/")
		}
		return "Fetched " + clip(s), true
	case WebSearchName:
		return "Searched the web for " + strconv.Quote(clip(a.str("query"))), true
	}
	return "", false
}

var webCut = regexp.MustCompile(`\[Cut: (\d+) of (\d+) characters shown\.\]\s*$`)

// summarizeWebFetch says how much of the page the model read.
func summarizeWebFetch(a args, out string) string {
	head, _ := webHeadline(WebFetchName, a)
	if m := webCut.FindStringSubmatch(out); m != nil {
		return head + " · " + m[1] + " of " + m[2] + " chars"
	}
	_, body, _ := strings.Cut(out, "\n\n")
	return head + " · " + count(utf8.RuneCountInString(strings.TrimSpace(body)), "char")
}

// summarizeWebSearch counts the results listed ("1. Title" lines).
func summarizeWebSearch(a args, out string) string {
	head, _ := webHeadline(WebSearchName, a)
	if strings.HasPrefix(out, "No results for ") {
		return head + " · no results"
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, " ") {
			n++
		}
	}
	return head + " · " + count(n, "result")
}
