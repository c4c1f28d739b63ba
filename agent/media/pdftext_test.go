package media

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/media/mediatest"
)

// writePDF builds a PDF of pages pages, each saying "Page N of the manual".
func writePDF(pages int) []byte {
	lines := make([]string, pages)
	for i := range lines {
		lines[i] = fmt.Sprintf("Page %d of the manual", i+1)
	}
	return mediatest.PDF(lines...)
}

// A 500-page PDF's text comes out whole and in order, with allocations (in
// the reader, measured here in this process) a small multiple of the file,
// not of pages squared; its time is BenchmarkExtractText's.
func TestExtractTextOf500Pages(t *testing.T) {
	data := writePDF(500)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	text, pages, err := extractText(data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if pages != 500 {
		t.Errorf("pages = %d, want 500", pages)
	}
	for _, want := range []string{"--- page 1 ---\nPage 1 of the manual", "--- page 250 ---\nPage 250 of the manual", "--- page 500 ---\nPage 500 of the manual"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
	if strings.Index(text, "page 2 ---") > strings.Index(text, "page 3 ---") {
		t.Error("pages out of order")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 400<<20 {
		t.Errorf("extracting 500 pages allocated %d MB", alloc>>20)
	}
	if child, n, err := ExtractText(data, "manual.pdf"); child != text || n != pages || err != nil {
		t.Errorf("the reader child answered %d pages, %v, and %d bytes of text unlike its own %d", n, err, len(child), len(text))
	}
}

func TestPrepareDocumentTextForOpenAI(t *testing.T) {
	data := writePDF(3)
	a, err := Prepare("/tmp/spec.pdf", data, "openai")
	if err != nil {
		t.Fatal(err)
	}
	p := a.Part
	if p.Kind != llm.PartDocument || !bytes.Equal(p.Data, data) || p.Name != "spec.pdf" {
		t.Errorf("part = %v %q (%d bytes)", p.Kind, p.Name, len(p.Data))
	}
	if !strings.HasPrefix(p.Text, "Attached PDF spec.pdf (3 pages), as its extracted text:\n--- page 1 ---\nPage 1 of the manual\n--- page 2 ---") {
		t.Errorf("text = %q", p.Text)
	}
	if !strings.Contains(a.Description, "3 pages") {
		t.Errorf("description = %q", a.Description)
	}
	// Anthropic still gets the document itself.
	if a, err := Prepare("spec.pdf", data, "anthropic"); err != nil || a.Part.Text != "" || a.Part.Kind != llm.PartDocument {
		t.Errorf("anthropic: %+v, %v", a.Description, err)
	}
}

func TestExtractTextRefuses(t *testing.T) {
	// The same file with its text operators blanked (same lengths, so the xref holds).
	blank := regexp.MustCompile(`\(Page \d+ of the manual\) Tj`).ReplaceAllFunc(writePDF(2), func(m []byte) []byte {
		return bytes.Repeat([]byte(" "), len(m))
	})
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"truncated", writePDF(3)[:300], ErrCorrupt},
		{"garbage after the header", []byte("%PDF-1.4\nnot a pdf at all\n%%EOF\n"), ErrCorrupt},
		{"no text", blank, ErrNoText},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, _, err := ExtractText(c.data, "x.pdf"); !errors.Is(err, c.want) {
				t.Errorf("err = %v, want %v", err, c.want)
			}
		})
	}
}
