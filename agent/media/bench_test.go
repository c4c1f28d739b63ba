package media

import (
	"testing"
)

// BenchmarkPrepareScreenshot prepares a 3840×2160 PNG for OpenAI (downscaled to 2048).
func BenchmarkPrepareScreenshot(b *testing.B) {
	data := pngOf(b, 3840, 2160, false)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := PrepareImage(data, OpenAI); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRefuseBomb refuses a 100000×100000 PNG from its header.
func BenchmarkRefuseBomb(b *testing.B) {
	data := bomb(100_000, 100_000)
	for b.Loop() {
		if _, err := PrepareImage(data, OpenAI); err == nil {
			b.Fatal("accepted")
		}
	}
}
