package media

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/ledongthuc/pdf"
)

// Bounds on text extraction, for wires that take a PDF only as its text.
const (
	MaxTextPages = 2000    // pages read at all
	MaxPDFText   = 1 << 20 // characters of text kept; the rest is cut with a note
	maxTreeDepth = 32      // nesting of the page tree; deeper is a cycle
	maxTreeNodes = 4 * MaxTextPages
)

var (
	// ErrNoText says a PDF has no text to extract (a scan, say).
	ErrNoText = errors.New("the PDF has no extractable text (a scan?)")
	// ErrPageTree says a PDF's page tree loops back on itself, which
	// would make a reader walk it forever.
	ErrPageTree = errors.New("the PDF's page tree refers to itself")
)

// extractText is ExtractText without its bounds: it runs in the reader
// child, and its errors do not name the file.
func extractText(data []byte) (text string, pages int, err error) {
	defer func() {
		if r := recover(); r != nil { // the reader panics on some malformed files
			text, pages, err = "", 0, fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", 0, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	// The tree is walked once: Reader.Page walks it from the root for every page.
	w := treeWalk{}
	if err := w.collect(r.Trailer().Key("Root").Key("Pages"), 0); err != nil {
		return "", len(w.pages), err
	}
	if len(w.pages) > MaxTextPages {
		return "", len(w.pages), fmt.Errorf("PDF of more than %d pages: %w; send the pages you need", MaxTextPages, ErrTooLarge)
	}
	var b strings.Builder
	cut, some := false, false
	for i, v := range w.pages {
		// The reader looks up inherited resources through /Parent with no end.
		if err := checkParents(v); err != nil {
			return "", len(w.pages), err
		}
		t, err := pdf.Page{V: v}.GetPlainText(nil)
		if err != nil {
			t = "[this page's text could not be read]"
		}
		t = strings.TrimSpace(t)
		some = some || t != ""
		fmt.Fprintf(&b, "--- page %d ---\n%s\n", i+1, t)
		if b.Len() > MaxPDFText {
			cut = true
			s := b.String()[:MaxPDFText]
			b.Reset()
			b.WriteString(strings.ToValidUTF8(s, ""))
			fmt.Fprintf(&b, "\n[text cut at %s; pages %d to %d are left out]\n", HumanSize(MaxPDFText), i+2, len(w.pages))
			break
		}
	}
	if !some && !cut {
		return "", len(w.pages), ErrNoText
	}
	return b.String(), len(w.pages), nil
}

// treeWalk collects a page tree's pages, counting the nodes it visits so
// that a tree whose nodes share kids cannot make the walk explode.
type treeWalk struct {
	pages []pdf.Value
	nodes int
}

func (w *treeWalk) collect(v pdf.Value, depth int) error {
	if depth > maxTreeDepth {
		return ErrPageTree
	}
	if w.nodes++; w.nodes > maxTreeNodes {
		return fmt.Errorf("the PDF's page tree has more than %d nodes: %w", maxTreeNodes, ErrTooLarge)
	}
	switch v.Key("Type").Name() {
	case "Page":
		w.pages = append(w.pages, v)
	case "Pages":
		kids := v.Key("Kids")
		for i := 0; i < kids.Len() && len(w.pages) <= MaxTextPages; i++ {
			if err := w.collect(kids.Index(i), depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkParents fails when a page's chain of /Parent links does not end
// within the depth any real page tree has.
func checkParents(page pdf.Value) error {
	v := page
	for range maxTreeDepth + 1 {
		if v = v.Key("Parent"); v.IsNull() {
			return nil
		}
	}
	return ErrPageTree
}

// PrepareDocumentText makes a PDF ready for a wire without document parts:
// a document part whose Text (what such a wire sends) is the extracted text
// with page markers; Data keeps the file, for storing and for other wires.
func PrepareDocumentText(data []byte, name string) (Attachment, error) {
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return Attachment{}, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	text, pages, err := ExtractText(data, name)
	if err != nil {
		return Attachment{}, err
	}
	p := llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Data: data, Name: name,
		Text: fmt.Sprintf("Attached PDF %s (%d pages), as its extracted text:\n%s", name, pages, text)}
	return Attachment{Part: p, Description: fmt.Sprintf("%s: PDF, %d pages, %s (sent as its text)", name, pages, HumanSize(len(data)))}, nil
}
