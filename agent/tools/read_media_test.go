package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestReadFileOnImagesAndPDFs(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 3000, 20))); err != nil {
		t.Fatal(err)
	}
	pdf := "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
	manual, err := os.ReadFile("testdata/manual.pdf")
	if err != nil {
		t.Fatal(err)
	}
	_, tl := newWS(t, map[string]string{"shot.png": buf.String(), "spec.pdf": pdf, "cut.png": buf.String()[:60], "manual.pdf": string(manual)}, Config{})
	read := tl["read_file"]
	call := func(path, wire string) (string, []llm.Part, error) {
		ctx, parts := tool.WithMedia(context.Background())
		if wire != "" {
			ctx = tool.WithVision(ctx, tool.Vision{Wire: wire})
		}
		args, _ := json.Marshal(map[string]string{"path": path})
		out, err := read.Run(ctx, args)
		return out, parts(), err
	}
	tests := []struct {
		path, wire string
		wantText   string
		wantKind   llm.PartKind
		wantMedia  string
	}{
		{"shot.png", "openai", "shot.png: PNG image, 3000×20 px", llm.PartImage, "image/png"},
		{"shot.png", "anthropic", "shot.png: PNG image, 3000×20 px", llm.PartImage, "image/png"},
		{"shot.png", "", "this model can't see images", "", ""},
		{"spec.pdf", "anthropic", "spec.pdf: PDF document", llm.PartDocument, "application/pdf"},
		{"spec.pdf", "openai", "its text could not be extracted", "", ""},
		{"manual.pdf", "openai", "2 pages; this model or provider does not take PDF documents, so here is its extracted text:\n--- page 1 ---\nPage 1 of the manual\n--- page 2 ---\nPage 2 of the manual", "", ""},
		{"manual.pdf", "", "--- page 2 ---\nPage 2 of the manual", "", ""},
	}
	for _, tt := range tests {
		out, parts, err := call(tt.path, tt.wire)
		if err != nil || !strings.Contains(strings.ToLower(out), strings.ToLower(tt.wantText)) {
			t.Errorf("%s on %q: %q, %v; want it to say %q", tt.path, tt.wire, out, err, tt.wantText)
			continue
		}
		if tt.wantKind == "" {
			if len(parts) != 0 {
				t.Errorf("%s on %q attached %d parts to a model that cannot take them", tt.path, tt.wire, len(parts))
			}
			continue
		}
		if len(parts) != 1 || parts[0].Kind != tt.wantKind || parts[0].MediaType != tt.wantMedia {
			t.Fatalf("%s on %q: parts %+v", tt.path, tt.wire, parts)
		}
		if tt.wantKind == llm.PartImage {
			cfg, _ := png.DecodeConfig(bytes.NewReader(parts[0].Data))
			want := map[string]int{"openai": 2048, "anthropic": 3000}[tt.wire]
			if cfg.Width != want {
				t.Errorf("%s: sent %d px wide, want %d", tt.wire, cfg.Width, want)
			}
		}
	}
	if _, _, err := call("cut.png", "openai"); err == nil || !strings.Contains(err.Error(), "corrupt or truncated") {
		t.Errorf("truncated image: %v", err)
	}
}
