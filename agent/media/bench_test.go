package media

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkPrepareScreenshot times the heavy everyday case, a 4K screenshot
// downscaled for OpenAI, since every attached image pays for this before
// its turn can start.
func BenchmarkPrepareScreenshot(b *testing.B) {
	data := pngOf(b, 3840, 2160, false)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := PrepareImage(data, OpenAI); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRefuseBomb shows a decompression bomb is refused from its header
// alone, so refusing one costs no more than reading its first bytes.
func BenchmarkRefuseBomb(b *testing.B) {
	data := bomb(100_000, 100_000)
	for b.Loop() {
		if _, err := PrepareImage(data, OpenAI); err == nil {
			b.Fatal("accepted")
		}
	}
}

// BenchmarkExtractText times reading a 500-page PDF's text for a wire
// without documents, per file and per page, with its allocations, in this
// process (BenchmarkPDFBound adds the reader child).
func BenchmarkExtractText(b *testing.B) {
	const pages = 500
	data := writePDF(pages)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, n, err := extractText(data); err != nil || n != pages {
			b.Fatalf("%d pages, %v", n, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pages), "ns/page")
}

// BenchmarkPDFBound prices the reader child: the same extraction in this
// process (as before the bound), in a bounded child, and answered from the
// readings kept, for a short PDF and a long one. The first two differ by
// what a first reading pays for the bound.
func BenchmarkPDFBound(b *testing.B) {
	for _, pages := range []int{3, 500} {
		data := writePDF(pages)
		b.Run(fmt.Sprintf("pages=%d/in-process", pages), func(b *testing.B) {
			for b.Loop() {
				if _, n, err := extractText(data); err != nil || n != pages {
					b.Fatalf("%d pages, %v", n, err)
				}
			}
		})
		b.Run(fmt.Sprintf("pages=%d/child", pages), func(b *testing.B) {
			for b.Loop() {
				if _, n, _, err := extractBounded(context.Background(), data, "manual.pdf", pdfBounds); err != nil || n != pages {
					b.Fatalf("%d pages, %v", n, err)
				}
			}
		})
		b.Run(fmt.Sprintf("pages=%d/kept", pages), func(b *testing.B) {
			for b.Loop() {
				if _, n, err := ExtractText(data, "manual.pdf"); err != nil || n != pages {
					b.Fatalf("%d pages, %v", n, err)
				}
			}
		})
	}
}
