package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The desktop's plan flow: plan mode refuses the write, the plan arrives
// as a plan event, and approving it into auto-accept edits writes the file
// without asking.
func TestChatPlanModeThenApprove(t *testing.T) {
	plan, _ := json.Marshal(map[string]string{"plan": "## Steps\n1. Write a.txt\n"})
	p := &scriptedProvider{replies: []string{
		toolReply("w1", "write_file", `{"path":"a.txt","content":"a\n"}`),
		toolReply("p1", "propose_plan", string(plan)),
		textReply("Plan proposed."),
		toolReply("w2", "write_file", `{"path":"a.txt","content":"a\n"}`),
		textReply("Done."),
	}}
	a, rec, ws := chatApp(t, p, "ask")
	if _, err := a.h.Composer.SetMode("sideways"); err == nil {
		t.Fatal("an unknown mode was accepted")
	}
	if v := a.h.Composer.GetMode(); v.Mode != "ask" || len(v.Modes) != 4 {
		t.Fatalf("mode before = %+v", v)
	}
	if v, err := a.h.Composer.SetMode("plan"); err != nil || v.Mode != "plan" {
		t.Fatalf("SetMode = %+v, %v", v, err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "plan it"); err != nil {
		t.Fatal(err)
	}
	ev := rec.waitFor(t, "plan")
	if ev["markdown"] != "## Steps\n1. Write a.txt\n" {
		t.Fatalf("plan event %v", ev)
	}
	rec.waitFor(t, "done")
	waitIdle(t, a)
	if _, err := os.Stat(filepath.Join(ws, "a.txt")); !os.IsNotExist(err) {
		t.Fatal("plan mode wrote a file")
	}
	if a.h.Composer.GetMode().PendingPlan == "" {
		t.Fatal("no pending plan")
	}
	if _, err := a.h.Chat.KeepPlanning(a.shownID(), "  "); err == nil {
		t.Error("empty feedback was sent")
	}
	if _, err := a.h.Chat.ApprovePlan(a.shownID(), "edits"); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, a)
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "a\n" {
		t.Fatalf("the approved plan did not write a.txt (types %v)", rec.types())
	}
	if v := a.h.Composer.GetMode(); v.Mode != "edits" || v.PendingPlan != "" {
		t.Fatalf("mode after approval %+v", v)
	}
}
