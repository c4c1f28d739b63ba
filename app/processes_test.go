package app

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/internal/eventually"
	"github.com/hearth-agent/hearth/internal/testserve"
)

// TestProcessesPanel: a background process the agent starts is announced
// to the desktop, listed with its output, stopped by the person, and a
// second one ends when the app closes.
func TestProcessesPanel(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "shell", `{"command":"echo up; exec sleep 1000","background":true}`),
		toolReply("c2", "shell", `{"command":"echo again; exec sleep 1000","background":true}`),
		textReply("Started."),
	}}
	a, rec, _ := chatApp(t, p, "auto")
	if _, err := a.h.Chat.Send(a.shownID(), "start them"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	eventually.True(t, "a processes event with both running", func() bool {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		n := len(rec.processes)
		return n > 0 && len(rec.processes[n-1]) == 2 && rec.processes[n-1][1].Status == "running"
	})
	list := a.h.Processes.List()
	if len(list) != 2 || list[0].ID != "p1" || !strings.Contains(list[0].Command, "echo up") {
		t.Fatalf("listed %+v", list)
	}
	if out, err := a.h.Processes.Output("p1"); err != nil || out != "up\n" {
		t.Fatalf("output %q, %v", out, err)
	}
	if err := a.h.Processes.Stop("p1"); err != nil {
		t.Fatal(err)
	}
	if got := a.h.Processes.List()[0].Status; got != "stopped" {
		t.Fatalf("after StopProcess: %s", got)
	}
	// A list read before a change may report after it: the panel is sent
	// what the conversation holds now, never the stale list.
	sink{a: a, conv: a.shownID()}.ProcessesChanged(nil)
	rec.mu.Lock()
	last := rec.processes[len(rec.processes)-1]
	rec.mu.Unlock()
	if len(last) != 2 || last[0].Status != "stopped" || last[1].Status != "running" {
		t.Fatalf("after a stale report the panel was sent %+v, want p1 stopped and p2 running", last)
	}
	if err := a.h.Processes.Stop("p9"); err == nil {
		t.Fatal("stopping an unknown process succeeded")
	}
	second := a.h.Processes.List()[1].PID
	if _, err := a.h.Chat.NewChat(); err != nil {
		t.Fatal(err)
	}
	// The old conversation is kept, its process with it, while another is shown.
	if n := len(a.h.Processes.List()); n != 0 || testserve.Gone(second) {
		t.Fatalf("the new chat lists %d processes; the old one's process gone: %v", n, testserve.Gone(second))
	}
	a.project().Close()
	eventually.True(t, "the old chat's process ended with the project", func() bool { return testserve.Gone(second) })
}

// TestClosingTheAppEndsProcesses: quitting Hearth ends every background
// process before close returns.
func TestClosingTheAppEndsProcesses(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "shell", `{"command":"echo up; exec sleep 1000","background":true}`),
		textReply("Started."),
	}}
	a, rec, _ := chatApp(t, p, "auto")
	if _, err := a.h.Chat.Send(a.shownID(), "start it"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	pid := a.h.Processes.List()[0].PID
	a.close()
	if !testserve.Gone(pid) {
		t.Errorf("pid %s outlived the app", strconv.Itoa(pid))
	}
}

// TestUndoCoversWhatABackgroundCommandWrote: a file a background command
// writes during the turn that started it is among the turn's changes, and
// undoing the turn removes it.
func TestUndoCoversWhatABackgroundCommandWrote(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "shell", `{"command":"echo made > made.txt; echo ready; exec sleep 1000","background":true}`),
		textReply("Started."),
	}}
	a, rec, ws := chatApp(t, p, "auto")
	defer a.close()
	if _, err := a.h.Chat.Send(a.shownID(), "start it"); err != nil {
		t.Fatal(err)
	}
	changes := rec.waitFor(t, "changes")
	rec.waitFor(t, "done")
	if files, _ := changes["files"].([]string); !slices.Contains(files, "made.txt") {
		t.Fatalf("changes %v, want made.txt", changes["files"])
	}
	if _, err := a.h.Chat.UndoTurn(a.shownID(), changes["turnId"].(string), false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(ws, "made.txt")); !os.IsNotExist(err) {
		t.Errorf("made.txt survived the undo: %v", err)
	}
}
