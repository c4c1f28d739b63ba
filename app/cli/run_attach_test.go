package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shotPNG writes a small screenshot-like PNG and returns its path.
func shotPNG(t *testing.T) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for x := range 40 {
		img.Set(x, 5, color.RGBA{200, 10, 10, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "shot.png")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func decodePNG(t *testing.T, b64 string) image.Config {
	t.Helper()
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the image sent is not a PNG: %v", err)
	}
	return cfg
}

func lastUser(t *testing.T, body map[string]any) []any {
	t.Helper()
	msgs := body["messages"].([]any)
	m := msgs[len(msgs)-1].(map[string]any)
	if m["role"] != "user" {
		t.Fatalf("last message %v", m)
	}
	parts, ok := m["content"].([]any)
	if !ok {
		t.Fatalf("content is not a list of parts: %v", m["content"])
	}
	return parts
}

// runAttach runs `hearth run --json` with args against a provider that
// answers "A red line.", and returns the parts of the prompt it was sent.
func runAttach(t *testing.T, provider, model string, args ...string) []any {
	t.Helper()
	reply, env := textReply("A red line."), map[string]string(nil)
	if provider == "anthropic" {
		reply, env = anthropicText("A red line."), map[string]string{"ANTHROPIC_API_KEY": "sk-ant-test-999999"}
	}
	s := newLLMServer(t, reply)
	code, out, errOut := runCLI(t, context.Background(), env, append([]string{"--workspace", t.TempDir(),
		"--provider", provider, "--model", model, "--base-url", s.srv.URL + "/v1", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if ev := jsonLines(t, out); ev[len(ev)-1]["text"] != "A red line." {
		t.Errorf("events %v", ev)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return lastUser(t, s.bodies[0])
}

func TestRunAttachOpenAI(t *testing.T) {
	notes := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(notes, []byte("the line should be blue"), 0o644)
	parts := runAttach(t, "openai-compatible", "llava", "--attach", shotPNG(t), "--attach", notes, "what is in the picture")
	if len(parts) != 3 {
		t.Fatalf("parts %v", parts)
	}
	if p := parts[0].(map[string]any); p["type"] != "text" || p["text"] != "what is in the picture" {
		t.Errorf("prompt part %v", p)
	}
	if p := parts[1].(map[string]any); p["type"] != "text" || !strings.Contains(p["text"].(string), "the line should be blue") {
		t.Errorf("text attachment part %v", p)
	}
	img := parts[2].(map[string]any)
	url, _ := img["image_url"].(map[string]any)["url"].(string)
	b64, ok := strings.CutPrefix(url, "data:image/png;base64,")
	if img["type"] != "image_url" || !ok {
		t.Fatalf("image part %v", img)
	}
	if cfg := decodePNG(t, b64); cfg.Width != 40 || cfg.Height != 20 {
		t.Errorf("sent %d×%d", cfg.Width, cfg.Height)
	}
}

func TestRunAttachAnthropic(t *testing.T) {
	parts := runAttach(t, "anthropic", "claude-sonnet-4-5", "--attach", shotPNG(t), "what is in the picture")
	if len(parts) != 2 || parts[0].(map[string]any)["text"] != "what is in the picture" {
		t.Fatalf("parts %v", parts)
	}
	img := parts[1].(map[string]any)
	src, _ := img["source"].(map[string]any)
	if img["type"] != "image" || src["type"] != "base64" || src["media_type"] != "image/png" {
		t.Fatalf("image block %v", img)
	}
	if cfg := decodePNG(t, src["data"].(string)); cfg.Width != 40 || cfg.Height != 20 {
		t.Errorf("sent %d×%d", cfg.Width, cfg.Height)
	}
}

func TestRunAttachErrors(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "blob.bin")
	os.WriteFile(bin, []byte{0, 1, 2, 3, 0, 0}, 0o644)
	cut := filepath.Join(dir, "cut.png")
	os.WriteFile(cut, []byte("\x89PNG\r\n\x1a\n\x00\x00"), 0o644)
	for _, tt := range []struct{ file, want string }{
		{filepath.Join(dir, "missing.png"), "no such file"},
		{bin, "not a PNG, JPEG, GIF, WebP image or PDF"},
		{cut, "corrupt or truncated"},
	} {
		s := newLLMServer(t)
		code, _, errOut := runCLI(t, context.Background(), nil, "--workspace", t.TempDir(), "--provider", "openai-compatible",
			"--model", "m", "--base-url", s.srv.URL+"/v1", "--attach", tt.file, "hi")
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", filepath.Base(tt.file), code, errOut, tt.want)
		}
		if len(s.bodies) != 0 {
			t.Error("the model was called")
		}
	}
}

func TestRunAttachToModelWithoutVision(t *testing.T) {
	s := newLLMServer(t, `400 {"error":{"message":"Invalid content type. image_url is only supported by certain models.","type":"invalid_request_error"}}`)
	code, out, errOut := runCLI(t, context.Background(), nil, "--workspace", t.TempDir(), "--provider", "openai-compatible",
		"--model", "text-only", "--base-url", s.srv.URL+"/v1", "--attach", shotPNG(t), "--json", "what is in the picture")
	if code != 1 || !strings.Contains(out, "this model can't see images") || !strings.Contains(out, `"no_vision"`) {
		t.Errorf("exit %d, output %s", code, out)
	}
	if !strings.Contains(errOut, "text-only is not known to see images") {
		t.Errorf("no warning before sending: %q", errOut)
	}
	if len(s.bodies) != 1 {
		t.Errorf("%d requests: a refusal must not be retried", len(s.bodies))
	}
}
