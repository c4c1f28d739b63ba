package serve

import (
	"encoding/base64"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/media"
)

// servedImage fits both wires the server's agent may speak.
var servedImage = media.Limits{MaxSide: media.OpenAI.MaxSide, MaxBytes: media.Anthropic.MaxBytes}

// imagePart reads an image_url part: a base64 data: URL (remote URLs are not
// fetched), checked, oriented, stripped and downscaled like an attachment.
func imagePart(part contentPart, at string) (llm.Part, error) {
	if part.ImageURL == nil || part.ImageURL.URL == "" {
		return llm.Part{}, badRequest("invalid_value", at+".image_url.url", "%s.image_url.url is required", at)
	}
	meta, data, ok := strings.Cut(strings.TrimPrefix(part.ImageURL.URL, "data:"), ",")
	if !strings.HasPrefix(part.ImageURL.URL, "data:") || !ok || !strings.HasSuffix(meta, ";base64") {
		return llm.Part{}, badRequest("unsupported_content", at+".image_url.url",
			"%s.image_url.url must be a base64 data: URL (data:image/png;base64,…); Hearth does not fetch remote images", at)
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return llm.Part{}, badRequest("invalid_value", at+".image_url.url", "%s.image_url.url: the base64 data does not decode: %v", at, err)
	}
	im, err := media.PrepareImage(raw, servedImage)
	if err != nil {
		return llm.Part{}, badRequest("invalid_image", at+".image_url.url", "%s: %v", at, err)
	}
	switch d := part.ImageURL.Detail; d {
	case "", "auto", "low", "high":
		im.Part.Detail = d
	default:
		return llm.Part{}, badRequest("invalid_value", at+".image_url.detail", "%s.image_url.detail must be auto, low or high, not %q", at, d)
	}
	return im.Part, nil
}
