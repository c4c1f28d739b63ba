package app

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/trust/trusttest"
	"github.com/hearth-agent/hearth/internal/gittest"
)

// worktreeApp is a chat app on a git repository holding a.txt, with the
// model writing two files.
func worktreeApp(t *testing.T) (*App, *recorder, string) {
	t.Helper()
	p := &scriptedProvider{replies: []string{
		toolReply("w1", "write_file", `{"path":"one.txt","content":"one\n"}`),
		toolReply("w2", "write_file", `{"path":"two.txt","content":"two\n"}`),
		textReply("Wrote two files."),
	}}
	a, _ := scriptedApp(t, p, "edits")
	rec := &recorder{}
	a.setEmitter(rec.emit)
	ws := t.TempDir()
	gittest.Git(t, ws, "init", "-q")
	if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gittest.Git(t, ws, "add", "-A")
	gittest.Git(t, ws, "commit", "-q", "-m", "start")
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	return a, rec, ws
}

// openEmptyRepo opens a git repository of one empty commit as the folder.
func openEmptyRepo(t *testing.T, a *App) {
	t.Helper()
	ws := t.TempDir()
	gittest.Git(t, ws, "init", "-q")
	gittest.Git(t, ws, "commit", "-q", "--allow-empty", "-m", "start")
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
}

// A conversation in a worktree writes there only; it is listed with the
// folder's, reopens in its worktree, and applying one of its two files
// brings that file alone into the folder.
func TestAWorktreeConversationLandsWhatIsChosen(t *testing.T) {
	a, rec, ws := worktreeApp(t)
	w := a.h.Worktrees
	tree, err := w.NewConversation()
	if err != nil {
		t.Fatal(err)
	}
	if tree.Branch != "hearth/"+tree.ID || strings.HasPrefix(tree.Path, ws) {
		t.Fatalf("NewConversation = %+v", tree)
	}
	if cur := w.Current(); cur == nil || cur.ID != tree.ID || tree.Conversation == "" || tree.Conversation != a.shownID() || cur.Conversation != tree.Conversation {
		t.Fatalf("Current = %+v, the new conversation %q, shown %q", cur, tree.Conversation, a.shownID())
	}
	// The event comes before NewConversation answers; it names the
	// conversation, so the window keeps it off the chat it still shows.
	rec.mu.Lock()
	last := rec.trees[len(rec.trees)-1]
	rec.mu.Unlock()
	if last == nil || last.ID != tree.ID || last.Conversation != tree.Conversation {
		t.Fatalf("the last worktree event = %+v, want tree %s of conversation %s", last, tree.ID, tree.Conversation)
	}
	sendAndWait(t, a, rec, "write two files")
	for _, f := range []string{"one.txt", "two.txt"} {
		if _, err := os.Stat(filepath.Join(tree.Path, f)); err != nil {
			t.Errorf("%s not written in the worktree: %v", f, err)
		}
		if _, err := os.Stat(filepath.Join(ws, f)); err == nil {
			t.Errorf("%s written in the folder", f)
		}
	}
	list, err := a.h.Sessions.ListSessions()
	if err != nil || len(list) != 1 || list[0].Worktree != tree.ID {
		t.Fatalf("ListSessions = %+v, %v; want the worktree's conversation", list, err)
	}
	if _, err := a.h.Chat.NewChat(); err != nil || w.Current() != nil {
		t.Fatalf("NewChat = %v, current %+v; want the folder", err, w.Current())
	}
	if _, err := a.h.Sessions.OpenSession(list[0].ID); err != nil {
		t.Fatal(err)
	}
	if cur := w.Current(); cur == nil || cur.ID != tree.ID || a.chat().Workspace() != tree.Path {
		t.Fatalf("reopened in %+v (%s), want worktree %s", cur, a.chat().Workspace(), tree.ID)
	}

	trees, err := w.List()
	if err != nil || len(trees) != 1 || trees[0].ID != tree.ID || trees[0].SizeBytes <= 0 {
		t.Fatalf("List = %+v, %v", trees, err)
	}
	changes, err := w.Changes(tree.ID)
	if err != nil || len(changes) != 2 || changes[0].Path != "one.txt" || len(changes[0].Hunks) != 1 {
		t.Fatalf("Changes = %+v, %v", changes, err)
	}
	res, err := w.Apply(tree.ID, map[string][]int{"one.txt": nil})
	if err != nil || !slices.Equal(res.Files, []string{"one.txt"}) || res.Removed {
		t.Fatalf("Apply = %+v, %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(ws, "one.txt")); err != nil {
		t.Error("one.txt did not land")
	}
	if _, err := os.Stat(filepath.Join(ws, "two.txt")); err == nil {
		t.Error("two.txt, not chosen, landed")
	}

	if err := w.Discard(tree.ID); err != nil {
		t.Fatal(err)
	}
	if w.Current() != nil {
		t.Error("the chat still works in a discarded worktree")
	}
	if trees, _ := w.List(); len(trees) != 0 {
		t.Errorf("List after discard = %+v", trees)
	}
	if got := gittest.Git(t, ws, "branch", "--list", "hearth/*"); got != "" {
		t.Errorf("branch left: %s", got)
	}
	if _, err := a.h.Sessions.OpenSession(list[0].ID); err == nil || !strings.Contains(err.Error(), "discarded") {
		t.Errorf("reopening a conversation whose worktree is gone = %v", err)
	}
}

// A conflict is shown, with the folder as it was; Commit puts the work on
// the branch; another folder's worktree is out of reach.
func TestWorktreeConflictAndCommit(t *testing.T) {
	a, _, ws := worktreeApp(t)
	w := a.h.Worktrees
	tree, err := w.NewConversation()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tree.Path, "a.txt"), []byte("tree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("folder\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := w.Apply(tree.ID, map[string][]int{"a.txt": {0}})
	if err != nil || !slices.Equal(res.Conflicts, []string{"a.txt"}) || len(res.Files) != 0 {
		t.Fatalf("Apply = %+v, %v; want a conflict", res, err)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "folder\n" {
		t.Errorf("the folder's a.txt = %q", b)
	}
	if _, err := w.Commit(tree.ID, "  "); err == nil {
		t.Error("a commit without a message was made")
	}
	sha, err := w.Commit(tree.ID, "From the worktree")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(gittest.Git(t, ws, "rev-parse", tree.Branch)); got != sha {
		t.Errorf("branch at %s, want %s", got, sha)
	}
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if w.Current() != nil {
		t.Error("opening another folder kept the worktree chat")
	}
	if _, err := w.Changes(tree.ID); err == nil {
		t.Error("another folder's worktree was reached")
	}
}

// A turn running in a worktree conversation holds the folder open as a
// turn in the folder does: switching folders would close its project.
func TestSwitchingFoldersWaitsForAWorktreeTurn(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("partial ", "never sent")}, hold: make(chan struct{})}
	defer close(p.hold)
	a, _ := scriptedApp(t, p, "edits")
	rec := &recorder{}
	a.setEmitter(rec.emit)
	openEmptyRepo(t, a)
	tree, err := a.h.Worktrees.NewConversation()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(tree.Conversation, "go"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "text")
	if a.project().Running() {
		t.Fatal("the worktree's turn counts as the folder project's")
	}
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err == nil || !strings.Contains(err.Error(), "stop the running turns") {
		t.Fatalf("switching folders while a worktree turn runs = %v", err)
	}
}

// A worktree's conversation has the person's MCP servers too, started in
// the tree: its call reaches the server and returns.
func TestAWorktreeConversationHasTheMCPServers(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("e1", "mcp__ev__echo", `{"message":"from the tree"}`),
		textReply("Echoed."),
	}}
	a, _ := scriptedApp(t, p, "auto")
	rec := &recorder{}
	a.setEmitter(rec.emit)
	addEverything(t, a)
	openEmptyRepo(t, a)
	tree, err := a.h.Worktrees.NewConversation()
	if err != nil {
		t.Fatal(err)
	}
	sendAndWait(t, a, rec, "echo it")
	var out []string
	for _, e := range rec.eventsOf("tool_finished") {
		if e["callId"] == "e1" {
			out = append(out, e["status"].(string)+": "+e["output"].(string))
		}
	}
	if len(out) != 1 || !strings.Contains(out[0], "succeeded") || !strings.Contains(out[0], "from the tree") {
		t.Fatalf("the worktree's MCP call finished %q", out)
	}
	a.open.mu.Lock()
	hold := a.open.trees[tree.Conversation]
	a.open.mu.Unlock()
	if hold == nil || hold.proj.MCP() == nil || hold.proj.Dir() != tree.Path {
		t.Fatalf("the worktree's project %+v holds no MCP servers of its own", hold)
	}
}

// A worktree conversation judges the tree's items against what the person
// trusted in the folder: the same content is trusted there too.
func TestAWorktreeConversationHasTheFoldersTrust(t *testing.T) {
	a, _ := scriptedApp(t, &scriptedProvider{}, "edits")
	ws := t.TempDir()
	gittest.Git(t, ws, "init", "-q")
	trusttest.Files(t, ws, map[string]string{trust.PermissionsPath: `{"rules":[{"tool":"shell","pattern":"make *","effect":"allow"}]}`})
	gittest.Git(t, ws, "add", "-A")
	gittest.Git(t, ws, "commit", "-q", "-m", "start")
	items, err := trust.List(ws)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.trustStore().Trust(ws, items...); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	tree, err := a.h.Worktrees.NewConversation()
	if err != nil {
		t.Fatal(err)
	}
	a.open.mu.Lock()
	hold := a.open.trees[tree.Conversation]
	a.open.mu.Unlock()
	e, err := hold.proj.Judged()
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Statuses) != 1 || !e.Statuses[0].Trusted || e.Statuses[0].Reason != trust.ReasonFromOrigin || len(e.Policy.Rules) != 1 {
		t.Fatalf("the tree's permission file: %+v, policy %+v", e.Statuses, e.Policy)
	}

	// Changed in the tree, it waits for the person in the trust banner of
	// the tree's conversation, shown against what the folder trusted.
	treeFile := filepath.Join(hold.proj.Dir(), filepath.FromSlash(trust.PermissionsPath))
	if err := os.WriteFile(treeFile, []byte(`{"rules":[{"tool":"shell","pattern":"curl *","effect":"allow"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := a.h.Project.WorkspaceTrust()
	if err != nil {
		t.Fatal(err)
	}
	if v.Worktree != tree.ID || v.Path != hold.proj.Dir() || v.Pending != 1 || !v.Items[0].Changed ||
		len(v.Items[0].Changes) != 1 || !strings.Contains(v.Items[0].Changes[0].Diff, `+{"rules":[{"tool":"shell","pattern":"curl *"`) {
		t.Fatalf("the tree's banner: %+v", v)
	}
	if v, err = a.h.Project.TrustWorkspace(approvals(v)); err != nil || v.Pending != 0 || v.Worktree != tree.ID {
		t.Fatalf("trusting the tree's change: %+v, %v", v, err)
	}
	if e, _ = hold.proj.Judged(); len(e.Policy.Rules) != 1 || e.Policy.Rules[0].Pattern != "curl *" {
		t.Errorf("the trusted change is not in the tree's policy: %+v", e.Policy)
	}
	// The folder's own trust is what it was: its banner shows nothing pending.
	if _, err := a.h.Chat.NewChat(); err != nil {
		t.Fatal(err)
	}
	if v, err = a.h.Project.WorkspaceTrust(); err != nil || v.Worktree != "" || v.Path != a.workspace() || v.Pending != 0 {
		t.Fatalf("the folder's banner after the tree's trust: %+v, %v", v, err)
	}

	// Discarded, the tree leaves nothing in the trust record; the folder's stays.
	record := func() string {
		b, err := os.ReadFile(filepath.Join(filepath.Dir(a.deps.Settings.Path()), trust.FileName))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	treeKey, err := trust.Canonical(hold.proj.Dir())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(record(), strconv.Quote(treeKey)) {
		t.Fatalf("the tree's trust is not recorded under %s", treeKey)
	}
	if err := a.h.Worktrees.Discard(tree.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(hold.proj.Dir()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the tree is still there: %v", err)
	}
	wsKey, _ := trust.Canonical(ws)
	if rec := record(); strings.Contains(rec, strconv.Quote(treeKey)) || !strings.Contains(rec, strconv.Quote(wsKey)) {
		t.Errorf("after the discard the record is %s", rec)
	}
}
