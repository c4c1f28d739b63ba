package packaging

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestIconsScaleToEveryHicolorSizeKeepingTransparency(t *testing.T) {
	// A blue disc on a transparent square, like an app icon's rounded corners.
	src := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for y := range 512 {
		for x := range 512 {
			if dx, dy := x-256, y-256; dx*dx+dy*dy < 200*200 {
				src.Set(x, y, color.NRGBA{0x20, 0x40, 0xff, 0xff})
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	icons, err := Icons(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range IconSizes {
		img, err := png.Decode(bytes.NewReader(icons[size]))
		if err != nil {
			t.Fatalf("%dpx: %v", size, err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("%dpx icon is %dx%d", size, b.Dx(), b.Dy())
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("%dpx: the corner is opaque (alpha %d), want transparent", size, a)
		}
		r, _, b, a := img.At(size/2, size/2).RGBA()
		if a != 0xffff || b < 0xf000 || r > 0x3000 {
			t.Errorf("%dpx: the centre is %v, want the disc's blue", size, img.At(size/2, size/2))
		}
	}
}

func TestIconsRefuseASmallOrOblongSource(t *testing.T) {
	for _, r := range []image.Rectangle{image.Rect(0, 0, 256, 256), image.Rect(0, 0, 600, 512)} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, image.NewNRGBA(r)); err != nil {
			t.Fatal(err)
		}
		if _, err := Icons(buf.Bytes()); err == nil {
			t.Errorf("a %v source was accepted", r)
		}
	}
}
