package session

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

func texts(tr *Transcript) []string {
	var out []string
	for _, m := range tr.Messages {
		out = append(out, m.Text)
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A session written before versions existed (schema 12) opens as one
// branch, and its next regenerated turn becomes a version of it.
func TestOldSessionIsOneBranchAfterTheUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	db := rawDB(t, path)
	if err := migrate(ctx, db, 12); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO sessions (id, workspace, title, title_source, created_at, updated_at)
		 VALUES ('aaaa', '/ws', 'Old chat', 'auto', 1000, 2000)`,
		`INSERT INTO sessions (id, workspace, title, title_source, parent_id, forked_from, created_at, updated_at)
		 VALUES ('bbbb', '/ws', 'Old chat (fork)', 'user', 'aaaa', 1, 1000, 2000)`,
		`INSERT INTO messages (id, session_id, seq, role, text, state, started_at, finished_at)
		 VALUES (1, 'aaaa', 1, 'user', 'q1', 'complete', 1000, 1000), (2, 'aaaa', 2, 'assistant', 'a1', 'complete', 1000, 1000),
		 (3, 'aaaa', 3, 'user', 'q2', 'complete', 1000, 1000), (4, 'aaaa', 4, 'assistant', 'a2', 'complete', 1000, 1000),
		 (5, 'bbbb', 1, 'user', 'q1', 'complete', 1000, 1000)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	s := openAt(t, path, Options{})
	if got := texts(mustLoad(t, s, "aaaa")); !equal(got, []string{"q1", "a1", "q2", "a2"}) {
		t.Fatalf("old session reads %q", got)
	}
	fork := mustLoad(t, s, "bbbb")
	if fork.Session.ParentID != "aaaa" || !equal(texts(fork), []string{"q1"}) {
		t.Fatalf("old fork reads %+v", fork)
	}
	// Regenerate the second turn: it gets a second version.
	if err := s.Branch(ctx, "aaaa", 2); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, "aaaa", "q2 again")
	tr := mustLoad(t, s, "aaaa")
	if got := texts(tr); !equal(got, []string{"q1", "a1", "q2 again"}) {
		t.Fatalf("after branching %q", got)
	}
	if m := tr.Messages[2]; m.Version != 2 || m.Versions != 2 {
		t.Fatalf("new prompt is version %d of %d, want 2 of 2", m.Version, m.Versions)
	}
}

// Versions of a turn (and of a later turn inside one of them) are stored
// in one session and switched; the list and search see one session and
// the shown branch only.
func TestVersionsAreStoredAndSwitched(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	id := mustCreate(t, s, "/ws").ID
	q1 := mustUser(t, s, id, "first question")
	mustReply(t, s, id, "first answer")
	mustUser(t, s, id, "second question")
	mustReply(t, s, id, "elderberry")

	// Regenerate turn 1 (version 2), then edit it (version 3).
	if err := s.Branch(ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, id, "first question")
	mustReply(t, s, id, "another first answer")
	if n, err := s.Versions(ctx, id, 0); err != nil || n != 2 {
		t.Fatalf("Versions = %d, %v; want 2", n, err)
	}
	if err := s.Branch(ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, id, "edited question")
	mustReply(t, s, id, "edited answer")

	tests := []struct {
		version int
		want    []string
	}{
		{1, []string{"first question", "first answer", "second question", "elderberry"}},
		{2, []string{"first question", "another first answer"}},
		{3, []string{"edited question", "edited answer"}},
	}
	for _, tc := range tests {
		if err := s.ShowVersion(ctx, id, 0, tc.version); err != nil {
			t.Fatal(err)
		}
		tr := mustLoad(t, s, id)
		if got := texts(tr); !equal(got, tc.want) {
			t.Fatalf("version %d shows %q, want %q", tc.version, got, tc.want)
		}
		if m := tr.Messages[0]; m.Version != tc.version || m.Versions != 3 {
			t.Fatalf("shown prompt is version %d of %d, want %d of 3", m.Version, m.Versions, tc.version)
		}
	}

	// On version 1, a new message continues version 1's branch.
	if err := s.ShowVersion(ctx, id, 0, 1); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, id, "third question")
	if got := texts(mustLoad(t, s, id)); len(got) != 5 || got[3] != "elderberry" || got[4] != "third question" {
		t.Fatalf("continuing version 1 reads %q", got)
	}
	// Switching away and back finds that branch's newest message.
	if err := s.ShowVersion(ctx, id, 0, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.ShowVersion(ctx, id, 0, 1); err != nil {
		t.Fatal(err)
	}
	if got := texts(mustLoad(t, s, id)); len(got) != 5 || got[4] != "third question" {
		t.Fatalf("back on version 1 reads %q", got)
	}

	rows, err := s.List(ctx, ListOptions{Workspace: "/ws"})
	if err != nil || len(rows) != 1 {
		t.Fatalf("listed %d sessions, %v; want 1", len(rows), err)
	}
	// A hidden version's words are not found; the shown one's are.
	for q, want := range map[string]int{"edited": 0, "elderberry": 1} {
		hits, err := s.Search(ctx, q, SearchOptions{})
		if err != nil || len(hits) != want {
			t.Fatalf("search %q: %d hits, %v; want %d", q, len(hits), err, want)
		}
	}
	if err := s.ShowVersion(ctx, id, 0, 4); !errors.Is(err, ErrNoVersion) {
		t.Fatalf("version 4: %v, want ErrNoVersion", err)
	}

	// A fork copies the shown branch only.
	fork, err := s.Fork(ctx, id, q1.ID+1) // first answer
	if err != nil {
		t.Fatal(err)
	}
	ft := mustLoad(t, s, fork.ID)
	if got := texts(ft); !equal(got, []string{"first question", "first answer"}) || ft.Messages[0].Versions != 0 {
		t.Fatalf("fork reads %q (versions %d)", got, ft.Messages[0].Versions)
	}
	mustUser(t, s, fork.ID, "fork question")
	if got := texts(mustLoad(t, s, fork.ID)); len(got) != 3 {
		t.Fatalf("fork continues as %q", got)
	}
}

// Truncating a failed version drops it and what branched off it, leaving
// the other versions.
func TestTruncateKeepsOtherVersions(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	id := mustCreate(t, s, "/ws").ID
	mustUser(t, s, id, "q")
	mustReply(t, s, id, "a")
	if err := s.Branch(ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, id, "q")
	if err := s.Truncate(ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.Versions(ctx, id, 0); n != 1 {
		t.Fatalf("%d versions after truncating, want 1", n)
	}
	if err := s.ShowVersion(ctx, id, 0, 1); err != nil {
		t.Fatal(err)
	}
	if got := texts(mustLoad(t, s, id)); !equal(got, []string{"q", "a"}) {
		t.Fatalf("reads %q", got)
	}
}
