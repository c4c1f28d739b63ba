package record

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
)

func TestAttachmentsComeBackInTheHistory(t *testing.T) {
	ctx := context.Background()
	st, id := openStore(t)
	img := []byte("\x89PNG picture bytes")
	parts := []llm.Part{
		{Kind: llm.PartImage, MediaType: "image/png", Name: "shot.png", Data: img},
		{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "spec.pdf", Data: []byte("%PDF-1.4 x %%EOF")},
		{Kind: llm.PartText, Name: "notes.txt", Text: "Attached file notes.txt"},
	}
	r, err := BeginWith(ctx, st, id, "openai", "m", "what is in the picture", parts)
	if err != nil {
		t.Fatal(err)
	}
	r.Event(ctx, loop.TextDelta{Text: "A red line."})
	r.Event(ctx, loop.TurnDone{Text: "A red line.", Iterations: 1})
	tr, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	h, err := History(tr)
	if err != nil {
		t.Fatal(err)
	}
	got := h[0].Parts
	if len(got) != 3 || got[0].Kind != llm.PartImage || !bytes.Equal(got[0].Data, img) || got[0].MediaType != "image/png" ||
		got[1].Kind != llm.PartDocument || got[1].Name != "spec.pdf" || got[2].Text != "Attached file notes.txt" {
		t.Fatalf("parts %+v", got)
	}

	// A blob lost from disk becomes a line saying so, never an empty image.
	dir := filepath.Join(filepath.Dir(st.Path()), "attachments")
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Remove(p)
		}
		return nil
	})
	tr, _ = st.Load(ctx, id)
	h, _ = History(tr)
	if p := h[0].Parts[0]; p.Kind != llm.PartText || p.Data != nil {
		t.Errorf("lost image became %+v", p)
	}
}
