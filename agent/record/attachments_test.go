package record

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/tool"
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

// Images tools return are stored with their calls and sent again after
// reopening; a second call in the same step keeps its own, and a fork
// carries them along.
func TestToolResultImagesComeBackInTheHistory(t *testing.T) {
	ctx := context.Background()
	st, id := openStore(t)
	shot := []byte("\x89PNG screenshot bytes")
	chart := []byte("\x89PNG chart bytes")
	r, err := Begin(ctx, st, id, "anthropic", "m", "look at the screenshots")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []loop.Event{
		loop.ToolCallStarted{ID: "c1", Name: "read_file", Args: []byte(`{"path":"shot.png"}`)},
		loop.ToolCallStarted{ID: "c2", Name: "read_file", Args: []byte(`{"path":"chart.png"}`)},
		loop.ToolCallFinished{ID: "c2", Name: "read_file", Status: tool.StatusSucceeded, Output: "chart.png: PNG image",
			Parts: []llm.Part{{Kind: llm.PartImage, MediaType: "image/png", Name: "chart.png", Data: chart}}},
		loop.ToolCallFinished{ID: "c1", Name: "read_file", Status: tool.StatusSucceeded, Output: "shot.png: PNG image",
			Parts: []llm.Part{{Kind: llm.PartImage, MediaType: "image/png", Name: "shot.png", Data: shot}}},
		loop.TextDelta{Text: "Two pictures."},
		loop.TurnDone{Text: "Two pictures.", Iterations: 2},
	} {
		r.Event(ctx, e)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	check := func(sessionID string) {
		t.Helper()
		tr, err := st.Load(ctx, sessionID)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(tr.Messages[0].Attachments); n != 0 {
			t.Errorf("the prompt got %d of the tools' attachments", n)
		}
		h, err := History(tr)
		if err != nil {
			t.Fatal(err)
		}
		var results []llm.ToolResult
		for _, m := range h {
			results = append(results, m.ToolResults...)
		}
		want := map[string][]byte{"c1": shot, "c2": chart}
		if len(results) != 2 {
			t.Fatalf("results %+v", results)
		}
		for _, res := range results {
			if len(res.Parts) != 1 || res.Parts[0].Kind != llm.PartImage || !bytes.Equal(res.Parts[0].Data, want[res.CallID]) {
				t.Errorf("call %s parts %+v", res.CallID, res.Parts)
			}
		}
	}
	check(id)
	tr, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	fork, err := st.Fork(ctx, id, tr.Messages[len(tr.Messages)-1].ID)
	if err != nil {
		t.Fatal(err)
	}
	check(fork.ID)
}
