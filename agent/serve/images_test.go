package serve

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
)

func TestImagePartsReachTheModel(t *testing.T) {
	h := startServer(t, newProvider(t, say("A red square.")))
	img := image.NewRGBA(image.Rect(0, 0, 3000, 10)) // wider than the served limit
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	url := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	params := openai.ChatCompletionNewParams{Model: "hearth", Messages: []openai.ChatCompletionMessageParamUnion{
		openai.UserMessage([]openai.ChatCompletionContentPartUnionParam{
			openai.TextContentPart("what is in the picture"),
			openai.ImageContentPart(openai.ChatCompletionContentPartImageImageURLParam{URL: url, Detail: "low"}),
		}),
	}}
	c := h.client()
	got, err := c.Chat.Completions.New(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if got.Choices[0].Message.Content != "A red square." {
		t.Fatalf("answer %q", got.Choices[0].Message.Content)
	}
	reqs := h.prov.requests()
	msgs := reqs[0].Messages
	var parts []struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		ImageURL struct {
			URL    string `json:"url"`
			Detail string `json:"detail"`
		} `json:"image_url"`
	}
	if err := json.Unmarshal(msgs[len(msgs)-1].Content, &parts); err != nil || len(parts) != 2 {
		t.Fatalf("last message %s (%v)", msgs[len(msgs)-1].Content, err)
	}
	if parts[0].Text != "what is in the picture" || parts[1].Type != "image_url" || parts[1].ImageURL.Detail != "low" {
		t.Errorf("parts %+v", parts)
	}
	b64, ok := strings.CutPrefix(parts[1].ImageURL.URL, "data:image/png;base64,")
	data, _ := base64.StdEncoding.DecodeString(b64)
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if !ok || err != nil || cfg.Width != 2048 {
		t.Errorf("the model got %d px wide (%v), want the image downscaled to 2048", cfg.Width, err)
	}
}
