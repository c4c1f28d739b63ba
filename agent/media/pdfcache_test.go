package media

import (
	"crypto/sha256"
	"testing"

	"github.com/hearth-agent/hearth/agent/media/mediatest"
)

// TestReadingsKeptByContent: a PDF read once is answered from memory the
// next time, under any name, and the cache forgets its oldest past max.
func TestReadingsKeptByContent(t *testing.T) {
	data := mediatest.SelfKidsPDF()
	if _, _, err := ExtractText(data, "a.pdf"); err == nil {
		t.Fatal("a looping page tree was read")
	}
	if _, ok := readings.get(sha256.Sum256(data)); !ok {
		t.Fatal("the reading was not kept")
	}
	if _, _, err := ExtractText(data, "b.pdf"); err == nil || err.Error() != "b.pdf: the PDF's page tree refers to itself" {
		t.Errorf("second reading: %v", err)
	}
	c := &readingCache{max: 2}
	for i := range byte(3) {
		c.put([32]byte{i}, reading{rep: readerReply{Pages: int(i)}})
	}
	if _, ok := c.get([32]byte{0}); ok {
		t.Error("the oldest reading was kept past max")
	}
	if r, ok := c.get([32]byte{2}); !ok || r.rep.Pages != 2 {
		t.Errorf("newest = %+v, %v", r, ok)
	}
}
