package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/media/mediatest"
	"github.com/hearth-agent/hearth/agent/tool"
)

// TestReadFileOnHostilePDFs: read_file on a PDF whose page tree loops (which
// spun forever before) answers with the reason, for a model reading text.
func TestReadFileOnHostilePDFs(t *testing.T) {
	_, tl := newWS(t, map[string]string{
		"kids.pdf":   string(mediatest.SelfKidsPDF()),
		"parent.pdf": string(mediatest.SelfParentPDF()),
	}, Config{})
	for _, name := range []string{"kids.pdf", "parent.pdf"} {
		ctx, _ := tool.WithMedia(context.Background())
		ctx = tool.WithVision(ctx, tool.Vision{Wire: "openai"})
		args, _ := json.Marshal(ReadFileParams{Path: name})
		out, err := tl["read_file"].Run(ctx, args)
		if err != nil || !strings.Contains(out, name+": the PDF's page tree refers to itself") {
			t.Errorf("%s: %q, %v", name, out, err)
		}
	}
}
