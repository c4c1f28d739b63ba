package media

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/media/mediatest"
)

// TestExtractTextHostile: each hostile PDF, which made the reader loop
// forever or fill gigabytes in Hearth's own process, now ends in a clear
// error from the bounded child, and the child stayed within its memory.
// A hang would be caught by go test's own -timeout.
func TestExtractTextHostile(t *testing.T) {
	short := bounds{Time: time.Second, Memory: 512 << 20}
	small := bounds{Time: time.Minute, Memory: 64 << 20}
	tests := []struct {
		name string
		data []byte
		b    bounds
		want error
		msg  string
	}{
		{"page tree lists itself", mediatest.SelfKidsPDF(), pdfBounds, ErrPageTree, "report.pdf: the PDF's page tree refers to itself"},
		{"page is its own parent", mediatest.SelfParentPDF(), pdfBounds, ErrPageTree, "report.pdf: the PDF's page tree refers to itself"},
		{"updates chain to themselves", mediatest.PrevLoopPDF(), short, ErrTooSlow, "report.pdf: took longer than 1 s to read"},
		{"flate bomb", mediatest.FlateBombPDF(1 << 30), small, ErrTooLarge, "report.pdf: needed more than 64.0 MB of memory to read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, st, err := extractBounded(context.Background(), tt.data, "report.pdf", tt.b)
			if !errors.Is(err, tt.want) || err.Error() != tt.msg {
				t.Fatalf("err = %v, want %q (%v)", err, tt.msg, tt.want)
			}
			// The child's peak is its start (tens of MB) plus at most its limit.
			if rss, ok := peakMemory(st); ok && rss > tt.b.Memory*memoryFactor+256<<20 {
				t.Errorf("the reader child peaked at %d MB", rss>>20)
			}
		})
	}
}

// TestFlateBombIsSmallOnDisk: the bomb is what was measured, a few MB that
// inflate to gigabytes, refused within the default bounds.
func TestFlateBombIsSmallOnDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("inflates up to 512 MB")
	}
	data := mediatest.FlateBombPDF(3 << 30)
	if len(data) > 4<<20 {
		t.Fatalf("the bomb is %s on disk", HumanSize(len(data)))
	}
	_, _, st, err := extractBounded(context.Background(), data, "bomb.pdf", pdfBounds)
	// Under the race detector lexing is slow enough that time may run out first.
	if !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTooSlow) {
		t.Fatalf("err = %v, want a bound", err)
	}
	if rss, ok := peakMemory(st); ok && rss > pdfBounds.Memory*memoryFactor+256<<20 {
		t.Errorf("the reader child peaked at %d MB", rss>>20)
	}
}

// TestExtractTextStopsWithItsContext: a turn stopped mid-read ends the child.
func TestExtractTextStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := ExtractTextContext(ctx, mediatest.PrevLoopPDF(), "report.pdf")
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "report.pdf: ") {
		t.Fatalf("err = %v, want context.Canceled naming the file", err)
	}
}
