package media

import (
	"encoding/binary"
	"errors"
	"runtime"
	"testing"
)

// jpegBomb is a JPEG whose frame header claims w×h pixels and nothing more.
func jpegBomb(w, h uint16) []byte {
	sof := []byte{0xFF, 0xC0, 0, 11, 8}
	sof = binary.BigEndian.AppendUint16(sof, h)
	sof = binary.BigEndian.AppendUint16(sof, w)
	sof = append(sof, 1, 1, 0x11, 0)
	sos := []byte{0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0}
	return append(append(append([]byte{0xFF, 0xD8}, sof...), sos...), 0xFF, 0xD9)
}

// gifBomb is a GIF whose logical screen is w by h, with one frame of a pixel.
func gifBomb(w, h uint16) []byte {
	b := []byte("GIF89a")
	b = binary.LittleEndian.AppendUint16(b, w)
	b = binary.LittleEndian.AppendUint16(b, h)
	b = append(b, 0x80, 0, 0, 0, 0, 0, 255, 255, 255) // a two-colour global table
	b = append(b, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B)
	return b
}

// vp8l is a lossless WebP bitstream header for w×h pixels (at most 16384).
func vp8l(w, h uint32) []byte {
	bits := (w - 1) | (h-1)<<14
	return append([]byte{0x2F}, binary.LittleEndian.AppendUint32(nil, bits)...)
}

// riff wraps WebP chunks (fourcc and data) in a RIFF container.
func riff(chunks ...[]byte) []byte {
	var body []byte
	for i := 0; i < len(chunks); i += 2 {
		body = append(body, chunks[i]...)
		body = binary.LittleEndian.AppendUint32(body, uint32(len(chunks[i+1])))
		body = append(body, chunks[i+1]...)
		if len(chunks[i+1])%2 == 1 {
			body = append(body, 0)
		}
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	return append(append(out, "WEBP"...), body...)
}

// extendedWebP is the VP8X chunk of an extended WebP, for a canvas of w by h pixels.
func extendedWebP(w, h uint32) []byte {
	b := []byte{0, 0, 0, 0}
	b = append(b, byte(w-1), byte((w-1)>>8), byte((w-1)>>16))
	return append(b, byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
}

// TestImageBombsRefusedBeforeDecoding: for each format, a file of a few
// bytes that would decode to gigabytes is refused before any pixel is
// allocated, including a WebP whose small canvas hides a huge frame.
func TestImageBombsRefusedBeforeDecoding(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"png", bomb(60_000, 60_000)},
		{"jpeg", jpegBomb(60_000, 60_000)},
		{"gif", gifBomb(65_535, 65_535)},
		{"webp lossless", riff([]byte("VP8L"), vp8l(16_384, 16_384))},
		{"webp canvas 1×1, frame 16384×16384", riff([]byte("VP8X"), extendedWebP(1, 1), []byte("VP8L"), vp8l(16_384, 16_384))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.data) > 100 {
				t.Fatalf("the bomb is %d bytes", len(tt.data))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := PrepareImage(tt.data, OpenAI)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("err = %v, want ErrTooLarge", err)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
				t.Errorf("refusing allocated %d bytes", got)
			}
		})
	}
}
