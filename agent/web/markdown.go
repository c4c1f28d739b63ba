package web

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"codeberg.org/readeck/go-readability/v2"
	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
)

// toMarkdown converts an HTML page to Markdown with links made absolute
// against u. A page that reads as an article (readability's check) is cut
// to the article, without navigation, ads and footers; any other page is
// converted whole.
func toMarkdown(page []byte, u *url.URL) (title, md string, err error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return "", "", fmt.Errorf("reading the HTML of %s: %w", u.Redacted(), err)
	}
	title = pageTitle(doc)
	node := doc
	parser := readability.NewParser()
	if parser.CheckDocument(doc) {
		if a, err := parser.ParseDocument(doc, u); err == nil && a.Node != nil {
			node = a.Node
			if t := strings.TrimSpace(a.Title()); t != "" {
				title = t
			}
		}
	}
	conv := converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(), strikethrough.NewStrikethroughPlugin(), table.NewTablePlugin()))
	out, err := conv.ConvertNode(node, converter.WithDomain(u.String()))
	if err != nil {
		return "", "", fmt.Errorf("converting %s to Markdown: %w", u.Redacted(), err)
	}
	md = strings.TrimSpace(string(out))
	// The article's own heading is often its title, which readability
	// keeps apart: put it back so the text starts where the page does.
	if title != "" && node != doc && !strings.Contains(firstLine(md), title) {
		md = "# " + title + "\n\n" + md
	}
	return title, md, nil
}

// pageTitle is the text of the document's <title>.
func pageTitle(n *html.Node) string {
	if n.Type == html.ElementNode && n.Data == "title" {
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				b.WriteString(c.Data)
			}
		}
		return strings.Join(strings.Fields(b.String()), " ")
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if t := pageTitle(c); t != "" {
			return t
		}
	}
	return ""
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
