// Package media prepares images and PDFs to leave the machine: it refuses
// image bombs from their header before decoding, applies EXIF orientation,
// strips all metadata by re-encoding, and downscales to a provider's limits.
package media

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // registers GIF with image.Decode
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
	_ "golang.org/x/image/webp" // registers WebP with image.Decode
)

// Limits are what a provider accepts for one image.
type Limits struct {
	MaxSide  int // longest side in pixels
	MaxBytes int // encoded size
}

var (
	// Anthropic's documented per-image limits.
	Anthropic = Limits{MaxSide: 8000, MaxBytes: 5 << 20}
	// OpenAI's documented limits: larger images it would scale down itself.
	OpenAI = Limits{MaxSide: 2048, MaxBytes: 20 << 20}
)

// MaxPixels is the largest image decoded at all (a 50-megapixel photo);
// beyond it the header alone gets it refused, so a bomb allocates nothing.
const MaxPixels = 50_000_000

// MaxInputBytes is the largest file read as an image or PDF.
const MaxInputBytes = 100 << 20

var (
	ErrUnsupported = errors.New("not a PNG, JPEG, GIF, WebP image or PDF")
	ErrCorrupt     = errors.New("the image is corrupt or truncated")
	ErrTooLarge    = errors.New("too large")
)

// Image is a prepared image and what it was.
type Image struct {
	Part                llm.Part
	Format              string // png, jpeg, gif, webp: what the input was
	Width, Height       int    // of the input, after orientation
	OutWidth, OutHeight int    // of what is sent
}

// Describe is a one-line text for the model beside the image.
func (im Image) Describe(name string, size int) string {
	s := fmt.Sprintf("%s: %s image, %d×%d px, %s", name, strings.ToUpper(im.Format), im.Width, im.Height, HumanSize(size))
	if im.OutWidth != im.Width || im.OutHeight != im.Height {
		s += fmt.Sprintf(" (sent downscaled to %d×%d)", im.OutWidth, im.OutHeight)
	}
	return s
}

// Sniff returns the media type of data by its content: image/png,
// image/jpeg, image/gif, image/webp, application/pdf, or "" for anything else.
func Sniff(data []byte) string {
	switch t := http.DetectContentType(data); t {
	case "image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf":
		return t
	}
	return ""
}

// PrepareImage checks, orients, strips and downscales data to fit lim.
func PrepareImage(data []byte, lim Limits) (Image, error) {
	if len(data) > MaxInputBytes {
		return Image{}, fmt.Errorf("image of %s: %w (the limit is %s)", HumanSize(len(data)), ErrTooLarge, HumanSize(MaxInputBytes))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil && strings.Contains(err.Error(), "invalid checksum") {
		if fixed := fixPNGChecksums(data); fixed != nil {
			data = fixed
			cfg, format, err = image.DecodeConfig(bytes.NewReader(data))
		}
	}
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return Image{}, ErrUnsupported
		}
		return Image{}, fmt.Errorf("%w: reading its header: %v", ErrCorrupt, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return Image{}, fmt.Errorf("%w: it says it is %d×%d", ErrCorrupt, cfg.Width, cfg.Height)
	}
	if format == "webp" {
		if w, h, ok := webpFrameSize(data); ok && int64(w)*int64(h) > int64(cfg.Width)*int64(cfg.Height) {
			cfg.Width, cfg.Height = w, h // the frame is what gets decoded
		}
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return Image{}, fmt.Errorf("image of %d×%d px: %w (the limit is %d megapixels)", cfg.Width, cfg.Height, ErrTooLarge, MaxPixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil && strings.Contains(err.Error(), "invalid checksum") {
		if fixed := fixPNGChecksums(data); fixed != nil {
			img, _, err = image.Decode(bytes.NewReader(fixed))
		}
	}
	if err != nil {
		return Image{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if format == "jpeg" {
		img = orient(img, exifOrientation(data))
	}
	b := img.Bounds()
	out := Image{Format: format, Width: b.Dx(), Height: b.Dy()}
	// Photos stay JPEG; everything else (screenshots, diagrams) stays lossless PNG while it fits.
	asJPEG := format == "jpeg"
	side := lim.MaxSide
	if side <= 0 {
		side = max(b.Dx(), b.Dy())
	}
	for range 8 {
		scaled := fit(img, side)
		enc, err := encode(scaled, asJPEG)
		if err != nil {
			return Image{}, err
		}
		if lim.MaxBytes <= 0 || len(enc) <= lim.MaxBytes {
			mt := "image/png"
			if asJPEG {
				mt = "image/jpeg"
			}
			sb := scaled.Bounds()
			out.OutWidth, out.OutHeight = sb.Dx(), sb.Dy()
			out.Part = llm.Part{Kind: llm.PartImage, MediaType: mt, Data: enc}
			return out, nil
		}
		if !asJPEG {
			asJPEG = true // a PNG too big for the limit goes as JPEG before it loses pixels
			continue
		}
		side = min(side, max(scaled.Bounds().Dx(), scaled.Bounds().Dy())) * 3 / 4
	}
	return Image{}, fmt.Errorf("image: %w: it does not fit %s even downscaled", ErrTooLarge, HumanSize(lim.MaxBytes))
}

func encode(img image.Image, asJPEG bool) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if asJPEG {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	}
	if err != nil {
		return nil, fmt.Errorf("re-encoding the image: %w", err)
	}
	return buf.Bytes(), nil
}

// HumanSize formats n bytes for people.
func HumanSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
