package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

func pngOf(t testing.TB, w, h int, noisy bool) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < len(img.Pix); i += 4 {
		p := i / 4
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(p%w), uint8(p/w), 90, 255
		if noisy {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2] = uint8(r.UintN(256)), uint8(r.UintN(256)), uint8(r.UintN(256))
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// exifJPEG is a w×h JPEG carrying an Exif segment with an orientation and GPS coordinates.
func exifJPEG(t *testing.T, w, h, orientation int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h / 2 {
		for x := range w {
			img.Set(x, y, color.RGBA{255, 0, 0, 255}) // the top half is red
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	tiff := []byte("II*\x00")
	tiff = le.AppendUint32(tiff, 8)
	// IFD0: Orientation and the GPS IFD pointer.
	tiff = le.AppendUint16(tiff, 2)
	tiff = append(le.AppendUint16(le.AppendUint16(tiff, 0x0112), 3), 1, 0, 0, 0)
	tiff = append(le.AppendUint16(tiff, uint16(orientation)), 0, 0)
	tiff = append(le.AppendUint16(le.AppendUint16(tiff, 0x8825), 4), 1, 0, 0, 0)
	tiff = le.AppendUint32(tiff, 8+2+24+4)
	tiff = le.AppendUint32(tiff, 0)
	// GPS IFD: GPSLatitudeRef "N" and a marker string a reader would show.
	tiff = le.AppendUint16(tiff, 1)
	tiff = append(le.AppendUint16(le.AppendUint16(tiff, 0x0001), 2), 2, 0, 0, 0)
	tiff = append(tiff, 'N', 0, 0, 0)
	tiff = le.AppendUint32(tiff, 0)
	tiff = append(tiff, "GPS-SECRET-51.5N"...)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xFF, 0xE1}, binary.BigEndian.AppendUint16(nil, uint16(len(seg)+2))...)
	app1 = append(app1, seg...)
	j := buf.Bytes()
	return append(append(append([]byte{}, j[:2]...), app1...), j[2:]...)
}

func TestJPEGLosesGPSAndIsRotated(t *testing.T) {
	in := exifJPEG(t, 32, 16, 6) // 6: rotate 90° clockwise to display
	if exifOrientation(in) != 6 || !bytes.Contains(in, []byte("GPS-SECRET")) {
		t.Fatal("the fixture lacks its Exif")
	}
	im, err := PrepareImage(in, Anthropic)
	if err != nil {
		t.Fatal(err)
	}
	out := im.Part.Data
	if bytes.Contains(out, []byte("Exif")) || bytes.Contains(out, []byte("GPS-SECRET")) {
		t.Error("metadata survived")
	}
	if im.Part.MediaType != "image/jpeg" || im.Width != 16 || im.Height != 32 {
		t.Errorf("got %s %d×%d, want a 16×32 JPEG", im.Part.MediaType, im.Width, im.Height)
	}
	dec, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	// The red top half now stands as the right half.
	if r, g, _, _ := dec.At(13, 16).RGBA(); r>>8 < 200 || g>>8 > 80 {
		t.Errorf("right half is %v, want red", dec.At(13, 16))
	}
	if r, _, _, _ := dec.At(2, 16).RGBA(); r>>8 > 80 {
		t.Errorf("left half is %v, want black", dec.At(2, 16))
	}
}

func TestBadImages(t *testing.T) {
	good := pngOf(t, 20, 20, false)
	corrupt := append([]byte{}, good...)
	for i := 40; i < len(corrupt)-12; i++ {
		corrupt[i] ^= 0x5A
	}
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"text", []byte("hello, world"), ErrUnsupported},
		{"truncated header", good[:20], ErrCorrupt},
		{"truncated data", good[:len(good)/2], ErrCorrupt},
		{"corrupt data", corrupt, ErrCorrupt},
		{"jpeg cut short", exifJPEG(t, 64, 64, 1)[:300], ErrCorrupt},
		{"bomb", bomb(100_000, 100_000), ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := PrepareImage(tt.data, Anthropic)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// bomb is a valid PNG header claiming w×h pixels, followed by almost nothing.
func bomb(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	chunk := append([]byte("IHDR"), ihdr...)
	out := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, 13)...)
	out = append(out, chunk...)
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
	return append(out, make([]byte, 64)...)
}

func TestBombRefusedWithoutAllocating(t *testing.T) {
	data := bomb(60_000, 60_000) // 14 GB decoded
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := PrepareImage(data, OpenAI)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("refusing allocated %d bytes", got)
	}
}

func TestDownscale(t *testing.T) {
	big := pngOf(t, 2600, 300, false)
	im, err := PrepareImage(big, OpenAI)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(im.Part.Data))
	if err != nil || cfg.Width != 2048 || cfg.Height != 236 || im.Part.MediaType != "image/png" {
		t.Errorf("got %s %d×%d (%v), want a 2048×236 PNG", im.Part.MediaType, cfg.Width, cfg.Height, err)
	}
	if im.Width != 2600 || im.OutWidth != 2048 {
		t.Errorf("info %+v", im)
	}
	// Noise does not compress: under a byte limit it goes as JPEG, then smaller.
	noisy := pngOf(t, 400, 400, true)
	lim := Limits{MaxSide: 8000, MaxBytes: 40 << 10}
	im, err = PrepareImage(noisy, lim)
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Part.Data) > lim.MaxBytes || im.Part.MediaType != "image/jpeg" {
		t.Errorf("%s of %d bytes, over %d", im.Part.MediaType, len(im.Part.Data), lim.MaxBytes)
	}
	if _, err := jpeg.Decode(bytes.NewReader(im.Part.Data)); err != nil {
		t.Error(err)
	}
}

func TestSmallPNGStaysLossless(t *testing.T) {
	in := pngOf(t, 30, 10, false)
	im, err := PrepareImage(in, Anthropic)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(im.Part.Data))
	if err != nil {
		t.Fatal(err)
	}
	src, _ := png.Decode(bytes.NewReader(in))
	if dec.Bounds() != src.Bounds() || dec.At(29, 9) != src.At(29, 9) && !sameColor(dec.At(29, 9), src.At(29, 9)) {
		t.Errorf("pixels changed: %v vs %v", dec.At(29, 9), src.At(29, 9))
	}
	if got := im.Describe("shot.png", len(in)); got != "shot.png: PNG image, 30×10 px, "+HumanSize(len(in)) {
		t.Errorf("Describe = %q", got)
	}
}

func sameColor(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

func TestPrepareDocument(t *testing.T) {
	pdf := []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
	p, err := PrepareDocument(pdf, "a.pdf")
	if err != nil || p.Kind != "document" || p.MediaType != "application/pdf" || p.Name != "a.pdf" {
		t.Fatalf("%+v %v", p, err)
	}
	if _, err := PrepareDocument(pdf[:20], "cut.pdf"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("truncated: %v", err)
	}
	if _, err := PrepareDocument([]byte("<html>"), "x.pdf"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("not a pdf: %v", err)
	}
	var long bytes.Buffer
	long.WriteString("%PDF-1.4\n1 0 obj<</Type /Pages /Count 500>>endobj\n")
	for i := range 500 {
		fmt.Fprintf(&long, "%d 0 obj<</Type /Page /Parent 1 0 R>>endobj\n", i+2)
	}
	long.WriteString("trailer<<>>\n%%EOF\n")
	if PageCount(long.Bytes()) != 500 {
		t.Errorf("PageCount = %d", PageCount(long.Bytes()))
	}
	if _, err := PrepareDocument(long.Bytes(), "book.pdf"); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "500 pages") {
		t.Errorf("500 pages: %v", err)
	}
	if Sniff(pdf) != "application/pdf" || Sniff(pngOf(t, 2, 2, false)) != "image/png" || Sniff([]byte("hi")) != "" {
		t.Error("Sniff")
	}
}

func TestPNGWithWrongChecksumStillReads(t *testing.T) {
	bad := pngOf(t, 10, 4, false)
	bad[len(bad)-1] ^= 0xFF // IEND's CRC
	if _, err := png.Decode(bytes.NewReader(bad)); err == nil {
		t.Fatal("the fixture's checksum is not wrong")
	}
	im, err := PrepareImage(bad, Anthropic)
	if err != nil || im.Width != 10 || im.Height != 4 {
		t.Fatalf("%+v %v", im, err)
	}
}
