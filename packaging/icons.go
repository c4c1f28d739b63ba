package packaging

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"slices"

	"golang.org/x/image/draw"
)

// IconSizes are the hicolor theme's sizes a launcher or file manager asks for.
var IconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// Icons scales the PNG src to every size in IconSizes. Each size is made
// from the smallest one already made that is at least twice as large, so
// the work stays near one pass over the source. Scaling and PNG encoding
// are deterministic, so the same source gives the same bytes.
func Icons(src []byte) (map[int][]byte, error) {
	img, err := png.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("icon: %w", err)
	}
	b := img.Bounds()
	if b.Dx() != b.Dy() {
		return nil, fmt.Errorf("icon: %dx%d is not square", b.Dx(), b.Dy())
	}
	sizes := slices.Clone(IconSizes)
	slices.SortFunc(sizes, func(a, b int) int { return b - a })
	if sizes[0] > b.Dx() {
		return nil, fmt.Errorf("icon: %dpx source is smaller than %dpx", b.Dx(), sizes[0])
	}
	scaled := map[int]*image.NRGBA{}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	out := make(map[int][]byte, len(sizes))
	for _, size := range sizes {
		from := img
		for _, larger := range sizes { // largest first: the last match is the smallest
			if larger >= 2*size && scaled[larger] != nil {
				from = scaled[larger]
			}
		}
		dst := image.NewNRGBA(image.Rect(0, 0, size, size))
		draw.CatmullRom.Scale(dst, dst.Bounds(), from, from.Bounds(), draw.Src, nil)
		scaled[size] = dst
		var buf bytes.Buffer
		if err := enc.Encode(&buf, dst); err != nil {
			return nil, fmt.Errorf("icon %dpx: %w", size, err)
		}
		out[size] = buf.Bytes()
	}
	return out, nil
}
