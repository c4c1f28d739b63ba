package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

// An editor that lends its files: the model reads the unsaved buffer, the
// edit goes to the editor (not the disk) with its diff shown, and /undo
// puts the buffer back as the editor had it.
func TestACPFilesThroughTheEditor(t *testing.T) {
	llm := newLLMServer(t,
		toolReply("r1", "read_file", `{"path":"a.txt"}`),
		toolReply("e1", "edit_file", `{"path":"a.txt","edits":[{"search":"unsaved\n","replace":"edited\n"}]}`),
		textReply("Edited."))
	ws := t.TempDir()
	file := filepath.Join(ws, "a.txt")
	if err := os.WriteFile(file, []byte("on disk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ed := &editor{buffers: map[string]string{file: "unsaved\n"}}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "m", "--approve", "edits")
	id := openSession(t, conn, ed, ws)
	promptText(t, conn, id, "edit a.txt")

	llm.mu.Lock()
	sent, _ := json.Marshal(llm.bodies[1]["messages"])
	llm.mu.Unlock()
	if !strings.Contains(string(sent), `unsaved`) || strings.Contains(string(sent), "on disk") {
		t.Errorf("read_file did not show the editor's buffer: %s", sent)
	}
	ed.mu.Lock()
	writes := append([]sdk.WriteTextFileRequest(nil), ed.writes...)
	var diffs []*sdk.ToolCallContentDiff
	for _, n := range ed.updates {
		if u := n.Update.ToolCallUpdate; u != nil && u.ToolCallId == "e1" && u.Status != nil && *u.Status == sdk.ToolCallStatusCompleted {
			for _, c := range u.Content {
				if c.Diff != nil {
					diffs = append(diffs, c.Diff)
				}
			}
		}
	}
	ed.mu.Unlock()
	if len(writes) != 1 || writes[0].Path != file || writes[0].Content != "edited\n" || writes[0].SessionId != id {
		t.Fatalf("the editor was asked to write %+v; want a.txt's edited text once", writes)
	}
	if len(diffs) != 1 || diffs[0].Path != file || diffs[0].NewText != "edited\n" {
		t.Errorf("the completed edit shows diffs %+v; want a.txt's change", diffs)
	}
	if b, _ := os.ReadFile(file); string(b) != "on disk\n" {
		t.Errorf("Hearth wrote the disk itself: a.txt = %q", b)
	}

	promptText(t, conn, id, "/undo")
	ed.mu.Lock()
	writes = append(writes[:0], ed.writes...)
	ed.mu.Unlock()
	for _, n := range ed.updates {
		if c := n.Update.AgentMessageChunk; c != nil && c.Content.Text != nil {
			t.Logf("said %q", c.Content.Text.Text)
		}
	}
	if len(writes) != 2 || writes[1].Path != file || writes[1].Content != "unsaved\n" {
		t.Fatalf("after /undo the editor was asked to write %+v; want the unsaved buffer back", writes)
	}
	if b, _ := os.ReadFile(file); string(b) != "on disk\n" {
		t.Errorf("undo wrote the disk itself: a.txt = %q", b)
	}
	stopACP(t, stop)
}

// A path leading out of the project is refused before the editor is
// asked, also through a symlink the editor would follow.
func TestACPEditorWritesStayInTheProject(t *testing.T) {
	llm := newLLMServer(t,
		toolReply("w1", "write_file", `{"path":"out/x.txt","content":"x\n"}`),
		toolReply("w2", "write_file", `{"path":"../y.txt","content":"y\n"}`),
		toolReply("w3", "write_file", `{"path":"dangling","content":"z\n"}`),
		textReply("Refused."))
	ws, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(ws, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "z.txt"), filepath.Join(ws, "dangling")); err != nil {
		t.Fatal(err)
	}
	ed := &editor{buffers: map[string]string{}}
	conn, stop := startACP(t, ed, nil, "--provider", "openai-compatible", "--base-url", llm.srv.URL+"/v1", "--model", "m", "--approve", "all")
	promptText(t, conn, openSession(t, conn, ed, ws), "write outside")
	stopACP(t, stop)
	ed.mu.Lock()
	defer ed.mu.Unlock()
	if len(ed.writes) != 0 {
		t.Errorf("the editor was asked to write %+v", ed.writes)
	}
	failed := map[sdk.ToolCallId]bool{}
	for _, n := range ed.updates {
		if u := n.Update.ToolCallUpdate; u != nil && u.Status != nil && *u.Status == sdk.ToolCallStatusFailed {
			failed[u.ToolCallId] = true
		}
	}
	if !failed["w1"] || !failed["w2"] || !failed["w3"] {
		t.Errorf("failed calls = %v, want w1, w2 and w3", failed)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("files appeared outside the project: %v", ents)
	}
}
